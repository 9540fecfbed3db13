// The demo's origin: a plain HTTP server on loopback that serves generated
// bytes with ranges and a strong ETag, each connection held to a rate as a
// WAN link (or nginx's limit_rate) would. It has no faults to switch on: the
// test origin stays out of the shipped binary.

package main

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// demoBytes is size bytes of an AES-CTR key stream under a fixed key: any
// range can be made without holding the file, and the bytes do not
// compress.
type demoBytes struct {
	block cipher.Block
	size  int64
}

func newDemoBytes(size int64) demoBytes {
	b, _ := aes.NewCipher([]byte("slget demo bytes")) // 16 bytes: AES-128 cannot fail
	return demoBytes{block: b, size: size}
}

// ReadAt implements io.ReaderAt.
func (d demoBytes) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, errors.New("demo origin: negative offset")
	}
	if off >= d.size {
		return 0, io.EOF
	}
	var err error
	if rest := d.size - off; int64(len(p)) >= rest {
		p, err = p[:rest], io.EOF
	}
	var iv [aes.BlockSize]byte
	for i, n := 0, uint64(off/aes.BlockSize); i < 8; i++ { // the counter, big-endian
		iv[aes.BlockSize-1-i] = byte(n >> (8 * i))
	}
	ctr := cipher.NewCTR(d.block, iv[:])
	var skip [aes.BlockSize]byte
	ctr.XORKeyStream(skip[:off%aes.BlockSize], skip[:off%aes.BlockSize])
	clear(p)
	ctr.XORKeyStream(p, p)
	return len(p), err
}

// sha256 is the hex SHA-256 of the whole file.
func (d demoBytes) sha256() (string, error) {
	h := sha256.New()
	if _, err := io.CopyBuffer(h, io.NewSectionReader(d, 0, d.size), make([]byte, 1<<20)); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// demoOrigin serves one file, /demo.bin, and remembers the ranges asked.
type demoOrigin struct {
	url, etag string
	size      int64
	srv       *http.Server
	mu        sync.Mutex
	asked     []string // "HEAD" or the GET's Range header
}

type limiterKey struct{}

// startDemoOrigin listens on 127.0.0.1 and serves size bytes at perConn
// bytes a second on each connection.
func startDemoOrigin(size, perConn int64) (*demoOrigin, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	o := &demoOrigin{url: "http://" + ln.Addr().String() + "/demo.bin", size: size,
		etag: `"demo-` + strconv.FormatInt(size, 36) + `"`}
	content, modified := newDemoBytes(size), time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	burst := int(min(perConn, 16<<10))
	o.srv = &http.Server{
		ReadHeaderTimeout: 10 * time.Second,
		ConnContext: func(ctx context.Context, _ net.Conn) context.Context {
			return context.WithValue(ctx, limiterKey{}, rate.NewLimiter(rate.Limit(perConn), burst))
		},
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/demo.bin" {
				http.NotFound(w, r)
				return
			}
			o.note(r)
			w.Header().Set("ETag", o.etag)
			lim, _ := r.Context().Value(limiterKey{}).(*rate.Limiter)
			http.ServeContent(&paced{ResponseWriter: w, ctx: r.Context(), lim: lim, burst: burst}, r, "demo.bin", modified, io.NewSectionReader(content, 0, size))
		}),
	}
	go o.srv.Serve(ln)
	return o, nil
}

func (o *demoOrigin) note(r *http.Request) {
	what := r.Method
	if r.Method == http.MethodGet {
		what = r.Header.Get("Range")
	}
	o.mu.Lock()
	o.asked = append(o.asked, what)
	o.mu.Unlock()
}

// Close stops the server and every connection it holds.
func (o *demoOrigin) Close() error { return o.srv.Close() }

// requests counts the ranged GETs, how many of them cover whole slices
// (the last one may end at the file's end), and the HEADs.
func (o *demoOrigin) requests(slice int64) (ranged, aligned, heads int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, a := range o.asked {
		if a == http.MethodHead {
			heads++
			continue
		}
		ranged++
		first, last, ok := strings.Cut(strings.TrimPrefix(a, "bytes="), "-")
		start, err1 := strconv.ParseInt(first, 10, 64)
		end, err2 := strconv.ParseInt(last, 10, 64)
		if ok && err1 == nil && err2 == nil && start%slice == 0 && ((end+1)%slice == 0 || end == o.size-1) {
			aligned++
		}
	}
	return ranged, aligned, heads
}

// paced writes at most the limiter's rate, in pieces no larger than its
// burst.
type paced struct {
	http.ResponseWriter
	ctx   context.Context
	lim   *rate.Limiter
	burst int
}

func (p *paced) Write(b []byte) (int, error) {
	written := 0
	for len(b) > 0 {
		n := min(len(b), p.burst)
		if p.lim != nil {
			if err := p.lim.WaitN(p.ctx, n); err != nil {
				return written, fmt.Errorf("demo origin: %w", err)
			}
		}
		m, err := p.ResponseWriter.Write(b[:n])
		written += m
		if err != nil {
			return written, err
		}
		b = b[n:]
	}
	return written, nil
}

// Tests of HTTP/2 by ALPN: the probe and the ranges of a download go as
// streams of one connection to a server that speaks h2, or over HTTP/1.1
// connections of their own with Origin.H1, and never over h2 when the
// client does not offer it.

package fetch_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/segment"
)

// h2Origin is an HTTPS server that takes h2 by ALPN and serves one file
// with ranges and a strong ETag, logging each request's protocol and
// client connection.
type h2Origin struct {
	srv  *httptest.Server
	data []byte
	mu   sync.Mutex
	log  []h2Seen
	tcp  int // connections accepted
	// stall, if set, has the first ranged request after the probe
	// answered with its headers and 1 KiB, then nothing until the client
	// cuts the stream (cut is closed then).
	stall   bool
	stalled string // the range that stalled
	cut     chan struct{}
	// pair, if set, holds each HTTP/1.1 ranged request until a second one
	// is in flight (met is closed then), or 10 s: two at once are on two
	// TCP connections, however busy the machine.
	pair     bool
	inflight int
	met      chan struct{}
}

type h2Seen struct {
	proto, remote, rangeHdr, ifMatch, acceptEncoding string
}

func newH2Origin(t *testing.T, size int) *h2Origin {
	t.Helper()
	o := &h2Origin{data: make([]byte, size), cut: make(chan struct{}), met: make(chan struct{})}
	rng := rand.New(rand.NewPCG(26, 3))
	for i := range o.data {
		o.data[i] = byte(rng.Uint32())
	}
	o.srv = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		o.mu.Lock()
		o.log = append(o.log, h2Seen{r.Proto, r.RemoteAddr, r.Header.Get("Range"), r.Header.Get("If-Match"), r.Header.Get("Accept-Encoding")})
		var first, last int64
		n, _ := fmt.Sscanf(r.Header.Get("Range"), "bytes=%d-%d", &first, &last)
		stall := o.stall && o.stalled == "" && n == 2 && first > 0 && last < int64(len(o.data))
		if stall {
			o.stalled = r.Header.Get("Range")
		}
		pair := o.pair && r.ProtoMajor == 1 && n == 2
		if pair {
			if o.inflight++; o.inflight == 2 {
				close(o.met)
			}
		}
		o.mu.Unlock()
		if pair {
			select {
			case <-o.met:
			case <-time.After(10 * time.Second):
			}
		}
		if stall {
			w.Header().Set("ETag", `"h2-file"`)
			w.Header().Set("Content-Range", fmt.Sprintf("bytes %d-%d/%d", first, last, len(o.data)))
			w.Header().Set("Content-Length", fmt.Sprint(last-first+1))
			w.WriteHeader(http.StatusPartialContent)
			w.Write(o.data[first : first+1024])
			w.(http.Flusher).Flush()
			<-r.Context().Done() // the client's RST_STREAM
			close(o.cut)
			return
		}
		w.Header().Set("ETag", `"h2-file"`)
		http.ServeContent(w, r, "file.bin", time.Unix(1700000000, 0), bytes.NewReader(o.data))
	}))
	o.srv.EnableHTTP2 = true
	o.srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			o.mu.Lock()
			o.tcp++
			o.mu.Unlock()
		}
	}
	o.srv.StartTLS()
	t.Cleanup(o.srv.Close)
	return o
}

func (o *h2Origin) seen() []h2Seen {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]h2Seen(nil), o.log...)
}

func (o *h2Origin) tlsConfig() *tls.Config {
	pool := x509.NewCertPool()
	pool.AddCert(o.srv.Certificate())
	return &tls.Config{RootCAs: pool}
}

type bufFile struct {
	mu  sync.Mutex
	buf []byte
}

func (f *bufFile) WriteAt(p []byte, off int64) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return copy(f.buf[off:], p), nil
}

func (f *bufFile) Sync() error { return nil }

// h2Download probes o's file and fetches the rest with 4 connections.
func h2Download(t *testing.T, o *h2Origin, opts fetch.ClientOptions, h1 bool) *fetch.Probe {
	return h2DownloadWith(t, o, opts, h1, fetch.Config{Connections: 4})
}

func h2DownloadWith(t *testing.T, o *h2Origin, opts fetch.ClientOptions, h1 bool, cfg fetch.Config) *fetch.Probe {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	opts.Connections, opts.TLSConfig = 4, o.tlsConfig()
	c, err := fetch.NewClient(opts)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseIdle()
	const slice = 64 << 10
	p, err := c.Probe(ctx, o.srv.URL+"/file.bin", slice)
	if err != nil {
		t.Fatalf("probe: %v", err)
	}
	plan, err := segment.NewPlan(p.Validator.Size, slice)
	if err != nil {
		t.Fatal(err)
	}
	origin := fetch.NewOrigin(c, p)
	origin.H1 = h1
	out := &bufFile{buf: make([]byte, p.Validator.Size)}
	if err := fetch.NewDownloader(cfg, plan, nil, origin, out).Run(ctx, p.Body); err != nil {
		t.Fatalf("download: %v", err)
	}
	if got, want := sha256.Sum256(out.buf), sha256.Sum256(o.data); got != want {
		t.Fatalf("SHA-256 %x, want %x", got, want)
	}
	return p
}

// Offered h2, the probe and every range are streams of one HTTP/2
// connection, each still pinned with If-Match and asking for identity.
func TestHTTP2StreamsOnOneConnection(t *testing.T) {
	o := newH2Origin(t, 1<<20+777)
	p := h2Download(t, o, fetch.ClientOptions{}, false)
	if !p.HTTP2 {
		t.Error("Probe.HTTP2 false, want true")
	}
	seen := o.seen()
	if len(seen) < 3 {
		t.Fatalf("%d requests, want the probe and the runs of 4 connections", len(seen))
	}
	for i, s := range seen {
		if s.proto != "HTTP/2.0" || s.remote != seen[0].remote {
			t.Errorf("request %d: %s from %s, want HTTP/2.0 from %s (one connection)", i, s.proto, s.remote, seen[0].remote)
		}
		if i > 0 && s.ifMatch != `"h2-file"` {
			t.Errorf("request %d (%s): If-Match %q, want the ETag", i, s.rangeHdr, s.ifMatch)
		}
		if s.acceptEncoding != "identity" {
			t.Errorf("request %d: Accept-Encoding %q, want identity", i, s.acceptEncoding)
		}
	}
}

// With Origin.H1 the ranges go over HTTP/1.1, on several TCP connections,
// though the probe took h2.
func TestHTTP2RangesOnConnectionsOfTheirOwn(t *testing.T) {
	o := newH2Origin(t, 2<<20)
	o.pair = true // on a busy machine one connection could otherwise serve every run in turn
	p := h2Download(t, o, fetch.ClientOptions{}, true)
	if !p.HTTP2 {
		t.Error("Probe.HTTP2 false, want true")
	}
	seen := o.seen()
	if seen[0].proto != "HTTP/2.0" {
		t.Errorf("probe over %s, want HTTP/2.0", seen[0].proto)
	}
	conns := map[string]bool{}
	for i, s := range seen[1:] {
		if s.proto != "HTTP/1.1" {
			t.Errorf("range %d (%s) over %s, want HTTP/1.1", i+1, s.rangeHdr, s.proto)
		}
		conns[s.remote] = true
	}
	if len(conns) < 2 {
		t.Errorf("ranges over %d TCP connection(s), want several", len(conns))
	}
}

// NoHTTP2 offers only http/1.1: the server never sees h2.
func TestNoHTTP2(t *testing.T) {
	o := newH2Origin(t, 300<<10)
	p := h2Download(t, o, fetch.ClientOptions{NoHTTP2: true}, false)
	if p.HTTP2 {
		t.Error("Probe.HTTP2 true without h2 offered")
	}
	for i, s := range o.seen() {
		if s.proto != "HTTP/1.1" {
			t.Errorf("request %d over %s, want HTTP/1.1", i, s.proto)
		}
	}
}

// Eight probes at once to a host not yet connected (-j 8 small files):
// the first connection is set up once and carries them all as streams,
// instead of eight handshakes of which seven are thrown away.
func TestHTTP2FirstConnectionShared(t *testing.T) {
	o := newH2Origin(t, 64<<10)
	c, err := fetch.NewClient(fetch.ClientOptions{Connections: 8, TLSConfig: o.tlsConfig()})
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseIdle()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Go(func() {
			p, err := c.Probe(ctx, o.srv.URL+"/file.bin", 1<<20)
			if err != nil {
				errs <- err
				return
			}
			p.Body.Close()
			if !p.HTTP2 {
				errs <- errors.New("a probe not over HTTP/2")
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.tcp != 1 {
		t.Errorf("%d connections accepted for 8 probes at once, want 1", o.tcp)
	}
}

// A stream that stalls on a live HTTP/2 connection is cut (by the stall
// rule, or by the end-game when another copy of its slices wins): the
// server sees its request end, and the file is whole, every request on
// the one HTTP/2 connection.
func TestHTTP2StalledStreamCut(t *testing.T) {
	o := newH2Origin(t, 1<<20)
	o.stall = true
	h2DownloadWith(t, o, fetch.ClientOptions{}, false, fetch.Config{Connections: 4, StallTimeout: 300 * time.Millisecond,
		Retry: fetch.RetryPolicy{Wait: 10 * time.Millisecond}})
	select {
	case <-o.cut:
	case <-time.After(10 * time.Second):
		t.Fatal("the stalled stream was never cut")
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.stalled == "" {
		t.Fatal("no ranged request stalled")
	}
	t.Logf("%s stalled and was cut; %d requests", o.stalled, len(o.log))
	for _, s := range o.log {
		if s.proto != "HTTP/2.0" {
			t.Errorf("%s over %s, want HTTP/2.0", s.rangeHdr, s.proto)
		}
	}
}

// Through an HTTP proxy's CONNECT tunnel, h2 is offered to the server
// inside it (the proxy itself is offered only http/1.1), and the ranges
// are streams of the one tunnelled connection.
func TestHTTP2ThroughCONNECT(t *testing.T) {
	o := newH2Origin(t, 512<<10)
	p := startHTTPProxy(t, &httpProxy{hosts: map[string]string{"example.com": "127.0.0.1"}})
	_, port, _ := net.SplitHostPort(o.srv.Listener.Addr().String())
	c := newProxyClient(t, fetch.ClientOptions{Proxy: p.URL, TLSConfig: o.tlsConfig()})
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	pr, err := c.Probe(ctx, "https://example.com:"+port+"/file.bin", 64<<10)
	if err != nil {
		t.Fatalf("probe: %v", err)
	}
	plan, err := segment.NewPlan(pr.Validator.Size, 64<<10)
	if err != nil {
		t.Fatal(err)
	}
	out := &bufFile{buf: make([]byte, pr.Validator.Size)}
	if err := fetch.NewDownloader(fetch.Config{Connections: 3}, plan, nil, fetch.NewOrigin(c, pr), out).Run(ctx, pr.Body); err != nil {
		t.Fatalf("download: %v", err)
	}
	if got, want := sha256.Sum256(out.buf), sha256.Sum256(o.data); got != want {
		t.Fatal("wrong bytes")
	}
	if !pr.HTTP2 {
		t.Error("the probe through the tunnel was not HTTP/2")
	}
	if n := len(p.requests()); n != 1 {
		t.Errorf("%d CONNECTs, want 1 (one tunnel for every stream)", n)
	}
	for _, s := range o.seen() {
		if s.proto != "HTTP/2.0" {
			t.Errorf("%s over %s through the tunnel, want HTTP/2.0", s.rangeHdr, s.proto)
		}
	}
}

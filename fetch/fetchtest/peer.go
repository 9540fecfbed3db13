// Peer: a fake slget peer for tests. It speaks the peer protocol as a
// forward proxy, has one version of an origin's file at hand, and
// misbehaves on demand.

package fetchtest

import (
	"context"
	"encoding/base64"
	"fmt"
	"hash/crc32"
	"io"
	"log"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/klauspost/compress/zstd"
)

// Peer is a fake `slget serve` on 127.0.0.1: an HTTP forward proxy that
// answers the protocol's proxy-form GET (GET http://origin/path with a
// Range, If-Match, Proxy-Authorization, Accept-Encoding: zstd and
// X-Slget-Slice) for the file of one origin Server, from the Content and
// ETag that Server had when the Peer started: a peer whose cache holds the
// whole file, so the origin sees nothing of its answers. It sends
// X-Slget-Crc32c for the whole slices (of the requester's X-Slget-Slice)
// each answer covers, and X-Slget-From: cache. A request for another URL
// gets 502, as from a peer that cannot fill it. Every request is logged.
type Peer struct {
	URL string // http://127.0.0.1:PORT

	cfg      peerConfig
	srv      *http.Server
	ctx      context.Context // cancelled by Close
	stop     context.CancelFunc
	served   chan struct{}
	once     sync.Once
	host     string // the origin's host:port
	path     string // the file's path
	content  Content
	etag     string
	lastMod  string
	handlers sync.WaitGroup

	mu     sync.Mutex
	closed bool
	log    []PeerRequest
	n      int
}

// PeerRequest is one request a Peer got, and what it answered.
type PeerRequest struct {
	N          int
	Method     string
	RequestURI string // as sent: absolute (http://origin/path) in proxy form
	Host       string
	Header     http.Header
	Status     int
	Encoding   string // Content-Encoding sent
	Sums       string // X-Slget-Crc32c sent
}

// PeerFault describes one misbehaving answer of a Peer; the zero
// PeerFault is a good answer.
type PeerFault struct {
	// Status, if not zero, is sent instead of the file, with a short text
	// body: 502 (a miss the origin failed), 504, 412, 503...
	Status int
	// Corrupt flips every byte of the first whole slice of the answer but
	// keeps the checksums of the right bytes: a rotten cache, which the
	// checksums catch.
	Corrupt bool
	// Lie flips every byte of the answer and sends the checksums of the
	// flipped bytes: a consistent liar, which only a whole-file checksum
	// catches.
	Lie bool
	// NoSums sends no X-Slget-Crc32c.
	NoSums bool
	// TrickleRate > 0 sends the body after its first TrickleAfter bytes at
	// this many bytes per second.
	TrickleRate, TrickleAfter int64
	// StallAfter > 0 sends this many body bytes and then nothing; < 0
	// stalls right after the headers.
	StallAfter int64
	// CutAfter > 0 breaks the connection after this many body bytes.
	CutAfter int64
	// Delay holds the headers back this long.
	Delay time.Duration
}

// PeerFaultFunc picks the fault of request number n (from 1).
type PeerFaultFunc func(r *http.Request, n int) PeerFault

// PeerOption configures a Peer.
type PeerOption func(*peerConfig)

type peerConfig struct {
	token  string
	zstd   bool
	faults []PeerFaultFunc
}

// WithPeerToken makes the Peer want Proxy-Authorization with token (Basic
// with any user name, or Bearer); without it, the answer is 407.
func WithPeerToken(token string) PeerOption { return func(c *peerConfig) { c.token = token } }

// WithPeerZstd makes the Peer send its answers zstd-compressed, one frame
// per slice, to requests that accept zstd.
func WithPeerZstd() PeerOption { return func(c *peerConfig) { c.zstd = true } }

// WithPeerFault adds a fault injector; the first that returns a non-zero
// PeerFault decides.
func WithPeerFault(f PeerFaultFunc) PeerOption {
	return func(c *peerConfig) { c.faults = append(c.faults, f) }
}

// StartPeer starts a Peer with the file origin serves now. The caller must
// Close it; tests should use NewPeer.
func StartPeer(origin *Server, opts ...PeerOption) (*Peer, error) {
	var cfg peerConfig
	for _, o := range opts {
		o(&cfg)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("fetchtest: %w", err)
	}
	ctx, stop := context.WithCancel(context.Background())
	p := &Peer{URL: "http://" + ln.Addr().String(), cfg: cfg, ctx: ctx, stop: stop, served: make(chan struct{}),
		host: strings.TrimPrefix(origin.URL, "http://"), path: origin.cfg.path, content: origin.Content(), etag: origin.ETag()}
	if lm := origin.LastModified(); !lm.IsZero() {
		p.lastMod = lm.UTC().Format(http.TimeFormat)
	}
	p.srv = &http.Server{Handler: http.HandlerFunc(p.handle), ErrorLog: log.New(io.Discard, "", 0)}
	go func() {
		defer close(p.served)
		_ = p.srv.Serve(ln)
	}()
	return p, nil
}

// NewPeer starts a Peer and closes it when the test ends.
func NewPeer(t TB, origin *Server, opts ...PeerOption) *Peer {
	t.Helper()
	p, err := StartPeer(origin, opts...)
	if err != nil {
		t.Fatalf("%v", err)
	}
	t.Cleanup(p.Close)
	return p
}

// Close stops the Peer and waits for its handlers.
func (p *Peer) Close() {
	p.once.Do(func() {
		p.mu.Lock()
		p.closed = true
		p.mu.Unlock()
		p.stop()
		_ = p.srv.Close()
		p.handlers.Wait()
		<-p.served
	})
}

// Requests returns a copy of the log.
func (p *Peer) Requests() []PeerRequest {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]PeerRequest(nil), p.log...)
}

func (p *Peer) handle(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	p.handlers.Add(1)
	defer p.handlers.Done()
	p.n++
	n := p.n
	p.log = append(p.log, PeerRequest{N: n, Method: r.Method, RequestURI: r.RequestURI, Host: r.Host, Header: r.Header.Clone()})
	p.mu.Unlock()
	var f PeerFault
	for _, ff := range p.cfg.faults {
		if f = ff(r, n); f != (PeerFault{}) {
			break
		}
	}
	status, enc, sums := p.answer(w, r, f)
	p.mu.Lock()
	p.log[n-1].Status, p.log[n-1].Encoding, p.log[n-1].Sums = status, enc, sums
	p.mu.Unlock()
}

func (p *Peer) fail(w http.ResponseWriter, code int) (int, string, string) {
	http.Error(w, http.StatusText(code), code)
	return code, "", ""
}

// answer serves one request; it returns what it sent, for the log.
func (p *Peer) answer(w http.ResponseWriter, r *http.Request, f PeerFault) (status int, enc, sums string) {
	if !strings.HasPrefix(r.RequestURI, "http://") && !strings.HasPrefix(r.RequestURI, "https://") {
		return p.fail(w, http.StatusBadRequest) // not a proxy request
	}
	if p.cfg.token != "" && !p.authorized(r.Header.Get("Proxy-Authorization")) {
		w.Header().Set("Proxy-Authenticate", `Basic realm="slget"`)
		return p.fail(w, http.StatusProxyAuthRequired)
	}
	if !p.sleep(r, f.Delay) {
		return 0, "", ""
	}
	switch {
	case r.Method != http.MethodGet:
		return p.fail(w, http.StatusMethodNotAllowed)
	case r.URL.Host != p.host || r.URL.Path != p.path:
		return p.fail(w, http.StatusBadGateway)
	case f.Status != 0:
		return p.fail(w, f.Status)
	}
	if im := r.Header.Get("If-Match"); im != "" && im != "*" && im != p.etag {
		return p.fail(w, http.StatusPreconditionFailed)
	}
	size := p.content.Size
	start, end, ok := parseOneRange(r.Header.Get("Range"), size)
	if !ok {
		w.Header().Set("Content-Range", fmt.Sprintf("bytes */%d", size))
		return p.fail(w, http.StatusRequestedRangeNotSatisfiable)
	}
	slice := int64(1 << 20)
	if v, err := strconv.ParseInt(r.Header.Get("X-Slget-Slice"), 10, 64); err == nil && v > 0 {
		slice = v
	}
	body := p.content.Bytes(start, end-start)
	first := (start + slice - 1) / slice
	if f.Corrupt {
		if s := first * slice; s < end {
			for i := s; i < min(s+slice, end); i++ {
				body[i-start] ^= 0xff
			}
		}
	}
	var crcs []string
	table := crc32.MakeTable(crc32.Castagnoli)
	if f.Corrupt { // the checksums of the right bytes
		right := p.content.Bytes(start, end-start)
		crcs = wholeSliceSums(right, start, end, size, slice, table)
	}
	if f.Lie {
		for i := range body {
			body[i] ^= 0x5a
		}
	}
	if !f.Corrupt {
		crcs = wholeSliceSums(body, start, end, size, slice, table)
	}
	h := w.Header()
	if !f.NoSums && len(crcs) > 0 {
		sums = strconv.FormatInt(first, 10) + ":" + strings.Join(crcs, ",")
		h.Set("X-Slget-Crc32c", sums)
	}
	h.Set("ETag", p.etag)
	if p.lastMod != "" {
		h.Set("Last-Modified", p.lastMod)
	}
	h.Set("Accept-Ranges", "bytes")
	h.Set("X-Slget-From", "cache")
	h.Set("Content-Type", "application/octet-stream")
	if p.cfg.zstd && strings.Contains(r.Header.Get("Accept-Encoding"), "zstd") {
		body = zstdFrames(body, start, slice)
		enc = "zstd"
		h.Set("Content-Encoding", enc)
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	status = http.StatusOK
	if r.Header.Get("Range") != "" {
		status = http.StatusPartialContent
		h.Set("Content-Range", fmt.Sprintf("bytes %d-%d/%d", start, end-1, size))
	}
	w.WriteHeader(status)
	p.send(w, r, body, f)
	return status, enc, sums
}

// send writes body as f paces and cuts it.
func (p *Peer) send(w http.ResponseWriter, r *http.Request, body []byte, f PeerFault) {
	fl, _ := w.(http.Flusher)
	flush := func() {
		if fl != nil {
			fl.Flush()
		}
	}
	limit := int64(len(body))
	if f.CutAfter > 0 {
		limit = min(limit, f.CutAfter)
	}
	if f.StallAfter != 0 {
		limit = min(limit, max(f.StallAfter, 0))
	}
	fast := limit
	if f.TrickleRate > 0 {
		fast = min(limit, f.TrickleAfter)
	}
	w.Write(body[:fast])
	flush()
	for off := fast; off < limit; {
		n := max(f.TrickleRate/10, 1)
		n = min(n, limit-off)
		if !p.sleep(r, 100*time.Millisecond) {
			return
		}
		if _, err := w.Write(body[off : off+n]); err != nil {
			return
		}
		flush()
		off += n
	}
	switch {
	case f.CutAfter > 0 && limit < int64(len(body)):
		panic(http.ErrAbortHandler) // the server drops the connection
	case f.StallAfter != 0:
		p.sleep(r, time.Hour)
	}
}

// sleep waits d, or until the client or the Peer goes; it reports whether
// the whole d passed.
func (p *Peer) sleep(r *http.Request, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
	case <-p.ctx.Done():
	}
	return false
}

func (p *Peer) authorized(v string) bool {
	if tok, ok := strings.CutPrefix(v, "Bearer "); ok {
		return tok == p.cfg.token
	}
	b64, ok := strings.CutPrefix(v, "Basic ")
	if !ok {
		return false
	}
	raw, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		return false
	}
	_, tok, ok := strings.Cut(string(raw), ":")
	return ok && tok == p.cfg.token
}

// parseOneRange parses "" (the whole file), "bytes=A-B" or "bytes=A-" into
// [start, end).
func parseOneRange(h string, size int64) (start, end int64, ok bool) {
	if h == "" {
		return 0, size, true
	}
	spec, found := strings.CutPrefix(h, "bytes=")
	a, b, dash := strings.Cut(spec, "-")
	if !found || !dash || strings.Contains(spec, ",") {
		return 0, 0, false
	}
	s, err := strconv.ParseInt(a, 10, 64)
	if err != nil || s < 0 || s >= size {
		return 0, 0, false
	}
	e := size - 1
	if b != "" {
		if e, err = strconv.ParseInt(b, 10, 64); err != nil || e < s {
			return 0, 0, false
		}
	}
	return s, min(e+1, size), true
}

// wholeSliceSums is the CRC-32C, in hex, of each whole slice of [start,
// end), whose bytes b holds: the last slice of the file is whole when it
// ends at size.
func wholeSliceSums(b []byte, start, end, size, slice int64, table *crc32.Table) []string {
	var out []string
	for k := (start + slice - 1) / slice; k*slice < end; k++ {
		s, e := k*slice, min((k+1)*slice, size)
		if e > end {
			break
		}
		out = append(out, fmt.Sprintf("%08x", crc32.Checksum(b[s-start:e-start], table)))
	}
	return out
}

// zstdFrames compresses b, which starts at offset start, as one zstd frame
// per slice, as a peer sends the slices it stores compressed.
func zstdFrames(b []byte, start, slice int64) []byte {
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1))
	if err != nil {
		return b
	}
	defer enc.Close()
	var out []byte
	for off := start; off < start+int64(len(b)); {
		e := min((off/slice+1)*slice, start+int64(len(b)))
		out = enc.EncodeAll(b[off-start:e-start], out)
		off = e
	}
	return out
}

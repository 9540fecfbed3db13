// Server: the test origin, its request log and its lifecycle.

package fetchtest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// redirectPrefix is the path of the redirect chain hops (see WithRedirects).
const redirectPrefix = "/redirect/"

// Server is an HTTP origin on 127.0.0.1 that serves one file of
// deterministic Content, logs every request, and misbehaves on demand.
// All methods are safe for concurrent use.
type Server struct {
	// URL is the base URL, "http://127.0.0.1:PORT", with no trailing
	// slash. The file is at FileURL().
	URL string

	cfg       config
	srv       *http.Server
	done      chan struct{} // closed by Close: wakes stalls and delays
	serveDone chan struct{} // closed when srv.Serve returns
	closeOnce sync.Once
	handlers  sync.WaitGroup // running handlers; Add only under mu while !closed
	bufs      sync.Pool      // *[]byte copy buffers

	mu      sync.Mutex
	closed  bool
	content Content
	version int       // number of Changes so far
	lastMod time.Time // zero when none
	log     []*Request
	nextN   int   // number of the last logged request
	fileN   int   // number of the last file request (not reset by ResetLog)
	served  int64 // see BytesServed
}

// Request is one logged request and what the server sent back. While a
// request is in flight its Status, ContentRange and BodyBytes show what has
// been sent so far.
type Request struct {
	N      int // 1-based arrival order (restarts at 1 after ResetLog)
	Conn   int // 1-based id of the TCP connection, assigned at accept
	Method string
	Path   string // URL path, without the query

	Range   string      // raw Range header, "" if none
	IfRange string      // raw If-Range header, "" if none
	Header  http.Header // copy of the request headers

	Status       int    // status code sent; 0 if none was sent yet
	ContentRange string // Content-Range sent, "" if none

	// Start and End are the requested range as a half-open [Start, End),
	// as asked (not clipped to the size); both are -1 when there is no
	// Range or it is not a single byte range. "bytes=N-" gives Start N,
	// End -1 and Open true. A suffix range "bytes=-N" is resolved against
	// the size at arrival.
	Start, End int64
	Open       bool

	BodyBytes int64 // body bytes written, error bodies included
}

// Aligned reports whether r asked for a slice-aligned range: it starts at a
// multiple of slice and ends (inclusive) one byte before a multiple of slice
// or at size-1. Open-ended ranges and requests without a range are not
// aligned.
func (r Request) Aligned(slice, size int64) bool {
	if slice <= 0 || r.Open || r.Start < 0 || r.End <= r.Start {
		return false
	}
	return r.Start%slice == 0 && (r.End%slice == 0 || r.End == size)
}

// Start starts a Server listening on 127.0.0.1 on a free port. The caller
// must Close it. Tests should use NewServer.
func Start(opts ...Option) (*Server, error) {
	cfg := defaultConfig()
	for _, o := range opts {
		if o != nil {
			o(&cfg)
		}
	}
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("fetchtest: %w", err)
	}
	s := &Server{
		URL:       "http://" + ln.Addr().String(),
		cfg:       cfg,
		done:      make(chan struct{}),
		serveDone: make(chan struct{}),
		content:   Content{Size: cfg.size, Seed: cfg.seed},
		lastMod:   cfg.lastMod,
	}
	s.bufs.New = func() any {
		b := make([]byte, copyBufSize)
		return &b
	}
	s.srv = &http.Server{
		Handler:     http.HandlerFunc(s.handle),
		ConnContext: connContext,
		ErrorLog:    log.New(io.Discard, "", 0),
	}
	tl := &listener{Listener: ln, rate: cfg.rate, done: s.done}
	go func() {
		defer close(s.serveDone)
		_ = s.srv.Serve(tl)
	}()
	return s, nil
}

// TB is the part of testing.TB that NewServer uses; *testing.T, *testing.B
// and *testing.F satisfy it. Taking it instead of testing.TB keeps the
// testing package out of programs that ship this server (slget demo).
type TB interface {
	Helper()
	Cleanup(func())
	Fatalf(format string, args ...any)
}

// NewServer starts a Server and closes it when the test ends. It calls
// t.Fatalf if the server cannot start.
func NewServer(t TB, opts ...Option) *Server {
	t.Helper()
	s, err := Start(opts...)
	if err != nil {
		t.Fatalf("%v", err)
	}
	t.Cleanup(s.Close)
	return s
}

// Close stops the server: it closes the listener and every connection,
// wakes stalled and delayed handlers, and waits for all handlers to return.
// It is safe to call more than once.
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		s.mu.Lock()
		s.closed = true
		s.mu.Unlock()
		close(s.done)
		_ = s.srv.Close()
		s.handlers.Wait()
		<-s.serveDone
	})
}

// FileURL returns the URL of the file, or of the first redirect hop when
// WithRedirects is in effect.
func (s *Server) FileURL() string {
	if s.cfg.redirects > 0 {
		return s.URL + redirectPrefix + "1"
	}
	return s.URL + s.cfg.path
}

// Content returns the content currently served.
func (s *Server) Content() Content {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.content
}

// ETag returns the ETag header value currently sent, quotes included and
// with a W/ prefix if weak, or "" if none is sent.
func (s *Server) ETag() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.etagLocked()
}

// LastModified returns the Last-Modified time currently sent, zero if none.
func (s *Server) LastModified() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lastMod
}

// Change changes the resource now: a new seed (every 8-byte word of the
// content differs), a new ETag, Last-Modified one hour later, and the size
// given by WithChangeSize if any. Responses already in flight keep serving
// the version they started with.
func (s *Server) Change() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.changeLocked()
}

func (s *Server) changeLocked() {
	s.version++
	s.content.Seed = splitmix64(s.content.Seed)
	if s.cfg.resize {
		s.content.Size = s.cfg.changeSize
	}
	if !s.lastMod.IsZero() {
		s.lastMod = s.lastMod.Add(time.Hour)
	}
}

func (s *Server) etagLocked() string {
	if s.cfg.noETag {
		return ""
	}
	var tag string
	switch base := s.cfg.etag; {
	case base == "":
		tag = fmt.Sprintf(`"%x-%x"`, s.content.Seed, s.content.Size)
	case s.version == 0:
		tag = base
	case len(base) >= 2 && strings.HasSuffix(base, `"`):
		tag = fmt.Sprintf(`%s-%d"`, base[:len(base)-1], s.version)
	default:
		tag = fmt.Sprintf("%s-%d", base, s.version)
	}
	if s.cfg.weak {
		tag = "W/" + tag
	}
	return tag
}

// Requests returns a copy of the request log in arrival order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Request, len(s.log))
	for i, r := range s.log {
		out[i] = *r
		out[i].Header = r.Header.Clone()
	}
	return out
}

// BytesServed returns the number of body bytes of the file written to
// clients in successful (2xx) responses since Start or ResetLog. Error
// bodies, redirect and 404 bodies do not count; cut and stalled responses
// count what was written before the fault.
func (s *Server) BytesServed() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.served
}

// ResetLog empties the request log, restarts Request.N at 1 and sets
// BytesServed to zero. It does not restart the file request count that
// faults and WithChangeAfter use, nor connection ids. Requests in flight
// are dropped from the log.
func (s *Server) ResetLog() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.log = nil
	s.nextN = 0
	s.served = 0
}

// snapshot is the version of the file one response serves, fixed at its
// arrival.
type snapshot struct {
	content Content
	etag    string
	lastMod time.Time
}

// handle logs the request and dispatches it by path.
func (s *Server) handle(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		w.Header().Set("Connection", "close")
		http.Error(w, "server closed", http.StatusServiceUnavailable)
		return
	}
	s.handlers.Add(1)
	defer s.handlers.Done()

	isFile := r.URL.Path == s.cfg.path
	fileN := 0
	if isFile {
		s.fileN++
		fileN = s.fileN
		if s.cfg.changeAfter > 0 && fileN == s.cfg.changeAfter+1 {
			s.changeLocked()
		}
	}
	v := snapshot{content: s.content, etag: s.etagLocked(), lastMod: s.lastMod}
	s.nextN++
	rec := &Request{
		N:       s.nextN,
		Conn:    connID(r.Context()),
		Method:  r.Method,
		Path:    r.URL.Path,
		Range:   r.Header.Get("Range"),
		IfRange: r.Header.Get("If-Range"),
		Header:  r.Header.Clone(),
	}
	rec.Start, rec.End, rec.Open = parseRange(rec.Range, v.content.Size)
	s.log = append(s.log, rec)
	s.mu.Unlock()

	rw := &responseWriter{rw: w, s: s, rec: rec, file: isFile, ctx: r.Context()}
	switch {
	case isFile:
		s.serveFile(rw, r, fileN, v)
	case s.cfg.redirects > 0 && strings.HasPrefix(r.URL.Path, redirectPrefix):
		k, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, redirectPrefix))
		if err != nil || k < 1 || k > s.cfg.redirects {
			s.notFound(rw, r)
			return
		}
		if !s.sleep(r.Context(), s.cfg.latency) {
			return
		}
		next := s.cfg.path
		if k < s.cfg.redirects {
			next = redirectPrefix + strconv.Itoa(k+1)
		}
		http.Redirect(rw, r, next, http.StatusFound)
	default:
		s.notFound(rw, r)
	}
}

func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	if s.sleep(r.Context(), s.cfg.latency) {
		http.NotFound(w, r)
	}
}

// serveFile sends the file, or the fault the FaultFuncs choose for it.
func (s *Server) serveFile(w *responseWriter, r *http.Request, n int, v snapshot) {
	f := s.fault(r, n)
	if !s.sleep(r.Context(), s.cfg.latency+f.Delay) {
		return
	}
	if f.Status != 0 {
		if f.RetryAfter != "" {
			w.Header().Set("Retry-After", f.RetryAfter)
		}
		http.Error(w, http.StatusText(f.Status), f.Status)
		return
	}
	switch {
	case f.CutAfter != 0:
		w.limit, w.cut = max(f.CutAfter, 0), true
	case f.StallAfter != 0:
		w.limit, w.stall = max(f.StallAfter, 0), true
	}

	h := w.Header()
	if v.etag != "" {
		h.Set("ETag", v.etag)
	}
	if !v.lastMod.IsZero() {
		h.Set("Last-Modified", v.lastMod.UTC().Format(http.TimeFormat))
	}
	if s.cfg.contentType != "" {
		h.Set("Content-Type", s.cfg.contentType)
	} else {
		h["Content-Type"] = nil // present but empty: suppresses sniffing
	}
	if s.cfg.disposition != "" {
		h.Set("Content-Disposition", s.cfg.disposition)
	}

	switch {
	case s.cfg.noLength:
		w.WriteHeader(http.StatusOK)
		w.Flush() // commits the headers without a Content-Length: chunked
		if r.Method != http.MethodHead {
			_, _ = w.ReadFrom(v.content.section())
		}
		return
	case s.cfg.noRanges || f.FullBody:
		r = withoutRange(r)
		w.noAcceptRanges = s.cfg.noRanges
	case f.ShiftRange != 0:
		start, end, open := parseRange(r.Header.Get("Range"), v.content.Size)
		if start >= 0 && start+f.ShiftRange >= 0 {
			spec := fmt.Sprintf("bytes=%d-", start+f.ShiftRange)
			if !open {
				spec += strconv.FormatInt(end-1+f.ShiftRange, 10)
			}
			r = r.Clone(r.Context())
			r.Header.Set("Range", spec)
		}
	}
	// ServeContent implements Range, If-Range, 416, conditional requests and
	// HEAD; it keeps the ETag and Last-Modified set above.
	http.ServeContent(w, r, "", v.lastMod, v.content.section())
}

// fault asks the FaultFuncs in order; the first non-zero Fault wins.
func (s *Server) fault(r *http.Request, n int) Fault {
	for _, ff := range s.cfg.faults {
		if f := ff(r, n); f != (Fault{}) {
			return f
		}
	}
	return Fault{}
}

// sleep waits for d; it returns false if the request or the server ended
// first.
func (s *Server) sleep(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
	case <-s.done:
	}
	return false
}

// withoutRange returns r without its Range and If-Range headers.
func withoutRange(r *http.Request) *http.Request {
	if r.Header.Get("Range") == "" && r.Header.Get("If-Range") == "" {
		return r
	}
	r = r.Clone(r.Context())
	r.Header.Del("Range")
	r.Header.Del("If-Range")
	return r
}

// parseRange parses a single-range "bytes=" header into a half-open range
// as asked. It returns -1, -1, false for no range, several ranges, another
// unit or a malformed value.
func parseRange(h string, size int64) (start, end int64, open bool) {
	spec, ok := strings.CutPrefix(strings.TrimSpace(h), "bytes=")
	if !ok || strings.Contains(spec, ",") {
		return -1, -1, false
	}
	first, last, ok := strings.Cut(spec, "-")
	if !ok {
		return -1, -1, false
	}
	first, last = strings.TrimSpace(first), strings.TrimSpace(last)
	if first == "" { // suffix: the last N bytes
		n, err := strconv.ParseInt(last, 10, 64)
		if err != nil || n <= 0 {
			return -1, -1, false
		}
		return max(size-n, 0), size, false
	}
	a, err := strconv.ParseInt(first, 10, 64)
	if err != nil || a < 0 {
		return -1, -1, false
	}
	if last == "" {
		return a, -1, true
	}
	b, err := strconv.ParseInt(last, 10, 64)
	if err != nil || b < a {
		return -1, -1, false
	}
	return a, b + 1, false
}

// copyBufSize is the size of the buffers that copy Content to a response;
// large writes keep loopback throughput high.
const copyBufSize = 256 << 10

var (
	errCut     = errors.New("fetchtest: connection cut by fault")
	errStalled = errors.New("fetchtest: response stalled by fault")
)

// responseWriter records what is sent in the log and applies CutAfter and
// StallAfter. It is used by one handler goroutine only.
type responseWriter struct {
	rw   http.ResponseWriter
	s    *Server
	rec  *Request
	file bool
	ctx  context.Context

	noAcceptRanges bool
	wroteHeader    bool
	ok             bool // 2xx status: body counts in BytesServed

	cut, stall bool  // a fault ends the body after limit bytes
	limit      int64 // body bytes allowed before the fault
	written    int64
	stopped    bool // the fault happened; nothing more is written
}

func (w *responseWriter) Header() http.Header { return w.rw.Header() }

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *responseWriter) Unwrap() http.ResponseWriter { return w.rw }

func (w *responseWriter) WriteHeader(code int) {
	if w.wroteHeader || code < 200 {
		w.rw.WriteHeader(code)
		return
	}
	w.wroteHeader = true
	w.ok = code < 300
	if w.noAcceptRanges {
		w.Header().Del("Accept-Ranges")
	}
	w.s.mu.Lock()
	w.rec.Status = code
	w.rec.ContentRange = w.Header().Get("Content-Range")
	w.s.mu.Unlock()
	w.rw.WriteHeader(code)
}

func (w *responseWriter) Write(p []byte) (int, error) {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
	if w.stopped {
		return 0, errCut
	}
	if !w.cut && !w.stall || int64(len(p)) <= w.limit-w.written {
		return w.write(p)
	}
	n, err := w.write(p[:w.limit-w.written])
	if err != nil {
		return n, err
	}
	w.stopped = true
	w.Flush()
	if w.cut {
		if hj, ok := w.rw.(http.Hijacker); ok {
			if c, _, err := hj.Hijack(); err == nil {
				_ = c.Close()
			}
		}
		return n, errCut
	}
	select {
	case <-w.ctx.Done():
	case <-w.s.done:
	}
	return n, errStalled
}

// write passes p on and counts what was written.
func (w *responseWriter) write(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	n, err := w.rw.Write(p)
	w.written += int64(n)
	w.s.mu.Lock()
	w.rec.BodyBytes += int64(n)
	if w.file && w.ok {
		w.s.served += int64(n)
	}
	w.s.mu.Unlock()
	return n, err
}

// ReadFrom copies src through a large pooled buffer; io.Copy and
// http.ServeContent use it.
func (w *responseWriter) ReadFrom(src io.Reader) (int64, error) {
	bp := w.s.bufs.Get().(*[]byte)
	defer w.s.bufs.Put(bp)
	buf := *bp
	var total int64
	for {
		nr, rerr := src.Read(buf)
		if nr > 0 {
			nw, werr := w.Write(buf[:nr])
			total += int64(nw)
			if werr != nil {
				return total, werr
			}
		}
		if rerr == io.EOF {
			return total, nil
		}
		if rerr != nil {
			return total, rerr
		}
	}
}

// Flush sends buffered data to the client.
func (w *responseWriter) Flush() {
	if f, ok := w.rw.(http.Flusher); ok {
		f.Flush()
	}
}

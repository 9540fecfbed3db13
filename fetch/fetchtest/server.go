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
	"sync/atomic"
	"time"
)

// redirectPrefix is the path of the redirect chain hops (see WithRedirects).
const redirectPrefix = "/redirect/"

// Server is an HTTP origin on 127.0.0.1 (or the address of WithHost) that
// serves one file of deterministic Content, logs every request, and
// misbehaves on demand.
// All methods are safe for concurrent use.
type Server struct {
	// URL is the base URL, "http://127.0.0.1:PORT", with no trailing
	// slash. The file is at FileURL().
	URL string

	cfg       config
	started   time.Time          // when Start began to listen: see WithFill
	ctx       context.Context    // canceled by Close
	stop      context.CancelFunc // cancels ctx
	done      <-chan struct{}    // ctx.Done(): wakes stalls and delays
	closeOnce sync.Once
	ids       atomic.Int64 // the last connection id given, over Down and Up

	// lnMu guards the listening half, which Down stops and Up starts again.
	lnMu      sync.Mutex
	addr      string         // host:port, kept over Down and Up
	srv       *http.Server   // nil while down
	serveDone chan struct{}  // closed when srv.Serve returns
	handlers  sync.WaitGroup // running handlers; Add only under mu while !closed
	bufs      sync.Pool      // *[]byte copy buffers

	mu      sync.Mutex
	closed  bool
	content Content
	version int       // number of Changes so far
	lastMod time.Time // zero when none
	// keptETag, when set, is the ETag sent whatever the content: see
	// ReplaceKeepingValidator.
	keptETag string
	digests  map[Content]string // base64 SHA-256 of each content served: see digestOf
	log      []*Request
	nextN    int   // number of the last logged request
	fileN    int   // number of the last file request (not reset by ResetLog)
	served   int64 // see BytesServed
	running  int   // handlers running now: see InFlight
	most     int   // see MostInFlight
	refused  int   // see Refused
}

// Request is one logged request and what the server sent back. While a
// request is in flight its Status, ContentRange and BodyBytes show what has
// been sent so far.
type Request struct {
	N      int // 1-based arrival order (restarts at 1 after ResetLog)
	Conn   int // 1-based id of the TCP connection, assigned at accept
	Method string
	Path   string // URL path, without the query

	// Host is the Host the client sent. Header is a copy of the request
	// headers, with Host added back (net/http takes it out), so
	// Header.Get works for every header a client sends: Authorization,
	// Cookie, User-Agent, Accept-Encoding, If-Match, Host, ...
	Host   string
	Header http.Header

	Range             string // raw Range header, "" if none
	IfRange           string // raw If-Range header, "" if none
	IfMatch           string // raw If-Match header, "" if none
	IfUnmodifiedSince string // raw If-Unmodified-Since header, "" if none

	Status       int    // status code sent; 0 if none was sent yet
	ContentRange string // Content-Range sent, "" if none
	ETag         string // ETag sent, "" if none

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

// EndsAligned reports whether r ends one byte before a multiple of slice
// or at size-1, wherever it starts: what a download resumed after a stop
// asks for when it had written the start of a slice (the rest of that
// slice, then whole slices). A range that starts on a multiple of slice is
// Aligned too.
func (r Request) EndsAligned(slice, size int64) bool {
	if slice <= 0 || r.Open || r.Start < 0 || r.End <= r.Start {
		return false
	}
	return r.End%slice == 0 || r.End == size
}

// Start starts a Server listening on 127.0.0.1 (or the address of
// WithHost) on a free port (or WithPort's). The caller must Close it. Tests should use
// NewServer.
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
	if cfg.redirectTo != "" && cfg.redirects == 0 {
		cfg.redirects = 1
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(cfg.host, strconv.Itoa(cfg.port)))
	if err != nil {
		return nil, fmt.Errorf("fetchtest: %w", err)
	}
	ctx, stop := context.WithCancel(context.Background())
	s := &Server{
		URL:     "http://" + ln.Addr().String(),
		cfg:     cfg,
		started: time.Now(),
		ctx:     ctx,
		stop:    stop,
		done:    ctx.Done(),
		content: Content{Size: cfg.size, Seed: cfg.seed},
		lastMod: cfg.lastMod,
		addr:    ln.Addr().String(),
	}
	s.bufs.New = func() any {
		b := make([]byte, copyBufSize)
		return &b
	}
	s.serve(ln)
	return s, nil
}

// serve answers on ln until Down or Close. The caller holds lnMu, or is
// Start.
func (s *Server) serve(ln net.Listener) {
	srv := &http.Server{
		Handler:     http.HandlerFunc(s.handle),
		ConnContext: connContext,
		ErrorLog:    log.New(io.Discard, "", 0),
	}
	done := make(chan struct{})
	s.srv, s.serveDone = srv, done
	tl := &listener{Listener: ln, rate: s.cfg.rate, done: s.done, ids: &s.ids}
	go func() {
		defer close(done)
		_ = srv.Serve(tl)
	}()
}

// Down stops the server as a killed process would: it closes the listener
// and every connection, so answers in flight end cut short and new
// connections are refused (nothing listens on the port) until Up. The
// request log, the content and the fault counts stay. Down on a server
// already down does nothing.
func (s *Server) Down() {
	s.lnMu.Lock()
	defer s.lnMu.Unlock()
	s.downLocked()
}

func (s *Server) downLocked() {
	if s.srv == nil {
		return
	}
	_ = s.srv.Close()
	<-s.serveDone
	s.srv = nil
}

// Up listens again on the address of URL after Down, as a restarted
// origin: the same port, the same file and validators. It fails if the
// port was taken meanwhile or the server is closed; Up on a server that is
// up does nothing.
func (s *Server) Up() error {
	s.lnMu.Lock()
	defer s.lnMu.Unlock()
	if s.ctx.Err() != nil {
		return errors.New("fetchtest: Up after Close")
	}
	if s.srv != nil {
		return nil
	}
	ln, err := net.Listen("tcp", s.addr)
	if err != nil {
		return fmt.Errorf("fetchtest: %w", err)
	}
	s.serve(ln)
	return nil
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
	return closedAtEnd(t, s, err)
}

// closedAtEnd returns v, started with err, to be closed when the test
// ends; it calls t.Fatalf for an error.
func closedAtEnd[T interface{ Close() }](t TB, v T, err error) T {
	t.Helper()
	if err != nil {
		t.Fatalf("%v", err)
	}
	t.Cleanup(v.Close)
	return v
}

// locked returns *v read under mu.
func locked[T any](mu *sync.Mutex, v *T) T {
	mu.Lock()
	defer mu.Unlock()
	return *v
}

// Close stops the server: it closes the listener and every connection,
// wakes stalled and delayed handlers, and waits for all handlers to return.
// It is safe to call more than once.
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		s.mu.Lock()
		s.closed = true
		s.mu.Unlock()
		s.stop()
		s.lnMu.Lock()
		s.downLocked()
		s.lnMu.Unlock()
		s.handlers.Wait()
	})
}

// FileURL returns the URL of the file, or of the first redirect hop when
// WithRedirects, WithRedirectLoop or WithRedirectTo is in effect.
func (s *Server) FileURL() string {
	if s.cfg.redirects > 0 {
		return s.URL + redirectPrefix + "1"
	}
	return s.URL + s.cfg.path
}

// Content returns the content currently served.
func (s *Server) Content() Content {
	return locked(&s.mu, &s.content)
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
	return locked(&s.mu, &s.lastMod)
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

// ReplaceKeepingValidator replaces the file with other bytes of the same
// size and keeps its ETag and Last-Modified, as a file copied with its
// mtime (cp -p, rsync -t) keeps nginx's ETag of mtime and size: the
// version's validators cannot tell the two apart, only the bytes can.
func (s *Server) ReplaceKeepingValidator() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.keptETag = s.etagLocked()
	s.content.Seed = splitmix64(s.content.Seed)
}

func (s *Server) etagLocked() string {
	if s.cfg.noETag {
		return ""
	}
	if s.keptETag != "" {
		return s.keptETag
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
	return locked(&s.mu, &s.served)
}

// InFlight returns how many requests are being answered now: a test that
// resets the log after a client went waits until its answers have ended
// (a dead client's connection takes a moment to fail the writes to it,
// and what was written meanwhile counts in BytesServed).
func (s *Server) InFlight() int {
	return locked(&s.mu, &s.running)
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
	s.most, s.refused = 0, 0
	s.served = 0
}

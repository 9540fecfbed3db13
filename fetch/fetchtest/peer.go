// Peer: a fake slget peer for tests. It speaks the peer protocol as a
// forward proxy, has one version of an origin's file at hand, and
// misbehaves on demand.

package fetchtest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/slget/slget/fleet"
)

// Peer is a fake `slget serve` on 127.0.0.1: an HTTP forward proxy that
// answers the protocol's proxy-form GET (GET http://origin/path with a
// Range, If-Match, Proxy-Authorization, Accept: SlicesType and
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

	mu      sync.Mutex
	replays *fleet.Replays // the nonces of this run's requests
	run     string         // its fleet.HeaderInstance, random at each start (Restart)
	closed  bool
	log     []PeerRequest
	n       int
}

// PeerRequest is one request a Peer got, and what it answered.
type PeerRequest struct {
	N          int
	Method     string
	RequestURI string // as sent: absolute (http://origin/path) in proxy form
	Host       string
	Header     http.Header
	Status     int
	Encoding   string // "zstd" for an answer of zstd frames
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
	// Unsigned sends the answer without the fleet key's MAC, from a Peer
	// that has the key (WithPeerToken): a host that pretends to be one of
	// the fleet.
	Unsigned bool
	// EmptySums sends X-Slget-Crc32c with a first slice but no checksum
	// ("2:").
	EmptySums bool
	// Sums > 0 lists the checksums of only the first Sums whole slices of
	// the answer (one checksum for two slices, say), as the real peer does
	// for the slices it has not filled yet when its headers go out.
	Sums int
	// FlipUnlisted flips every byte of the slices whose checksums the
	// answer does not list (all of them with NoSums or EmptySums): bytes
	// nothing vouches for, which must never reach a file.
	FlipUnlisted bool
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
	// Processing > 0 sends "102 Processing" every Processing while Delay
	// holds the headers back, and for ever when Delay is 0: a peer that
	// says it is working and never answers. The 102s carry no
	// X-Slget-Progress, as from an older serve or a fill that does not
	// move, unless FakeProgress: then each carries a count above the one
	// before, as from a peer that fakes progress.
	Processing   time.Duration
	FakeProgress bool
	// ZstdAs206 answers a request for SlicesType (of a Peer made
	// WithPeerZstd) as slget peers once did, inconsistently: a 206 with
	// Content-Encoding: zstd, the Content-Range of the plain bytes, the
	// plain ETag and Content-Length of the zstd bytes.
	ZstdAs206 bool
	// ZstdETag, if not "", is the ETag of a SlicesType answer instead of
	// the version's zstd tag.
	ZstdETag string
	// ZstdRange, if not "", is the X-Slget-Range of a SlicesType answer
	// instead of the range sent.
	ZstdRange string
}

// SlicesType is the media type of a slget peer's zstd answer to a range:
// a 200 whose body is the zstd frames of the range's slices, whose
// X-Slget-Range says which plain bytes they decode to ("bytes A-B/SIZE"),
// and whose ETag is the version's with "-zstd" inside the quotes.
const SlicesType = "application/vnd.slget.slices+zstd"

// PeerFaultFunc picks the fault of request number n (from 1).
type PeerFaultFunc func(r *http.Request, n int) PeerFault

// PeerOption configures a Peer.
type PeerOption func(*peerConfig)

type peerConfig struct {
	addr   string
	key    *fleet.Key
	zstd   bool
	faults []PeerFaultFunc
}

// WithPeerToken makes the Peer a member of the fleet whose token is token,
// as a serve with --token: every request must carry a MAC of the fleet key
// (fleet.HeaderAuth), or the answer is 407, and every answer carries the
// Peer's (fleet.HeaderAnswerMAC). The fault Unsigned leaves it out.
func WithPeerToken(token string) PeerOption {
	return func(c *peerConfig) { c.key = fleet.NewKey(token) }
}

// WithPeerAddr makes the Peer listen on addr (host:port) instead of a
// port of 127.0.0.1 of its own: a peer that restarts where it was.
func WithPeerAddr(addr string) PeerOption { return func(c *peerConfig) { c.addr = addr } }

// WithPeerZstd makes the Peer send its answers as zstd frames, one per
// slice, in a SlicesType answer to requests whose Accept names it.
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
	addr := cfg.addr
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("fetchtest: %w", err)
	}
	ctx, stop := context.WithCancel(context.Background())
	p := &Peer{URL: "http://" + ln.Addr().String(), cfg: cfg, ctx: ctx, stop: stop, served: make(chan struct{}),
		host: strings.TrimPrefix(origin.URL, "http://"), path: origin.cfg.path, content: origin.Content(), etag: origin.ETag(), run: fleet.NewNonce(), replays: new(fleet.Replays)}
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
	return closedAtEnd(t, p, err)
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

// Restart makes the Peer as a serve after a restart: a new run
// (fleet.HeaderInstance), and no nonce remembered. Its content and log
// stay.
func (p *Peer) Restart() {
	p.mu.Lock()
	p.run, p.replays = fleet.NewNonce(), new(fleet.Replays)
	p.mu.Unlock()
}

// Run is the Peer's run (fleet.HeaderInstance).
func (p *Peer) Run() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.run
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
		// A peer that is going answers nothing, as a killed serve: not
		// the empty 200 net/http would send for a handler that wrote none.
		panic(http.ErrAbortHandler)
	}
	p.handlers.Add(1)
	defer p.handlers.Done()
	p.n++
	n := p.n
	p.log = append(p.log, PeerRequest{N: n, Method: r.Method, RequestURI: r.RequestURI, Host: r.Host, Header: r.Header.Clone()})
	run, replays := p.run, p.replays
	p.mu.Unlock()
	var f PeerFault
	for _, ff := range p.cfg.faults {
		if f = ff(r, n); f != (PeerFault{}) {
			break
		}
	}
	note := func(status int, enc, sums string) {
		p.mu.Lock()
		p.log[n-1].Status, p.log[n-1].Encoding, p.log[n-1].Sums = status, enc, sums
		p.mu.Unlock()
	}
	if p.cfg.key != nil {
		nonce, err := p.cfg.key.VerifyRequest(r.Method, r.RequestURI, r.Header, time.Now(), run, replays)
		var other *fleet.RunError
		if err != nil {
			w.Header().Set("Proxy-Authenticate", `Basic realm="slget"`)
			if errors.As(err, &other) {
				// Signed for another run: refused, as a serve does,
				// with a signed answer that names this one's.
				w = &signer{ResponseWriter: w, key: p.cfg.key, nonce: nonce, run: run}
			}
			note(p.fail(w, http.StatusProxyAuthRequired))
			return
		}
		if !f.Unsigned {
			w = &signer{ResponseWriter: w, key: p.cfg.key, nonce: nonce, run: run}
		}
	}
	status, enc, sums := p.answer(w, r, f, note)
	note(status, enc, sums)
	if status == 0 {
		panic(http.ErrAbortHandler) // cut off before it answered: no empty 200
	}
}

// signer signs the answer it writes with the fleet key, as a serve does.
type signer struct {
	http.ResponseWriter
	key    *fleet.Key
	nonce  string
	run    string
	signed bool
}

func (s *signer) sign(code int) {
	if s.signed || code < 200 {
		return
	}
	s.signed = true
	s.Header().Set(fleet.HeaderInstance, s.run)
	s.key.SignResponse(s.nonce, code, s.Header(), time.Now())
}

func (s *signer) WriteHeader(code int) {
	s.sign(code)
	s.ResponseWriter.WriteHeader(code)
}

func (s *signer) Write(b []byte) (int, error) {
	s.sign(http.StatusOK)
	return s.ResponseWriter.Write(b)
}

// Flush passes on to net/http's, for the paced faults.
func (s *signer) Flush() {
	if f, ok := s.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Server: the peer cache over HTTP (`slget serve`) and its life cycle;
// its configuration is in config.go.

package peer

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fleet"
	"github.com/slget/slget/localcache"
)

// Server is the peer cache: an http.Handler that answers forward-proxy
// GETs ("GET http://origin/path", "GET https://origin/path") from the
// Store, filling misses from the origin once, plus GET /metrics, GET
// /status (Status) and GET /healthz. Use ServeHTTP under an http.Server of your own, or Serve,
// which adds the limits; Close stops the fills either way.
//
// A request's version comes from a one-byte probe of the origin (a ranged
// GET, as the download flow's probe), made at most once per Revalidate
// per URL for requesters that pin nothing; a requester that pins with
// If-Match gets that version or 412. Its range, any single range, is
// served from whole slices of that version (fills fetches the missing
// ones, a run per origin request, each slice once), exactly as asked. A
// resource without a strong ETag, a known size and ranges is passed
// through uncached, with the requester's Range and preconditions.
//
// # Caveats
//
// X-Slget-Crc32c lists the slices made ready before the headers go out:
// all the whole slices of the answer that are cached (up to 1024), and
// those of the first fill (Config.MaxRun) when some are not; a long answer
// from a cold cache lists only its first slices.
//
// A requester's Cache-Control is not obeyed, but for only-if-cached (504 on a miss): the peer asks the origin again
// once per Revalidate, whatever the requester says. Requests that carry
// credentials (Authorization, Cookie, a password in the URL) are refused
// (403), not passed on: a shared cache must not hold one user's private
// bytes for the next. Several ranges in one request are refused (400).
// HTTP/1.1 only; CONNECT is refused (405), for a tunnel cannot be cached.
//
// Memory: an answer holds at most one slice in memory (a slice read to be
// checked, or decompressed; a checked identity slice goes by sendfile and
// holds none), a fill holds its run until its waiters have it, and
// Config.HotBytes bounds the decompressed slices kept. Fills bound by
// Config.MaxFills, connections by Config.MaxConns.
type Server struct {
	cfg       Config
	store     *localcache.Store
	sliceSize int64
	allow     allowList
	client    *fetch.Client
	versions  *versions
	fills     fills
	metrics   *metrics
	limits    *clientLimits
	log       *slog.Logger
	viaToken  string // names this server in the Via of its own requests
	instance  string // this process's fleet.HeaderInstance
	now       func() time.Time
	warnFull  everyWhile
	metricsH  http.Handler
	hot       *hotSet
	checked   *localcache.CheckedFiles
	owners    ownerPeers     // the fleet's members this server fills from
	ranks     ownersCache    // who owns the runs of recent versions
	traffic   traffic        // what it filled through each owner, and sent to each requester
	key       *fleet.Key     // from Token: proves requests, signs answers; nil without one
	members   *fleet.Members // the fleet NewServer assembled (InFleet), whose checks Serve runs
	replays   fleet.Replays
	started   time.Time
	listen    atomic.Pointer[string] // the address Serve listens on, for /status

	// storePut is the store's Put; the tests of a full disk replace it,
	// for the store's own file creation is out of their reach.
	storePut func(localcache.Key, localcache.PutMeta, []byte) error

	base context.Context // fills and probes run under it; Close cancels it
	stop context.CancelFunc

	life   sync.Mutex
	closed bool
	active sync.WaitGroup // fills and probes; Add only under life while !closed

	// pageTemplate is the operator's page, parsed when first shown.
	pageTemplate func() *template.Template
}

// NewServer returns a Server for cfg.
func NewServer(cfg Config) (*Server, error) {
	if cfg.Store == nil {
		return nil, errors.New("peer: NewServer needs a Store")
	}
	cfg = cfg.withDefaults()
	allow, err := newAllowList(cfg.Allow)
	if err != nil {
		return nil, err
	}
	var members *fleet.Members
	if cfg.Fleet == nil && (cfg.InFleet || len(cfg.FleetPeers) > 0) {
		if cfg.ID == "" {
			if cfg.ID, err = cfg.Store.FleetID(); err != nil {
				return nil, err
			}
		}
		members = fleet.NewMembers(cfg.FleetPeers, fleet.Options{SelfID: cfg.ID, Key: fleet.NewKey(cfg.FleetToken), Logger: cfg.Logger})
		cfg.Fleet = members
	}
	if self, ok := cfg.Fleet.(interface{ SelfID() string }); ok && self.SelfID() != cfg.ID {
		return nil, fmt.Errorf("peer: the server's ID %q is not the one its fleet knows it by (%q): it would rank as a member no one answers for", cfg.ID, self.SelfID())
	}
	if cfg.ID == "" {
		cfg.ID = newID()
	}
	if !validID(cfg.ID) {
		return nil, fmt.Errorf("peer: the ID %q is not 1 to 64 letters, digits, '.', '_' or '-' (it goes in headers)", cfg.ID)
	}
	s := &Server{
		cfg:       cfg,
		store:     cfg.Store,
		sliceSize: cfg.Store.SliceSize(),
		allow:     allow,
		log:       cfg.Logger,
		viaToken:  "slget-" + cfg.ID,
		instance:  newID(),
		now:       time.Now,
		warnFull:  everyWhile{gap: time.Minute},
		storePut:  cfg.Store.Put,
		started:   time.Now(),
		key:       fleet.NewKey(cfg.Token),
		members:   members,
	}
	s.pageTemplate = sync.OnceValue(newPageTemplate)
	s.versions = newVersions(s.now)
	s.hot = newHotSet(cfg.HotBytes)
	s.checked = localcache.NewCheckedFiles()
	s.fills = fills{claims: make(map[string]*run), sem: make(chan struct{}, cfg.MaxFills)}
	s.limits = newClientLimits(cfg.ClientRate, cfg.ClientBurst, s.now)
	opts := cfg.Client
	opts.Connections = max(opts.Connections, cfg.MaxFills)
	opts.Header = opts.Header.Clone()
	if opts.Header == nil {
		opts.Header = make(http.Header)
	}
	opts.Header.Add("Via", "1.1 "+s.viaToken)
	if s.client, err = fetch.NewClient(opts); err != nil {
		return nil, err
	}
	// Redirects stay within Config.Allow: the origin a redirect leads to is
	// checked before it is asked anything.
	check := s.client.HTTP.CheckRedirect
	hc := *s.client.HTTP
	hc.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if hp := hostPortOf(req.URL); !s.allow.allows(hp) {
			return &notAllowedError{hostPort: hp, redirect: true}
		}
		return check(req, via)
	}
	s.client.HTTP = &hc
	s.base, s.stop = context.WithCancel(context.Background())
	s.metrics = newMetrics(s)
	s.metricsH = s.metrics.reg
	return s, nil
}

// newID returns a new random server ID.
func newID() string {
	var id [6]byte
	rand.Read(id[:])
	return hex.EncodeToString(id[:])
}

// validID reports whether id can name a server in its headers (/healthz,
// Via): 1 to 64 letters, digits, '.', '_' or '-'.
func validID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, c := range id {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// ID is the server's name in its fleet.
func (s *Server) ID() string { return s.cfg.ID }

// Members is the fleet NewServer assembled (Config.InFleet), to add the
// members discovery finds to (SetFound); nil otherwise.
func (s *Server) Members() *fleet.Members { return s.members }

// notAllowedError is an origin outside Config.Allow.
type notAllowedError struct {
	hostPort string
	redirect bool
}

func (e *notAllowedError) Error() string {
	if e.redirect {
		return fmt.Sprintf("the origin redirects to %s, which is not among the origins this peer may fetch from (allow it to fetch through this peer)", e.hostPort)
	}
	return fmt.Sprintf("%s is not among the origins this peer may fetch from: it fetches only from the origins it is told", e.hostPort)
}

// track counts a fill or probe in; it returns false once Close has begun.
func (s *Server) track() bool {
	s.life.Lock()
	defer s.life.Unlock()
	if s.closed {
		return false
	}
	s.active.Add(1)
	return true
}

func (s *Server) untrack() { s.active.Done() }

// Close cancels the fills and probes still running (a slice being written
// is written whole or not at all), waits for them, and closes the origin
// client's idle connections. Requests still being answered fail. It does
// not close the Store.
func (s *Server) Close() error {
	s.life.Lock()
	s.closed = true
	s.life.Unlock()
	s.stop()
	s.active.Wait()
	s.client.CloseIdle()
	s.owners.closeIdle()
	s.checked.Close()
	return nil
}

// Serve answers requests on ln until ctx is done, with the limits of the
// Config: header size, connections, a read timeout for headers. Then it
// stops accepting, lets the requests in flight finish for ShutdownGrace,
// closes what is left, stops the fills (Close) and returns nil. It returns
// the error of ln if accepting fails.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	addr := ln.Addr().String()
	s.listen.Store(&addr)
	ln = newLimitListener(ln, s.cfg.MaxConns, s.metrics.conns)
	hs := &http.Server{
		Handler:           s,
		MaxHeaderBytes:    s.cfg.MaxHeaderBytes,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelDebug),
	}
	errc := make(chan error, 1) // one send, never blocks
	go func() { errc <- hs.Serve(ln) }()
	sweepCtx, stopSweep := context.WithCancel(ctx)
	var background sync.WaitGroup
	background.Go(func() { s.sweepLoop(sweepCtx) })
	if s.members != nil {
		if a, ok := ln.Addr().(*net.TCPAddr); ok {
			s.members.SetPort(a.Port) // the members whose lists do not name it check it back
		}
		background.Go(func() { s.members.Run(sweepCtx) })
	}
	defer func() {
		stopSweep()
		background.Wait()
	}()
	var err error
	select {
	case err = <-errc:
		s.Close()
		return err
	case <-ctx.Done():
	}
	s.log.Info("shutting down", "grace", s.cfg.ShutdownGrace)
	gctx, cancel := context.WithTimeout(context.Background(), s.cfg.ShutdownGrace)
	defer cancel()
	if err := hs.Shutdown(gctx); err != nil {
		s.log.Warn("requests still running after the grace period; closing them", "err", err)
		hs.Close()
	}
	<-errc
	s.Close()
	return nil
}

// sweepLoop sweeps the cache every SweepInterval (idle slices, size): the
// Store's one sweeper, unless the caller runs one already (Store.Run).
func (s *Server) sweepLoop(ctx context.Context) {
	s.store.RunReporting(ctx, func(st localcache.SweepStats, err error) bool {
		if err != nil {
			s.log.Warn("cache sweep failed", "err", err)
		} else {
			s.log.Info("cache swept", "inactive", st.Inactive, "evicted", st.Evicted, "bytes", st.Bytes)
		}
		return true
	})
}

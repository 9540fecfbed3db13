// Config: the peer cache's configuration, each field's zero value, and
// the defaults they take.

package peer

import (
	"log/slog"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fleet"
	"github.com/slget/slget/localcache"
)

// Config configures a Server. Store is required; every other field says
// what its zero value means.
type Config struct {
	// Store is the cache the server fills and serves. The server does
	// not close it.
	Store *localcache.Store

	// Allow lists the origins fills may come from: "host" allows the
	// host on ports 80 and 443, "host:port" that port only; names are
	// compared exactly, in lower case. A request for any other origin is
	// answered 403 and the origin sees nothing. Empty means every request
	// is refused.
	Allow []string

	// Token, if set, is required of every proxy request in
	// Proxy-Authorization (Basic with any user and the token as password,
	// or Bearer), else 407; and of GET /metrics and GET /status in
	// Authorization, else 401. Empty means no token.
	Token string

	// Client configures the HTTP client of fills and probes. Its
	// Connections is raised to MaxFills.
	Client fetch.ClientOptions

	// Revalidate is how long a version the origin gave holds for
	// requesters that pin none before the origin is asked again; zero
	// means 60s.
	Revalidate time.Duration

	// LockAge is how long a fill may bring no byte before it counts as
	// stuck, is cancelled, and the next waiter fetches afresh (nginx's
	// proxy_cache_lock_age); zero means 10s.
	LockAge time.Duration

	// FillTimeout bounds one fill (an origin request for a run of slices)
	// and one probe; zero means 10 minutes.
	FillTimeout time.Duration

	// MaxRun bounds the slices one fill asks the origin for; zero means 8.
	MaxRun int

	// MaxFills bounds the fills talking to origins at once; zero means
	// 16. More wait.
	MaxFills int

	// MaxConns bounds the client connections Serve accepts at once (more
	// wait in the kernel's backlog); zero means 1024.
	MaxConns int

	// MaxHeaderBytes bounds a request's header; zero means 32 KiB. A
	// larger header is answered 431.
	MaxHeaderBytes int

	// ClientRate bounds the requests per second of one client address,
	// with bursts of ClientBurst; more are answered 429. Zero means 1000
	// per second; a negative value means no limit.
	ClientRate float64

	// ClientBurst is the burst of ClientRate; zero means ClientRate
	// (at least 1).
	ClientBurst int

	// WriteStall is how long a client may take to accept each piece of
	// an answer (256 KiB) before it is dropped; zero means 60s.
	WriteStall time.Duration

	// ShutdownGrace is how long Serve lets requests in flight finish once
	// its context is done before it closes their connections; zero means
	// 10s.
	ShutdownGrace time.Duration

	// HotBytes bounds the memory that keeps the checked plaintext of the
	// most recently served slices, so that a popular slice is not read
	// and checked from disk for each request (see hotSet); zero means 64
	// MiB, a negative value none.
	HotBytes int64

	// Logger receives structured logs; nil means none.
	Logger *slog.Logger

	// ID names this server to its fleet (fleet.HeaderID in /healthz); it
	// should stay the same through restarts, so that the server keeps
	// owning the runs it has cached. Empty means a random one.
	ID string

	// Fleet, if set, is the fleet this server is a member of: a run of
	// slices that another live member owns is filled from that owner,
	// not from the origin (unless the owner fails), so that a fleet asks
	// the origin for each slice once. A View that names its own member
	// (SelfID) must name ID. The server does not run its health checks.
	// Nil means no fleet (unless InFleet): every miss is filled from the
	// origin.
	Fleet fleet.View

	// InFleet makes NewServer assemble the server as a member of a fleet
	// itself, when Fleet is nil: its ID is the Store's fleet ID (unless ID
	// is given), its members are FleetPeers and those added later to
	// Members (SetFound: found by mDNS, read from a fleet file), their
	// health checks are signed with the key of FleetToken (or Token), and
	// Serve runs them. FleetPeers alone implies it.
	InFleet    bool
	FleetPeers []string // http://HOST:PORT each

	// FleetToken is the token the server gives the other members of the
	// fleet when it asks them; empty means Token.
	FleetToken string

	// GossipPort, if not zero, is the port of the fleet's gossip on this
	// server's host, told in /healthz (fleet.HeaderGossip) to a member
	// that joins through this one.
	GossipPort int

	// HeardMember, if set, is told of the address (http://IP:PORT) of a
	// serve whose health check of this one proved the fleet key and named
	// the port it listens on (fleet.HeaderPort), at each such check: a
	// member, which this server's lists may not name.
	HeardMember func(addr string)

	// Heartbeat is how often a requester that asks for it (a slget peer
	// client) is sent "102 Processing" while its answer waits for fills,
	// each with the answer's progress (fetch.HeaderProgress); zero means
	// 1s.
	Heartbeat time.Duration

	// Peers, if set, reports the health of the fleet's other peers for
	// GET /status; nil means what the health checks of Fleet know (none
	// without a Fleet).
	Peers func() []PeerHealth
}

func (c Config) withDefaults() Config {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&c.Revalidate, 60*time.Second)
	def(&c.LockAge, 10*time.Second)
	def(&c.FillTimeout, 10*time.Minute)
	def(&c.WriteStall, 60*time.Second)
	def(&c.ShutdownGrace, 10*time.Second)
	def(&c.Heartbeat, time.Second)
	defInt := func(d *int, v int) {
		if *d <= 0 {
			*d = v
		}
	}
	defInt(&c.MaxRun, 8)
	defInt(&c.MaxFills, 16)
	defInt(&c.MaxConns, 1024)
	defInt(&c.MaxHeaderBytes, 32<<10)
	if c.ClientRate == 0 {
		c.ClientRate = 1000
	}
	if c.ClientBurst <= 0 {
		c.ClientBurst = max(int(c.ClientRate), 1)
	}
	if c.HotBytes == 0 {
		c.HotBytes = 64 << 20
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	if c.FleetToken == "" {
		c.FleetToken = c.Token
	}
	return c
}

// Gossip: a fleet member on memberlist, its configuration, and the
// fleet.View it gives a serve (Live, Status).

package gossip

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net"
	"net/url"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hashicorp/memberlist"

	"github.com/slget/slget/fleet"
)

// DefaultPort is the gossip's port, UDP and TCP, when Config.Bind or a
// seed names none: the port after memberlist's own 7946, so that a host
// that runs another memberlist program keeps it.
const DefaultPort = 7947

// label is on the outside of every packet and stream, and is authenticated
// data of their AES-GCM seal: gossip of another memberlist program, or of
// another version of this one, is refused before it is decrypted.
const label = "slget-fleet-v1"

// Config configures New. Key and ID are required.
type Config struct {
	// Key is the fleet key: the gossip is sealed with its GossipKey
	// (AES-256-GCM), and only members that hold it can join or read it.
	Key *fleet.Key
	// ID is the member's fleet ID (its X-Slget-Id), the name of its node.
	ID string
	// HTTPAddr is the address, http://HOST:PORT, at which the other members
	// reach this serve; it travels in the node's meta with slget's version.
	HTTPAddr string
	// Bind is the HOST:PORT of the gossip's UDP and TCP sockets; "" means
	// every address, port DefaultPort; port 0 picks a free port.
	Bind string
	// Advertise is the HOST:PORT the other members reach the gossip at; ""
	// means the bound one (for a wildcard bind, memberlist picks the
	// host's private address).
	Advertise string
	// Seeds are members to join (HOST:PORT, or HOST for DefaultPort). None
	// answering is no error: the first member of a fleet has no one to
	// join, and Join can be called again.
	Seeds []string
	// Logger takes the conflicts (as errors) and memberlist's own lines
	// (its errors as warnings, its warnings as information, the rest at
	// debug level); nil discards them.
	Logger *slog.Logger
	// ConflictHold is how long an ID two members claim stays set aside
	// after the last sign of the conflict; zero means 5 minutes.
	ConflictHold time.Duration
	// ReclaimTime is how long after a member died another address may
	// take its ID without a conflict; zero means 30 seconds.
	ReclaimTime time.Duration
	// Tune, if set, adjusts memberlist's configuration (DefaultLANConfig
	// with the settings above) before the member starts: for tests and
	// measurements. It cannot turn the encryption off.
	Tune func(*memberlist.Config)
	// Transport, if set, carries the gossip in place of UDP and TCP on
	// Bind (memberlist's MockNetwork, or a wrapper that counts bytes).
	Transport memberlist.Transport
}

// Errors of New.
var (
	ErrNoKey = errors.New("gossip: no fleet key: a fleet's gossip is sealed with the key of its token")
	ErrNoID  = errors.New("gossip: no member ID")
)

// Gossip is one member of a fleet's gossip. It is a fleet.View; its
// methods are safe for concurrent use.
type Gossip struct {
	cfg   Config
	log   *slog.Logger
	list  *memberlist.Memberlist
	bcast *memberlist.TransmitLimitedQueue
	now   func() time.Time

	members atomic.Int64 // joined less gone, for numMembers

	mu        sync.Mutex
	meta      []byte               // the node's meta (NodeMeta)
	gone      map[string]goneNode  // members that died or left, by ID
	seen      map[string]time.Time // when each live member was last heard: joined, or acked a probe
	conflicts map[string]*conflict // IDs two members claim
	down      bool                 // Shutdown was called
}

// goneNode is what is kept of a member that died or left, for Status.
type goneNode struct {
	addr string
	when time.Time
}

// goneKept is how long Status shows a member that is gone.
const goneKept = time.Hour

var _ fleet.View = (*Gossip)(nil)

// New starts a member of the fleet's gossip and joins the seeds.
func New(cfg Config) (*Gossip, error) {
	if cfg.Key == nil {
		return nil, ErrNoKey
	}
	if cfg.ID == "" {
		return nil, ErrNoID
	}
	cfg.ConflictHold = cmp.Or(cfg.ConflictHold, 5*time.Minute)
	cfg.ReclaimTime = cmp.Or(cfg.ReclaimTime, 30*time.Second)
	g := &Gossip{
		cfg: cfg, log: cfg.Logger, now: time.Now,
		gone: map[string]goneNode{}, conflicts: map[string]*conflict{}, seen: map[string]time.Time{},
	}
	if g.log == nil {
		g.log = slog.New(slog.DiscardHandler)
	}
	var err error
	if g.meta, err = encodeMeta(meta{HTTP: cfg.HTTPAddr, Version: versionString}); err != nil {
		return nil, err
	}
	mc, err := g.memberlistConfig()
	if err != nil {
		return nil, err
	}
	g.bcast = &memberlist.TransmitLimitedQueue{NumNodes: g.numMembers, RetransmitMult: mc.RetransmitMult}
	if g.list, err = memberlist.Create(mc); err != nil {
		return nil, fmt.Errorf("gossip: %w", err)
	}
	if err := g.fillHTTPHost(); err != nil {
		g.list.Shutdown()
		return nil, err
	}
	if len(cfg.Seeds) > 0 {
		if n, err := g.Join(cfg.Seeds); n == 0 {
			g.log.Info("gossip: no seed answered yet", "seeds", fmt.Sprint(cfg.Seeds), "err", err)
		}
	}
	return g, nil
}

// memberlistConfig is memberlist's LAN configuration with the member's
// name, addresses, delegates and key.
func (g *Gossip) memberlistConfig() (*memberlist.Config, error) {
	mc := memberlist.DefaultLANConfig()
	mc.Name = g.cfg.ID
	host, port, err := splitHostPort(cmp.Or(g.cfg.Bind, "0.0.0.0"))
	if err != nil {
		return nil, fmt.Errorf("gossip: bind address %q: %v", g.cfg.Bind, err)
	}
	mc.BindAddr, mc.BindPort = host, port
	mc.AdvertiseAddr, mc.AdvertisePort = "", port
	if g.cfg.Advertise != "" {
		if mc.AdvertiseAddr, mc.AdvertisePort, err = splitHostPort(g.cfg.Advertise); err != nil {
			return nil, fmt.Errorf("gossip: advertised address %q: %v", g.cfg.Advertise, err)
		}
	}
	d := delegate{g}
	mc.Delegate, mc.Events, mc.Conflict, mc.Ping = d, d, d, d
	mc.DeadNodeReclaimTime = g.cfg.ReclaimTime
	mc.Logger = log.New(logWriter{g.log}, "", 0)
	mc.Transport = g.cfg.Transport
	if g.cfg.Tune != nil {
		g.cfg.Tune(mc)
		mc.Name, mc.Delegate, mc.Events, mc.Conflict, mc.Ping = g.cfg.ID, d, d, d, d
	}
	// Sealed both ways, with the fleet's key alone: nothing unsealed is
	// sent, nothing unsealed is taken.
	mc.SecretKey, mc.Keyring = g.cfg.Key.GossipKey(), nil
	mc.GossipVerifyIncoming, mc.GossipVerifyOutgoing = true, true
	mc.Label, mc.SkipInboundLabelCheck = label, false
	return mc, nil
}

// fillHTTPHost puts the gossip's own address in an HTTP address that
// names every address (http://0.0.0.0:PORT, a serve that listens on all):
// the members reach the serve where they reach its gossip.
func (g *Gossip) fillHTTPHost() error {
	u, err := url.Parse(g.cfg.HTTPAddr)
	if err != nil || u.Hostname() == "" {
		return nil
	}
	if ip := net.ParseIP(u.Hostname()); ip == nil || !ip.IsUnspecified() {
		return nil
	}
	own := "http://" + net.JoinHostPort(g.list.LocalNode().Addr.String(), u.Port())
	b, err := encodeMeta(meta{HTTP: own, Version: versionString})
	if err != nil {
		return err
	}
	g.mu.Lock()
	g.meta = b
	g.mu.Unlock()
	return g.list.UpdateNode(time.Second) // no one to tell yet: at once
}

// splitHostPort reads HOST:PORT, or HOST alone for DefaultPort.
func splitHostPort(s string) (string, int, error) {
	host, p, err := net.SplitHostPort(s)
	if err != nil {
		return s, DefaultPort, nil
	}
	port, err := strconv.Atoi(p)
	if err != nil || port < 0 || port > 65535 {
		return "", 0, fmt.Errorf("bad port %q", p)
	}
	return host, port, nil
}

// withPort adds DefaultPort to a seed without one.
func withPort(seed string) string {
	if _, _, err := net.SplitHostPort(seed); err != nil {
		return net.JoinHostPort(seed, strconv.Itoa(DefaultPort))
	}
	return seed
}

// Join asks the seeds (HOST:PORT, or HOST for DefaultPort) for the fleet's
// state and returns how many answered; a seed that holds another key, or
// none, does not.
func (g *Gossip) Join(seeds []string) (int, error) {
	l := make([]string, 0, len(seeds))
	for _, s := range seeds {
		l = append(l, withPort(s))
	}
	return g.list.Join(l)
}

// Members lists the nodes the gossip knows as members (alive or
// suspected), this one included.
func (g *Gossip) Members() []*memberlist.Node { return g.list.Members() }

// LocalAddr is the gossip's own address, HOST:PORT, as the other members
// reach it.
func (g *Gossip) LocalAddr() string { return g.list.LocalNode().Address() }

// numMembers is how many members the gossip knows (by its joins and
// departures, so that it needs no lock of memberlist's): the
// retransmissions of a broadcast grow with its log.
func (g *Gossip) numMembers() int { return max(1, int(g.members.Load())) }

// Leave tells the other members this one leaves, waiting at most timeout
// for one to hear it; the member still answers until Shutdown.
func (g *Gossip) Leave(timeout time.Duration) error {
	g.mu.Lock()
	down := g.down
	g.mu.Unlock()
	if down {
		return errors.New("gossip: leave after shutdown")
	}
	return g.list.Leave(timeout)
}

// Shutdown stops the member without a word: to the others it has died
// (Leave first to leave cleanly).
func (g *Gossip) Shutdown() error {
	g.mu.Lock()
	g.down = true
	g.mu.Unlock()
	return g.list.Shutdown()
}

// Live lists the members alive by the gossip, by ID, leaving out those
// whose ID two members claim and those with no HTTP address.
func (g *Gossip) Live() []fleet.Member {
	nodes := g.list.Members()
	now := g.now()
	g.mu.Lock()
	defer g.mu.Unlock()
	out := make([]fleet.Member, 0, len(nodes))
	for _, n := range nodes {
		if g.conflictedLocked(n.Name, now) {
			continue
		}
		m, err := decodeMeta(n.Meta)
		if err != nil || m.HTTP == "" {
			continue
		}
		out = append(out, fleet.Member{Addr: m.HTTP, ID: n.Name})
	}
	slices.SortFunc(out, func(a, b fleet.Member) int { return cmp.Compare(a.ID, b.ID) })
	return out
}

// Status lists what the gossip knows of every member: those alive, those
// gone within the last hour, and every ID two members claim.
func (g *Gossip) Status() []fleet.Health {
	nodes := g.list.Members()
	now := g.now()
	g.mu.Lock()
	defer g.mu.Unlock()
	var out []fleet.Health
	shown := map[string]bool{}
	for _, n := range nodes {
		h := fleet.Health{ID: n.Name, Self: n.Name == g.cfg.ID, Healthy: true, State: "alive", LastSeen: g.seen[n.Name]}
		if h.Self {
			h.LastSeen = now
		}
		m, err := decodeMeta(n.Meta)
		switch {
		case err != nil:
			h.Addr, h.Healthy, h.Err = n.Address(), false, "gossip meta: "+err.Error()
		case m.HTTP == "":
			h.Addr, h.Healthy, h.Err = n.Address(), false, "no HTTP address in its gossip"
		default:
			h.Addr, h.Version = m.HTTP, m.Version
		}
		if c := g.conflictLocked(n.Name, now); c != nil {
			h.Healthy, h.State, h.Err, h.Claimed = false, "conflict", c.String(), true
		}
		shown[n.Name] = true
		out = append(out, h)
	}
	for id, c := range g.conflicts {
		if !shown[id] && now.Sub(c.seen) < g.cfg.ConflictHold {
			shown[id] = true
			out = append(out, fleet.Health{ID: id, Addr: c.addrs[0], State: "conflict", Err: c.String(), Claimed: true})
		}
	}
	for id, gn := range g.gone {
		if now.Sub(gn.when) > goneKept {
			delete(g.gone, id)
			continue
		}
		if !shown[id] {
			out = append(out, fleet.Health{ID: id, Addr: gn.addr, State: "gone", LastSeen: gn.when, Err: "dead or left, by the gossip"})
		}
	}
	slices.SortFunc(out, func(a, b fleet.Health) int { return cmp.Compare(a.ID, b.ID) })
	return out
}

// logWriter passes memberlist's log lines to a slog.Logger.
type logWriter struct{ log *slog.Logger }

func (w logWriter) Write(p []byte) (int, error) {
	line := string(p)
	for len(line) > 0 && (line[len(line)-1] == '\n' || line[len(line)-1] == '\r') {
		line = line[:len(line)-1]
	}
	level := slog.LevelDebug
	for prefix, l := range map[string]slog.Level{"[ERR] ": slog.LevelWarn, "[WARN] ": slog.LevelInfo} {
		if len(line) >= len(prefix) && line[:len(prefix)] == prefix {
			level, line = l, line[len(prefix):]
		}
	}
	w.log.Log(context.Background(), level, line)
	return len(p), nil
}

var _ io.Writer = logWriter{}

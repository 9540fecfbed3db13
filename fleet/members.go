// Members: the peers a client or a serve knows, given or discovered, and
// what is known of their health; the checks by GET /healthz are in
// healthcheck.go.

package fleet

import (
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// HeaderID is the header of a serve's /healthz answer that names it: a
// token chosen when its cache was made, the same through restarts. Owners
// are ranked by it, so hosts that reach one serve by different addresses
// still agree on what it owns.
const HeaderID = "X-Slget-Id"

// HeaderInstance is the header of a serve's /healthz answer that names the
// process: random at each start. One serve reached by two addresses gives
// one instance under its ID; two instances under one ID are two serves
// that claim it, and both are set aside.
const HeaderInstance = "X-Slget-Instance"

// HeaderGossip is the header of a serve's /healthz answer that gives the
// port of its fleet's gossip (on the host the answer came from), when it
// has one: a member joins the gossip through it.
const HeaderGossip = "X-Slget-Gossip"

// Member is one live peer.
type Member struct {
	Addr string // http://HOST:PORT, as given or found; "" for the serve itself when it is not listed
	ID   string // its HeaderID, or its address when it sends none
}

// Health is what the health checks know of one peer.
type Health struct {
	Addr     string    `json:"addr"`
	ID       string    `json:"id,omitempty"`
	Version  string    `json:"version,omitempty"` // slget's, as its /healthz says it
	Healthy  bool      `json:"healthy"`
	Self     bool      `json:"self,omitempty"`
	LastSeen time.Time `json:"last_seen,omitzero"`
	Err      string    `json:"error,omitempty"`
	// Unproven: it answers, but without the fleet key's MAC: a host that
	// announces itself as a member and is none.
	Unproven bool `json:"unproven,omitempty"`
	// State is the gossip's word for the member (alive, gone, conflict);
	// "" from health checks.
	State string `json:"state,omitempty"`
	// Claimed: two members answer with its ID; both are set aside (own
	// no runs) until one of them goes. Err says which.
	Claimed bool `json:"claimed,omitempty"`
	// Membership is the membership the member keeps when it is not this
	// serve's (see Mixed): MembershipGossip for a member in the fleet's
	// gossip seen by a serve that checks its members' health,
	// MembershipChecks for a member outside the gossip seen by a serve in
	// it. "" when it keeps the same as this serve, or is not known.
	Membership string `json:"membership,omitempty"`
}

// Options configure NewMembers. The zero value is usable.
type Options struct {
	// Timeout bounds one health check; zero means 1s. A peer on the LAN
	// that takes longer is as good as stopped.
	Timeout time.Duration
	// Interval is how often Run checks every peer; zero means 2s.
	Interval time.Duration
	// SelfID is a serve's own HeaderID: the member that answers with it
	// is this serve, always live, and a serve not in the list is added
	// as a live member with no address. Empty for a client.
	SelfID string
	// Client makes the checks; nil means a client of its own that uses no
	// proxy.
	Client *http.Client
	// Key is the fleet key: each check is signed with it, and a peer is
	// live only if its answer carries its MAC (a host that announces
	// itself but does not hold the key never is). Nil: checks go
	// unsigned, and any slget serve that answers is live.
	Key *Key
	// Keys are the keys of peers given with a token of their own
	// (http://slget:TOKEN@HOST:PORT), by address as Addr gives it; each
	// wins over Key for its peer.
	Keys map[string]*Key
	// Logger is told, as an error, of an ID two serves claim; nil
	// discards it.
	Logger *slog.Logger
	// Gossip: the serve keeps its membership by gossip, and these are the
	// members outside it (Mixed), each MembershipChecks. False: a member
	// whose /healthz names a gossip (HeaderGossip) is MembershipGossip.
	Gossip bool
}

// Members is a set of peers and their health, safe for concurrent use.
// Peers come from the list given to NewMembers and from discovery
// (SetFound); a peer is live once a check of its /healthz answered 200,
// and is no longer while checks fail.
type Members struct {
	o  Options
	hc *http.Client

	refresh sync.Mutex // held by Refresh
	checked time.Time  // when Refresh's last Check ended

	mu     sync.Mutex
	given  []string
	found  map[string][]string // discovered, by source
	state  map[string]*health  // by address
	clocks map[string]*Clock   // each peer's, as its proven answers tell it
	port   atomic.Int32        // SetPort's
	// claimed holds the IDs two serves claim, each with its report; made
	// when a Check ends, so that a check half done never shows one.
	claimed map[string]string
}

type health struct {
	id       string
	version  string
	unproven bool
	instance string // its HeaderInstance
	gossip   bool   // its /healthz names a gossip port
	fails    int    // checks failed in a row
	healthy  bool
	lastSeen time.Time
	err      string
}

// NewMembers returns the Members of the peers given (http://HOST:PORT
// each; duplicates are one peer).
func NewMembers(given []string, o Options) *Members {
	if o.Timeout <= 0 {
		o.Timeout = time.Second
	}
	if o.Interval <= 0 {
		o.Interval = 2 * time.Second
	}
	hc := o.Client
	if hc == nil {
		// A new connection per check: one kept open could hide a peer that
		// accepts no more, and would outlive its user.
		hc = &http.Client{Transport: &http.Transport{Proxy: nil, DisableKeepAlives: true}}
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	m := &Members{o: o, hc: hc, found: map[string][]string{}, state: map[string]*health{}, clocks: map[string]*Clock{}, claimed: map[string]string{}}
	m.given = dedup(given)
	return m
}

// SelfID is the ID of the serve these are the members of ("" for a
// client's).
func (m *Members) SelfID() string { return m.o.SelfID }

// SetFound replaces the peers that one discovery source (say "mdns")
// found.
func (m *Members) SetFound(source string, addrs []string) {
	m.mu.Lock()
	m.found[source] = dedup(addrs)
	m.mu.Unlock()
}

// Addrs lists every peer known, live or not, in order.
func (m *Members) Addrs() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.addrsLocked()
}

func (m *Members) addrsLocked() []string {
	all := slices.Clone(m.given)
	for _, l := range m.found {
		all = append(all, l...)
	}
	return dedup(all)
}

// Live lists the live members, one per ID, in the order of their
// addresses; a serve's own entry is always there.
func (m *Members) Live() []Member {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Member
	seen := map[string]bool{}
	self := false
	for _, a := range m.addrsLocked() {
		h := m.state[a]
		if h == nil {
			continue
		}
		isSelf := m.o.SelfID != "" && h.id == m.o.SelfID
		if (!h.healthy && !isSelf) || seen[h.id] || m.claimed[h.id] != "" {
			continue
		}
		seen[h.id] = true
		self = self || isSelf
		out = append(out, Member{Addr: a, ID: h.id})
	}
	if m.o.SelfID != "" && !self && m.claimed[m.o.SelfID] == "" {
		out = append(out, Member{ID: m.o.SelfID})
	}
	return out
}

// Status lists what the checks know of every peer known, and of a serve
// itself (Self) when no address in the list is its own.
func (m *Members) Status() []Health {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Health
	self := false
	for _, a := range m.addrsLocked() {
		h := Health{Addr: a, Err: "not checked yet"}
		if s := m.state[a]; s != nil {
			h = Health{Addr: a, ID: s.id, Version: s.version, Healthy: s.healthy, LastSeen: s.lastSeen, Err: s.err, Unproven: s.unproven}
			h.Membership = m.membership(s)
			h.Self = m.o.SelfID != "" && s.id == m.o.SelfID
			self = self || h.Self
			if c := m.claimed[s.id]; c != "" && s.healthy {
				h.Healthy, h.Err, h.Claimed = false, c, true
			}
		}
		out = append(out, h)
	}
	if m.o.SelfID != "" && !self {
		c := m.claimed[m.o.SelfID]
		out = append(out, Health{ID: m.o.SelfID, Healthy: c == "", Self: true, Err: c, Claimed: c != ""})
	}
	return out
}

// Down marks a peer not live until its next check answers: a user of the
// peer saw it fail (it stalled, or could not be reached).
func (m *Members) Down(addr, why string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if h := m.state[addr]; h != nil && h.id != m.o.SelfID {
		h.healthy, h.err = false, why
	}
}

// dedup returns l in its order without repeats or empty entries, each as
// Addr gives it.
func dedup(l []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range l {
		s = Addr(s)
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// Addr is a peer's address as Members keep it: http://HOST:PORT without a
// token (a token in an address is for proxy requests, and never shown).
func Addr(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.Index(s, "://"); i >= 0 {
		// A peer address has no '@' but the one after its token, which
		// may hold a raw '/', '?' or '#' that url.Parse would take for
		// the end of the host: the host is what follows the last one.
		if at := strings.LastIndex(s[i+3:], "@"); at >= 0 {
			s = s[:i+3] + s[i+3+at+1:]
		}
	}
	u, err := url.Parse(s)
	if err != nil || u.Host == "" {
		return strings.TrimSuffix(s, "/")
	}
	return u.Scheme + "://" + u.Host
}

// View is what a serve needs to know of its fleet: the live members, which
// own the runs, and what is known of every member, for its pages. Members
// is one; a gossip membership is another.
type View interface {
	Live() []Member
	Status() []Health
}

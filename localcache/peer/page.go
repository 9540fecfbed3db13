// GET /: the operator's page, the fleet as this server sees it: its
// members and their health, the share of runs each owns, and what this
// server filled through each and sent to each; in HTML for people, the
// same in JSON for programs (pageFormat chooses).

package peer

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/slget/slget/fleet"
	slgetversion "github.com/slget/slget/internal/version"
	"github.com/slget/slget/localcache"
)

// Page is the body of GET / in JSON, and what its HTML shows.
type Page struct {
	ID      string    `json:"id"`               // this server's, in its fleet
	Version string    `json:"version"`          // slget's
	Listen  string    `json:"listen,omitempty"` // the address Serve listens on, if it does
	Started time.Time `json:"started"`
	Now     time.Time `json:"now"`

	Slices        SliceCounts  `json:"slices"`
	Bytes         ByteCounts   `json:"bytes"`
	FillsInFlight int          `json:"fills_in_flight"` // fills reading from an origin or an owner now
	Fills         []FillStatus `json:"fills"`           // the runs claimed by fills, running or waiting for their turn, oldest first; at most maxPageFills
	FillsMore     int          `json:"fills_more"`      // runs claimed past those listed
	Store         StoreStatus  `json:"store"`
	Versions      int          `json:"versions"` // versions of resources the cache holds slices of

	// Members are the fleet's members as this server's view of the fleet
	// knows them (health checks or gossip), this server among them; it
	// alone without a fleet.
	Members []MemberPage `json:"members"`
	// Membership is how this server keeps its fleet's membership
	// (fleet.MembershipGossip or fleet.MembershipChecks), "" without a
	// fleet; Mixed, that some members keep it otherwise (their
	// Membership says how).
	Membership string `json:"membership,omitempty"`
	Mixed      bool   `json:"mixed,omitempty"`
	// Others is what this server sent to addresses that are no member's.
	Others AskerPage `json:"others"`
	// RankedRuns is how many runs of the cached versions the members'
	// CachedShare is counted over (a sample of a large cache).
	RankedRuns int64 `json:"ranked_runs"`
}

// SliceCounts are the slices sent since the server started, by where
// they were when asked for.
type SliceCounts struct {
	Hits    int64   `json:"hits"`     // in the cache
	Misses  int64   `json:"misses"`   // brought by a fill of the request's own
	Waits   int64   `json:"waits"`    // brought by a fill another request started
	HitRate float64 `json:"hit_rate"` // hits over all three; 0 when none
}

// ByteCounts are body bytes since the server started.
type ByteCounts struct {
	Sent       int64 `json:"sent"`        // to requesters
	FromOrigin int64 `json:"from_origin"` // read from origins
	FromFleet  int64 `json:"from_fleet"`  // filled from the members that own them
}

// MemberPage is one member of the fleet on the page.
type MemberPage struct {
	ID       string    `json:"id"`
	Addr     string    `json:"addr"` // http://HOST:PORT; this server's: where it listens
	Self     bool      `json:"self,omitempty"`
	Live     bool      `json:"live"` // among the owners of runs now
	Healthy  bool      `json:"healthy"`
	LastSeen time.Time `json:"last_seen,omitzero"` // its last good health check
	Version  string    `json:"version,omitempty"`  // as it says; "" when unknown
	Err      string    `json:"error,omitempty"`
	// Unproven: it answers, but without the fleet key's MAC: no member.
	Unproven bool `json:"unproven,omitempty"`
	// Claimed: another member answers with its ID too; both own nothing.
	Claimed bool `json:"claimed,omitempty"`
	// Membership is how it keeps the fleet's membership when that is not
	// how this server does (fleet.Health.Membership).
	Membership string `json:"membership,omitempty"`

	// ExpectedShare is the share of all runs it owns, as the fleet's
	// ownership spreads them over the live members: 1/live, 0 when not live.
	ExpectedShare float64 `json:"expected_share"`
	// CachedShare is the share it owns, among the live members, of the
	// runs of the versions this server's cache holds slices of.
	CachedShare float64 `json:"cached_share"`

	// What this server counted since it started. Filled: runs of slices
	// it filled through this member as their owner (through itself: from
	// the origin), the share of all runs it filled, the runs the owner
	// failed (then filled from the origin) and the bytes the member sent.
	FilledRuns     int64   `json:"filled_runs"`
	FilledShare    float64 `json:"filled_share"`
	FilledFailures int64   `json:"filled_failures"`
	ReceivedBytes  int64   `json:"received_bytes"`
	// Asked: what the member's host asked of this server (its serve's
	// relays and its clients' requests, by address).
	Asked AskerPage `json:"asked"`
}

// AskerPage is what requesters from some addresses asked and were sent.
type AskerPage struct {
	Requests int64 `json:"requests"` // proxy requests answered
	Relayed  int64 `json:"relayed"`  // of them, relayed by a serve of the fleet
	Bytes    int64 `json:"bytes"`    // body bytes sent
}

func (a *AskerPage) add(c askerCount) {
	a.Requests += c.Requests
	a.Relayed += c.Relayed
	a.Bytes += c.Bytes
}

const (
	// maxPageFills bounds the fills the page lists.
	maxPageFills = 100
	// maxRankedRuns bounds the runs the page ranks for CachedShare, and
	// maxRankings the rankings of a member for a run: beyond, a sample of
	// the cache, and a page that answers in time (25,000 runs of 4 members
	// take about 40 ms).
	maxRankedRuns = 25_000
	maxRankings   = 1_000_000
	// resolveWait bounds the lookup of members named by host name, to
	// tell which requests came from them.
	resolveWait = 500 * time.Millisecond
)

// serveFleetPage answers GET / and HEAD / (pageAllowed checked the
// token). The body is written for HEAD too: net/http drops it, and a
// proven request's page buffer sums it.
func (s *Server) serveFleetPage(w http.ResponseWriter, r *http.Request) {
	asJSON, err := pageFormat(r)
	if err != nil {
		s.fail(w, http.StatusBadRequest, err.Error())
		return
	}
	pg, err := s.page(r.Context())
	if err != nil {
		s.fail(w, http.StatusInternalServerError, "cannot read the cache's index: "+err.Error())
		return
	}
	var b bytes.Buffer
	h := w.Header()
	if asJSON {
		enc := json.NewEncoder(&b)
		enc.SetIndent("", "  ")
		err = enc.Encode(pg)
		h.Set("Content-Type", "application/json")
	} else {
		err = s.pageTemplate().Execute(&b, pg)
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Set("Content-Security-Policy", pageCSP)
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "no-referrer")
	}
	if err != nil {
		s.fail(w, http.StatusInternalServerError, "cannot write the page: "+err.Error())
		return
	}
	h.Set("Vary", "Accept")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Length", strconv.Itoa(b.Len()))
	w.WriteHeader(http.StatusOK)
	w.Write(b.Bytes())
}

// page gathers the Page now.
func (s *Server) page(ctx context.Context) (Page, error) {
	entries, err := s.store.List()
	if err != nil {
		return Page{}, err
	}
	totals := s.store.Stats()
	pg := Page{
		ID: s.cfg.ID, Version: slgetversion.Version, Started: s.started.UTC(), Now: s.now().UTC(),
		Store: StoreStatus{Dir: s.store.Dir(), SliceSize: s.sliceSize, Slices: totals.Slices, StoredBytes: totals.StoredBytes,
			MaxBytes: s.store.MaxSize(), Damaged: totals.Damaged},
		Versions: len(entries),
	}
	if a := s.listen.Load(); a != nil {
		pg.Listen = *a
	}
	m := s.metrics.values()
	pg.Slices = SliceCounts{Hits: int64(m["slget_serve_slice_hits_total"]), Misses: int64(m["slget_serve_slice_misses_total"]),
		Waits: int64(m["slget_serve_slice_waits_total"])}
	if n := pg.Slices.Hits + pg.Slices.Misses + pg.Slices.Waits; n > 0 {
		pg.Slices.HitRate = float64(pg.Slices.Hits) / float64(n)
	}
	pg.Bytes = ByteCounts{Sent: int64(m["slget_serve_sent_bytes_total"]), FromOrigin: int64(m["slget_serve_origin_bytes_total"]),
		FromFleet: int64(m["slget_serve_fleet_bytes_total"])}
	pg.FillsInFlight = int(m["slget_serve_fills_in_flight"])
	pg.Fills = s.fillsNow()
	if n := len(pg.Fills); n > maxPageFills {
		pg.Fills, pg.FillsMore = pg.Fills[:maxPageFills], n-maxPageFills
	}
	pg.Members = s.pageMembers()
	pg.Membership, pg.Mixed = s.membership(), slices.ContainsFunc(pg.Members, func(m MemberPage) bool { return m.Membership != "" })
	pg.RankedRuns = s.cachedShares(pg.Members, entries)
	s.pageTraffic(ctx, &pg)
	return pg, nil
}

// pageMembers lists the fleet's members, this server's entry with the
// address it listens on when the fleet has none for it, and the share of
// runs each live one is expected to own.
func (s *Server) pageMembers() []MemberPage {
	self := ""
	if a := s.listen.Load(); a != nil {
		self = "http://" + *a
	}
	if s.cfg.Fleet == nil {
		return []MemberPage{{ID: s.cfg.ID, Addr: self, Self: true, Live: true, Healthy: true, Version: slgetversion.Version,
			ExpectedShare: 1}}
	}
	live := map[string]bool{}
	for _, m := range s.cfg.Fleet.Live() {
		live[m.ID] = true
	}
	var out []MemberPage
	status := s.cfg.Fleet.Status()
	if !slices.ContainsFunc(status, func(h fleet.Health) bool { return h.Self }) {
		// A view that leaves this server out (a gossip membership may)
		// still has it in the fleet.
		status = append(status, fleet.Health{ID: s.cfg.ID, Healthy: true, Self: true})
	}
	for _, h := range status {
		mp := MemberPage{ID: h.ID, Addr: h.Addr, Self: h.Self, Live: h.ID != "" && live[h.ID], Healthy: h.Healthy,
			LastSeen: h.LastSeen.UTC(), Version: h.Version, Err: h.Err, Unproven: h.Unproven, Claimed: h.Claimed,
			Membership: h.Membership}
		if mp.Self {
			mp.Version = slgetversion.Version
			if mp.Addr == "" {
				mp.Addr = self
			}
		}
		if mp.Live {
			mp.ExpectedShare = 1 / float64(len(live))
		}
		out = append(out, mp)
	}
	return out
}

// cachedShares sets the CachedShare of each live member: the share of the
// runs of the cached versions (at most maxRankedRuns of them, fewer for
// many members, in the index's order) that the fleet's ownership gives it. It returns how many
// runs it ranked.
func (s *Server) cachedShares(members []MemberPage, entries []localcache.Entry) int64 {
	var ids []string
	for _, m := range members {
		if m.Live && !slices.Contains(ids, m.ID) {
			ids = append(ids, m.ID)
		}
	}
	if len(ids) == 0 {
		return 0
	}
	owned := map[string]int64{}
	var ranked int64
	most := int64(min(maxRankedRuns, maxRankings/len(ids)))
	for _, e := range entries {
		etag, size := splitValidator(e.Validator)
		if size <= 0 {
			continue
		}
		f := fleet.File{URL: e.URL, ETag: etag, Size: size, Slice: s.sliceSize}
		own := s.ranks.get(f, ids)
		for run := int64(0); run < f.Runs() && ranked < most; run++ {
			owned[own.Owner(run)]++
			ranked++
		}
	}
	if ranked > 0 {
		for i := range members {
			if members[i].Live {
				members[i].CachedShare = float64(owned[members[i].ID]) / float64(ranked)
			}
		}
	}
	return ranked
}

// pageTraffic gives each member what this server filled through it (by
// its address; this server's own: from origins) and what its host asked
// (by the IPs of its address, loopback for this server's), and Others
// the rest.
func (s *Server) pageTraffic(ctx context.Context, pg *Page) {
	owners, askers, overflow := s.traffic.snapshot()
	var filled int64
	for _, c := range owners {
		filled += c.Runs
	}
	for i := range pg.Members {
		m := &pg.Members[i]
		key := m.Addr
		if m.Self {
			key = "" // owner() never names this server: it fills from the origin
		}
		if c, ok := owners[key]; ok && (key != "" || m.Self) {
			m.FilledRuns, m.FilledFailures, m.ReceivedBytes = c.Runs, c.Failures, c.Bytes
			if filled > 0 {
				m.FilledShare = float64(c.Runs) / float64(filled)
			}
		}
	}
	// An IP that two members share (serves on one host) counts for this
	// server first, then for a live member, then for the first listed.
	ips := s.memberIPs(ctx, pg.Members)
	counted := map[netip.Addr]bool{}
	for _, first := range []func(MemberPage) bool{
		func(m MemberPage) bool { return m.Self },
		func(m MemberPage) bool { return m.Live },
		func(MemberPage) bool { return true },
	} {
		for i := range pg.Members {
			m := &pg.Members[i]
			if !first(*m) {
				continue
			}
			for _, ip := range ips[i] {
				if c, ok := askers[ip]; ok && !counted[ip] {
					counted[ip] = true
					m.Asked.add(c)
				}
			}
		}
	}
	for ip, c := range askers {
		if !counted[ip] {
			pg.Others.add(c)
		}
	}
	pg.Others.add(overflow)
}

// memberIPs lists, for each member, the IPs its requests come from: its
// address's, looked up (within resolveWait) when it is a name; for this
// server, loopback's and the IP it listens on.
func (s *Server) memberIPs(ctx context.Context, members []MemberPage) [][]netip.Addr {
	out := make([][]netip.Addr, len(members))
	ctx, cancel := context.WithTimeout(ctx, resolveWait)
	defer cancel()
	var wg sync.WaitGroup
	for i, m := range members {
		if m.Self {
			out[i] = append(out[i], netip.AddrFrom4([4]byte{127, 0, 0, 1}), netip.IPv6Loopback())
		}
		u, err := url.Parse(m.Addr)
		if err != nil || u.Hostname() == "" {
			continue
		}
		if ip, err := netip.ParseAddr(u.Hostname()); err == nil {
			out[i] = append(out[i], ip.Unmap())
			continue
		}
		wg.Go(func() {
			found, _ := net.DefaultResolver.LookupNetIP(ctx, "ip", u.Hostname())
			for _, ip := range found {
				out[i] = append(out[i], ip.Unmap())
			}
		})
	}
	wg.Wait()
	return out
}

// The server as a member of a fleet: the runs it owns are filled from the
// origin, the others from their owner (the origin only when the owner
// fails); a relayed request is never passed on; only-if-cached; and the
// 102s that tell a waiting requester the fill is under way.

package peer

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fleet"
	"github.com/slget/slget/segment"
)

// ownerPeers keeps one fetch.Peer (its connections) per fleet member.
type ownerPeers struct {
	mu    sync.Mutex
	peers map[string]*fetch.Peer
}

func (o *ownerPeers) get(addr, token string) (*fetch.Peer, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if p := o.peers[addr]; p != nil {
		return p, nil
	}
	p, err := fetch.NewPeer(addr, fetch.PeerOptions{ConnectTimeout: 2 * time.Second, Timeout: 10 * time.Second, Token: token,
		Proofs: func(t string) fetch.PeerProof { return fleet.NewKey(t).Prover() }})
	if err != nil {
		return nil, err
	}
	if o.peers == nil {
		o.peers = map[string]*fetch.Peer{}
	}
	o.peers[addr] = p
	return p, nil
}

func (o *ownerPeers) closeIdle() {
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, p := range o.peers {
		p.CloseIdle()
	}
}

// runEnd is where a fill that starts at slice i must stop at the latest:
// the end of i's ownership run in a fleet, so that one owner fills it.
func (s *Server) runEnd(i int64) int64 {
	if s.cfg.Fleet == nil {
		return i + int64(s.cfg.MaxRun)
	}
	return min(fleet.RunEnd(i), i+int64(s.cfg.MaxRun))
}

// owner returns the address of the live member that owns slice i of v,
// or "" when this server is to fill it from the origin: it owns it, there
// is no fleet, or the request was relayed to it.
func (s *Server) owner(v *version, i int64, relayed bool) string {
	if s.cfg.Fleet == nil || relayed {
		return ""
	}
	live := s.cfg.Fleet.Live()
	o := s.ownersOf(v, live).Owner(fleet.Run(i))
	for _, m := range live {
		if m.ID == o && o != s.cfg.ID {
			return m.Addr
		}
	}
	return ""
}

// ownersOf is who owns the runs of v among the live members.
func (s *Server) ownersOf(v *version, live []fleet.Member) *fleet.Owners {
	ids := make([]string, len(live))
	for k, m := range live {
		ids[k] = m.ID
	}
	return s.ranks.get(fleet.File{URL: v.url, ETag: v.etag, Size: v.size, Slice: s.sliceSize}, ids)
}

// ownersCache keeps the fleet.Owners of recent versions, each for the
// live members it was made for: working out a version's owners costs a
// hash per run and member, and the members seldom change.
type ownersCache struct {
	mu sync.Mutex
	m  map[fleet.File]*fleet.Owners
}

// maxOwnersKept bounds the versions whose owners are kept.
const maxOwnersKept = 64

func (c *ownersCache) get(f fleet.File, ids []string) *fleet.Owners {
	c.mu.Lock()
	defer c.mu.Unlock()
	if o := c.m[f]; o != nil && o.For(ids) {
		return o
	}
	if c.m == nil || len(c.m) >= maxOwnersKept {
		c.m = map[fleet.File]*fleet.Owners{}
	}
	o := fleet.Own(f, ids)
	c.m[f] = o
	return o
}

// maxHolders is how many members a filling owner asks for a run they
// hold before the origin: the ones ranked next after it, of which the
// run's previous owner is most often one after a member joined.
const maxHolders = 2

// holders lists the addresses of the live members, this server and the
// run's owner left out, that rank next for slice i of v: after a member
// joins, the run's previous owner is most often the first of them.
func (s *Server) holders(v *version, i int64) []string {
	if s.cfg.Fleet == nil {
		return nil
	}
	live := s.cfg.Fleet.Live()
	addr := map[string]string{}
	for _, m := range live {
		addr[m.ID] = m.Addr
	}
	var out []string
	for k, id := range s.ownersOf(v, live).Rank(fleet.Run(i)) {
		if k == 0 || id == s.cfg.ID || addr[id] == "" {
			continue // the owner fills; this server has not got it
		}
		if out = append(out, addr[id]); len(out) == maxHolders {
			break
		}
	}
	return out
}

// fromHolders fills what is left of r from the members that may hold it
// (holders), asking each for its cached slices only: a member that joined
// in front of them costs the origin nothing for the runs they filled. It
// fails when none held the rest of the run.
func (s *Server) fromHolders(ctx context.Context, r *run, rng segment.Range, progress func(int64)) error {
	err := errNoHolder
	for _, addr := range s.holders(r.v, r.first) {
		src, serr := s.ownerSource(r.v, addr, progress)
		if serr != nil {
			continue
		}
		src.OnlyIfCached, src.Held = true, true
		rng.Start = r.next * s.sliceSize
		from := r.next
		err = s.readRun(ctx, r, src, rng, progress, fromPeer)
		if n := s.runBytes(r, from); n > 0 {
			s.traffic.filled(addr, false, n)
		}
		if err == nil {
			s.log.Info("filled from a member that held the slices", "member", addr, "url", fetch.Redact(r.v.url), "range", rng.Header())
			return nil
		}
		if r.ctx.Err() != nil {
			return err
		}
	}
	return err
}

// errNoHolder: no other member held the run.
var errNoHolder = errors.New("no other member holds the slices")

// ownerSource is the Source of a run filled from its owner at addr.
func (s *Server) ownerSource(v *version, addr string, progress func(int64)) (*fetch.PeerSource, error) {
	p, err := s.owners.get(addr, s.cfg.FleetToken)
	if err != nil {
		return nil, err
	}
	plan, err := segment.NewPlan(v.size, s.sliceSize)
	if err != nil {
		return nil, err
	}
	return &fetch.PeerSource{
		Peer: p, Target: v.url, Plan: plan, Relay: true, OnWait: func() { progress(1) },
		Validator: fetch.Validator{Size: v.size, ETag: v.etag, LastModified: v.lastMod},
	}, nil
}

// onlyIfCached reports whether a request asks for cached bytes alone
// (RFC 9111, 5.2.1.7): a miss is then answered 504, and nothing filled.
func onlyIfCached(r *http.Request) bool {
	for _, v := range r.Header.Values("Cache-Control") {
		for _, d := range strings.Split(v, ",") {
			if strings.EqualFold(strings.TrimSpace(d), "only-if-cached") {
				return true
			}
		}
	}
	return false
}

// cachedWhole reports whether every slice of [start, end) of v is in the
// store.
func (s *Server) cachedWhole(v *version, start, end int64) bool {
	if end <= start {
		return true
	}
	i0, i1 := start/s.sliceSize, (end-1)/s.sliceSize
	for i := i0; i <= i1; i += maxCRCSlices {
		n := min(i1+1, i+maxCRCSlices)
		if int64(len(s.store.StatRun(v.vk, i, n))) != n-i {
			return false
		}
	}
	return true
}

// heartbeat returns w, or, when the requester asked for it
// (fetch.HeaderWait), a writer that sends "102 Processing" every
// Config.Heartbeat until the answer begins: the answer may wait for a
// probe of the origin and for fills queued behind others, and the
// requester is to know that this peer is working, not stalled. Each 102
// carries the request's progress (fetch.HeaderProgress, see
// runProgress), so that a requester can tell work from a fill that does
// not move. The handler's headers are kept apart until then (a 102 is
// written with the header map, which the handler fills meanwhile). end
// stops the 102s; it is safe to call more than once.
func (s *Server) heartbeat(w http.ResponseWriter, r *http.Request) (_ http.ResponseWriter, end func()) {
	if r.Header.Get(fetch.HeaderWait) == "" || r.ProtoMajor != 1 || r.ProtoMinor < 1 {
		return w, func() {}
	}
	me := askerOf(r.Context())
	done := make(chan struct{})
	exited := make(chan struct{})
	go func() {
		defer close(exited)
		t := time.NewTicker(s.cfg.Heartbeat)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-r.Context().Done():
				return
			case <-t.C:
				w.Header().Set(fetch.HeaderProgress, strconv.FormatInt(s.waitProgress(me), 10))
				w.WriteHeader(http.StatusProcessing)
			}
		}
	}()
	b := &beatWriter{ResponseWriter: w, h: make(http.Header)}
	b.stop = func() {
		close(done)
		<-exited
	}
	return b, b.begin
}

// beatWriter is the ResponseWriter of an answer that sends 102s until it
// begins.
type beatWriter struct {
	http.ResponseWriter
	h     http.Header // the handler's, copied out when the answer begins
	stop  func()
	begun sync.Once
}

func (b *beatWriter) Header() http.Header { return b.h }

// begin stops the 102s and hands the handler's headers on.
func (b *beatWriter) begin() {
	b.begun.Do(func() {
		b.stop()
		dst := b.ResponseWriter.Header()
		dst.Del(fetch.HeaderProgress) // the 102s', not the answer's
		for k, v := range b.h {
			dst[k] = v
		}
	})
}

func (b *beatWriter) WriteHeader(code int) {
	b.begin()
	b.ResponseWriter.WriteHeader(code)
}

func (b *beatWriter) Write(p []byte) (int, error) {
	b.begin()
	return b.ResponseWriter.Write(p)
}

// ReadFrom keeps sendfile: net/http's ReadFrom, through the recorder.
func (b *beatWriter) ReadFrom(src io.Reader) (int64, error) {
	b.begin()
	if rf, ok := b.ResponseWriter.(io.ReaderFrom); ok {
		return rf.ReadFrom(src)
	}
	return io.Copy(struct{ io.Writer }{b.ResponseWriter}, src)
}

// Unwrap lets http.ResponseController reach the connection's deadlines.
func (b *beatWriter) Unwrap() http.ResponseWriter { return b.ResponseWriter }

// fleetState is the JSON of GET /fleet: this server's ID, how it keeps
// its fleet's membership, whether some members keep it otherwise (each
// one's Membership says how), and what its view knows of each member.
type fleetState struct {
	ID         string         `json:"id"`
	Membership string         `json:"membership,omitempty"`
	Mixed      bool           `json:"mixed,omitempty"`
	Members    []fleet.Health `json:"members"`
}

// membership is how this server keeps its fleet's membership, "" without
// a fleet.
func (s *Server) membership() string {
	switch {
	case s.cfg.Fleet == nil:
		return ""
	case s.cfg.GossipPort != 0:
		return fleet.MembershipGossip
	}
	return fleet.MembershipChecks
}

// serveFleet answers GET /fleet. This server's own entry, when the
// fleet's list does not name it, has the address it listens on.
func (s *Server) serveFleet(w http.ResponseWriter) {
	st := fleetState{ID: s.cfg.ID, Membership: s.membership(), Members: []fleet.Health{}}
	if s.cfg.Fleet != nil {
		st.Members = s.cfg.Fleet.Status()
	}
	st.Mixed = slices.ContainsFunc(st.Members, func(h fleet.Health) bool { return h.Membership != "" })
	if a := s.listen.Load(); a != nil {
		for i := range st.Members {
			if st.Members[i].Self && st.Members[i].Addr == "" {
				st.Members[i].Addr = "http://" + *a
			}
		}
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(st)
}

// heard tells Config.HeardMember of the serve whose proven health check r
// is, at the check's address and the port it names (fleet.HeaderPort).
// An unproven check names nothing: only a member is checked back.
func (s *Server) heard(r *http.Request) {
	if s.cfg.HeardMember == nil || !proven(r) {
		return
	}
	port, err := strconv.Atoi(r.Header.Get(fleet.HeaderPort))
	if err != nil || port < 1 || port > 65535 {
		return
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return
	}
	s.cfg.HeardMember("http://" + net.JoinHostPort(host, strconv.Itoa(port)))
}

// Peers of a Client: the addresses parsed once, their connections and
// health, and the Chain of peers and origin that one download reads from,
// each run of slices asked first of the peer that owns it among the live
// members, a membership that follows joins, deaths and restarts while the
// download runs.

package slget

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fleet"
	"github.com/slget/slget/internal/every"
)

// peerCheckAge is how old the health of the peers may be when a download
// starts: older, and every peer's /healthz is asked again (at once, for
// about a second at most). While it runs, they are checked this often.
const peerCheckAge = 2 * time.Second

// setUpPeers parses the Client's Peers, once, and sets up what a download
// learns of its peers from: its own checks of them, or its serve's.
func (c *Client) setUpPeers() error {
	c.peersOnce.Do(func() {
		c.peerByAddr = map[string]*fetch.Peer{}
		var addrs []string
		keys := map[string]*fleet.Key{}
		for _, s := range c.Peers {
			p, err := fetch.NewPeer(s, c.PeerOptions.fetch())
			if err != nil {
				c.peersErr = err
				return
			}
			if a := p.String(); c.peerByAddr[a] == nil {
				c.peerByAddr[a] = p
				addrs, keys[a] = append(addrs, a), keyOf(p)
			}
		}
		// Each check is signed with the peer's key, as its requests are:
		// a host that announces itself as a peer without the fleet's token
		// never counts as live. Peers found later are signed with the
		// fleet's key (PeerOptions).
		key := fleet.NewKey(c.PeerOptions.Token)
		if c.FleetOf != "" {
			// The Client's own serve says who the members are, and how
			// they are: one request every 2s instead of one per member.
			c.members = fleet.NewRemote(c.FleetOf, key)
			return
		}
		if key == nil {
			// The token only in a given peer's address: that serve's
			// fleet is signed with its key, and so are the members it
			// names (a MAC for each request, never the token).
			for _, a := range addrs {
				if key = keys[a]; key != nil {
					break
				}
			}
			c.learnKey = key
		}
		c.members = newLearning(addrs, keys, key)
	})
	return c.peersErr
}

// keyOf is the fleet key p's requests are signed with; nil for none.
func keyOf(p *fetch.Peer) *fleet.Key {
	if pr, ok := p.Proof().(*fleet.Prover); ok {
		return pr.Key()
	}
	return nil
}

// peerProof is the fleet's PeerProof of token, for fetch's peers: the
// HTTP side signs and checks through it without knowing the fleet.
func peerProof(token string) fetch.PeerProof { return fleet.NewKey(token).Prover() }

// peerAt returns the Peer at addr (http://HOST:PORT), made the first time
// it is asked for: a member found after the Client's first download.
func (c *Client) peerAt(addr string) *fetch.Peer {
	c.peerMu.Lock()
	defer c.peerMu.Unlock()
	if p := c.peerByAddr[addr]; p != nil {
		return p
	}
	opts := c.PeerOptions.fetch()
	if opts.Token == "" && c.learnKey != nil {
		opts.Proof = c.learnKey.Prover()
	}
	p, err := fetch.NewPeer(addr, opts)
	if err != nil {
		return nil
	}
	c.peerByAddr[addr] = p
	return p
}

// membership is what a download knows of its peers: the Client's own
// checks of them (fleet.Members), or its serve's (fleet.Remote).
type membership interface {
	Refresh(ctx context.Context, maxAge time.Duration)
	Live() []fleet.Member
	Status() []fleet.Health
}

// findPeers gives the members the peers MorePeers finds now.
func (c *Client) findPeers() {
	if m, ok := c.members.(*learning); ok && c.MorePeers != nil {
		m.SetFound("more", c.MorePeers())
	}
}

// usesPeers reports whether a download of c may use peers.
func (c *Client) usesPeers() bool { return len(c.Peers) > 0 || c.MorePeers != nil || c.FleetOf != "" }

// owners is the live membership a download ranks the owners of its runs
// among: who owns each run of the file (as every serve of the fleet names
// them) and the members' peers' indices in its Chain.
type owners struct {
	file  fleet.File
	mu    sync.Mutex
	table *fleet.Owners
	rest  *fleet.Owners // among all, those in reserve too; nil for none
	index map[string]int
}

// set ranks the owners among ids, then among ids and reserve (members
// learned from a serve, asked after the others); among reserve alone
// when ids is empty.
func (o *owners) set(ids, reserve []string, index map[string]int) {
	if len(ids) == 0 {
		ids, reserve = reserve, nil
	}
	t := fleet.Own(o.file, ids)
	var rest *fleet.Owners
	if len(reserve) > 0 {
		rest = fleet.Own(o.file, append(slices.Clone(ids), reserve...))
	}
	o.mu.Lock()
	o.table, o.rest, o.index = t, rest, index
	o.mu.Unlock()
}

func (o *owners) get() (table, rest *fleet.Owners, index map[string]int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.table, o.rest, o.index
}

// chain returns the Source of a download from the Client's live peers
// before origin, or nil when it has none or cannot use them. Each run of
// slices (fleet.RunSlices) is asked first of the live peer that owns it
// among the peers' fleet IDs (fleet.Owners), as every serve of the fleet
// names it, then of the others in their order, then of the origin.
func (d *download) chain(ctx context.Context, origin *fetch.Origin) (*fetch.Chain, *owners, error) {
	if err := d.c.setUpPeers(); err != nil {
		return nil, nil, &RequestError{Err: err}
	}
	if !d.c.usesPeers() {
		return nil, nil, nil
	}
	d.c.findPeers()
	d.c.members.Refresh(ctx, peerCheckAge)
	var reach []fleet.Health
	for _, h := range d.c.members.Status() {
		if h.Unproven {
			d.warn("peer %s: %s: it is not a member of this fleet; not asking it for anything", h.Addr, h.Err)
			continue
		}
		reach = append(reach, h)
	}
	// One line for many peers down, and nothing again until that changes.
	for _, l := range d.c.down.Report(time.Now(), reach) {
		d.warn("%s", l)
	}
	ch := fetch.NewChain(origin, nil, d.plan, func(s string) { d.warn("%s", s) })
	v, plan := origin.Validator, d.plan
	own := &owners{file: fleet.File{URL: origin.URL, ETag: v.ETag, Size: v.Size, Slice: plan.Slice}}
	d.takeLive(ch, own, origin)
	ch.SetOwners(func(start int64) ([]int, int64) {
		i := int64(plan.Index(start))
		return own.order(fleet.Run(i)), min(fleet.RunEnd(i)*plan.Slice, plan.Size)
	})
	return ch, own, nil
}

// takeLive puts the live members into ch (a new member, or one back after
// a restart) and ranks the owners of runs among them; it returns the
// addresses taken in that were not in ch before, or were out.
func (d *download) takeLive(ch *fetch.Chain, own *owners, origin *fetch.Origin) (back []string) {
	var ids, reserve []string
	index := map[string]int{}
	l, _ := d.c.members.(*learning)
	for _, m := range d.c.members.Live() {
		if m.Addr == "" {
			continue
		}
		j, in := ch.Index(m.Addr)
		if !in {
			p := d.c.peerAt(m.Addr)
			if p == nil {
				continue
			}
			s, err := fetch.NewPeerSource(p, origin, d.plan)
			if err != nil {
				continue
			}
			if j, in = ch.Add(s); !in {
				continue // dropped for what it sent: never again in this download
			}
			back = append(back, m.Addr)
		}
		if _, dup := index[m.ID]; dup {
			continue
		}
		index[m.ID] = j
		if l != nil && l.Learned(m.Addr) {
			reserve = append(reserve, m.ID)
		} else {
			ids = append(ids, m.ID)
		}
	}
	own.set(ids, reserve, index)
	return back
}

// watchPeers checks the health of the peers every peerCheckAge while a
// download runs. It takes out of its Chain a peer that no longer answers
// (two missed checks, or a refused connection): the requests to it under
// way end at once, and their slices go to the next owner. A SIGSTOPped
// serve takes connections and answers nothing, so without this its slices
// would wait for the stall timeout. And it takes in the members that
// joined (MorePeers) or answer again after a restart, so that runs are
// owned as the fleet's serves rank them. It returns a function that ends
// the checks and waits for them.
func (d *download) watchPeers(ctx context.Context, ch *fetch.Chain, own *owners, origin *fetch.Origin) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		every.Tick(ctx, peerCheckAge, func(time.Time) bool {
			d.c.findPeers()
			d.c.members.Refresh(ctx, peerCheckAge)
			if ctx.Err() != nil {
				return false
			}
			for _, h := range d.c.members.Status() {
				switch {
				case h.Claimed:
					ch.Drop(h.Addr, "is set aside: "+h.Err)
				case !h.Healthy:
					ch.Drop(h.Addr, "does not answer its health checks ("+h.Err+")")
				}
			}
			l, _ := d.c.members.(*learning)
			for _, a := range d.takeLive(ch, own, origin) {
				if l == nil || !l.Learned(a) { // one in reserve is said when it is asked
					d.warn("peer %s: answers as a member of the fleet: asking it for the runs it owns", a)
				}
			}
			return true
		})
	}()
	return func() {
		cancel()
		<-done
	}
}

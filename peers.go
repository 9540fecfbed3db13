// Peers of a Client: the addresses parsed once, their connections and
// health, and the Chain of peers and origin that one download reads from,
// each run of slices asked first of the peer that owns it.

package slget

import (
	"context"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fleet"
)

// peerCheckAge is how old the health of the peers may be when a download
// starts: older, and every peer's /healthz is asked again (at once, for
// about a second at most).
const peerCheckAge = 2 * time.Second

// peerList returns the Client's Peers, parsed once.
func (c *Client) peerList() ([]*fetch.Peer, error) {
	c.peersOnce.Do(func() {
		seen := map[string]bool{}
		for _, s := range c.Peers {
			p, err := fetch.NewPeer(s, c.PeerOptions)
			if err != nil {
				c.peersErr = err
				return
			}
			if !seen[p.String()] {
				seen[p.String()] = true
				c.peers = append(c.peers, p)
			}
		}
		addrs := make([]string, len(c.peers))
		keys := map[string]*fleet.Key{}
		for i, p := range c.peers {
			addrs[i] = p.String()
			keys[addrs[i]] = p.Key()
		}
		// Each check is signed with the peer's key, as its requests are:
		// a host that announces itself as a peer without the fleet's token
		// never counts as live.
		c.members = fleet.NewMembers(addrs, fleet.Options{Keys: keys})
	})
	return c.peers, c.peersErr
}

// CloseIdle closes the idle connections of the Client: to origins and to
// peers. Call it when the Client is no longer used.
func (c *Client) CloseIdle() {
	c.http().CloseIdle() // through the Once that sets HTTP: a first Do may be setting it now
	peers, _ := c.peerList()
	for _, p := range peers {
		p.CloseIdle()
	}
}

// chain returns the Source of a download from the Client's live peers
// before origin, or nil when it has none or cannot use them. Each run of
// slices (fleet.RunSlices) is asked first of the live peer that owns it by
// rendezvous hashing of the peers' fleet IDs, as every serve of the fleet
// ranks them, then of the others in that order, then of the origin.
func (d *download) chain(ctx context.Context, origin *fetch.Origin) (*fetch.Chain, error) {
	peers, err := d.c.peerList()
	if err != nil {
		return nil, &RequestError{Err: err}
	}
	if len(peers) == 0 {
		return nil, nil
	}
	d.c.members.Refresh(ctx, peerCheckAge)
	idOf := map[string]string{}
	for _, m := range d.c.members.Live() {
		idOf[m.Addr] = m.ID
	}
	for _, h := range d.c.members.Status() {
		switch {
		case h.Unproven:
			d.warn("peer %s: %s: it is not a member of this fleet; not asking it for anything", h.Addr, h.Err)
		case !h.Healthy:
			d.warn("peer %s: is not reachable (%s); not asking it for this file", h.Addr, h.Err)
		}
	}
	var (
		srcs []*fetch.PeerSource
		ids  []string
	)
	for _, p := range peers {
		id, live := idOf[p.String()]
		if !live {
			continue
		}
		s, err := fetch.NewPeerSource(p, origin, d.plan)
		if err != nil {
			d.warn("%v; downloading from the origin only", err)
			return nil, nil
		}
		srcs, ids = append(srcs, s), append(ids, id)
	}
	if len(srcs) == 0 {
		return nil, nil // each said why above
	}
	ch := fetch.NewChain(origin, srcs, d.plan, func(s string) { d.warn("%s", s) })
	v, plan, url := origin.Validator, d.plan, origin.URL
	index := map[string]int{}
	for j, id := range ids {
		index[id] = j
	}
	ch.SetOwners(func(start int64) ([]int, int64) {
		i := int64(plan.Index(start))
		ranked := fleet.Rank(fleet.RunKey(url, v.ETag, v.Size, plan.Slice, fleet.Run(i)), ids)
		order := make([]int, len(ranked))
		for k, id := range ranked {
			order[k] = index[id]
		}
		return order, min(fleet.RunEnd(i)*plan.Slice, plan.Size)
	})
	return ch, nil
}

// watchPeers checks the health of the peers every peerCheckAge while a
// download runs, and takes out of its Chain a peer that no longer
// answers (two missed checks, or a refused connection): the requests to
// it under way end at once, and their slices go to the next owner. A
// SIGSTOPped serve takes connections and answers nothing, so without
// this its slices would wait for the stall timeout. It returns a
// function that ends the checks and waits for them.
func watchPeers(ctx context.Context, m *fleet.Members, ch *fetch.Chain) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(peerCheckAge)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
			m.Refresh(ctx, peerCheckAge)
			if ctx.Err() != nil {
				return
			}
			for _, h := range m.Status() {
				if !h.Healthy {
					ch.Drop(h.Addr, "does not answer its health checks ("+h.Err+")")
				}
			}
		}
	}()
	return func() {
		cancel()
		<-done
	}
}

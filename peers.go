// Peers of a Client: the addresses parsed once, their connections, and the
// Chain of peers and origin that one download reads from.

package slget

import (
	"github.com/slget/slget/fetch"
)

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

// chain returns the Source of a download from the Client's peers before
// origin, or nil when it has none or cannot use them.
func (d *download) chain(origin *fetch.Origin) (*fetch.Chain, error) {
	peers, err := d.c.peerList()
	if err != nil {
		return nil, &RequestError{Err: err}
	}
	if len(peers) == 0 {
		return nil, nil
	}
	var srcs []*fetch.PeerSource
	for _, p := range peers {
		s, err := fetch.NewPeerSource(p, origin, d.plan)
		if err != nil {
			d.warn("%v; downloading from the origin only", err)
			return nil, nil
		}
		srcs = append(srcs, s)
	}
	return fetch.NewChain(origin, srcs, d.plan, func(s string) { d.warn("%s", s) }), nil
}

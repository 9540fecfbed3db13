// Chain in a fleet: each run of slices asked first of the peer that owns
// it, the body of a longer range going from owner to owner, and the bytes
// each peer sent counted.

package fetch

import (
	"context"
	"errors"
	"io"
	"sync"

	"github.com/slget/slget/segment"
)

// Owners tells a Chain, for the run of slices that starts at a byte
// offset, which of its peers to ask and in which order (indices into the
// peers given to NewChain, the owner first), and where that run ends. A
// peer left out is not asked for that run.
type Owners func(start int64) (order []int, runEnd int64)

// SetOwners makes c ask each run's owner first (see Owners): a range that
// covers runs of several owners is read from each in turn, in one Body.
// Without it, c asks its peers in turn, starting at the next one each
// time. Call it before the first Open.
func (c *Chain) SetOwners(o Owners) { c.owners = o }

// peer is the peer at index j of c.peers, or nil.
func (c *Chain) peer(j int) *chainPeer {
	c.mu.Lock()
	defer c.mu.Unlock()
	if j < 0 || j >= len(c.peers) {
		return nil
	}
	return c.peers[j]
}

// Add puts a peer into the download while it runs and returns its index
// (for Owners): a member that joined the fleet, or one that was out of
// reach and answers again. A peer at the same address is the same peer:
// taken back if it was dropped for being out of reach (a restarted
// serve), left out if it was dropped for what it sent (lies, another
// version, no proof of the fleet key).
func (c *Chain) Add(p *PeerSource) (index int, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for j, q := range c.peers {
		if q.src.Peer.addr != p.Peer.addr {
			continue
		}
		if q.banned {
			return j, false
		}
		if q.dropped {
			q.dropped, q.fails, q.failed = false, 0, map[int]bool{}
		}
		return j, true
	}
	c.peers = append(c.peers, &chainPeer{src: p, failed: map[int]bool{}})
	return len(c.peers) - 1, true
}

// Index returns the index of the peer at addr, and whether the download
// may ask it now.
func (c *Chain) Index(addr string) (index int, usable bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for j, q := range c.peers {
		if q.src.Peer.addr == addr {
			return j, !q.dropped
		}
	}
	return -1, false
}

// gone reports whether err is a peer that could not be reached or stopped
// answering: it may be back after a restart.
func gone(err error) bool {
	var pe *PeerError
	return errors.As(err, &pe) && pe.Gone
}

// ByPeer returns the bytes each peer sent in this download, by address.
func (c *Chain) ByPeer() map[string]int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := map[string]int64{}
	for _, p := range c.peers {
		if p.bytes > 0 {
			out[p.src.Peer.addr] += p.bytes
		}
	}
	return out
}

// openOwned is Open with owners: a body that reads r run by run, each
// from its owner (or the next peer in its order, or the origin).
func (c *Chain) openOwned(ctx context.Context, r segment.Range) (Body, error) {
	b := &ownedBody{c: c, ctx: ctx, want: r, pos: r.Start, from: map[int]segment.Provenance{}}
	from, err := b.openRun()
	if err != nil {
		return Body{}, err
	}
	return Body{ReadCloser: b, From: from}, nil
}

// openRun opens the body of the run that starts at start, up to end at
// most: from the peers in the order owners gives for it, then the origin.
func (c *Chain) openRun(ctx context.Context, start, end int64) (Body, int64, error) {
	order, runEnd := c.owners(start)
	seg := segment.Range{Start: start, End: min(end, runEnd)}
	if seg.End <= seg.Start || !c.plan.Aligned(seg) && seg.End != c.plan.Size {
		seg.End = end // an order that does not cut at a slice boundary: one body
	}
	b, err := c.openFrom(ctx, seg, order)
	return b, seg.End, err
}

// ownedBody reads a range run by run, each run's body opened when the
// one before it ends.
type ownedBody struct {
	c    *Chain
	ctx  context.Context
	want segment.Range

	mu     sync.Mutex // guards cur and closed against Close during a Read
	cur    io.ReadCloser
	closed bool

	pos, curEnd int64
	from        map[int]segment.Provenance // by slice, set as its run is opened
	fromMu      sync.Mutex
}

func (b *ownedBody) openRun() (segment.Provenance, error) {
	body, end, err := b.c.openRun(b.ctx, b.pos, b.want.End)
	if err != nil {
		return 0, err
	}
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		body.Close()
		return 0, errors.New("read of a closed body")
	}
	b.cur, b.curEnd = body.ReadCloser, end
	b.mu.Unlock()
	b.fromMu.Lock()
	for i := b.c.plan.Index(b.pos); i <= b.c.plan.Index(end-1); i++ {
		b.from[i] = body.From
	}
	b.fromMu.Unlock()
	return body.From, nil
}

// SliceFrom implements mixedBody.
func (b *ownedBody) SliceFrom(i int) segment.Provenance {
	b.fromMu.Lock()
	defer b.fromMu.Unlock()
	return b.from[i]
}

func (b *ownedBody) Read(p []byte) (int, error) {
	if b.pos >= b.want.End {
		return 0, io.EOF
	}
	b.mu.Lock()
	cur := b.cur
	b.mu.Unlock()
	if cur == nil {
		if _, err := b.openRun(); err != nil {
			return 0, err
		}
		b.mu.Lock()
		cur = b.cur
		b.mu.Unlock()
	}
	if int64(len(p)) > b.curEnd-b.pos {
		p = p[:b.curEnd-b.pos]
	}
	n, err := cur.Read(p)
	b.pos += int64(n)
	if b.pos == b.curEnd && (err == nil || err == io.EOF) {
		b.mu.Lock()
		b.cur = nil
		b.mu.Unlock()
		cur.Close()
		if b.pos == b.want.End {
			return n, io.EOF
		}
		return n, nil
	}
	if err == io.EOF {
		err = ErrShortBody // a run's body ended before the run did
	}
	return n, err
}

func (b *ownedBody) Close() error {
	b.mu.Lock()
	b.closed = true
	cur := b.cur
	b.cur = nil
	b.mu.Unlock()
	if cur != nil {
		return cur.Close()
	}
	return nil
}

// Chain: a Source that asks peers first and the origin last, remembers
// which peer failed where, and tells the Downloader when a failed try was a
// peer's, so that falling back costs no try.

package fetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/slget/slget/segment"
)

// Failover is implemented by a Source with more than one place to get a
// slice from. After a try of slice i fails with a retryable error, the
// Downloader asks Failover(i): true means that the failure was one place's
// and the next try of i goes to another, so it is made at once and not
// counted against Config.Retry.
type Failover interface {
	Failover(slice int) bool
}

// maxPeerFails is how many failures in a row take a peer out of a download
// when none of them said so on its own: misses it could not fill, stalls,
// answers cut short.
const maxPeerFails = 3

// Chain is the Source of a download with peers. For each range it asks
// the peers that are still in the download, starting at the next one each
// time to spread the load, and then the origin: a peer
// that misses (5xx), refuses (412, 401, 403, 407), breaks the protocol or
// cannot be reached is passed over at once. A peer body that fails while
// it is read (a stall, too slow, cut short, a slice that fails its
// checksum) ends the Downloader's try; the slice's next try skips that
// peer and costs no try (Failover).
//
// A peer is out of the download (and a warning says so) after a failure
// that says so (PeerError.Drop: it lied about a slice, has another
// version, refuses us, is down), or after maxPeerFails failures in a row.
//
// Chain records the slices of which a peer sent bytes (PeerSlices): they
// are the ones to check again, or fetch again from the origin, when the
// whole file does not match its checksum.
type Chain struct {
	origin Source
	peers  []*chainPeer
	plan   segment.Plan
	warn   func(string)
	owners Owners // nil: round robin

	mu      sync.Mutex
	next    int          // the peer to ask first next time: round robin
	pending map[int]int  // per slice, the tries that failed at a peer and have not failed over yet
	touched *segment.Set // slices of which a peer sent bytes
	suspect *segment.Set // slices a peer's body stopped in, or failed the check of
}

type chainPeer struct {
	src     *PeerSource
	dropped bool         // no longer asked in this download
	banned  bool         // dropped for what it sent (lies, another version): never taken back
	fails   int          // failures in a row
	failed  map[int]bool // slices it failed on: not asked for them again
	bytes   int64        // bytes it sent, whole slices or not
	// inflight cancels the requests to it under way (a run's open and
	// its body, in a fleet), so that Drop ends them at once.
	inflight map[*context.CancelCauseFunc]bool
}

// NewChain returns a Source that asks peers, in the slices of plan, before
// origin. warn, if not nil, is told when a peer is taken out of the
// download.
func NewChain(origin Source, peers []*PeerSource, plan segment.Plan, warn func(string)) *Chain {
	c := &Chain{origin: origin, plan: plan, warn: warn, pending: map[int]int{}, touched: segment.NewSet(plan.N()), suspect: segment.NewSet(plan.N())}
	for _, p := range peers {
		c.peers = append(c.peers, &chainPeer{src: p, failed: map[int]bool{}})
	}
	return c
}

// Open implements Source.
func (c *Chain) Open(ctx context.Context, r segment.Range) (Body, error) {
	if c.owners != nil {
		return c.openOwned(ctx, r)
	}
	c.mu.Lock()
	first := c.next
	c.next++
	n := len(c.peers)
	c.mu.Unlock()
	order := make([]int, n)
	for j := range order {
		order[j] = (first + j) % n
	}
	return c.openFrom(ctx, r, order)
}

// openFrom opens r from the first of the peers order names (indices into
// c.peers) that is still usable and answers, else from the origin.
func (c *Chain) openFrom(ctx context.Context, r segment.Range, order []int) (Body, error) {
	k := c.plan.Index(r.Start)
	for _, j := range order {
		p := c.peer(j)
		if p == nil || !c.usable(p, k) {
			continue
		}
		rctx, done := c.track(ctx, p)
		b, err := p.src.Open(rctx, r)
		if err == nil {
			return Body{ReadCloser: &chainBody{c: c, p: p, ctx: ctx, rc: b.ReadCloser, end: r.End, pos: r.Start, req: rctx, done: done}, From: segment.FromPeer}, nil
		}
		done()
		if errors.Is(context.Cause(rctx), errPeerDropped) && ctx.Err() == nil {
			continue // Drop took it out while it kept us waiting: the next one
		}
		if ctx.Err() != nil {
			// A peer slow to answer is the worker's stall: its next try of
			// the slice goes elsewhere (and in a fleet, where a working
			// peer sends 102s that show progress, it is stopped, lost, or
			// its fills do not move: out).
			if errors.Is(context.Cause(ctx), ErrStalled) {
				c.failed(p, k, &PeerError{Peer: p.src.Peer.addr, Reason: "did not answer", Err: ErrStalled, Drop: c.owners != nil, Gone: true}, true)
			}
			return Body{}, err
		}
		c.failed(p, k, err, false)
	}
	return c.origin.Open(ctx, r)
}

// Failover implements Failover.
func (c *Chain) Failover(slice int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := c.pending[slice]
	switch {
	case n == 0:
		return false
	case n == 1:
		delete(c.pending, slice)
	default:
		c.pending[slice] = n - 1
	}
	return true
}

// PeerSlices lists, in order, the slices of which a peer sent bytes in
// this download, whether or not the slice was then finished with them.
func (c *Chain) PeerSlices() []int { return c.list(c.touched) }

// Suspects lists, in order, the slices in which a peer's body stopped
// (failed, was given up, or lost to another copy) or whose bytes failed
// their checksum: part of them, or all, are bytes of the peer that were
// never proven. If another copy finished such a slice, the peer's last
// writes can have come after it; the caller reads them back.
func (c *Chain) Suspects() []int { return c.list(c.suspect) }

func (c *Chain) list(set *segment.Set) []int {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []int
	for i := 0; i < c.plan.N(); i++ {
		if set.Has(i) {
			out = append(out, i)
		}
	}
	return out
}

// Peers lists the peers still in the download.
func (c *Chain) Peers() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for _, p := range c.peers {
		if !p.dropped {
			out = append(out, p.src.Peer.addr)
		}
	}
	return out
}

func (c *Chain) usable(p *chainPeer, slice int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return !p.dropped && !p.failed[slice]
}

// failed records that p failed at slice with err; pending says that the
// Downloader's try of slice failed with it (else the Chain went on to the
// next source itself).
func (c *Chain) failed(p *chainPeer, slice int, err error, pending bool) {
	c.mu.Lock()
	p.failed[slice] = true
	if pending {
		c.pending[slice]++ // an end-game duplicate may fail on the same slice
	}
	var pe *PeerError
	msg := ""
	if errors.As(err, &pe) && pe.Drop {
		msg = err.Error()
	} else if p.fails++; p.fails >= maxPeerFails {
		msg = fmt.Sprintf("peer %s: failed %d times in a row (last: %v)", p.src.Peer.addr, p.fails, err)
	}
	drop := msg != "" && !p.dropped
	if drop {
		p.dropped = true
		p.banned = !gone(err) // a peer that was only out of reach may come back
	}
	c.mu.Unlock()
	if drop && c.warn != nil {
		c.warn(msg + "; not asking it again for this file")
	}
}

// delivered records a whole slice that p sent and that passed.
func (c *Chain) delivered(p *chainPeer) {
	c.mu.Lock()
	p.fails = 0
	c.mu.Unlock()
}

// suspected records a slice a peer's body stopped in.
func (c *Chain) suspected(slice int) {
	c.mu.Lock()
	c.suspect.Add(slice)
	c.mu.Unlock()
}

// touch records that a peer sent bytes of the slices in [start, end).
func (c *Chain) touch(start, end int64) {
	c.mu.Lock()
	for i := c.plan.Index(start); i <= c.plan.Index(end-1); i++ {
		c.touched.Add(i)
	}
	c.mu.Unlock()
}

// chainBody is a peer's body as the Chain sees it: it records the slices
// it brings, and blames the peer when it fails.
type chainBody struct {
	c   *Chain
	p   *chainPeer
	ctx context.Context // the Downloader's try: its cause says why it ended
	rc  io.ReadCloser
	// req is the context of the request to the peer, and done lets go of
	// it: Drop cancels it (errPeerDropped).
	req  context.Context
	done func()

	mu       sync.Mutex // not held while reading, so that Close can abort a Read
	pos, end int64
	over     bool // finished, or its failure recorded
}

func (b *chainBody) Read(p []byte) (int, error) {
	n, err := b.rc.Read(p)
	if err != nil && errors.Is(context.Cause(b.req), errPeerDropped) {
		err = &PeerError{Peer: b.p.src.Peer.addr, Reason: "was dropped while it answered", Err: errPeerDropped, Drop: true}
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if n > 0 {
		b.c.touch(b.pos, b.pos+int64(n))
		b.c.mu.Lock()
		b.p.bytes += int64(n)
		b.c.mu.Unlock()
		b.pos += int64(n)
		if (err == nil || err == io.EOF) && b.pos == b.c.plan.SliceRange(b.c.plan.Index(b.pos-1)).End {
			b.c.delivered(b.p)
		}
	}
	switch {
	case err == io.EOF:
		b.over = true
	case err != nil:
		b.stop(err, n)
	}
	return n, err
}

// Close ends the body; one given up in the middle of a slice while the try
// was still on was too slow for the Downloader.
func (b *chainBody) Close() error {
	err := b.rc.Close()
	b.done()
	b.mu.Lock()
	defer b.mu.Unlock()
	b.stop(nil, 0)
	return err
}

// stop records how the body ended before its end (b.mu held): readErr is the error of
// the Read that ended it, which brought n bytes (nil for a Close). The
// slice it stopped in is suspect if the peer wrote part of it, or all of
// it and it failed its check; the peer is blamed unless the try ended for
// another reason (a copy that won, the end of the download).
func (b *chainBody) stop(readErr error, n int) {
	if b.over {
		return
	}
	b.over = true
	if readErr == nil && b.pos >= b.end {
		return
	}
	plan := b.c.plan
	at := b.pos
	if n > 0 {
		at-- // the slice that just failed
	}
	slice := plan.Index(at)
	mid := b.pos < b.end && b.pos != plan.SliceRange(plan.Index(b.pos)).Start
	if mid || n > 0 {
		b.c.suspected(slice)
	}
	peer := b.p.src.Peer.addr
	var blame error
	switch {
	case b.ctx.Err() != nil:
		switch cause := context.Cause(b.ctx); {
		case errors.Is(cause, ErrStalled):
			// In a fleet a peer says it is working (102s) while it waits
			// for a fill: one that stalls is stopped, or lost.
			blame = &PeerError{Peer: peer, Reason: "stalled", Err: ErrStalled, Drop: b.c.owners != nil, Gone: true}
		case errors.Is(cause, ErrTooSlow):
			blame = &PeerError{Peer: peer, Reason: "was given up for its speed", Err: ErrTooSlow}
		}
	case readErr != nil:
		blame = readErr
	case mid:
		blame = &PeerError{Peer: peer, Reason: "was given up in the middle of a slice", Err: ErrTooSlow}
	}
	if blame != nil {
		b.c.failed(b.p, slice, blame, true)
	}
}

// errPeerDropped cancels the requests to a peer that Drop took out.
var errPeerDropped = errors.New("taken out of the download: its health checks failed")

// Drop takes the peer at addr out of the download (why says why, for the
// warning), and ends the requests to it under way: their
// slices go to the next owner at once, at no cost to the tries. A peer
// that stopped (SIGSTOP) takes connections and answers nothing; its
// health checks tell sooner than a stall timeout would.
func (c *Chain) Drop(addr, why string) {
	c.mu.Lock()
	var p *chainPeer
	for _, q := range c.peers {
		if q.src.Peer.addr == addr {
			p = q
		}
	}
	if p == nil || p.dropped {
		c.mu.Unlock()
		return
	}
	p.dropped = true
	var cancels []context.CancelCauseFunc
	for f := range p.inflight {
		cancels = append(cancels, *f)
	}
	c.mu.Unlock()
	for _, f := range cancels {
		f(errPeerDropped)
	}
	if c.warn != nil {
		c.warn(fmt.Sprintf("peer %s: %s; not asking it again for this file", addr, why))
	}
}

// track registers a request to p under way; the returned context is
// cancelled by Drop, and done lets go of it.
func (c *Chain) track(ctx context.Context, p *chainPeer) (context.Context, func()) {
	rctx, cancel := context.WithCancelCause(ctx)
	key := &cancel
	c.mu.Lock()
	if p.inflight == nil {
		p.inflight = map[*context.CancelCauseFunc]bool{}
	}
	p.inflight[key] = true
	c.mu.Unlock()
	var once sync.Once
	return rctx, func() {
		once.Do(func() {
			c.mu.Lock()
			delete(p.inflight, key)
			c.mu.Unlock()
			cancel(nil)
		})
	}
}

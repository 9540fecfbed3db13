// Fills: a missing slice fetched from the origin once however many requests
// wait for it, in runs of several slices per origin request.
//
// Decision: coalescing is per slice, fetching per run. A request that
// misses slice i joins the singleflight flight keyed by slice i's key; the
// flight's leader either finds i claimed by a run already under way and
// waits for it, or starts a run: one origin request for slices i up to the
// end of the range asked (at most Config.MaxRun slices, stopping at a slice
// already cached or claimed), each slice claimed for the run before the
// request goes out. A request that then misses slice i+1 leads its own
// flight, finds the claim and waits for the same run, so that a client
// reading sequentially costs one origin round trip per run, not per slice,
// and two clients never fetch one slice twice.
//
// A run goes on under the server's context, not a requester's: each waiter
// may leave alone, and the slices land in the cache for the next. A run
// that brings no byte for Config.LockAge is stuck (nginx's
// proxy_cache_lock_age): it is cancelled, its unfinished slices fail, and
// their waiters try again, the first of them leading a new fill. Waiters
// wake when their slice is done, by a closed channel; nothing polls.
//
// The flight, the run and its slots are here; a run's fetch from the
// origin and the slices it stores are in fillrun.go.

package peer

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/localcache"
)

// source is where the bytes of a piece come from.
type source uint8

const (
	fromCache source = iota
	fromOrigin
	fromPass // passed through uncached
	fromPeer // filled from the fleet member that owns it
)

func (s source) String() string {
	switch s {
	case fromCache:
		return "cache"
	case fromOrigin:
		return "origin"
	case fromPeer:
		return "peer"
	}
	return "passthrough"
}

// piece is one slice ready to be served: in the cache (data nil) or in
// memory from a fill.
type piece struct {
	index  int64
	size   int64            // plaintext bytes
	crc    uint32           // CRC-32C of the plaintext
	codec  localcache.Codec // of the cached copy; Identity for data
	stored int64            // bytes of the cached copy
	data   []byte           // the plaintext, from a fill; nil: read it from the store
	from   source
	waited bool // brought by a fill another request started (see coalescedWait)
	own    bool // in the cache, brought there by a fill of the request's own
}

func pieceOf(i int64, info localcache.Info) piece {
	return piece{index: i, size: info.Size, crc: info.CRC32C, codec: info.Codec, stored: info.StoredSize, from: fromCache}
}

// Errors of fills.
var (
	errStuck   = errors.New("the origin sent nothing for too long (the fill was stuck)")
	errClosing = errors.New("the server is shutting down")
)

// fillTries is how often a request tries to get a slice whose fill failed
// with an error worth another try.
const fillTries = 3

// fills coalesces and runs fills.
type fills struct {
	group singleflight.Group
	mu    sync.Mutex
	// claims maps the flight key of a slice to the run fetching it.
	claims map[string]*run
	sem    chan struct{} // one token per run talking to an origin
	// got counts what every fill got (bytes, and owners' signs of
	// progress): a queued run's waiters are told of the fills ahead.
	got atomic.Int64
}

// run is one origin request for the slices [first, end) of a version.
type run struct {
	v          *version
	first, end int64
	relayed    bool  // started for a request another member relayed: from the origin
	next       int64 // the first slice not completed yet; runFill's alone
	slots      []runSlot
	ctx        context.Context
	cancel     context.CancelCauseFunc
	mu         sync.Mutex // guards slots' done state
	by         *asker     // the request it was started for; nil: unknown
	since      time.Time  // when it was claimed
	prog       runProgress
	fromOrigin atomic.Bool // its bytes come from the origin now (see heldWhole)
}

type runSlot struct {
	done   chan struct{}
	closed bool
	p      piece
	err    error
}

// flightKey names slice i of v for the singleflight group and the claims.
func flightKey(v *version, i int64) string {
	return v.validator + "\x00" + strconv.FormatInt(i, 10) + "\x00" + v.url
}

// slice returns slice i of v (cached or filled), for a request whose range
// ends in slice last. It waits under ctx; the fill does not.
func (s *Server) slice(ctx context.Context, v *version, i, last int64) (piece, error) {
	me := askerOf(ctx)
	if infos := s.store.StatRun(v.vk, i, i+1); len(infos) == 1 {
		p := pieceOf(i, infos[0])
		p.own = me.filled(v, i) // its own prefetch's, not a hit
		return p, nil
	}
	key := flightKey(v, i)
	me.waiting(key)
	defer me.waiting("")
	for try := 1; ; try++ {
		ch := s.fills.group.DoChan(key, func() (any, error) {
			return s.fillSlice(v, i, last, me)
		})
		var res singleflight.Result
		select {
		case res = <-ch:
		case <-ctx.Done():
			return piece{}, context.Cause(ctx)
		}
		f, _ := res.Val.(flight)
		waited := coalescedWait(f, me)
		if waited {
			s.metrics.coalesced.Inc()
		}
		if res.Err == nil {
			f.p.waited = waited && f.p.data != nil
			me.gotSlice()
			return f.p, nil
		}
		if try >= fillTries || !retryable(res.Err) {
			return piece{}, res.Err
		}
	}
}

// retryable says whether a failed fill is worth another: a stuck fill, and
// what fetch deems worth a retry (5xx, resets, timeouts, short bodies).
func retryable(err error) bool {
	if errors.Is(err, errStuck) {
		return true
	}
	if errors.Is(err, errClosing) {
		return false
	}
	return fetch.Retryable(err)
}

// fillSlice leads the flight of slice i for the request by: it waits for
// the run that claims it, or finds it cached after all, or starts a run.
// Each waiter of the flight, the leader too, tells from the flight whether
// it waited on another request's fill (see coalescedWait).
func (s *Server) fillSlice(v *version, i, last int64, by *asker) (flight, error) {
	r, _, cached, err := s.claimRun(v, i, last, by)
	switch {
	case err != nil:
		return flight{}, err
	case r == nil:
		cached.own = by.filled(v, i) // cached since the caller looked
		return flight{p: cached}, nil
	}
	p, err := r.wait(i)
	return flight{p: p, waited: true, by: r.by}, err
}

// prefetch starts the run of slices from i unless slice i is cached or
// claimed, for the request of ctx, and returns at once.
func (s *Server) prefetch(ctx context.Context, v *version, i, last int64) {
	s.claimRun(v, i, last, askerOf(ctx))
}

// claimRun returns the run that fetches slice i: the one that claims it
// already (joined), or a new one it starts for slices i up to last (at
// most MaxRun, never past the end of i's ownership run in a fleet,
// stopping before a slice cached or claimed). It returns no run, but the
// piece, when slice i is cached. A run it starts is by's.
func (s *Server) claimRun(v *version, i, last int64, by *asker) (r *run, joined bool, cached piece, err error) {
	f := &s.fills
	key := flightKey(v, i)
	f.mu.Lock()
	if r := f.claims[key]; r != nil {
		f.mu.Unlock()
		return r, true, piece{}, nil
	}
	f.mu.Unlock()
	// The run that had it may have finished since the caller looked.
	if infos := s.store.StatRun(v.vk, i, i+1); len(infos) == 1 {
		return nil, false, pieceOf(i, infos[0]), nil
	}
	nslices := (v.size + s.sliceSize - 1) / s.sliceSize
	end := min(last+1, s.runEnd(i), nslices)
	for j := i + 1; j < end; j++ {
		if len(s.store.StatRun(v.vk, j, j+1)) == 1 {
			end = j
			break
		}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if r := f.claims[key]; r != nil {
		return r, true, piece{}, nil
	}
	for j := i + 1; j < end; j++ {
		if f.claims[flightKey(v, j)] != nil {
			end = j
			break
		}
	}
	if !s.track() {
		return nil, false, piece{}, errClosing
	}
	r = s.newRun(v, i, end)
	r.by = by
	r.relayed = by != nil && by.relayed
	by.started(v, i, end)
	for j := i; j < end; j++ {
		f.claims[flightKey(v, j)] = r
	}
	go s.runFill(r)
	return r, false, piece{}, nil
}

func (s *Server) newRun(v *version, first, end int64) *run {
	ctx, cancel := context.WithCancelCause(s.base)
	r := &run{v: v, first: first, end: end, next: first, ctx: ctx, cancel: cancel, slots: make([]runSlot, end-first), since: s.now()}
	for k := range r.slots {
		r.slots[k].done = make(chan struct{})
	}
	r.prog.claimed(&s.fills.got)
	return r
}

// wait returns slice i of r once the run has it, or has failed.
func (r *run) wait(i int64) (piece, error) {
	sl := &r.slots[i-r.first]
	<-sl.done // every slot is completed by runFill, whatever happens
	return sl.p, sl.err
}

// complete ends slot i with p or err, once, and lets go of its claim.
func (s *Server) complete(r *run, i int64, p piece, err error) {
	r.mu.Lock()
	sl := &r.slots[i-r.first]
	if sl.closed {
		r.mu.Unlock()
		return
	}
	sl.closed, sl.p, sl.err = true, p, err
	r.mu.Unlock()
	key := flightKey(r.v, i)
	s.fills.mu.Lock()
	if s.fills.claims[key] == r {
		delete(s.fills.claims, key)
	}
	s.fills.mu.Unlock()
	close(sl.done)
}

// End-game and stealing: how long a slice usually takes, how much a
// victim keeps when another connection steals from it, and when a
// duplicate of a slow slice pays.

package fetch

import (
	"context"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"
)

// timeSlice adds the time one slice of n bytes took to the moving average,
// scaled to a full slice: a short last slice does not make the usual time
// look shorter than it is.
func (d *Downloader) timeSlice(t time.Duration, n int64) {
	if n <= 0 {
		return
	}
	t = time.Duration(float64(t) * float64(d.plan.Slice) / float64(n))
	d.mu.Lock()
	if d.sliceTime == 0 {
		d.sliceTime = t
	} else {
		d.sliceTime += (t - d.sliceTime) / 4
	}
	d.mu.Unlock()
}

// inFlight is how long a connection's bytes may be on their way (socket
// buffers, a proxy's buffers, a cache's fetch) before the worker reads them.
// Generous on purpose: when the client is short of CPU, the server has
// filled the socket buffers long before the worker gets to them, and the
// rate the worker sees understates what is in flight.
const inFlight = 2 * time.Second

// idleRecheck is how often an idle worker looks again for work to steal or
// duplicate when nothing else wakes it.
const idleRecheck = 250 * time.Millisecond

// minSteal is the least time a victim must still need before stealing from
// it pays: a new request, and behind a slice cache without a cache lock a
// second fetch from the origin of whatever the victim had in flight.
const minSteal = time.Second

// margin is the scheduler's steal margin for claim id, which has after
// slices left past the one it reads. A connection that brought nothing for
// minSteal keeps none. One that will be done within minSteal at its speed
// (measured from its first byte, so a slow start is not held against it)
// keeps them all: not worth a steal. Any other keeps what is likely in
// flight: at least one slice (a cache in front of the origin fetches the
// next slice while it sends this one), more at high speed.
func (d *Downloader) margin(id, after int) int {
	d.claimsMu.RLock()
	cs := d.claimConn[id]
	d.claimsMu.RUnlock()
	if cs == nil {
		return 0
	}
	now := time.Now()
	got := cs.claimBytes.Load()
	if got == 0 {
		if now.Sub(time.Unix(0, cs.claimStart.Load())) < minSteal {
			return after // its response has not started: too early to judge
		}
		return 0
	}
	if now.Sub(time.Unix(0, cs.lastByte.Load())) >= minSteal {
		return 0 // stalled
	}
	rate := float64(got) / max(now.Sub(time.Unix(0, cs.firstByte.Load())).Seconds(), 0.05)
	if rate*minSteal.Seconds() >= float64(after+1)*float64(d.plan.Slice) {
		return after
	}
	return max(1, int(rate*inFlight.Seconds()/float64(d.plan.Slice)))
}

// markStarted notes when the (non-duplicate) copy of slice i began.
func (d *Downloader) markStarted(i int) {
	d.mu.Lock()
	d.started[i] = time.Now()
	d.mu.Unlock()
}

// minEndGame is the least time a slice must have taken before it is worth a
// duplicate: below it, the wait for a second response costs as much as it
// could save.
const minEndGame = 2 * time.Second

// endGameWait returns once the first copy of slice i has taken longer than
// three times the usual time of a slice (and at least minEndGame), or when ctx
// ends (the original finished first and cancelled this duplicate).
func (d *Downloader) endGameWait(ctx context.Context, i int) error {
	for {
		changed := d.sched.Changed()
		// The original may have finished before this duplicate's cancel was
		// registered, so that its "superseded" never reached it.
		if d.sched.IsDone(i) {
			return errSuperseded
		}
		d.mu.Lock()
		usual := d.sliceTime
		began, ok := d.started[i]
		d.mu.Unlock()
		if ok && usual > 0 {
			wait := time.Until(began.Add(max(3*usual, minEndGame)))
			if wait <= 0 {
				return nil
			}
			t := time.NewTimer(wait)
			select {
			case <-t.C:
				return nil
			case <-changed:
				t.Stop() // the usual time may have moved: look again
			case <-ctx.Done():
				t.Stop()
				return ctx.Err()
			}
			continue
		}
		if ok && usual == 0 && d.slowUntimed(i, began) {
			return nil
		}
		t := time.NewTimer(idleRecheck)
		select {
		case <-changed:
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		}
		t.Stop()
	}
}

// untimedUsual stands in for the usual time of a slice while no slice has
// been timed and no other first copy in flight shows a pace to compare
// with: a file of one slice, whose only copy is the probe's body. Without
// it a copy that trickles (bytes keep coming, so it never stalls) would
// hold such a download for as long as the trickle takes.
const untimedUsual = minEndGame

// slowUntimed is the end-game rule for slice i, whose first copy began at
// began, while no slice has been timed yet. The usual time is estimated
// from the pace of the other first copies in flight (the fastest, at its
// pace since its claim began), else untimedUsual; the copy is slow, as
// with a timed usual time, when it has run for three times that (and at
// least minEndGame) and at its own pace will not be done before three
// times that either. A copy that has sent nothing yet has no pace: the
// stall rule is its judge, and here it counts as slow.
func (d *Downloader) slowUntimed(i int, began time.Time) bool {
	now := time.Now()
	sr := d.plan.SliceRange(i)
	usual, own := untimedUsual, time.Duration(-1)
	fastest := time.Duration(-1)
	for k := range d.conns {
		c := &d.conns[k]
		if !c.active.Load() {
			continue
		}
		start, got := c.start.Load(), c.partial.Load()
		if start == sr.Start {
			// The first copy of i (a duplicate keeps no partial count).
			if got > 0 {
				own = max(own, pace(now.Sub(began), got, sr.Len()))
			}
			continue
		}
		// Nothing is timed, so every other first copy is on the first slice
		// of its claim.
		if got > 0 {
			p := pace(now.Sub(time.Unix(0, c.claimStart.Load())), got, d.plan.SliceRange(d.plan.Index(start)).Len())
			if fastest < 0 || p < fastest {
				fastest = p
			}
		}
	}
	if fastest > 0 {
		usual = fastest
	}
	if now.Sub(began) < max(3*usual, minEndGame) {
		return false
	}
	return own < 0 || own >= 3*usual
}

// pace is how long a whole slice of n bytes takes at the pace of got bytes
// in el.
func pace(el time.Duration, got, n int64) time.Duration {
	return time.Duration(float64(el) * float64(n) / float64(got))
}

// endGameLate is when the idle connections of a download of one slice,
// the probe's, start. Each can only duplicate that slice, and a duplicate
// asks nothing before the first copy has run minEndGame (endGameWait), so
// starting them this much later changes nothing a server sees; a small
// file done before then never starts them, nor their goroutines, claims
// and timers.
const endGameLate = idleRecheck

// lateWorkers starts workers from..Connections-1 at endGameLate, unless
// stopped first. Its zero value has started nothing.
type lateWorkers struct {
	mu      sync.Mutex
	stopped bool
	t       *time.Timer
}

// spawnLate starts the workers from..Connections-1 in g at endGameLate,
// while ctx lasts and d.late.stop was not called.
func (d *Downloader) spawnLate(ctx context.Context, g *errgroup.Group, from int) {
	if from >= d.cfg.Connections {
		return // one connection: no idle one to start
	}
	lw := &d.late
	lw.mu.Lock()
	defer lw.mu.Unlock()
	lw.stopped = false
	lw.t = time.AfterFunc(endGameLate, func() {
		lw.mu.Lock()
		defer lw.mu.Unlock()
		if lw.stopped || ctx.Err() != nil {
			return
		}
		for w := from; w < d.cfg.Connections; w++ {
			d.spawn(ctx, g, w, nil, Body{})
		}
	})
}

// stop keeps the workers not started from starting: once it returns, no
// worker is added to the group (so that its Wait may begin).
func (lw *lateWorkers) stop() {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	lw.stopped = true
	if lw.t != nil {
		lw.t.Stop()
	}
}

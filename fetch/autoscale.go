// Autoscale: how many connections a download runs when it finds its own
// count (Config.MaxConnections): more while the throughput grows, fewer
// when the server pushes back.

package fetch

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/slget/slget/segment"
)

const (
	// scaleTick is how often the count is looked at.
	scaleTick = 50 * time.Millisecond
	// scaleWindow is how long the throughput of a count is measured, once
	// every connection of it has brought bytes (or scaleSettle passed).
	scaleWindow = 200 * time.Millisecond
	scaleSettle = 2 * time.Second
	// scaleGain is the least gain, as a share of the throughput before,
	// that each added connection must bring for the added ones to stay.
	scaleGain = 0.03
	// scaleRTTGain is the gain each added connection must bring when the
	// time to a first byte more than doubled with them: more connections
	// that mostly queue at the server are not worth their load.
	scaleRTTGain = 0.10
)

// errRetired ends a worker that autoscale no longer wants.
var errRetired = errors.New("connection retired")

// scaleState is how many connections a download runs and may run. With a
// fixed count (no autoscale) only running, peak and shown move.
type scaleState struct {
	on      bool         // the count is found (MaxConnections), not fixed
	most    int32        // the most there may be: len(conns)
	running atomic.Int32 // workers running now
	limit   atomic.Int32 // workers wanted now; those above it retire at their next slice
	ceiling atomic.Int32 // the most the server allows, as its 429s and 503s showed; most until then
	peak    atomic.Int32 // the most that ran at once
	shown   atomic.Int32 // one past the highest worker index that ran
	pushed  atomic.Bool  // the server pushed back since autoscale last looked
	ttfbSum atomic.Int64 // nanoseconds from request to first byte, first copies only
	ttfbN   atomic.Int64

	finishOnce sync.Once
	finished   chan struct{} // closed when every slice is done
}

func (s *scaleState) init(start, most int) {
	s.on, s.most = most > start, int32(most)
	s.limit.Store(int32(start))
	s.ceiling.Store(int32(most))
	s.finished = make(chan struct{})
}

func (s *scaleState) auto() bool { return s.on }

// finish wakes autoscale when the last slice is in.
func (s *scaleState) finish() { s.finishOnce.Do(func() { close(s.finished) }) }

// retire reports whether the caller's worker is one too many, and if so
// counts it out.
func (s *scaleState) retire() bool {
	if !s.on {
		return false
	}
	for {
		r := s.running.Load()
		if r <= s.limit.Load() {
			return false
		}
		if s.running.CompareAndSwap(r, r-1) {
			return true
		}
	}
}

// lower sets v to n if n is below it.
func lower(v *atomic.Int32, n int32) {
	for {
		o := v.Load()
		if n >= o || v.CompareAndSwap(o, n) {
			return
		}
	}
}

// raise sets v to n if n is above it.
func raise(v *atomic.Int32, n int32) {
	for {
		o := v.Load()
		if n <= o || v.CompareAndSwap(o, n) {
			return
		}
	}
}

// spawn starts worker w (on conns[w]) in g.
func (d *Downloader) spawn(ctx context.Context, g *errgroup.Group, w int, first *segment.Claim, body Body) {
	d.counted(w)
	g.Go(func() error { return d.counting(ctx, w, first, body) })
}

// runWorker runs worker w on the calling goroutine, counted as spawn
// counts it.
func (d *Downloader) runWorker(ctx context.Context, w int, first *segment.Claim, body Body) error {
	d.counted(w)
	return d.counting(ctx, w, first, body)
}

// counted counts worker w in before it runs.
func (d *Downloader) counted(w int) {
	d.conns[w].alive.Store(true)
	raise(&d.scale.peak, d.scale.running.Add(1))
	raise(&d.scale.shown, int32(w+1))
}

// counting runs worker w and counts it out when it ends.
func (d *Downloader) counting(ctx context.Context, w int, first *segment.Claim, body Body) error {
	defer d.conns[w].alive.Store(false)
	err := d.worker(ctx, w, first, body)
	if err == errRetired {
		return nil // counted out by retire
	}
	d.scale.running.Add(-1)
	return err
}

// pushedBack reports whether err is the server pushing back (a 429 or 503
// answer, a reset connection) and the worker that got it is to go away
// rather than try again: with autoscale, while other connections run. A
// 429 or 503 while others brought bytes lately is the server's connection
// limit: the download keeps to the connections that run. A reset counts
// only on a body from the origin (a peer's is the peer's business).
func (d *Downloader) pushedBack(cs *connState, err error) bool {
	if !d.scale.on {
		return false
	}
	var he *HTTPError
	limited := errors.As(err, &he) && (he.Status == http.StatusServiceUnavailable || he.Status == http.StatusTooManyRequests)
	reset := errors.Is(err, syscall.ECONNRESET) && segment.Provenance(cs.from.Load()) == segment.FromOrigin
	if !limited && !reset {
		return false
	}
	others := d.scale.running.Load() - 1
	if others < 1 {
		return false
	}
	d.scale.pushed.Store(true)
	lower(&d.scale.limit, others)
	if limited && d.movedWithin(2*time.Second) && others < d.scale.ceiling.Load() {
		lower(&d.scale.ceiling, others)
		if d.cfg.Logf != nil {
			d.cfg.Logf("the server answered %d to connection %d while %d others brought bytes: keeping to %d connections", he.Status, others+1, others, others)
		}
	}
	return d.scale.retire()
}

// movedWithin reports whether any connection brought bytes within t.
func (d *Downloader) movedWithin(t time.Duration) bool {
	since := time.Now().Add(-t).UnixNano()
	for i := range d.conns {
		if d.conns[i].lastByte.Load() >= since {
			return true
		}
	}
	return false
}

// autoscale adds workers while the throughput grows, and starts those the
// limit wants, until every slice is done or ctx ends.
func (d *Downloader) autoscale(ctx context.Context, g *errgroup.Group) error {
	t := time.NewTicker(scaleTick)
	defer t.Stop()
	gr := grower{n: d.scale.limit.Load(), changed: time.Now()}
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-d.scale.finished:
			return nil
		case now := <-t.C:
			if d.sched.Finished() {
				return nil
			}
			gr.step(d, now)
			for w := range d.conns {
				if d.scale.running.Load() >= min(d.scale.limit.Load(), d.scale.ceiling.Load()) {
					break
				}
				if !d.conns[w].alive.Load() {
					d.spawn(ctx, g, w, nil, Body{})
				}
			}
		}
	}
}

// grower decides the count: it measures the throughput of each count and
// doubles the count while each added connection brings more than
// scaleGain, then holds.
type grower struct {
	holding  bool
	measure  bool      // measuring since mStart; else settling since changed
	changed  time.Time // when n last changed
	n        int32
	prevN    int32
	prevRate float64
	mStart   time.Time
	mBytes   int64
	mSum     int64 // ttfbSum at mStart
	mN       int64
	baseTTFB time.Duration // of the first count
}

func (gr *grower) step(d *Downloader, now time.Time) {
	if gr.holding {
		return
	}
	if d.scale.pushed.Load() {
		gr.holding = true // the server said how many it takes
		return
	}
	if !gr.measure {
		if !d.settled(gr.changed) && now.Sub(gr.changed) < scaleSettle {
			return
		}
		gr.measure, gr.mStart, gr.mBytes = true, now, d.written.Load()
		gr.mSum, gr.mN = d.scale.ttfbSum.Load(), d.scale.ttfbN.Load()
		return
	}
	el := now.Sub(gr.mStart)
	if el < scaleWindow {
		return
	}
	rate := float64(d.written.Load()-gr.mBytes) / el.Seconds()
	var ttfb time.Duration
	if n := d.scale.ttfbN.Load() - gr.mN; n > 0 {
		ttfb = time.Duration((d.scale.ttfbSum.Load() - gr.mSum) / n)
	}
	if gr.prevN == 0 {
		gr.baseTTFB = ttfb
	} else {
		gain := 0.0
		if gr.prevRate > 0 {
			gain = (rate/gr.prevRate - 1) / float64(gr.n-gr.prevN)
		}
		rttUp := gr.baseTTFB > 0 && ttfb > 2*gr.baseTTFB+10*time.Millisecond
		if gain < scaleGain || rttUp && gain < scaleRTTGain {
			d.scale.limit.Store(gr.prevN) // the added ones retire at their next slice
			gr.holding = true
			return
		}
	}
	next := min(2*gr.n, d.scale.most, d.scale.ceiling.Load())
	left := d.plan.Size - d.done.Load()
	if next <= gr.n || rate > 0 && float64(left)/rate < 2*scaleWindow.Seconds() {
		gr.holding = true // no room, or too little left to measure another count
		return
	}
	gr.prevN, gr.prevRate = gr.n, rate
	gr.n, gr.changed, gr.measure = next, now, false
	d.scale.limit.Store(next)
}

// settled reports whether every running connection brought bytes since t.
func (d *Downloader) settled(t time.Time) bool {
	at := t.UnixNano()
	for i := range d.conns {
		c := &d.conns[i]
		if c.alive.Load() && c.lastByte.Load() < at {
			return false
		}
	}
	return true
}

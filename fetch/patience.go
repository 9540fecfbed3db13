// Patience: a connection that waits on a slow server or a caching proxy
// while the download as a whole moves has not failed a try.

package fetch

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/slget/slget/internal/pause"
)

// A caching proxy that fetches the whole file from its start before it
// serves a range (squid with range_offset_limit none, a CDN filling a cold
// object) answers a request for a far range with headers at once and its
// first body byte only when its own fetch gets there: minutes, for a large
// file on a slow link. Counting each stall timeout of such a wait as a
// failed try made slget give up where a patient client (aria2c) finishes.
//
// So the stall timeout is judged against the whole download, not one
// connection. When a connection's stall timer fires while other
// connections, on other slices, brought bytes within the stall timeout:
//   - one still waiting for the first byte of its claim waits on: the
//     request is out and its place in the proxy's queue is kept;
//   - one whose bytes stopped mid-claim is dropped and replaced (a new
//     connection may well be faster), and the try is not counted;
//   - a response-header timeout is retried the same way, uncounted.
// When nothing at all moved for the stall timeout, or the only bytes were
// of the same slice (two copies of a slice that a hostile server stalls
// cannot vouch for each other), the stall counts as a failed try, as does
// every other failure. A wait is thus bounded: once every other slice is
// in, nothing moves, and the tries run out as before.

// errStalledMoving cancels a claim whose bytes stopped while other
// connections brought bytes: retried on a new connection, not counted
// against the tries.
var errStalledMoving = fmt.Errorf("%w while the other connections brought bytes", ErrStalled)

// stallTimer returns the stall timer of a claim of connection cs (its
// context ctx, its range starting at start): it fires after the stall
// timeout, and stallReader re-arms it on every read that brings bytes.
// When it fires it waits on, or cancels the claim with ErrStalled or
// errStalledMoving, as the comment above says.
func (d *Downloader) stallTimer(ctx context.Context, cs *connState, start int64, cancel context.CancelCauseFunc) *time.Timer {
	var self atomic.Pointer[time.Timer]
	t := time.AfterFunc(d.cfg.StallTimeout, func() {
		if ctx.Err() != nil {
			return // the claim is over: cs is on to another
		}
		got := cs.claimBytes.Load()
		left := d.cfg.StallTimeout - time.Since(d.lastMoved(cs, d.plan.Index(start+got)))
		switch {
		case left <= 0:
			cancel(ErrStalled)
		case got > 0:
			cancel(errStalledMoving)
		default:
			if t := self.Load(); t != nil {
				t.Reset(left) // the download moves: wait on for the first byte
			}
		}
	})
	self.Store(t)
	return t
}

// lastMoved is when a connection other than self last brought bytes of
// another slice than slice; the zero time if none has. A connection's last
// bytes are of the slice where its claim now stands; one that has brought
// nothing of its claim yet is judged by its last bytes, which are at least
// a stall timeout old if it is retrying slice after a stall.
func (d *Downloader) lastMoved(self *connState, slice int) time.Time {
	var last int64
	for i := range d.conns {
		c := &d.conns[i]
		if c == self {
			continue
		}
		at := c.lastByte.Load()
		if at <= last {
			continue
		}
		if got := c.claimBytes.Load(); got > 0 && d.plan.Index(c.start.Load()+got-1) == slice {
			continue // a copy of the same slice
		}
		last = at
	}
	if last == 0 {
		return time.Time{}
	}
	return time.Unix(0, last)
}

// patient reports whether err, a failure of a claim of connection cs at
// slice at, is a wait while the download moved: a stall that the stall
// timer judged so, or a response-header timeout while other connections
// brought bytes within the stall timeout. Such a failure is retried
// without counting the try.
func (d *Downloader) patient(cs *connState, at int, err error) bool {
	if errors.Is(err, errStalledMoving) {
		return true
	}
	var pe *PhaseError
	if !errors.As(err, &pe) || pe.Phase != PhaseHeaders || !pe.Timeout() {
		return false
	}
	return time.Since(d.lastMoved(cs, at)) < d.cfg.StallTimeout
}

// again waits before an uncounted retry of slice at, the first wait of
// the retry policy, and says why in the log.
func (d *Downloader) again(ctx context.Context, at int, err error) error {
	wait := d.cfg.Retry.Delay(1, err)
	if d.cfg.Logf != nil {
		d.cfg.Logf("slice %d: %v; asking again in %s (the download moves, so this is not counted as a failed try)",
			at, err, wait.Round(time.Millisecond))
	}
	return pause.Sleep(ctx, wait)
}

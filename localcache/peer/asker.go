// Askers: which request a fill was started for, so that
// slget_serve_coalesced_waiters_total counts the waits on another
// request's fill and not a request's waits on its own runs and prefetches,
// and so that a slice a request's own prefetch brought to the cache counts
// as its miss, not as a hit.

package peer

import (
	"context"
	"sync"
)

// asker names one request among those being answered, and says whether
// another member of the fleet relayed it: then its fills go to the origin.
type asker struct {
	relayed bool

	mu   sync.Mutex
	runs []span // the slices of the runs started for it, adjacent ones merged
}

// span is the slices [first, end) of version v.
type span struct {
	v          *version
	first, end int64
}

// started notes that a run of slices [first, end) of v was started for a.
func (a *asker) started(v *version, first, end int64) {
	if a == nil {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if n := len(a.runs); n > 0 && a.runs[n-1].v == v && a.runs[n-1].end == first {
		a.runs[n-1].end = end
		return
	}
	a.runs = append(a.runs, span{v, first, end})
}

// filled reports whether slice i of v came from a run started for a.
func (a *asker) filled(v *version, i int64) bool {
	if a == nil {
		return false
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, r := range a.runs {
		if r.v == v && r.first <= i && i < r.end {
			return true
		}
	}
	return false
}

type askerKey struct{}

// withAsker gives ctx, a request's context, an asker of its own.
func withAsker(ctx context.Context, relayed bool) context.Context {
	return context.WithValue(ctx, askerKey{}, &asker{relayed: relayed})
}

// isRelayed reports whether the request of ctx was relayed by another
// member of the fleet.
func isRelayed(ctx context.Context) bool {
	a := askerOf(ctx)
	return a != nil && a.relayed
}

// askerOf is the asker of ctx; nil when it has none.
func askerOf(ctx context.Context) *asker {
	a, _ := ctx.Value(askerKey{}).(*asker)
	return a
}

// flight is what the leader of a slice's flight hands its waiters: the
// slice, and whether it came from a run (waited) and for whom it was
// started.
type flight struct {
	p      piece
	waited bool
	by     *asker
}

// coalescedWait reports whether me, having got f, waited for a fill that
// another request started. An asker unknown on either side counts as
// another.
func coalescedWait(f flight, me *asker) bool {
	return f.waited && (me == nil || f.by == nil || f.by != me)
}

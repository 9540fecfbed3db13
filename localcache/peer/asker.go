// Askers: which request a fill was started for, so that
// slget_serve_coalesced_waiters_total counts the waits on another
// request's fill and not a request's waits on its own runs and prefetches,
// and so that a slice a request's own prefetch brought to the cache counts
// as its miss, not as a hit.

package peer

import (
	"cmp"
	"context"
	"slices"
	"sync"
)

// asker names one request among those being answered, and says whether
// another member of the fleet relayed it: then its fills go to the origin.
type asker struct {
	relayed bool
	wait    waitState // what it waits for (waitProgress)

	mu sync.Mutex
	// runs are the slices of the runs started for it, by version: sorted,
	// apart (a slice is claimed by one run at a time), adjacent ones
	// merged.
	runs map[*version][]span
}

// span is the slices [first, end).
type span struct{ first, end int64 }

// spanAt is the order of spans by their first slice, for binary search.
func spanAt(s span, i int64) int { return cmp.Compare(s.first, i) }

// started notes that a run of slices [first, end) of v was started for a.
func (a *asker) started(v *version, first, end int64) {
	if a == nil {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.runs == nil {
		a.runs = map[*version][]span{}
	}
	l := a.runs[v]
	k, _ := slices.BinarySearchFunc(l, first, spanAt)
	switch {
	case k > 0 && l[k-1].end == first:
		l[k-1].end = end
		if k < len(l) && l[k].first == end {
			l[k-1].end = l[k].end
			l = slices.Delete(l, k, k+1)
		}
	case k < len(l) && l[k].first == end:
		l[k].first = first
	default:
		l = slices.Insert(l, k, span{first, end})
	}
	a.runs[v] = l
}

// filled reports whether slice i of v came from a run started for a.
func (a *asker) filled(v *version, i int64) bool {
	if a == nil {
		return false
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	l := a.runs[v]
	k, found := slices.BinarySearchFunc(l, i, spanAt)
	return found || k > 0 && i < l[k-1].end
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

// Askers: which request a fill was started for, so that
// slget_serve_coalesced_waiters_total counts the waits on another
// request's fill and not a request's waits on its own runs and prefetches.

package peer

import "context"

// asker names one request among those being answered (it has a size, so
// that two askers are never the same pointer), and says whether another
// member of the fleet relayed it: then its fills go to the origin.
type asker struct {
	relayed bool
	wait    waitState // what it waits for (progress.go)
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

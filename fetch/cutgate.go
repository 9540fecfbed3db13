// The cut gate: once a cache in front has cut an answer short, one
// connection at a time asks through it, and a cut of a request made after
// that ends the download.

package fetch

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// A cache that cannot store the file (varnish whose -s malloc,SIZE is
// smaller than it) cuts every answer, and every request it gets for the
// file is a miss that makes it fetch the whole file from the origin again,
// whatever the range asked: five tries of a slice on each of N connections
// cost the origin several times the file for one failed download. A cut
// can also be a moment's (the cache's own fetch broke off), when one more
// try does help.
//
// So after the first cut (and those of requests already in flight with
// it, which the same fill cut), only the connection that saw it asks
// again, for its slice alone; the others wait. A slice that then comes
// whole reopens the gate for all. A cut of a request made after the first
// was seen is the same failure again: the download ends with a final
// error, and the origin has sent about the file once at most.

// cutGate is the state of the rule above; its zero value is open.
type cutGate struct {
	mu     sync.Mutex
	seen   time.Time     // when the cut that shut the gate was seen; zero while open
	holder int           // the connection that asks while shut; -1 for whichever asks next
	open   chan struct{} // closed when the gate opens again
}

// cutRecheck is how often a waiting connection looks whether the one
// asking through the gate has gone.
const cutRecheck = 100 * time.Millisecond

// await returns when connection w may ask: the gate is open, w holds it,
// or w takes it over from a connection that left.
func (g *cutGate) await(ctx context.Context, w int) error {
	for {
		g.mu.Lock()
		if g.seen.IsZero() || g.holder == w || g.holder < 0 {
			if !g.seen.IsZero() {
				g.holder = w
			}
			g.mu.Unlock()
			return nil
		}
		open := g.open
		g.mu.Unlock()
		t := time.NewTimer(cutRecheck)
		select {
		case <-open:
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		}
		t.Stop()
	}
}

// cut is told that a try of connection w, asked at started, failed with
// err. For a cut by a cache, it shuts the gate if it is open, and reports
// whether the request was made after the gate shut: a cut again, which
// ends the download.
func (g *cutGate) cut(w int, started time.Time, err error) (again bool) {
	var ce *CutError
	if !errors.As(err, &ce) {
		return false
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	switch {
	case g.seen.IsZero():
		g.seen, g.holder, g.open = time.Now(), w, make(chan struct{})
		return false
	case started.After(g.seen) && w == g.holder:
		return true
	}
	// In flight when the gate shut (the same cut), or asked by a
	// connection that passed the gate just before it shut: it waits at
	// the gate now.
	return false
}

// cutAgain is the error that ends the download when slice at was cut
// again (err) after the gate shut: the slice given up, its tries counted
// with this one.
func (d *Downloader) cutAgain(at int, err error) error {
	d.mu.Lock()
	f := d.tries[at]
	d.mu.Unlock()
	var failing time.Duration
	if !f.first.IsZero() {
		failing = time.Since(f.first)
	}
	return &GaveUpError{Slice: at, Range: d.plan.SliceRange(at), Tries: f.n + 1, For: failing, Err: &CutAgainError{Err: err}}
}

// passed is told that connection w's claim, asked at started, came whole:
// made after the gate shut, it opens the gate again.
func (g *cutGate) passed(started time.Time) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.seen.IsZero() && started.After(g.seen) {
		g.seen = time.Time{}
		close(g.open)
	}
}

// leave is told that connection w ends: another takes the gate over.
func (g *cutGate) leave(w int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.holder == w {
		g.holder = -1
	}
}

// CutAgainError is an answer cut short by a cache in front of the origin
// after an earlier answer was, although the request was made once that
// cut was seen: the cache cannot give the file (varnish with a store
// smaller than it), and every further request would make it fetch the
// file from the origin again. It unwraps to the *CutError, and is final.
type CutAgainError struct {
	Err error // the *CutError of the second cut
}

func (e *CutAgainError) retryable() bool { return false }

func (e *CutAgainError) Error() string {
	return fmt.Sprintf("%v, again after an earlier cut; another request would only make the cache fetch the file from the server again", e.Err)
}

func (e *CutAgainError) Unwrap() error { return e.Err }

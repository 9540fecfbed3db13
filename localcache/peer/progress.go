// Progress of a waiting answer: the count each 102 carries
// (fetch.HeaderProgress), which grows only when the fills the answer waits
// for move on, so that a requester can tell a peer that works from one
// that only says so.
//
// Decision: the count is the request's own, not the server's. A
// server-wide count of fill bytes would be cheaper still, but on a busy
// serve it grows whatever happens to this request's fill, and a fill stuck
// behind a dead origin would look alive for as long as others flow. So a
// request counts the bytes that came in to the run filling the slice it
// waits for, plus one for each slice it got; and while that run waits for
// its turn (Config.MaxFills), the bytes the server's other fills got
// meanwhile: a queue moves only as the fills ahead of it do, and waiting
// behind a queued fill is not a stall. The cost is an atomic add per read
// of a fill and a map look-up per 102.

package peer

import (
	"sync"
	"sync/atomic"
)

// runProgress is what a run's waiters are told of its progress: a count
// that never goes down.
type runProgress struct {
	mu      sync.Mutex
	started bool
	base    int64 // the server's fill count when the run was claimed
	queued  int64 // what the server's fills got while the run waited for its turn
	got     int64 // what the run got since it started
}

// claimed notes the server's fill count as the run is claimed.
func (p *runProgress) claimed(all *atomic.Int64) {
	p.mu.Lock()
	p.base = all.Load()
	p.mu.Unlock()
}

// start marks the run as talking to its source: from then on it counts
// its own bytes only.
func (p *runProgress) start(all *atomic.Int64) {
	p.mu.Lock()
	p.queued, p.started = all.Load()-p.base, true
	p.mu.Unlock()
}

// add counts n more units of progress (bytes, or an owner's sign of it).
func (p *runProgress) add(n int64) {
	p.mu.Lock()
	p.got += n
	p.mu.Unlock()
}

// value is the run's progress so far.
func (p *runProgress) value(all *atomic.Int64) int64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.started {
		return all.Load() - p.base
	}
	return p.queued + p.got
}

// waitState is what a request waits for, for the count of its 102s.
type waitState struct {
	mu    sync.Mutex
	key   string // the flight key of the slice it waits for; "" none
	ready int64  // slices it got
	run   *run   // the run last seen filling key
	base  int64  // that run's progress when it was first seen
	acc   int64  // the progress of the runs seen before it
}

// waiting records that the request of a waits for the slice of key; ""
// when it waits no more.
func (a *asker) waiting(key string) {
	if a == nil {
		return
	}
	a.wait.mu.Lock()
	a.wait.key = key
	a.wait.mu.Unlock()
}

// gotSlice records that the request of a got a slice it waited for.
func (a *asker) gotSlice() {
	if a == nil {
		return
	}
	a.wait.mu.Lock()
	a.wait.key = ""
	a.wait.ready++
	a.wait.mu.Unlock()
}

// waitProgress is the count the next 102 to the request of a carries: it
// grows only when the request's slices got closer to ready.
func (s *Server) waitProgress(a *asker) int64 {
	if a == nil {
		return 0
	}
	w := &a.wait
	w.mu.Lock()
	defer w.mu.Unlock()
	var r *run
	if w.key != "" {
		s.fills.mu.Lock()
		r = s.fills.claims[w.key]
		s.fills.mu.Unlock()
	}
	all := &s.fills.got
	if r != w.run {
		if w.run != nil {
			w.acc += w.run.prog.value(all) - w.base
		}
		w.run = r
		if r != nil {
			w.base = r.prog.value(all)
		}
	}
	n := w.acc + w.ready
	if w.run != nil {
		n += w.run.prog.value(all) - w.base
	}
	return n
}

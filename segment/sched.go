// Scheduler: claims, work stealing and end-game over a Plan's slices.
//
// About 440 lines for one concern: claims, stealing and the end-game share
// one lock and one set of runs; split, each would reach into the others'
// state.

package segment

import (
	"sort"
	"sync"
)

// A Claim is a run of slices handed to one worker. The worker fetches
// Run in one request and reports each slice as it lands with Complete; the
// run's end may shrink under it when another worker steals the tail, which
// Complete reports by returning More == false.
type Claim struct {
	ID  int
	Run Run  // the slices to request, fixed when claimed
	Dup bool // an end-game duplicate of a slice another claim is fetching
}

// Outcome is what Complete tells a worker about the slice it just finished.
type Outcome struct {
	// First is true when this copy of the slice is the first to complete;
	// only the first copy is to be committed.
	First bool
	// More is true when the claim still owns the next slice, so the worker
	// should keep reading its response.
	More bool
	// Cancel lists claims whose remaining work has just become pointless (the
	// other copies of an end-game slice); their workers should stop.
	Cancel []int
}

type claimState struct {
	first int // the first slice of the claim, as handed out
	next  int // the first slice of the claim not yet completed
	end   int // the current end of the claim; shrinks when stolen
	dup   bool
}

// Scheduler hands out runs of missing slices to workers. It is safe for
// concurrent use. Decisions, in order of preference:
//
//  1. a run from the free list, at most Target slices, so that N workers
//     starting together get equal shares and finish together;
//  2. the second half of the largest run still in flight (work stealing),
//     split on a slice boundary; the victim keeps the slice it is reading;
//  3. end-game: a duplicate of a slice that another worker is still reading,
//     one duplicate per slice; the first copy to complete wins.
//
// With a window (SetWindow, for a reader that takes the slices in order),
// all three stay inside it, and the end-game starts at the lowest slice.
type Scheduler struct {
	mu      sync.Mutex
	plan    Plan
	done    *Set
	free    []Run // unclaimed missing runs, sorted, non-overlapping
	active  map[int]*claimState
	dups    map[int]int // slice -> number of active duplicates
	nextID  int
	target  int
	workers int
	changed chan struct{}
	margin  func(id, after int) int // slices past the one being read that a victim keeps; nil means 0
	window  int                     // slices a reader holds ahead of what it took (SetWindow); 0 means no window
	taken   int                     // slices before this one the reader has taken (Consume)
}

// SetWindow makes the scheduler serve a reader that takes the slices in
// order through a window of w slices (a stream): every claim, steal and
// duplicate ends before the window's end, w slices past the first slice
// the reader has not taken yet (see Consume); a claim holds at most
// max(1, w/workers) slices, so that the workers share the window; and the
// end-game duplicates the lowest slice first, the one the reader waits
// for, whichever claim holds it. Work beyond the window waits until the
// reader moves it. w <= 0 means no window. Set it before the first Claim.
//
// A claim made with ClaimRun is not bound by the window: the caller knows
// that its run is wanted now (the probe's slice 0, a retry of a slice that
// was in the window when first claimed).
func (s *Scheduler) SetWindow(w int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.window = max(w, 0)
	if s.window > 0 {
		s.target = min(s.target, max(1, s.window/s.workers))
	}
}

// Consume tells the scheduler that the reader has taken every slice before
// n, so the window now ends at n plus its size. It wakes the workers that
// wait on Changed when the window moved.
func (s *Scheduler) Consume(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if n > s.taken {
		s.taken = n
		if s.window > 0 {
			s.notify()
		}
	}
}

// horizon is the end of the window: no claim, steal or duplicate reaches
// past it. Callers hold s.mu.
func (s *Scheduler) horizon() int {
	if s.window <= 0 {
		return s.plan.N()
	}
	return min(s.taken+s.window, s.plan.N())
}

// SetMargin sets how many slices after the one it is reading a claim keeps
// when another worker steals from it: margin(id, after) for claim id, which
// has after slices left past the one it is reading. Those slices may be in
// flight already (in socket buffers, or being fetched by a cache in front
// of the origin), and stealing them would fetch them twice; a claim that
// will finish soon anyway is not worth stealing from at all (margin ≥
// after). margin is called with the scheduler's lock held: it must not call
// back into the scheduler. Set it before the first Claim.
func (s *Scheduler) SetMargin(margin func(id, after int) int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.margin = margin
}

// NewScheduler plans the slices of p that done lacks for workers connections.
// The scheduler takes ownership of done and adds to it as slices complete.
// A nil done, or one whose Len is not p.N(), is replaced by an empty set:
// read the result through Done, not through the set passed in.
func NewScheduler(p Plan, done *Set, workers int) *Scheduler {
	if workers < 1 {
		workers = 1
	}
	if done == nil || done.Len() != p.N() {
		done = NewSet(p.N())
	}
	free := done.Missing()
	missing := p.N() - done.Count()
	target := (missing + workers - 1) / workers
	if target < 1 {
		target = 1
	}
	return &Scheduler{
		plan:    p,
		done:    done,
		free:    free,
		active:  make(map[int]*claimState),
		dups:    make(map[int]int),
		target:  target,
		workers: workers,
		changed: make(chan struct{}),
	}
}

// Plan is the plan being scheduled.
func (s *Scheduler) Plan() Plan { return s.plan }

// notify wakes everything waiting on Changed. Callers hold s.mu.
func (s *Scheduler) notify() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// Changed returns a channel that is closed at the next change of state
// (a slice completed or a claim released). A worker that found nothing to
// claim waits on it before asking again.
//
// Take the channel before calling Claim, not after it fails: a change that
// falls between a failed Claim and a later call to Changed would otherwise
// be missed, and the worker could wait for a change that never comes.
//
//	for {
//		changed := s.Changed()
//		c, ok := s.Claim()
//		if !ok {
//			if s.Finished() {
//				return nil
//			}
//			select {
//			case <-changed:
//				continue
//			case <-ctx.Done():
//				return ctx.Err()
//			}
//		}
//		// fetch c.Run, Complete each slice, then Release(c)
//	}
func (s *Scheduler) Changed() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.changed
}

// Finished reports whether every slice is done.
func (s *Scheduler) Finished() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.done.Full()
}

// IsDone reports whether slice i is done.
func (s *Scheduler) IsDone(i int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.done.Has(i)
}

// Settled reports whether slice i is done and no claim in flight may
// write it any more: none that still covers it (a copy that lost the race
// for it, cancelled but not yet released). What a settled slice holds is
// what the file will hold.
func (s *Scheduler) Settled(i int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.done.Has(i) {
		return false
	}
	for _, st := range s.active {
		if st.next <= i && i < st.end {
			return false
		}
	}
	return true
}

// DoneCount is the number of slices done.
func (s *Scheduler) DoneCount() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.done.Count()
}

// Done returns a copy of the done-set.
func (s *Scheduler) Done() *Set {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.done.Clone()
}

// Claim hands out the next piece of work, or reports false when there is
// nothing to do right now (everything is done or claimed and too small to
// split or duplicate further).
func (s *Scheduler) Claim() (Claim, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c, ok := s.claimFree(); ok {
		return c, true
	}
	if c, ok := s.steal(); ok {
		return c, true
	}
	return s.duplicate()
}

func (s *Scheduler) newClaim(r Run, dup bool) Claim {
	s.nextID++
	s.active[s.nextID] = &claimState{first: r.First, next: r.First, end: r.End, dup: dup}
	if dup {
		s.dups[r.First]++
	}
	return Claim{ID: s.nextID, Run: r, Dup: dup}
}

func (s *Scheduler) claimFree() (Claim, bool) {
	horizon := s.horizon()
	for len(s.free) > 0 {
		r := s.free[0]
		// Skip slices completed meanwhile by an end-game duplicate.
		for r.First < r.End && s.done.Has(r.First) {
			r.First++
		}
		if r.First >= r.End {
			s.free = s.free[1:]
			continue
		}
		if r.First >= horizon {
			return Claim{}, false // the lowest free slice is past the window
		}
		end := min(r.First+s.target, r.End, horizon)
		for i := r.First + 1; i < end; i++ {
			if s.done.Has(i) {
				end = i
				break
			}
		}
		if end == r.End {
			s.free = s.free[1:]
		} else {
			s.free[0] = Run{First: end, End: r.End}
		}
		return s.newClaim(Run{First: r.First, End: end}, false), true
	}
	return Claim{}, false
}

func (s *Scheduler) steal() (Claim, bool) {
	var victim *claimState
	best, keep := 0, 0
	horizon := s.horizon()
	for id, st := range s.active {
		if st.dup || st.end > horizon {
			continue
		}
		// The victim keeps the slice it is reading (st.next), and its margin.
		m := 0
		if after := st.end - st.next - 1; s.margin != nil && after > 0 {
			m = max(s.margin(id, after), 0)
		}
		if n := st.end - st.next - 1 - m; n > best || (n == best && n > 0 && victim != nil && st.next < victim.next) {
			best, victim, keep = n, st, m
		}
	}
	if victim == nil || best < 1 {
		return Claim{}, false
	}
	mid := victim.next + 1 + keep + best/2
	stolen := Run{First: mid, End: victim.end}
	victim.end = mid
	return s.newClaim(stolen, false), true
}

func (s *Scheduler) duplicate() (Claim, bool) {
	ids := make([]int, 0, len(s.active))
	for id := range s.active {
		ids = append(ids, id)
	}
	sort.Ints(ids) // deterministic choice: the oldest claim first
	if s.window > 0 {
		// A reader waits for the lowest slice: rescue it first.
		sort.SliceStable(ids, func(a, b int) bool { return s.active[ids[a]].next < s.active[ids[b]].next })
	}
	horizon := s.horizon()
	for _, id := range ids {
		st := s.active[id]
		if st.dup || st.next >= st.end || st.next >= horizon || s.done.Has(st.next) || s.dups[st.next] > 0 {
			continue
		}
		return s.newClaim(Run{First: st.next, End: st.next + 1}, true), true
	}
	return Claim{}, false
}

// Complete records that claim c has written slice i. Slices must be reported
// in order, starting at c.Run.First.
func (s *Scheduler) Complete(c Claim, i int) Outcome {
	s.mu.Lock()
	defer s.mu.Unlock()
	st, ok := s.active[c.ID]
	if !ok {
		// A released claim: its work went elsewhere; never count it first.
		return Outcome{}
	}
	out := Outcome{First: s.done.Add(i)}
	if out.First {
		// Every other claim still reading slice i has lost the race for it:
		// a duplicate has nothing else to do, and an original that a
		// duplicate beat is slow (duplicates start only for slow slices).
		// Cancelling the original gives back the slices it kept past i (its
		// steal margin) on Release, so that no connection, however slow,
		// can hold them.
		for id, o := range s.active {
			if id != c.ID && o.next == i && (o.dup && o.first == i || !o.dup && i < o.end) {
				out.Cancel = append(out.Cancel, id)
			}
		}
		sort.Ints(out.Cancel)
		s.notify()
	}
	// Never move back: a repeated report must not hand the claim's finished
	// slices out again (to a thief, or to the free list on Release).
	if i+1 > st.next {
		st.next = i + 1
	}
	out.More = !st.dup && st.next < st.end
	return out
}

// Release ends claim c: whatever it did not complete goes back to the free
// list for another worker. Call it when a claim's response ends, fails or is
// cancelled. Releasing twice is harmless.
func (s *Scheduler) Release(c Claim) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st, ok := s.active[c.ID]
	if !ok {
		return
	}
	delete(s.active, c.ID)
	if st.dup {
		if s.dups[st.first]--; s.dups[st.first] <= 0 {
			delete(s.dups, st.first)
		}
	} else if st.next < st.end {
		s.addFree(Run{First: st.next, End: st.end})
	}
	s.notify()
}

// addFree inserts r into the sorted free list. Callers hold s.mu.
func (s *Scheduler) addFree(r Run) {
	i := sort.Search(len(s.free), func(k int) bool { return s.free[k].First >= r.First })
	s.free = append(s.free, Run{})
	copy(s.free[i+1:], s.free[i:])
	s.free[i] = r
}

// Active is the number of claims in flight.
func (s *Scheduler) Active() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.active)
}

// ClaimRun claims exactly run r if every slice of it is free (unclaimed and
// not done); it is how a caller hands the probe's body for slice 0 to a
// worker.
func (s *Scheduler) ClaimRun(r Run) (Claim, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r.First >= r.End {
		return Claim{}, false
	}
	for k, f := range s.free {
		if f.First > r.First || f.End < r.End {
			continue
		}
		for i := r.First; i < r.End; i++ {
			if s.done.Has(i) {
				return Claim{}, false
			}
		}
		var rest []Run
		if f.First < r.First {
			rest = append(rest, Run{First: f.First, End: r.First})
		}
		if r.End < f.End {
			rest = append(rest, Run{First: r.End, End: f.End})
		}
		s.free = append(s.free[:k], append(rest, s.free[k+1:]...)...)
		return s.newClaim(r, false), true
	}
	return Claim{}, false
}

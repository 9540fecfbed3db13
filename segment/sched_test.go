// Tests of the Scheduler's contract: equal shares, resume, stealing,
// end-game, Release, and a reference model that random and fuzzed schedules
// are checked against step by step.

package segment

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

const testSlice = 1 << 10

// newTestScheduler schedules n slices of testSlice bytes (the last one short
// by a few bytes) with done holding the given slices.
func newTestScheduler(t testing.TB, n, workers int, done ...int) *Scheduler {
	t.Helper()
	size := int64(n) * testSlice
	if n > 0 {
		size -= 7 // a short last slice
	}
	p, err := NewPlan(size, testSlice)
	if err != nil {
		t.Fatal(err)
	}
	if p.N() != n {
		t.Fatalf("plan has %d slices, want %d", p.N(), n)
	}
	set := NewSet(n)
	for _, i := range done {
		set.Add(i)
	}
	return NewScheduler(p, set, workers)
}

func mustClaim(t *testing.T, s *Scheduler) Claim {
	t.Helper()
	c, ok := s.Claim()
	if !ok {
		t.Fatal("Claim found nothing")
	}
	checkClaimShape(t, s, c)
	return c
}

func checkClaimShape(t testing.TB, s *Scheduler, c Claim) {
	t.Helper()
	p := s.Plan()
	if c.Run.Len() <= 0 || c.Run.First < 0 || c.Run.End > p.N() {
		t.Fatalf("claim %+v: run outside [0,%d) or empty", c, p.N())
	}
	if c.Dup && c.Run.Len() != 1 {
		t.Fatalf("duplicate claim %+v is not one slice", c)
	}
	if r := p.RunRange(c.Run); !p.Aligned(r) {
		t.Fatalf("claim %+v: byte range %v is not slice-aligned", c, r)
	}
}

func noClaim(t *testing.T, s *Scheduler) {
	t.Helper()
	if c, ok := s.Claim(); ok {
		t.Fatalf("Claim = %+v, want nothing", c)
	}
}

func wantOutcome(t *testing.T, got Outcome, first, more bool, cancel ...int) {
	t.Helper()
	if got.First != first || got.More != more || !slices.Equal(got.Cancel, cancel) {
		t.Fatalf("Outcome = %+v, want First %v More %v Cancel %v", got, first, more, cancel)
	}
}

// completeAll reports the slices of c in order until the claim ends.
func completeAll(t *testing.T, s *Scheduler, c Claim) {
	t.Helper()
	for i := c.Run.First; i < c.Run.End; i++ {
		if !s.Complete(c, i).More {
			break
		}
	}
	s.Release(c)
}

func isClosed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

func TestSchedulerEqualShares(t *testing.T) {
	tests := []struct {
		n, workers int
		want       []Run
	}{
		{100, 8, []Run{{0, 13}, {13, 26}, {26, 39}, {39, 52}, {52, 65}, {65, 78}, {78, 91}, {91, 100}}},
		{10, 3, []Run{{0, 4}, {4, 8}, {8, 10}}},
		{8, 8, []Run{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 7}, {7, 8}}},
		{3, 8, []Run{{0, 1}, {1, 2}, {2, 3}}},
		{5, 1, []Run{{0, 5}}},
		{5, 0, []Run{{0, 5}}}, // fewer than one worker means one
		{1, 1, []Run{{0, 1}}},
	}
	for _, tt := range tests {
		s := newTestScheduler(t, tt.n, tt.workers)
		var got []Run
		for range tt.want {
			c := mustClaim(t, s)
			if c.Dup {
				t.Fatalf("n=%d w=%d: duplicate %+v while slices are free", tt.n, tt.workers, c)
			}
			got = append(got, c.Run)
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("n=%d w=%d: claims %v, want %v", tt.n, tt.workers, got, tt.want)
		}
		if len(s.free) != 0 {
			t.Errorf("n=%d w=%d: free list %v after the initial shares", tt.n, tt.workers, s.free)
		}
		if s.Active() != len(tt.want) || s.Finished() || s.DoneCount() != 0 {
			t.Errorf("n=%d w=%d: Active %d Finished %v DoneCount %d", tt.n, tt.workers, s.Active(), s.Finished(), s.DoneCount())
		}
	}
}

func TestSchedulerIDsUnique(t *testing.T) {
	s := newTestScheduler(t, 50, 4)
	seen := map[int]bool{}
	for {
		c, ok := s.Claim()
		if !ok {
			break
		}
		if c.ID <= 0 || seen[c.ID] {
			t.Fatalf("claim ID %d reused or not positive", c.ID)
		}
		seen[c.ID] = true
		if len(seen) > 200 {
			t.Fatal("Claim never runs dry without completions")
		}
	}
}

func TestSchedulerResume(t *testing.T) {
	// 100 slices; 0-49, 60, 61 and 99 done: 47 missing, 4 workers, target 12.
	var done []int
	for i := 0; i < 50; i++ {
		done = append(done, i)
	}
	done = append(done, 60, 61, 99)
	s := newTestScheduler(t, 100, 4, done...)
	if s.DoneCount() != 53 {
		t.Fatalf("DoneCount = %d, want 53", s.DoneCount())
	}
	want := []Run{{50, 60}, {62, 74}, {74, 86}, {86, 98}, {98, 99}}
	var got []Run
	isDone := s.Done()
	for range want {
		c := mustClaim(t, s)
		for i := c.Run.First; i < c.Run.End; i++ {
			if isDone.Has(i) {
				t.Fatalf("claim %v includes done slice %d", c.Run, i)
			}
		}
		got = append(got, c.Run)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("claims %v, want %v", got, want)
	}
	// Everything is claimed now: the next claim is a steal, still of
	// missing slices only.
	c := mustClaim(t, s)
	if c.Dup || c.Run.First < 62 || c.Run.End > 74 {
		t.Fatalf("steal = %+v, want part of [62,74)", c)
	}
}

func TestSchedulerResumeFull(t *testing.T) {
	all := make([]int, 10)
	for i := range all {
		all[i] = i
	}
	s := newTestScheduler(t, 10, 4, all...)
	if !s.Finished() || s.DoneCount() != 10 {
		t.Fatalf("Finished %v DoneCount %d", s.Finished(), s.DoneCount())
	}
	noClaim(t, s)
}

func TestSchedulerEmptyPlan(t *testing.T) {
	for _, s := range []*Scheduler{
		NewScheduler(Plan{}, nil, 4),
		NewScheduler(Plan{Size: 0, Slice: 1 << 20}, NewSet(0), 4),
	} {
		if !s.Finished() || s.DoneCount() != 0 || s.Active() != 0 {
			t.Fatalf("empty plan: Finished %v DoneCount %d Active %d", s.Finished(), s.DoneCount(), s.Active())
		}
		noClaim(t, s)
	}
}

func TestSchedulerDoneSetOwnership(t *testing.T) {
	p := Plan{Size: 10 * testSlice, Slice: testSlice}

	// A nil done-set, or one of the wrong length, is replaced.
	for _, done := range []*Set{nil, NewSet(9), setOf(11, 0, 1, 2)} {
		s := NewScheduler(p, done, 2)
		if s.DoneCount() != 0 || s.Done().Len() != 10 {
			t.Fatalf("done-set %+v: DoneCount %d, Len %d", done, s.DoneCount(), s.Done().Len())
		}
	}

	// A matching one is used and added to.
	done := setOf(10, 0)
	s := NewScheduler(p, done, 1)
	c := mustClaim(t, s)
	s.Complete(c, 1)
	if !done.Has(1) {
		t.Error("the scheduler does not add to the done-set it was given")
	}
	// Done is a copy.
	cp := s.Done()
	cp.Add(5)
	if s.Done().Has(5) {
		t.Error("Done returned the scheduler's own set")
	}
}

func TestSchedulerSteal(t *testing.T) {
	s := newTestScheduler(t, 10, 1)
	a := mustClaim(t, s)
	if a.Run != (Run{0, 10}) {
		t.Fatalf("first claim %v", a.Run)
	}
	wantOutcome(t, s.Complete(a, 0), true, true)
	wantOutcome(t, s.Complete(a, 1), true, true)

	// a is reading slice 2; slices 3-9 are the rest: the thief gets 6-9.
	b := mustClaim(t, s)
	if b.Dup || b.Run != (Run{6, 10}) {
		t.Fatalf("steal = %+v, want slices [6,10)", b)
	}
	// The victim keeps its slice and the first half of the rest, and learns
	// of the new end when it gets there.
	for i := 2; i < 5; i++ {
		wantOutcome(t, s.Complete(a, i), true, true)
	}
	wantOutcome(t, s.Complete(a, 5), true, false)
	s.Release(a)

	// Steal again, from b: b is reading 6; 7-9 are the rest: thief gets 8-9.
	c := mustClaim(t, s)
	if c.Run != (Run{8, 10}) {
		t.Fatalf("second steal = %v, want [8,10)", c.Run)
	}
	// b has 6 and 7: one more slice past the one it reads, so one to steal.
	// b (reading 6, keeps 7) and c (reading 8, keeps 9) tie: the lower, b.
	d := mustClaim(t, s)
	if d.Run != (Run{7, 8}) {
		t.Fatalf("third steal = %v, want [7,8)", d.Run)
	}
	if s.Finished() {
		t.Fatal("Finished too early")
	}
	for _, x := range []Claim{b, c, d} {
		completeAll(t, s, x)
	}
	if !s.Finished() {
		t.Fatalf("not Finished; done %v", s.Done().Missing())
	}
	noClaim(t, s)
}

func TestSchedulerStealSplits(t *testing.T) {
	// One claim of n slices, nothing completed: the victim keeps slice 0 and
	// the first half of 1..n-1; the thief gets the second half, rounded up.
	tests := []struct {
		n    int
		want Run
	}{
		{2, Run{1, 2}},
		{3, Run{2, 3}},
		{4, Run{2, 4}},
		{5, Run{3, 5}},
		{10, Run{5, 10}},
		{11, Run{6, 11}},
	}
	for _, tt := range tests {
		s := newTestScheduler(t, tt.n, 1)
		a := mustClaim(t, s)
		b := mustClaim(t, s)
		if b.Dup || b.Run != tt.want {
			t.Errorf("n=%d: steal = %+v, want %v", tt.n, b, tt.want)
		}
		if st := s.active[a.ID]; st.end != tt.want.First {
			t.Errorf("n=%d: victim end %d, want %d", tt.n, st.end, tt.want.First)
		}
	}
}

func TestSchedulerStealsFromLargest(t *testing.T) {
	// Three claims: [0,4) [4,8) [8,10); after some progress the one with
	// the most left past its current slice is the victim.
	s := newTestScheduler(t, 10, 3)
	a, b, c := mustClaim(t, s), mustClaim(t, s), mustClaim(t, s)
	s.Complete(a, 0) // a: reading 1, 2 more
	s.Complete(a, 1)
	s.Complete(a, 2) // a: reading 3, nothing more
	s.Complete(c, 8) // c: reading 9, nothing more
	_ = b            // b: reading 4, 5-7 more
	d := mustClaim(t, s)
	if d.Run != (Run{6, 8}) {
		t.Fatalf("steal = %v, want [6,8) from b", d.Run)
	}

	// Ties go to the lowest slice: two claims, [0,3) and [3,6), with 2
	// more each. The choice must not depend on map order.
	for range 20 {
		s2 := newTestScheduler(t, 6, 2)
		mustClaim(t, s2)
		mustClaim(t, s2)
		if e := mustClaim(t, s2); e.Run != (Run{2, 3}) {
			t.Fatalf("tie: steal = %v, want [2,3)", e.Run)
		}
	}
}

func TestSchedulerNoStealFromDuplicates(t *testing.T) {
	s := newTestScheduler(t, 1, 1)
	a := mustClaim(t, s)
	d := mustClaim(t, s)
	if !d.Dup || d.Run != a.Run {
		t.Fatalf("want a duplicate of %v, got %+v", a.Run, d)
	}
	noClaim(t, s)
}

func TestSchedulerEndGame(t *testing.T) {
	s := newTestScheduler(t, 2, 2)
	a := mustClaim(t, s) // [0,1)
	b := mustClaim(t, s) // [1,2)

	// Nothing to steal: duplicates, oldest claim first, one per slice.
	da := mustClaim(t, s)
	if !da.Dup || da.Run != a.Run {
		t.Fatalf("first duplicate %+v, want of %v", da, a.Run)
	}
	db := mustClaim(t, s)
	if !db.Dup || db.Run != b.Run {
		t.Fatalf("second duplicate %+v, want of %v", db, b.Run)
	}
	noClaim(t, s)

	// The duplicate of slice 0 wins: it is First and cancels a.
	changed := s.Changed()
	wantOutcome(t, s.Complete(da, 0), true, false, a.ID)
	if !isClosed(changed) {
		t.Error("a first completion did not signal Changed")
	}
	changed = s.Changed()
	wantOutcome(t, s.Complete(a, 0), false, false)
	if isClosed(changed) {
		t.Error("a second completion signalled Changed")
	}

	// The original of slice 1 wins: it cancels the duplicate.
	wantOutcome(t, s.Complete(b, 1), true, false, db.ID)
	wantOutcome(t, s.Complete(db, 1), false, false)

	for _, c := range []Claim{a, b, da, db} {
		s.Release(c)
	}
	if !s.Finished() || s.Active() != 0 || len(s.dups) != 0 {
		t.Fatalf("Finished %v Active %d dups %v", s.Finished(), s.Active(), s.dups)
	}
	noClaim(t, s)
}

func TestSchedulerEndGameDuplicateReleased(t *testing.T) {
	s := newTestScheduler(t, 1, 1)
	a := mustClaim(t, s)
	d := mustClaim(t, s)
	noClaim(t, s) // one duplicate per slice
	s.Release(d)
	s.Release(d) // twice is harmless: the count must not go below zero
	d2 := mustClaim(t, s)
	if !d2.Dup || d2.Run != a.Run || d2.ID == d.ID {
		t.Fatalf("after releasing the duplicate: %+v", d2)
	}
	noClaim(t, s)
	wantOutcome(t, s.Complete(a, 0), true, false, d2.ID)
	if !s.Finished() {
		t.Fatal("not Finished")
	}
}

// A slice already won by a duplicate is not duplicated again, though its
// original claim has not reported it yet.
func TestSchedulerNoDuplicateOfDoneSlice(t *testing.T) {
	s := newTestScheduler(t, 2, 2)
	a := mustClaim(t, s)
	b := mustClaim(t, s)
	da := mustClaim(t, s)
	wantOutcome(t, s.Complete(da, 0), true, false, a.ID)
	s.Release(da)
	db := mustClaim(t, s)
	if !db.Dup || db.Run != b.Run {
		t.Fatalf("claim %+v, want a duplicate of %v", db, b.Run)
	}
	noClaim(t, s)
}

// The original's claim is released while its duplicate runs: the slice goes
// back to the free list, and is claimed again only if it is still missing.
func TestSchedulerReleaseUnderDuplicate(t *testing.T) {
	s := newTestScheduler(t, 2, 2)
	a := mustClaim(t, s) // [0,1)
	b := mustClaim(t, s) // [1,2)
	da := mustClaim(t, s)
	s.Release(a)

	// Slice 0 is free again; a new claim takes it (the duplicate still runs).
	a2 := mustClaim(t, s)
	if a2.Dup || a2.Run != (Run{0, 1}) {
		t.Fatalf("reclaim = %+v, want [0,1)", a2)
	}
	// The duplicate wins; the new claim of the same slice is cancelled.
	wantOutcome(t, s.Complete(da, 0), true, false, a2.ID)
	s.Release(a2)
	s.Release(da)

	// Now release b too, and let its duplicate win first: the free list
	// holds a done slice, which Claim must skip.
	db := mustClaim(t, s)
	if !db.Dup || db.Run != b.Run {
		t.Fatalf("want a duplicate of %v, got %+v", b.Run, db)
	}
	s.Release(b)
	wantOutcome(t, s.Complete(db, 1), true, false)
	s.Release(db)
	if !s.Finished() {
		t.Fatal("not Finished")
	}
	noClaim(t, s)
}

func TestSchedulerRelease(t *testing.T) {
	s := newTestScheduler(t, 10, 2) // [0,5) [5,10)
	a := mustClaim(t, s)
	b := mustClaim(t, s)
	s.Complete(a, 0)
	s.Complete(a, 1)

	changed := s.Changed()
	s.Release(a)
	if !isClosed(changed) {
		t.Error("Release did not signal Changed")
	}
	if s.Active() != 1 {
		t.Fatalf("Active = %d, want 1", s.Active())
	}
	// Releasing twice is harmless: nothing is given back twice.
	changed = s.Changed()
	s.Release(a)
	if isClosed(changed) || s.Active() != 1 || !reflect.DeepEqual(s.free, []Run{{2, 5}}) {
		t.Fatalf("second Release: Active %d free %v", s.Active(), s.free)
	}
	// Complete after Release is never First, and changes nothing.
	wantOutcome(t, s.Complete(a, 2), false, false)
	if s.DoneCount() != 2 || s.Done().Has(2) {
		t.Fatal("Complete after Release marked a slice done")
	}

	// The remainder goes to the next claim (target 5, only 3 left there).
	c := mustClaim(t, s)
	if c.Dup || c.Run != (Run{2, 5}) {
		t.Fatalf("claim after Release = %+v, want [2,5)", c)
	}
	completeAll(t, s, c)
	completeAll(t, s, b)
	if !s.Finished() {
		t.Fatalf("not Finished: missing %v", s.Done().Missing())
	}
}

func TestSchedulerReleaseStolenVictim(t *testing.T) {
	s := newTestScheduler(t, 10, 1)
	a := mustClaim(t, s) // [0,10)
	b := mustClaim(t, s) // steals [5,10)
	s.Complete(a, 0)     // a reading 1, end 5
	s.Release(a)         // gives back [1,5), not [1,10)
	c := mustClaim(t, s) // takes [1,5) (target is 10)
	if c.Run != (Run{1, 5}) {
		t.Fatalf("claim = %v, want [1,5)", c.Run)
	}
	_ = b
}

func TestSchedulerReleaseUntouchedClaim(t *testing.T) {
	s := newTestScheduler(t, 4, 2)
	a := mustClaim(t, s)
	mustClaim(t, s)
	s.Release(a)
	if c := mustClaim(t, s); c.Run != a.Run || c.Dup {
		t.Fatalf("reclaim = %+v, want %v", c, a.Run)
	}
}

func TestSchedulerReleaseUnknownClaim(t *testing.T) {
	s := newTestScheduler(t, 4, 1)
	s.Release(Claim{ID: 99, Run: Run{0, 4}})
	s.Release(Claim{})
	if s.Active() != 0 || len(s.free) != 1 {
		t.Fatalf("Active %d free %v", s.Active(), s.free)
	}
	if out := s.Complete(Claim{ID: 42, Run: Run{0, 1}}, 0); out.First || out.More || out.Cancel != nil {
		t.Fatalf("Complete of an unknown claim = %+v", out)
	}
}

// A repeated report of a slice must not move the claim back, or its done
// slices would be stolen or given back again.
func TestSchedulerCompleteRepeated(t *testing.T) {
	s := newTestScheduler(t, 10, 1)
	a := mustClaim(t, s)
	for i := 0; i < 4; i++ {
		s.Complete(a, i)
	}
	wantOutcome(t, s.Complete(a, 1), false, true) // a retried report
	b := mustClaim(t, s)                          // a reads 4; 5-9 rest
	if b.Run != (Run{7, 10}) {
		t.Fatalf("steal = %v, want [7,10)", b.Run)
	}
	s.Release(a)
	c := mustClaim(t, s)
	if c.Run != (Run{4, 7}) {
		t.Fatalf("claim after Release = %v, want [4,7)", c.Run)
	}
}

// A duplicate released with a Claim value that has lost its Run still frees
// its slice for another duplicate.
func TestSchedulerReleaseDuplicateByID(t *testing.T) {
	s := newTestScheduler(t, 3, 3)
	mustClaim(t, s)
	b := mustClaim(t, s)
	mustClaim(t, s)
	mustClaim(t, s) // dup of 0
	d := mustClaim(t, s)
	if !d.Dup || d.Run != b.Run {
		t.Fatalf("want a duplicate of %v, got %+v", b.Run, d)
	}
	mustClaim(t, s) // dup of 2
	noClaim(t, s)
	s.Release(Claim{ID: d.ID})
	if d2 := mustClaim(t, s); !d2.Dup || d2.Run != b.Run {
		t.Fatalf("after Release by ID: %+v", d2)
	}
}

func TestSchedulerClaimRun(t *testing.T) {
	s := newTestScheduler(t, 20, 4, 15) // target 5; slice 15 done
	// The probe's slice 0, handed to a worker before any Claim.
	c := mustClaimRun(t, s, Run{0, 1})
	if c.Dup || c.Run != (Run{0, 1}) {
		t.Fatalf("ClaimRun = %+v", c)
	}
	for _, r := range []Run{
		{0, 1},   // claimed already
		{0, 2},   // partly claimed
		{14, 16}, // slice 15 is done
		{15, 16},
		{19, 21}, // past the end
		{-1, 1},
		{3, 3}, // empty
		{5, 4},
	} {
		if c, ok := s.ClaimRun(r); ok {
			t.Errorf("ClaimRun(%v) = %+v, want nothing", r, c)
		}
	}
	mid := mustClaimRun(t, s, Run{7, 9}) // splits the free run [1,15)
	if !reflect.DeepEqual(s.free, []Run{{1, 7}, {9, 15}, {16, 20}}) {
		t.Fatalf("free list %v", s.free)
	}
	// Claim goes on in order around it.
	for _, want := range []Run{{1, 6}, {6, 7}, {9, 14}, {14, 15}, {16, 20}} {
		if c := mustClaim(t, s); c.Run != want {
			t.Fatalf("Claim = %v, want %v", c.Run, want)
		}
	}
	// The claimed run is a claim like any other: it completes and can be
	// stolen from.
	wantOutcome(t, s.Complete(c, 0), true, false)
	s.Release(c)
	if th := mustClaim(t, s); th.Dup || th.Run.Len() < 1 {
		t.Fatalf("steal = %+v", th)
	}
	wantOutcome(t, s.Complete(mid, 7), true, true)
}

func mustClaimRun(t *testing.T, s *Scheduler, r Run) Claim {
	t.Helper()
	c, ok := s.ClaimRun(r)
	if !ok {
		t.Fatalf("ClaimRun(%v) found nothing", r)
	}
	checkClaimShape(t, s, c)
	return c
}

func TestSchedulerChanged(t *testing.T) {
	s := newTestScheduler(t, 4, 2)
	ch := s.Changed()
	a := mustClaim(t, s)
	if isClosed(ch) {
		t.Fatal("Claim signalled Changed")
	}
	s.Complete(a, 0)
	if !isClosed(ch) {
		t.Fatal("Complete did not signal Changed")
	}
	ch2 := s.Changed()
	if ch2 == ch || isClosed(ch2) {
		t.Fatal("Changed did not renew its channel")
	}
	// Finishing signals too, so that idle workers see Finished.
	completeAll(t, s, a)
	b := mustClaim(t, s)
	completeAll(t, s, b)
	if !isClosed(ch2) || !s.Finished() {
		t.Fatalf("closed %v Finished %v", isClosed(ch2), s.Finished())
	}
}

// ---- the reference model ----

// modelClaim is what the model knows of one active claim.
type modelClaim struct {
	c         Claim
	pos, end  int  // next slice to complete; current end
	cancelled bool // named in some Outcome.Cancel
}

type modelWorker struct {
	cl       *modelClaim
	released *Claim // the last claim it released, to report to late
}

// sim drives a Scheduler through a script of worker actions and checks each
// answer against a model of what the contract says it must be.
type sim struct {
	t       testing.TB
	s       *Scheduler
	n       int
	done    []bool
	pre     []bool // done before the scheduler started
	firsts  []int
	claims  map[int]*modelClaim
	workers []modelWorker
	steps   int
	stats   simStats
	window  int // SetWindow's slices; 0 means none
	taken   int // what the model's reader has consumed
}

// simStats counts what a simulation exercised.
type simStats struct {
	Free, Steal, Dup, None, ClaimRun, ClaimRunRefused, First, Late, Drop, Cancel, Consume int
}

func (a *simStats) add(b simStats) {
	a.Free += b.Free
	a.Steal += b.Steal
	a.Dup += b.Dup
	a.None += b.None
	a.ClaimRun += b.ClaimRun
	a.ClaimRunRefused += b.ClaimRunRefused
	a.First += b.First
	a.Late += b.Late
	a.Drop += b.Drop
	a.Cancel += b.Cancel
	a.Consume += b.Consume
}

func newSim(t testing.TB, n, workers int, slice, short int64, done []int) *sim {
	size := int64(n)*slice - short
	p, err := NewPlan(size, slice)
	if err != nil {
		t.Fatal(err)
	}
	if p.N() != n {
		t.Fatalf("plan of %d slices, want %d", p.N(), n)
	}
	set := NewSet(n)
	m := &sim{
		t:       t,
		n:       n,
		done:    make([]bool, n),
		pre:     make([]bool, n),
		firsts:  make([]int, n),
		claims:  map[int]*modelClaim{},
		workers: make([]modelWorker, workers),
	}
	for _, i := range done {
		set.Add(i)
		m.done[i] = true
		m.pre[i] = true
	}
	m.s = NewScheduler(p, set, workers)
	m.check()
	return m
}

func (m *sim) fatalf(format string, args ...any) {
	m.t.Helper()
	m.t.Fatalf("step %d: "+format, append([]any{m.steps}, args...)...)
}

// owned reports for each slice whether it is in the remaining part of an
// active non-duplicate claim.
func (m *sim) owned() []bool {
	owned := make([]bool, m.n)
	for _, mc := range m.claims {
		if !mc.c.Dup {
			for i := mc.pos; i < mc.end; i++ {
				owned[i] = true
			}
		}
	}
	return owned
}

func (m *sim) dupOf(i int) bool {
	for _, mc := range m.claims {
		if mc.c.Dup && mc.c.Run.First == i {
			return true
		}
	}
	return false
}

func (m *sim) sortedIDs() []int {
	ids := make([]int, 0, len(m.claims))
	for id := range m.claims {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// setWindow gives the scheduler and the model a window of w slices.
func (m *sim) setWindow(w int) {
	m.window = w
	m.s.SetWindow(w)
	m.check()
}

// horizon is where the model's window ends.
func (m *sim) horizon() int {
	if m.window <= 0 {
		return m.n
	}
	return min(m.taken+m.window, m.n)
}

// consume has the model's reader take the done slices in order, at most k.
func (m *sim) consume(k int) {
	n := m.taken
	for n < m.n && n < m.taken+k && m.done[n] {
		n++
	}
	changed := m.s.Changed()
	m.s.Consume(n)
	if isClosed(changed) != (n > m.taken) {
		m.fatalf("Consume(%d) after %d: Changed signalled %v", n, m.taken, isClosed(changed))
	}
	if n > m.taken {
		m.stats.Consume++
	}
	m.taken = n
}

// claim asks for work for worker w and checks the answer against the model.
func (m *sim) claim(w int) {
	// What the contract says: free slices first, then a steal, then a
	// duplicate; with a window, only inside it, and the lowest slice is
	// duplicated first.
	owned := m.owned()
	horizon := m.horizon()
	freeFirst := -1
	for i := 0; i < horizon; i++ {
		if !m.done[i] && !owned[i] {
			freeFirst = i
			break
		}
	}
	var victim *modelClaim
	best := 0
	for _, id := range m.sortedIDs() {
		mc := m.claims[id]
		if mc.c.Dup || mc.end > horizon {
			continue
		}
		if k := mc.end - mc.pos - 1; k > best || (k == best && k > 0 && mc.pos < victim.pos) {
			best, victim = k, mc
		}
	}
	var dupOf *modelClaim
	for _, id := range m.sortedIDs() {
		mc := m.claims[id]
		if !mc.c.Dup && mc.pos < mc.end && mc.pos < horizon && !m.done[mc.pos] && !m.dupOf(mc.pos) &&
			(dupOf == nil || m.window > 0 && mc.pos < dupOf.pos) {
			dupOf = mc
			if m.window == 0 {
				break
			}
		}
	}

	changed := m.s.Changed()
	c, ok := m.s.Claim()
	if isClosed(changed) {
		m.fatalf("Claim signalled Changed")
	}
	switch {
	case freeFirst >= 0:
		if !ok || c.Dup || c.Run.First != freeFirst || c.Run.Len() > m.s.target || c.Run.End > horizon {
			m.fatalf("Claim = %+v, %v; want a run from free slice %d of at most %d, ending by %d", c, ok, freeFirst, m.s.target, horizon)
		}
		if m.window > 0 && c.Run.Len() > max(1, m.window/len(m.workers)) {
			m.fatalf("Claim = %+v: longer than the window's share %d", c, max(1, m.window/len(m.workers)))
		}
		for i := c.Run.First; i < c.Run.End; i++ {
			if m.done[i] || owned[i] {
				m.fatalf("Claim %v: slice %d is done or owned", c.Run, i)
			}
		}
		m.stats.Free++
	case victim != nil:
		want := Run{victim.pos + 1 + best/2, victim.end}
		if !ok || c.Dup || c.Run != want {
			m.fatalf("Claim = %+v, %v; want a steal of %v from claim %d", c, ok, want, victim.c.ID)
		}
		for i := c.Run.First; i < c.Run.End; i++ {
			if m.done[i] {
				m.fatalf("steal %v: slice %d is done", c.Run, i)
			}
		}
		victim.end = c.Run.First
		m.stats.Steal++
	case dupOf != nil:
		if !ok || !c.Dup || c.Run != (Run{dupOf.pos, dupOf.pos + 1}) {
			m.fatalf("Claim = %+v, %v; want a duplicate of slice %d of claim %d", c, ok, dupOf.pos, dupOf.c.ID)
		}
		m.stats.Dup++
	default:
		if ok {
			m.fatalf("Claim = %+v; want nothing", c)
		}
		m.stats.None++
		return
	}
	if c.ID <= 0 || m.claims[c.ID] != nil {
		m.fatalf("Claim ID %d is not new", c.ID)
	}
	checkClaimShape(m.t, m.s, c)
	mc := &modelClaim{c: c, pos: c.Run.First, end: c.Run.End}
	m.claims[c.ID] = mc
	m.workers[w].cl = mc
}

// claimRun asks for exactly run r for worker w.
func (m *sim) claimRun(w int, r Run) {
	owned := m.owned()
	free := true // every slice of r is unclaimed and missing
	for i := r.First; i < r.End; i++ {
		if i < 0 || i >= m.n || m.done[i] || owned[i] {
			free = false
		}
	}
	if r.Len() <= 0 {
		free = false
	}
	m.s.mu.Lock()
	inOneEntry := false // the free list is not merged: r must lie in one run of it
	for _, f := range m.s.free {
		if f.First <= r.First && r.End <= f.End {
			inOneEntry = true
		}
	}
	m.s.mu.Unlock()

	changed := m.s.Changed()
	c, ok := m.s.ClaimRun(r)
	if isClosed(changed) {
		m.fatalf("ClaimRun signalled Changed")
	}
	if ok != (free && inOneEntry) {
		m.fatalf("ClaimRun(%v) = %+v, %v; free %v, in one free run %v", r, c, ok, free, inOneEntry)
	}
	if !ok {
		m.stats.ClaimRunRefused++
		return
	}
	m.stats.ClaimRun++
	if c.Dup || c.Run != r || c.ID <= 0 || m.claims[c.ID] != nil {
		m.fatalf("ClaimRun(%v) = %+v", r, c)
	}
	checkClaimShape(m.t, m.s, c)
	mc := &modelClaim{c: c, pos: r.First, end: r.End}
	m.claims[c.ID] = mc
	m.workers[w].cl = mc
}

// complete reports worker w's current slice.
func (m *sim) complete(w int) {
	mc := m.workers[w].cl
	i := mc.pos
	if mc.c.Dup && i != mc.c.Run.First {
		m.fatalf("duplicate %+v completing slice %d", mc.c, i)
	}
	wantFirst := !m.done[i]
	var wantCancel []int
	if wantFirst {
		for _, id := range m.sortedIDs() {
			o := m.claims[id]
			if id == mc.c.ID || o.pos != i {
				continue
			}
			// Every other claim still reading slice i lost the race: a
			// duplicate of it, and an original however many slices it kept
			// past i (a slow connection must not hold them).
			if o.c.Dup && o.c.Run.First == i || !o.c.Dup && i < o.end {
				wantCancel = append(wantCancel, id)
			}
		}
	}
	wantMore := !mc.c.Dup && i+1 < mc.end

	changed := m.s.Changed()
	out := m.s.Complete(mc.c, i)
	if out.First != wantFirst || out.More != wantMore || !slices.Equal(out.Cancel, wantCancel) {
		m.fatalf("Complete(%+v, %d) = %+v; want First %v More %v Cancel %v", mc.c, i, out, wantFirst, wantMore, wantCancel)
	}
	if isClosed(changed) != wantFirst {
		m.fatalf("Complete(%+v, %d): Changed signalled %v, want %v", mc.c, i, isClosed(changed), wantFirst)
	}
	m.stats.Cancel += len(out.Cancel)
	if out.First {
		m.stats.First++
		m.firsts[i]++
		m.done[i] = true
	}
	for _, id := range out.Cancel {
		m.claims[id].cancelled = true
	}
	mc.pos = i + 1
}

// release ends worker w's claim, twice over for good measure.
func (m *sim) release(w int) {
	mc := m.workers[w].cl
	changed := m.s.Changed()
	m.s.Release(mc.c)
	if !isClosed(changed) {
		m.fatalf("Release(%+v) did not signal Changed", mc.c)
	}
	changed = m.s.Changed()
	m.s.Release(mc.c)
	if isClosed(changed) {
		m.fatalf("second Release(%+v) signalled Changed", mc.c)
	}
	delete(m.claims, mc.c.ID)
	c := mc.c
	m.workers[w] = modelWorker{released: &c}
}

// lateReport has worker w report a slice of a claim it already released.
func (m *sim) lateReport(w int) {
	c := m.workers[w].released
	before := m.s.DoneCount()
	if out := m.s.Complete(*c, c.Run.First); out.First || out.More || out.Cancel != nil {
		m.fatalf("Complete after Release(%+v) = %+v", *c, out)
	}
	if m.s.DoneCount() != before {
		m.fatalf("Complete after Release changed DoneCount")
	}
	m.stats.Late++
	m.workers[w].released = nil
}

// act has worker w do one thing; op picks what, when there is a choice.
// Without drop, no claim is given up early.
func (m *sim) act(w int, op byte, drop bool) {
	m.steps++
	wk := &m.workers[w]
	mc := wk.cl
	switch {
	case mc == nil && wk.released != nil && op%4 == 0:
		m.lateReport(w)
	case mc == nil && drop && op%8 == 1:
		first := int(op/8) % (m.n + 1)
		m.claimRun(w, Run{first, first + 1 + int(op)%3})
	case mc == nil:
		m.claim(w)
	case mc.pos >= mc.end || (mc.c.Dup && mc.pos > mc.c.Run.First):
		m.release(w) // told More == false: the response is over
	case mc.cancelled:
		// A cancelled worker stops, or finishes the slice in flight first.
		if op%2 == 0 {
			m.release(w)
		} else {
			m.complete(w)
		}
	case drop && op%16 == 0:
		m.stats.Drop++
		m.release(w) // a failed or slow connection
	default:
		m.complete(w)
	}
	m.check()
}

// check compares the scheduler's inner state with the model.
func (m *sim) check() {
	s := m.s
	s.mu.Lock()
	defer s.mu.Unlock()
	count := 0
	for i, d := range m.done {
		if s.done.Has(i) != d {
			m.fatalf("slice %d: done %v, model %v", i, s.done.Has(i), d)
		}
		if d {
			count++
		}
	}
	if s.done.Count() != count {
		m.fatalf("done Count %d, want %d", s.done.Count(), count)
	}
	if len(s.active) != len(m.claims) {
		m.fatalf("%d active claims, model has %d", len(s.active), len(m.claims))
	}
	dups := map[int]int{}
	for id, mc := range m.claims {
		st := s.active[id]
		if st == nil || st.next != mc.pos || st.end != mc.end || st.dup != mc.c.Dup {
			m.fatalf("claim %d: state %+v, model %+v", id, st, mc)
		}
		if mc.c.Dup {
			dups[mc.c.Run.First]++
		}
	}
	if !reflect.DeepEqual(dups, s.dups) && !(len(dups) == 0 && len(s.dups) == 0) {
		m.fatalf("dups %v, model %v", s.dups, dups)
	}
	for _, n := range dups {
		if n > 1 {
			m.fatalf("more than one duplicate of a slice: %v", dups)
		}
	}
	// The free list is sorted, disjoint, inside the plan and disjoint from
	// the claims; with the claims it covers every missing slice.
	inFree := make([]bool, m.n)
	for k, r := range s.free {
		if r.Len() <= 0 || r.First < 0 || r.End > m.n || (k > 0 && s.free[k-1].End > r.First) {
			m.fatalf("free list %v", s.free)
		}
		for i := r.First; i < r.End; i++ {
			inFree[i] = true
		}
	}
	owned := m.owned()
	for i := 0; i < m.n; i++ {
		if inFree[i] && owned[i] {
			m.fatalf("slice %d is both free and claimed", i)
		}
		if !m.done[i] && !inFree[i] && !owned[i] {
			m.fatalf("slice %d is lost: not done, free or claimed", i)
		}
	}
}

// finish runs every worker without early drops until the download is done,
// and checks that it gets done in bounded steps.
func (m *sim) finish() {
	limit := m.steps + 4*(m.n+len(m.workers))*(len(m.workers)+1) + 64
	for !m.s.Finished() {
		if m.window > 0 {
			m.consume(m.n) // a reader that keeps up
		}
		idle := 0
		for w := range m.workers {
			if m.workers[w].cl == nil {
				idle++
			}
			m.act(w, 1, false)
		}
		if idle == len(m.workers) && m.s.Active() == 0 && !m.s.Finished() {
			if _, ok := m.s.Claim(); !ok {
				m.fatalf("stuck: nothing active, nothing to claim, missing %v", m.s.Done().Missing())
			}
		}
		if m.steps > limit {
			m.fatalf("not finished after %d steps: missing %v", m.steps, m.s.Done().Missing())
		}
	}
	for w := range m.workers {
		if m.workers[w].cl != nil {
			m.release(w)
			m.check()
		}
	}
	if m.s.Active() != 0 {
		m.fatalf("%d claims left active", m.s.Active())
	}
	for i, f := range m.firsts {
		want := 1
		if m.pre[i] {
			want = 0
		}
		if f != want {
			m.fatalf("slice %d completed First %d times, want %d", i, f, want)
		}
	}
	if _, ok := m.s.Claim(); ok {
		m.fatalf("Claim after Finished succeeded")
	}
}

func TestSchedulerRandomized(t *testing.T) {
	rng := rand.New(rand.NewPCG(20240601, 7))
	var total simStats
	defer func() { t.Logf("exercised: %+v", total) }()
	iters := 600
	if testing.Short() {
		iters = 60
	}
	for iter := 0; iter < iters; iter++ {
		n := 1 + rng.IntN(80)
		if iter%50 == 0 {
			n = 300 + rng.IntN(300)
		}
		workers := 1 + rng.IntN(12)
		var done []int
		if rng.IntN(3) == 0 {
			density := rng.Float64()
			for i := 0; i < n; i++ {
				if rng.Float64() < density {
					done = append(done, i)
				}
			}
		}
		slice := int64(1 + rng.IntN(64))
		short := rng.Int64N(slice)
		m := newSim(t, n, workers, slice, short, done)
		for step := 0; step < min(3*n*workers, 4000); step++ {
			m.act(rng.IntN(workers), byte(rng.Uint32()), true)
		}
		m.finish()
		total.add(m.stats)
	}
}

// FuzzScheduler reads the fuzz input as a script: a header that sets the
// plan, the workers and the done slices, then one byte per action (which
// worker acts, and how). After the script, every worker runs to the end.
func FuzzScheduler(f *testing.F) {
	f.Add([]byte{10, 2, 3, 1, 0})
	f.Add([]byte{100, 8, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	f.Add([]byte{1, 7, 5, 4, 0, 0, 1, 2, 3, 4, 5, 6})
	f.Add([]byte{33, 3, 1, 0, 1, 0xaa, 0x55, 0xff, 0x00, 0x81, 16, 32, 48, 64, 80, 96, 112, 128})
	f.Add([]byte{7, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, script []byte) { runScript(t, script, false) })
}

// runScript plays a fuzz script (see FuzzScheduler) on the simulated
// download; if windowed, the header starts with the window's size.
func runScript(t *testing.T, script []byte, windowed bool) {
	at := 0
	next := func() byte {
		if at >= len(script) {
			return 0
		}
		at++
		return script[at-1]
	}
	window := 0
	if windowed {
		window = 1 + int(next())%48
	}
	n := 1 + int(next())%96
	workers := 1 + int(next())%9
	slice := int64(1 + next()%16)
	short := int64(next()) % slice
	var done []int
	if mode := next(); mode%2 == 1 {
		for i := 0; i < n; i += 8 {
			bits := next()
			for k := 0; k < 8 && i+k < n; k++ {
				if bits&(1<<k) != 0 {
					done = append(done, i+k)
				}
			}
		}
	}
	m := newSim(t, n, workers, slice, short, done)
	if windowed {
		m.setWindow(window)
	}
	for at < len(script) && m.steps < 20000 {
		b := next()
		m.act(int(b)%workers, b/byte(workers), true)
	}
	m.finish()
}

// ---- concurrency ----

func TestSchedulerConcurrent(t *testing.T) {
	for _, tc := range []struct {
		n, workers int
		done       int // every done-th slice starts done; 0: none
	}{
		{2000, 16, 0},
		{500, 16, 7},
		{16, 16, 0},
		{5, 16, 0},
		{3000, 4, 3},
	} {
		for range 4 {
			runConcurrent(t, tc.n, tc.workers, tc.done)
		}
	}
}

func runConcurrent(t *testing.T, n, workers, every int) {
	var pre []int
	if every > 0 {
		for i := 0; i < n; i += every {
			pre = append(pre, i)
		}
	}
	s := newTestScheduler(t, n, workers, pre...)
	firsts := make([]atomic.Int32, n)
	var cancelled sync.Map // claim ID -> struct{}
	var wg sync.WaitGroup
	deadline := time.Now().Add(30 * time.Second)
	errs := make(chan string, workers)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(seed uint64) {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(seed, 99))
			for {
				if time.Now().After(deadline) {
					errs <- "deadline passed"
					return
				}
				changed := s.Changed()
				c, ok := s.Claim()
				if !ok {
					if s.Finished() {
						return
					}
					select {
					case <-changed:
					case <-time.After(10 * time.Second):
						errs <- "no change for 10s: lost wakeup?"
						return
					}
					continue
				}
				p := s.Plan()
				if c.Run.Len() <= 0 || c.Run.First < 0 || c.Run.End > p.N() || !p.Aligned(p.RunRange(c.Run)) {
					errs <- "bad claim " + c.Run.String()
					return
				}
				for i := c.Run.First; i < c.Run.End; i++ {
					if _, ok := cancelled.Load(c.ID); ok {
						break
					}
					if rng.IntN(200) == 0 {
						break // the connection fails: give the rest back
					}
					if rng.IntN(4) == 0 {
						time.Sleep(time.Duration(rng.IntN(20)) * time.Microsecond)
					}
					out := s.Complete(c, i)
					if out.First {
						firsts[i].Add(1)
					}
					for _, id := range out.Cancel {
						cancelled.Store(id, struct{}{})
					}
					if !out.More {
						break
					}
				}
				s.Release(c)
				if rng.IntN(8) == 0 {
					s.Release(c)
				}
			}
		}(uint64(w))
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatalf("n=%d workers=%d: %s", n, workers, e)
	}
	if !s.Finished() || s.DoneCount() != n || s.Active() != 0 {
		t.Fatalf("n=%d: Finished %v DoneCount %d Active %d", n, s.Finished(), s.DoneCount(), s.Active())
	}
	isPre := NewSet(n)
	for _, i := range pre {
		isPre.Add(i)
	}
	for i := range firsts {
		want := int32(1)
		if isPre.Has(i) {
			want = 0
		}
		if got := firsts[i].Load(); got != want {
			t.Fatalf("n=%d: slice %d First %d times, want %d", n, i, got, want)
		}
	}
}

// A victim keeps its margin: the slices after the one it reads that are
// likely in flight already. Only what lies past them is stolen, and a claim
// with nothing past its margin is not stolen from.
func TestStealMargin(t *testing.T) {
	p, _ := NewPlan(20*1024, 1024)
	s := NewScheduler(p, nil, 1)
	margins := map[int]int{}
	s.SetMargin(func(id, _ int) int { return margins[id] })
	a, ok := s.Claim() // [0,20)
	if !ok || a.Run != (Run{0, 20}) {
		t.Fatalf("first claim %v", a.Run)
	}
	margins[a.ID] = 5
	b, ok := s.Claim()
	// a reads slice 0 and keeps 1..5; 14 slices are stealable, the thief
	// gets the second half of them.
	if !ok || b.Run != (Run{13, 20}) {
		t.Fatalf("stolen %v, want [13,20)", b.Run)
	}
	margins[b.ID] = 100 // nothing past its margin
	margins[a.ID] = 11  // a keeps [1,12) of [1,13): one stealable
	c, ok := s.Claim()
	if !ok || c.Run != (Run{12, 13}) {
		t.Fatalf("stolen %v, want [12,13)", c.Run)
	}
	margins[c.ID] = 0
	if d, ok := s.Claim(); ok && !d.Dup {
		t.Fatalf("stole %v although every victim keeps all it has", d.Run)
	}
}

// A slow original that keeps slices past the one it reads (its steal
// margin) loses all of them when a duplicate beats it to that slice: they
// go back to the free list, so a trickling connection cannot hold the
// download at 99%.
func TestSchedulerSlowOriginalLosesKeptSlices(t *testing.T) {
	s := newTestScheduler(t, 3, 1)
	s.SetMargin(func(id, after int) int { return after }) // keeps everything: nothing to steal
	a := mustClaim(t, s)                                  // [0,3)
	if a.Run != (Run{0, 3}) {
		t.Fatalf("claim %v, want [0,3)", a.Run)
	}
	d := mustClaim(t, s)
	if !d.Dup || d.Run != (Run{0, 1}) {
		t.Fatalf("want a duplicate of slice 0, got %+v", d)
	}
	noClaim(t, s)
	// The duplicate wins slice 0: the original is cancelled although it
	// still holds slices 1 and 2.
	wantOutcome(t, s.Complete(d, 0), true, false, a.ID)
	s.Release(d)
	s.Release(a)
	b := mustClaim(t, s)
	if b.Dup || b.Run != (Run{1, 3}) {
		t.Fatalf("after the slow original was cancelled: %+v, want [1,3)", b)
	}
}

// ---- the window of a stream ----

// With a window, claims share it and stay inside it; what lies past it
// waits until the reader consumes slices.
func TestSchedulerWindowClaims(t *testing.T) {
	s := newTestScheduler(t, 100, 4)
	s.SetWindow(16)
	s.SetMargin(func(id, after int) int { return after }) // nothing to steal
	var cs []Claim
	for want := 0; want < 16; want += 4 {
		c := mustClaim(t, s)
		if c.Dup || c.Run != (Run{want, want + 4}) {
			t.Fatalf("claim %+v, want [%d,%d): a quarter of the window", c, want, want+4)
		}
		cs = append(cs, c)
	}
	// The window is claimed: the next worker duplicates the lowest slice
	// rather than running ahead.
	d := mustClaim(t, s)
	if !d.Dup || d.Run != (Run{0, 1}) {
		t.Fatalf("claim %+v, want a duplicate of slice 0", d)
	}
	s.Release(d)
	completeAll(t, s, cs[0])
	s.Release(cs[0])
	if c, ok := s.Claim(); ok && !c.Dup {
		t.Fatalf("claim %+v past the window before the reader took anything", c)
	}
	changed := s.Changed()
	s.Consume(3)
	if !isClosed(changed) {
		t.Fatal("Consume did not wake the workers waiting on Changed")
	}
	if c := mustClaim(t, s); c.Dup || c.Run != (Run{16, 19}) {
		t.Fatalf("claim %+v, want [16,19): up to the window's new end", c)
	}
	changed = s.Changed()
	s.Consume(2) // never moves back
	if isClosed(changed) {
		t.Fatal("a Consume that does not move the window woke the workers")
	}
}

// With a window, the end-game rescues the lowest slice first, the one the
// reader waits for, even when an older claim holds a higher one.
func TestSchedulerWindowDuplicatesLowestFirst(t *testing.T) {
	for _, window := range []int{0, 8} {
		s := newTestScheduler(t, 8, 2)
		s.SetWindow(window)
		s.SetMargin(func(id, after int) int { return after })
		a := mustClaim(t, s) // [0,4)
		b := mustClaim(t, s) // [4,8)
		s.Complete(b, 4)
		s.Release(a) // a failed connection: [0,4) is free again
		c := mustClaim(t, s)
		if c.Run != (Run{0, 4}) || c.ID < b.ID {
			t.Fatalf("window %d: claim %+v, want a new claim of [0,4)", window, c)
		}
		d := mustClaim(t, s)
		want := Run{5, 6} // the oldest claim's slice, as without a window
		if window > 0 {
			want = Run{0, 1}
		}
		if !d.Dup || d.Run != want {
			t.Fatalf("window %d: duplicate %+v, want %v", window, d, want)
		}
	}
}

// A claim made past the window with ClaimRun is not a victim: a thief
// would only wait for the window with it.
func TestSchedulerWindowNoStealPastIt(t *testing.T) {
	s := newTestScheduler(t, 40, 2)
	s.SetWindow(8)
	far, ok := s.ClaimRun(Run{20, 30})
	if !ok {
		t.Fatal("ClaimRun refused")
	}
	a := mustClaim(t, s) // [0,4)
	b := mustClaim(t, s) // [4,8)
	if a.Run != (Run{0, 4}) || b.Run != (Run{4, 8}) {
		t.Fatalf("claims %v %v", a.Run, b.Run)
	}
	c := mustClaim(t, s) // a steal inside the window
	if c.Dup || c.Run.End > 8 {
		t.Fatalf("claim %+v: want a steal inside the window", c)
	}
	for {
		c, ok := s.Claim()
		if !ok {
			break
		}
		if c.Run.First >= 8 {
			t.Fatalf("claim %+v past the window (from %+v)", c, far)
		}
		if c.Dup {
			break
		}
	}
}

func TestSchedulerWindowRandomized(t *testing.T) {
	rng := rand.New(rand.NewPCG(20260101, 9))
	var total simStats
	defer func() { t.Logf("exercised: %+v", total) }()
	iters := 200
	if testing.Short() {
		iters = 40
	}
	for iter := 0; iter < iters; iter++ {
		n := 1 + rng.IntN(120)
		workers := 1 + rng.IntN(12)
		var done []int
		if rng.IntN(4) == 0 {
			for i := 0; i < n; i++ {
				if rng.IntN(3) == 0 {
					done = append(done, i)
				}
			}
		}
		slice := int64(1 + rng.IntN(64))
		m := newSim(t, n, workers, slice, rng.Int64N(slice), done)
		m.setWindow(1 + rng.IntN(40))
		for step := 0; step < min(3*n*workers, 4000); step++ {
			m.act(rng.IntN(workers), byte(rng.Uint32()), true)
		}
		m.finish()
		total.add(m.stats)
	}
}

// FuzzSchedulerWindow is FuzzScheduler with a window: the header's first
// byte is its size.
func FuzzSchedulerWindow(f *testing.F) {
	f.Add([]byte{8, 40, 4, 3, 0, 0, 1, 2, 3, 11, 19, 27, 4, 5, 6, 7})
	f.Add([]byte{1, 10, 8, 1, 0, 0, 3, 3, 3, 3, 0, 1, 2})
	f.Add([]byte{30, 96, 3, 16, 5, 1, 0xff, 0x0f, 0xf0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 11, 22, 33, 44})
	f.Fuzz(func(t *testing.T, script []byte) { runScript(t, script, true) })
}

// TestSettledWaitsForTheLosingCopy: a slice a duplicate finished is not
// settled while the original, which lost the race for it, may still write
// it; it is once that claim is released.
func TestSettledWaitsForTheLosingCopy(t *testing.T) {
	p, err := NewPlan(2<<20, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	s := NewScheduler(p, nil, 1)
	a, ok := s.Claim()
	if !ok || a.Run.First != 0 {
		t.Fatalf("claim %v %v", a, ok)
	}
	b, ok := s.Claim()
	if !ok || b.Dup || b.Run != (Run{1, 2}) {
		t.Fatalf("steal %v %v", b, ok)
	}
	d, ok := s.Claim()
	if !ok || !d.Dup || d.Run != (Run{0, 1}) {
		t.Fatalf("duplicate %v %v", d, ok)
	}
	if s.Settled(0) {
		t.Fatal("slice 0 settled before any copy finished it")
	}
	if out := s.Complete(d, 0); !out.First || len(out.Cancel) != 1 || out.Cancel[0] != a.ID {
		t.Fatalf("duplicate first: %+v", out)
	}
	s.Release(d)
	if !s.IsDone(0) || s.Settled(0) {
		t.Fatal("slice 0 settled while the original, cancelled, may still write it")
	}
	s.Release(a)
	if !s.Settled(0) || s.Settled(1) {
		t.Fatalf("after the original's release: slice 0 settled %v, slice 1 (not done) %v", s.Settled(0), s.Settled(1))
	}
}

// Tests of the probation's references read ahead: the last slice's
// reference is read beside the transfer, once, and the sample compares
// with it.

package fetch

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/slget/slget/segment"
)

// refs is a Reference that counts its reads by slice, answers
// sliceSum(i), and holds the read of slice hold until release is closed.
type refs struct {
	mu       sync.Mutex
	reads    map[int]int
	hold     int
	entered  chan struct{} // closed when the read of hold began
	release  chan struct{}
	finished bool // the read of hold ended
}

func newRefs(hold int) *refs {
	return &refs{reads: map[int]int{}, hold: hold, entered: make(chan struct{}), release: make(chan struct{})}
}

func sliceSum(i int) uint32 { return uint32(1000 + i) }

func (r *refs) read(ctx context.Context, i int) (uint32, string, error) {
	r.mu.Lock()
	r.reads[i]++
	r.mu.Unlock()
	if i == r.hold {
		close(r.entered)
		select {
		case <-r.release:
		case <-ctx.Done():
			return 0, "", ctx.Err()
		}
		r.mu.Lock()
		r.finished = true
		r.mu.Unlock()
	}
	return sliceSum(i), "origin", nil
}

func (r *refs) count(i int) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.reads[i]
}

// aheadBegun is a Probation of 100 slices watching source "m", the
// reference of its last slice read ahead (and held until r.release is
// closed), and sent slices 0 to sent-1 from m.
func aheadBegun(t *testing.T, sent int) (p *Probation, r *refs, last int) {
	t.Helper()
	plan, err := segment.NewPlan(100<<20, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	last = plan.N() - 1
	r = newRefs(last)
	p = NewProbation(context.Background(), plan, r.read)
	p.Watch("m")
	p.Ahead(last)
	<-r.entered // read beside the transfer, before the source sent it
	for i := range sent {
		p.Sent("m", i, sliceSum(i))
	}
	return p, r, last
}

// aheadCase runs a source that sends slices 0 to 3 and then the file's
// last (its 5th: no power of two, so left for the sample), with the last
// one's crc given, after Ahead read its reference while it was sent.
func aheadCase(t *testing.T, lastCRC uint32) (*Probation, *refs, int) {
	t.Helper()
	p, r, last := aheadBegun(t, 4)
	close(r.release)
	p.Sent("m", last, lastCRC)
	if err := p.Sample(context.Background()); err != nil {
		t.Fatal(err)
	}
	return p, r, last
}

func TestAheadIsTheSamplesReference(t *testing.T) {
	p, r, last := aheadCase(t, sliceSum(99))
	if n := r.count(last); n != 1 {
		t.Errorf("the last slice's reference read %d times, want once (read ahead, then used by the sample)", n)
	}
	st := p.Stats()
	// Slices 0, 1 and 3 as they came (the 1st, 2nd and 4th sent), and the
	// last as the sample.
	if st.Checked != 4 || st.Bytes != 4<<20 || len(st.Caught) != 0 {
		t.Errorf("stats %+v, want 4 slices checked for 4 MiB, none caught", st)
	}
}

func TestAheadCatchesALie(t *testing.T) {
	p, r, last := aheadCase(t, 7)
	if n := r.count(last); n != 1 {
		t.Errorf("the last slice's reference read %d times, want once", n)
	}
	if why := p.Caught()["m"]; why == "" {
		t.Errorf("a source whose last slice differs from the reference read ahead is not caught: %v", p.Caught())
	}
}

// A reference read ahead that no check uses (the source never sent the
// last slice) is still waited for by Sample, so that no read outlives the
// download, and its bytes are counted.
func TestAheadUnusedIsWaitedFor(t *testing.T) {
	p, r, last := aheadBegun(t, 3)
	done := make(chan error, 1)
	go func() { done <- p.Sample(context.Background()) }()
	// Slices 0 and 1 are compared as they came; then only the read ahead
	// holds Sample, which compares slice 2 as the sample after it.
	for deadline := time.Now().Add(10 * time.Second); p.Stats().Checked < 2; {
		if time.Now().After(deadline) {
			t.Fatalf("the checks did not end: %+v", p.Stats())
		}
		time.Sleep(time.Millisecond)
	}
	close(r.release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	r.mu.Lock()
	finished := r.finished
	r.mu.Unlock()
	if !finished {
		t.Error("Sample returned before the reference read ahead ended")
	}
	if n := r.count(last); n != 1 {
		t.Errorf("the last slice's reference read %d times, want once", n)
	}
	if st := p.Stats(); st.Checked != 3 || st.Bytes != 4<<20 {
		t.Errorf("stats %+v, want 3 slices checked, 4 MiB read (the read ahead's included)", st)
	}
}

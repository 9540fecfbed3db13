// Tests of how work moves between mirrors, as values: the span a mirror
// is given and where one more connection goes, for measured rates set by
// hand, so that no machine's load decides the outcome.

package fetch

import (
	"bytes"
	"context"
	"io"
	"testing"
	"time"

	"github.com/slget/slget/segment"
)

// twoMirrors is a Mirrors over two sources that are never opened, in
// slices of 1 MiB.
func twoMirrors(t *testing.T) *Mirrors {
	t.Helper()
	plan, err := segment.NewPlan(48<<20, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	return NewMirrors([]string{"http://a.example/f", "http://b.example/f"}, []Source{nil, nil}, plan, MirrorOptions{Proven: []bool{true, true}})
}

func TestSpanOf(t *testing.T) {
	m := twoMirrors(t)
	run := segment.Range{Start: 4 << 20, End: 12 << 20}
	slow, fast := m.all[0], m.all[1]
	for _, tc := range []struct {
		name       string
		slow, fast float64 // measured rates, bytes per second per connection
		of         *mirror
		want       int64 // bytes of the span
	}{
		{"unmeasured: one slice, to measure it", 0, 0, slow, 1 << 20},
		{"the fast one unmeasured too", 1 << 20, 0, fast, 1 << 20},
		{"the other unmeasured: a second of its rate, until it is", 1 << 20, 0, slow, 1 << 20},
		{"the other unmeasured, at 2.5 MiB/s: two slices", 2.5 * (1 << 20), 0, slow, 2 << 20},
		{"the fast one: the whole run", 1 << 20, 4 << 20, fast, 8 << 20},
		{"the slow one: a second of its rate", 1 << 20, 4 << 20, slow, 1 << 20},
		{"a slow one at 2.5 MiB/s: two slices", 2.5 * (1 << 20), 8 << 20, slow, 2 << 20},
		{"within 1.5x: the whole run", 3 << 20, 4 << 20, slow, 8 << 20},
	} {
		slow.rate, fast.rate = tc.slow, tc.fast
		got := m.spanOf(tc.of, run)
		if got.Start != run.Start || got.Len() != tc.want {
			t.Errorf("%s: span %v, want %d bytes from %d", tc.name, got, tc.want, run.Start)
		}
	}
}

// One more connection goes where it may expect the best rate: to a
// mirror measured at 4 MiB/s per connection with 8 connections (3.6 MiB/s
// expected for one more) rather than to one at 1 MiB/s with 1 (0.5), not
// to the slower one because the faster's rate, per connection already,
// was divided by its count again (0.44).
func TestPickWhereOneMoreConnectionGainsMost(t *testing.T) {
	m := twoMirrors(t)
	slow, fast := m.all[0], m.all[1]
	slow.rate, fast.rate = 1<<20, 4<<20
	slow.active, fast.active = 1, 8
	got, err := m.pick(context.Background(), 5, map[*mirror]bool{})
	if err != nil {
		t.Fatal(err)
	}
	if got != fast {
		t.Errorf("picked %s, want %s (3.6 MiB/s expected for one more there, 0.5 there)", got.name, fast.name)
	}
}

// A mirror measured slow once, at a bad moment, and idle since, is
// measured again after remeasureAfter, though the origin's connections
// promise more: else a fast mirror whose first answer came slowly on a
// busy machine carried one slice of the whole download.
func TestPickMeasuresAnIdleMirrorAgain(t *testing.T) {
	m := twoMirrors(t)
	origin, mr := m.all[0], m.all[1]
	origin.rate, mr.rate = 1<<20, 256<<10 // the mirror's first answer came slowly
	origin.active = 8
	now := time.Now()
	origin.measuredAt, mr.measuredAt = now, now
	if got, err := m.pick(context.Background(), 5, map[*mirror]bool{}); err != nil || got != origin {
		t.Fatalf("just measured: picked %v (%v), want the origin", got, err)
	}
	origin.active = 8
	mr.measuredAt = now.Add(-remeasureAfter - time.Second)
	got, err := m.pick(context.Background(), 6, map[*mirror]bool{})
	if err != nil || got != mr {
		t.Fatalf("idle since a measure %v ago: picked %v (%v), want the mirror measured again", remeasureAfter+time.Second, got, err)
	}
	// Busy, it is not: its connections measure it as they go.
	mr.active, origin.active = 1, 8
	if got, err := m.pick(context.Background(), 7, map[*mirror]bool{}); err != nil || got != origin {
		t.Fatalf("with a connection of its own: picked %v (%v), want the origin", got, err)
	}
}

// bytesSource is a Source of data, at once.
type bytesSource []byte

func (s bytesSource) Open(_ context.Context, r segment.Range) (Body, error) {
	return Body{ReadCloser: io.NopCloser(bytes.NewReader(s[r.Start:r.End]))}, nil
}

// The slice that proves a mirror also measures it: a mirror checked with
// a span of one slice (as spanOf gives an unmeasured one) is measured
// when that span ends, so that the next span is sized by its rate, not
// one slice again to measure it.
func TestCrossCheckMeasuresTheMirror(t *testing.T) {
	data := bytes.Repeat([]byte("0123456789abcdef"), 3<<16) // 3 MiB
	plan, err := segment.NewPlan(int64(len(data)), 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	m := NewMirrors([]string{"http://a.example/f", "http://b.example/f"}, []Source{bytesSource(data), bytesSource(data)}, plan,
		MirrorOptions{CrossCheck: true, Proven: []bool{true, false}})
	mr := m.all[1]
	if mr.trust || mr.rate != 0 {
		t.Fatalf("before: trusted %v, rate %v", mr.trust, mr.rate)
	}
	span := plan.SliceRange(1)
	if got := m.spanOf(mr, span); got != span {
		t.Fatalf("span of the unmeasured mirror %v, want %v", got, span)
	}
	b, err := m.open(context.Background(), mr, span)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(b)
	b.Close()
	if err != nil || !bytes.Equal(got, data[span.Start:span.End]) {
		t.Fatalf("read %d bytes (%v), want slice 1's %d", len(got), err, span.Len())
	}
	m.mu.Lock()
	trusted, rate := mr.trust, mr.rate
	m.mu.Unlock()
	if !trusted || rate <= 0 {
		t.Errorf("after its checked slice: trusted %v, rate %v; want trusted and measured", trusted, rate)
	}
}

// gatedSource is a Source of data whose Open of slice gate first closes
// opened, and whose other Opens wait for opened: it proves the two run at
// once.
type gatedSource struct {
	data   []byte
	gate   segment.Range
	opened chan struct{}
	waits  bool // this source's Opens wait for opened
}

func (s *gatedSource) Open(ctx context.Context, r segment.Range) (Body, error) {
	if s.waits {
		select {
		case <-s.opened:
		case <-ctx.Done():
			return Body{}, ctx.Err()
		}
	} else if r == s.gate {
		close(s.opened)
	}
	return Body{ReadCloser: io.NopCloser(bytes.NewReader(s.data[r.Start:r.End]))}, nil
}

// The check reads the reference beside the mirror's slice, not after it:
// here the mirror answers only once the reference was asked for, which
// read in turn never happens.
func TestCrossCheckReadsTheReferenceAtOnce(t *testing.T) {
	data := bytes.Repeat([]byte("0123456789abcdef"), 3<<16)
	plan, err := segment.NewPlan(int64(len(data)), 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	span := plan.SliceRange(1)
	opened := make(chan struct{})
	origin := &gatedSource{data: data, gate: span, opened: opened}
	mirror := &gatedSource{data: data, opened: opened, waits: true}
	m := NewMirrors([]string{"http://a.example/f", "http://b.example/f"}, []Source{origin, mirror}, plan,
		MirrorOptions{CrossCheck: true, Proven: []bool{true, false}})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	b, err := m.open(ctx, m.all[1], span)
	if err != nil {
		t.Fatalf("the check ended in %v: its reference was not asked for while the mirror's slice was", err)
	}
	got, err := io.ReadAll(b)
	b.Close()
	if err != nil || !bytes.Equal(got, data[span.Start:span.End]) {
		t.Fatalf("read %d bytes (%v), want slice 1's", len(got), err)
	}
}

// A pick waits for the check of a mirror its checked slice measured
// faster, rather than give the slower source another slice, and takes
// that mirror once the check ends.
func TestPickWaitsForAFasterMirrorsCheck(t *testing.T) {
	m := twoMirrors(t)
	origin, mr := m.all[0], m.all[1]
	origin.rate, origin.active = 1<<20, 7
	mr.rate, mr.checking, mr.active = 4<<20, true, 1
	res := make(chan *mirror, 1)
	go func() {
		got, err := m.pick(context.Background(), 9, map[*mirror]bool{})
		if err != nil {
			t.Error(err)
		}
		res <- got
	}()
	select {
	case got := <-res:
		t.Fatalf("picked %s at once, while a mirror 4 times faster was being checked", got.name)
	case <-time.After(100 * time.Millisecond):
	}
	m.mu.Lock()
	mr.trust = true
	m.mu.Unlock()
	m.checked(mr)
	if got := <-res; got != mr {
		t.Errorf("after the check: picked %s, want the mirror", got.name)
	}
}

// The wait is bounded: a check that does not end (its reference hangs)
// holds a pick for spanTime at most, then the slower source is taken.
func TestPickWaitsForACheckAtMostASpan(t *testing.T) {
	m := twoMirrors(t)
	origin, mr := m.all[0], m.all[1]
	origin.rate, origin.active = 1<<20, 7
	mr.rate, mr.checking, mr.active = 4<<20, true, 1
	begun := time.Now()
	got, err := m.pick(context.Background(), 9, map[*mirror]bool{})
	if err != nil || got != origin {
		t.Fatalf("picked %v (%v), want the origin once the wait ended", got, err)
	}
	if waited := time.Since(begun); waited < spanTime {
		t.Errorf("took the origin after %v, before spanTime", waited)
	}
}

func TestWorthWaiting(t *testing.T) {
	for _, tc := range []struct {
		name   string
		rate   float64
		score  float64
		waited time.Duration
		want   bool
	}{
		{"4x faster", 4 << 20, 1 << 20, 0, true},
		{"within 1.5x", 1.4 * (1 << 20), 1 << 20, 0, false},
		{"not measured", 0, 1 << 20, 0, false},
		{"another to measure first", 4 << 20, 1e18, 0, false},
		{"waited a span", 4 << 20, 1 << 20, spanTime, false},
	} {
		if got := worthWaiting(&mirror{rate: tc.rate}, tc.score, tc.waited); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// Table tests of Plan and Range: slice counts, byte ranges, alignment.

package segment

import (
	"math"
	"testing"
)

func TestNewPlan(t *testing.T) {
	tests := []struct {
		size, slice int64
		wantN       int64
		wantErr     bool
	}{
		{size: 0, slice: 1 << 20, wantN: 0},
		{size: 1, slice: 1 << 20, wantN: 1},
		{size: 1 << 20, slice: 1 << 20, wantN: 1},
		{size: 1<<20 + 1, slice: 1 << 20, wantN: 2},
		{size: 10 << 20, slice: 1 << 20, wantN: 10},
		{size: 100, slice: 1, wantN: 100},
		{size: 1 << 40, slice: 1 << 20, wantN: 1 << 20},
		{size: 1 << 62, slice: 1 << 30, wantN: 1 << 32},
		// Near the top of int64: the count must not overflow.
		{size: math.MaxInt64, slice: 1 << 30, wantN: 1 << 33},
		{size: math.MaxInt64, slice: math.MaxInt64, wantN: 1},
		{size: math.MaxInt64 - 1, slice: math.MaxInt64, wantN: 1},
		{size: -1, slice: 1 << 20, wantErr: true},
		{size: 1, slice: 0, wantErr: true},
		{size: 1, slice: -1, wantErr: true},
		{size: 0, slice: 0, wantErr: true},
		// More slices than a Set can be decoded with.
		{size: math.MaxInt64, slice: 1, wantErr: true},
		{size: 1<<40 + 1, slice: 1, wantErr: true},
	}
	for _, tt := range tests {
		p, err := NewPlan(tt.size, tt.slice)
		if tt.wantErr || tt.wantN > MaxSlices { // too many for an int on 32-bit
			if err == nil {
				t.Errorf("NewPlan(%d, %d) = %+v, want an error", tt.size, tt.slice, p)
			}
			continue
		}
		if err != nil {
			t.Errorf("NewPlan(%d, %d): %v", tt.size, tt.slice, err)
			continue
		}
		if p.Size != tt.size || p.Slice != tt.slice {
			t.Errorf("NewPlan(%d, %d) = %+v", tt.size, tt.slice, p)
		}
		if got := int64(p.N()); got != tt.wantN {
			t.Errorf("NewPlan(%d, %d).N() = %d, want %d", tt.size, tt.slice, got, tt.wantN)
		}
	}
}

func TestPlanN(t *testing.T) {
	tests := []struct {
		p    Plan
		want int
	}{
		{Plan{}, 0},
		{Plan{Size: 100}, 0}, // no slice size: no slices, no division by zero
		{Plan{Size: 100, Slice: -4}, 0},
		{Plan{Size: -100, Slice: 4}, 0},
		{Plan{Size: 0, Slice: 4}, 0},
		{Plan{Size: 3, Slice: 4}, 1},
		{Plan{Size: 4, Slice: 4}, 1},
		{Plan{Size: 5, Slice: 4}, 2},
		{Plan{Size: 8, Slice: 4}, 2},
		{Plan{Size: 9, Slice: 4}, 3},
		{Plan{Size: math.MaxInt64, Slice: math.MaxInt64 / 2}, 3},
		{Plan{Size: math.MaxInt64, Slice: 1}, math.MaxInt}, // clamped on 32-bit
	}
	for _, tt := range tests {
		if got := tt.p.N(); got != tt.want {
			t.Errorf("%+v.N() = %d, want %d", tt.p, got, tt.want)
		}
	}
}

func TestSliceRange(t *testing.T) {
	p := Plan{Size: 10, Slice: 4} // slices [0,4) [4,8) [8,10)
	tests := []struct {
		i    int
		want Range
	}{
		{0, Range{0, 4}},
		{1, Range{4, 8}},
		{2, Range{8, 10}}, // the last slice is clipped at EOF
		{3, Range{10, 10}},
		{100, Range{10, 10}},
		{-1, Range{0, 0}},
		{math.MaxInt, Range{0, 0}}, // i+1 overflows: still empty, no panic
	}
	for _, tt := range tests {
		if got := p.SliceRange(tt.i); got != tt.want {
			t.Errorf("SliceRange(%d) = %v, want %v", tt.i, got, tt.want)
		}
	}

	exact := Plan{Size: 8, Slice: 4}
	if got, want := exact.SliceRange(1), (Range{4, 8}); got != want {
		t.Errorf("exact plan: SliceRange(1) = %v, want %v", got, want)
	}
	if got := (Plan{}).SliceRange(0); got.Len() != 0 {
		t.Errorf("zero Plan: SliceRange(0) = %v, want empty", got)
	}
}

func TestRunRange(t *testing.T) {
	mib := int64(1 << 20)
	p := Plan{Size: 10*mib + 5, Slice: mib} // 11 slices, the last 5 bytes
	tests := []struct {
		run  Run
		want Range
	}{
		{Run{0, 1}, Range{0, mib}},
		{Run{0, 11}, Range{0, 10*mib + 5}},
		{Run{3, 7}, Range{3 * mib, 7 * mib}},
		{Run{10, 11}, Range{10 * mib, 10*mib + 5}}, // last slice clipped
		{Run{8, 11}, Range{8 * mib, 10*mib + 5}},
		{Run{8, 20}, Range{8 * mib, 10*mib + 5}}, // past the end: clipped
		{Run{11, 12}, Range{10*mib + 5, 10*mib + 5}},
		{Run{5, 5}, Range{5 * mib, 5 * mib}},
		{Run{7, 3}, Range{3 * mib, 3 * mib}}, // backwards: empty
		{Run{-2, 1}, Range{0, mib}},          // clipped at 0 too
	}
	for _, tt := range tests {
		got := p.RunRange(tt.run)
		if got != tt.want {
			t.Errorf("RunRange(%v) = %v, want %v", tt.run, got, tt.want)
		}
		if got.Len() < 0 {
			t.Errorf("RunRange(%v) = %v has negative length", tt.run, got)
		}
	}

	// Huge plans: no overflow in the multiplication.
	huge := Plan{Size: math.MaxInt64, Slice: 1 << 30}
	if _, err := NewPlan(huge.Size, huge.Slice); err != nil {
		t.Skipf("no huge plans on this platform: %v", err)
	}
	n := huge.N()
	if got := huge.RunRange(Run{n - 1, n}); got.End != math.MaxInt64 || got.Start != int64(n-1)<<30 || !huge.Aligned(got) {
		t.Errorf("huge plan: last slice = %v", got)
	}
	if got := huge.RunRange(Run{0, n}); got != (Range{0, math.MaxInt64}) {
		t.Errorf("huge plan: whole run = %v", got)
	}
}

// Every run inside a plan maps to an aligned, non-empty byte range, and the
// slices of a plan tile the resource exactly.
func TestRunRangeAlignedExhaustive(t *testing.T) {
	for _, size := range []int64{1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 33} {
		for _, slice := range []int64{1, 2, 3, 4, 8, 16, 40} {
			p, err := NewPlan(size, slice)
			if err != nil {
				t.Fatal(err)
			}
			n := p.N()
			var next int64
			for i := 0; i < n; i++ {
				r := p.SliceRange(i)
				if r.Start != next || r.Len() <= 0 || r.Len() > slice {
					t.Fatalf("%+v: slice %d = %v, next byte %d", p, i, r, next)
				}
				if got := p.Index(r.Start); got != i {
					t.Fatalf("%+v: Index(%d) = %d, want %d", p, r.Start, got, i)
				}
				if got := p.Index(r.End - 1); got != i {
					t.Fatalf("%+v: Index(%d) = %d, want %d", p, r.End-1, got, i)
				}
				next = r.End
			}
			if next != size {
				t.Fatalf("%+v: slices end at %d, want %d", p, next, size)
			}
			for a := 0; a < n; a++ {
				for b := a + 1; b <= n; b++ {
					r := p.RunRange(Run{a, b})
					if !p.Aligned(r) {
						t.Fatalf("%+v: RunRange(%d,%d) = %v is not aligned", p, a, b, r)
					}
					if r.Start != p.SliceRange(a).Start || r.End != p.SliceRange(b-1).End {
						t.Fatalf("%+v: RunRange(%d,%d) = %v", p, a, b, r)
					}
				}
			}
		}
	}
}

func TestAligned(t *testing.T) {
	p := Plan{Size: 10, Slice: 4}
	tests := []struct {
		r    Range
		want bool
	}{
		{Range{0, 4}, true},
		{Range{0, 8}, true},
		{Range{4, 8}, true},
		{Range{8, 10}, true}, // ends at EOF
		{Range{0, 10}, true},
		{Range{4, 10}, true},
		{Range{0, 0}, false}, // empty
		{Range{4, 4}, false},
		{Range{8, 4}, false}, // backwards
		{Range{1, 4}, false}, // start off a boundary
		{Range{0, 3}, false}, // end off a boundary
		{Range{0, 9}, false},
		{Range{8, 12}, false}, // past EOF, though on a boundary
		{Range{-4, 4}, false},
		{Range{10, 12}, false},
	}
	for _, tt := range tests {
		if got := p.Aligned(tt.r); got != tt.want {
			t.Errorf("Aligned(%v) = %v, want %v", tt.r, got, tt.want)
		}
	}
	if (Plan{}).Aligned(Range{0, 1}) {
		t.Error("zero Plan: Aligned([0,1)) = true")
	}
	exact := Plan{Size: 8, Slice: 4}
	if !exact.Aligned(Range{4, 8}) || exact.Aligned(Range{4, 12}) {
		t.Error("exact plan: alignment at EOF is wrong")
	}
}

func TestHeader(t *testing.T) {
	tests := []struct {
		r    Range
		want string
	}{
		{Range{0, 1 << 20}, "bytes=0-1048575"},
		{Range{0, 1}, "bytes=0-0"},
		{Range{1 << 20, 2 << 20}, "bytes=1048576-2097151"},
		{Range{10, 15}, "bytes=10-14"},
		{Range{0, math.MaxInt64}, "bytes=0-9223372036854775806"},
	}
	for _, tt := range tests {
		if got := tt.r.Header(); got != tt.want {
			t.Errorf("%v.Header() = %q, want %q", tt.r, got, tt.want)
		}
	}
}

func TestRangeAndRunStrings(t *testing.T) {
	if got, want := (Range{3, 9}).String(), "[3,9)"; got != want {
		t.Errorf("Range.String() = %q, want %q", got, want)
	}
	if got, want := (Range{3, 9}).Len(), int64(6); got != want {
		t.Errorf("Range.Len() = %d, want %d", got, want)
	}
	if got, want := (Run{2, 5}).String(), "slices [2,5)"; got != want {
		t.Errorf("Run.String() = %q, want %q", got, want)
	}
	if got, want := (Run{2, 5}).Len(), 3; got != want {
		t.Errorf("Run.Len() = %d, want %d", got, want)
	}
	if (Range{}).Len() != 0 || (Run{}).Len() != 0 {
		t.Error("zero Range or Run is not empty")
	}
}

func TestIndex(t *testing.T) {
	p := Plan{Size: 10, Slice: 4}
	tests := []struct {
		off  int64
		want int
	}{
		{0, 0},
		{3, 0},
		{4, 1},
		{7, 1},
		{8, 2},
		{9, 2},
		{-1, -1}, // no slice holds a negative offset
		{-4, -1},
		{math.MinInt64, -1},
	}
	for _, tt := range tests {
		if got := p.Index(tt.off); got != tt.want {
			t.Errorf("Index(%d) = %d, want %d", tt.off, got, tt.want)
		}
	}
	big := Plan{Size: 1 << 40, Slice: 1 << 20}
	if got, want := big.Index(1<<40-1), 1<<20-1; got != want {
		t.Errorf("big plan: Index(last byte) = %d, want %d", got, want)
	}
	// The zero Plan has no slices; Index must not divide by zero.
	if got := (Plan{}).Index(0); got != -1 {
		t.Errorf("zero Plan: Index(0) = %d, want -1", got)
	}
}

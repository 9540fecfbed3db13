// Plan and Range: the mapping between slice indexes and byte ranges.

package segment

import (
	"fmt"
	"math"
	"strconv"
)

// MaxSlices bounds the number of slices of a Plan and of a decoded Set: 64
// Mi slices, 64 TiB in 1 MiB slices. A plan within it has a done-set of at
// most 8 MiB that UnmarshalBinary accepts back and that a journal can
// record (resume.MaxSlices is this bound), and a slice count that fits an
// int on 32-bit platforms too. A size that would need more (a bogus
// Content-Range total, or a tiny slice size for a huge file) is rejected
// by NewPlan: choose a larger slice.
const MaxSlices = 1 << 26

// Range is a half-open byte range [Start, End). The zero Range is empty.
type Range struct {
	Start, End int64
}

// Len is the number of bytes in r.
func (r Range) Len() int64 { return r.End - r.Start }

// Header is the value of an HTTP Range header asking for r:
// "bytes=Start-(End-1)". It is never open-ended. An empty Range has no
// valid header: ask only for ranges with Len() > 0.
func (r Range) Header() string {
	return "bytes=" + strconv.FormatInt(r.Start, 10) + "-" + strconv.FormatInt(r.End-1, 10)
}

func (r Range) String() string { return fmt.Sprintf("[%d,%d)", r.Start, r.End) }

// Run is a half-open run of slice indexes [First, End).
type Run struct {
	First, End int
}

// Len is the number of slices in r.
func (r Run) Len() int { return r.End - r.First }

func (r Run) String() string { return fmt.Sprintf("slices [%d,%d)", r.First, r.End) }

// Plan cuts a resource of Size bytes into slices of Slice bytes; the last
// slice may be shorter. The zero Plan has no slices.
type Plan struct {
	Size  int64 // total size of the resource in bytes
	Slice int64 // slice size in bytes; must be positive when Size is
}

// NewPlan returns the plan for size bytes in slices of slice bytes. It
// rejects a negative size, a slice size that is not positive, and a size so
// large for the slice size that its slices could not be counted in a Set.
func NewPlan(size, slice int64) (Plan, error) {
	if size < 0 {
		return Plan{}, fmt.Errorf("segment: negative size %d", size)
	}
	if slice <= 0 {
		return Plan{}, fmt.Errorf("segment: slice size %d must be positive", slice)
	}
	p := Plan{Size: size, Slice: slice}
	if p.n() > MaxSlices {
		return Plan{}, fmt.Errorf("segment: size %d in slices of %d makes %d slices, more than %d", size, slice, p.n(), int64(MaxSlices))
	}
	return p, nil
}

// n is the number of slices as an int64. It cannot overflow, whatever Size.
func (p Plan) n() int64 {
	if p.Size <= 0 || p.Slice <= 0 {
		return 0
	}
	n := p.Size / p.Slice
	if p.Size%p.Slice != 0 {
		n++
	}
	return n
}

// N is the number of slices. A Plan built without NewPlan may have more
// than an int holds (on 32-bit platforms); N is then math.MaxInt.
func (p Plan) N() int {
	n := p.n()
	if n > math.MaxInt {
		return math.MaxInt
	}
	return int(n)
}

// offset is the first byte of slice i, clipped to [0, Size].
func (p Plan) offset(i int) int64 {
	if i <= 0 || p.Slice <= 0 {
		return 0
	}
	if int64(i) > p.Size/p.Slice {
		return p.Size
	}
	return int64(i) * p.Slice // at most Size: no overflow
}

// SliceRange is the byte range of slice i, clipped at the end of the resource.
func (p Plan) SliceRange(i int) Range {
	return p.RunRange(Run{First: i, End: i + 1})
}

// RunRange is the byte range covering the slices of run, clipped to the
// resource [0, Size). It starts and ends on slice boundaries (or at EOF); a
// run outside the plan gives an empty Range.
func (p Plan) RunRange(run Run) Range {
	start, end := p.offset(run.First), p.offset(run.End)
	if start > end {
		start = end
	}
	return Range{Start: start, End: end}
}

// Aligned reports whether r covers whole slices of p: it starts on a slice
// boundary and ends on one or at the end of the resource, and is not empty.
func (p Plan) Aligned(r Range) bool {
	if p.Slice <= 0 || r.Start < 0 || r.End > p.Size || r.Start >= r.End {
		return false
	}
	return r.Start%p.Slice == 0 && (r.End%p.Slice == 0 || r.End == p.Size)
}

// Index is the slice that holds byte offset off. A negative offset, or any
// offset in a Plan without a slice size (such as the zero Plan), is in no
// slice: Index returns -1.
func (p Plan) Index(off int64) int {
	if off < 0 || p.Slice <= 0 {
		return -1
	}
	return int(off / p.Slice)
}

// Plan and Range: the mapping between slice indexes and byte ranges.

package segment

import (
	"fmt"
	"strconv"
)

// Range is a half-open byte range [Start, End). The zero Range is empty.
type Range struct {
	Start, End int64
}

// Len is the number of bytes in r.
func (r Range) Len() int64 { return r.End - r.Start }

// Header is the value of an HTTP Range header asking for r:
// "bytes=Start-(End-1)". It is never open-ended.
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

// NewPlan returns the plan for size bytes in slices of slice bytes.
func NewPlan(size, slice int64) (Plan, error) {
	if size < 0 {
		return Plan{}, fmt.Errorf("segment: negative size %d", size)
	}
	if slice <= 0 {
		return Plan{}, fmt.Errorf("segment: slice size %d must be positive", slice)
	}
	return Plan{Size: size, Slice: slice}, nil
}

// N is the number of slices.
func (p Plan) N() int {
	if p.Size <= 0 || p.Slice <= 0 {
		return 0
	}
	return int((p.Size + p.Slice - 1) / p.Slice)
}

// SliceRange is the byte range of slice i, clipped at the end of the resource.
func (p Plan) SliceRange(i int) Range {
	return p.RunRange(Run{First: i, End: i + 1})
}

// RunRange is the byte range covering the slices of run, clipped at the end of
// the resource. It starts and ends on slice boundaries (or at EOF).
func (p Plan) RunRange(run Run) Range {
	start := int64(run.First) * p.Slice
	end := int64(run.End) * p.Slice
	if end > p.Size {
		end = p.Size
	}
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

// Index is the slice that holds byte offset off.
func (p Plan) Index(off int64) int { return int(off / p.Slice) }

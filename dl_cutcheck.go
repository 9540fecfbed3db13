// A cut answer under an unchanged validator: nginx cuts an answer short
// when the file it sends is truncated under it (cp, or a build writing in
// place), and a file put back with its old mtime keeps its ETag. Such a
// cut is the one sign of a rewrite the validator cannot show, so before
// the rename a sample of the slices finished before it is fetched again
// and compared with what was written.

package slget

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/slget/slget/fetch"
)

// cutSample is how many slices finished before a cut are compared again.
const cutSample = 8

// sliceTimes records when each slice finished, and its CRC-32C, in this
// run; and when an answer of the origin was first cut short.
type sliceTimes struct {
	mu    sync.Mutex
	marks map[int]sliceMark // by slice index
	cut   atomic.Int64      // Unix nanoseconds of the first cut; 0 for none
}

// sliceMark is what sliceTimes keeps of a finished slice: one map of
// these rather than a map per field, a few allocations less per file.
type sliceMark struct {
	at   time.Time
	crc  uint32
	from string // the mirror, "" for the first URL
}

func (t *sliceTimes) done(sd fetch.SliceDone) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.marks == nil {
		t.marks = map[int]sliceMark{}
	}
	t.marks[sd.Index] = sliceMark{at: time.Now(), crc: sd.CRC32C, from: sd.Mirror}
}

// sawCut notes a try that failed for a body cut short.
func (t *sliceTimes) sawCut(err error) {
	if errors.Is(err, fetch.ErrShortBody) {
		t.cut.CompareAndSwap(0, time.Now().UnixNano())
	}
}

// before returns the slices from the first URL finished before the
// first cut, at most n of them, spread over the file and at random.
func (t *sliceTimes) before(n int) []int {
	cut := t.cut.Load()
	if cut == 0 {
		return nil
	}
	t.mu.Lock()
	var idx []int
	for i, m := range t.marks {
		if m.at.UnixNano() < cut && m.from == "" {
			idx = append(idx, i)
		}
	}
	t.mu.Unlock()
	slices.Sort(idx)
	if len(idx) <= n {
		return idx
	}
	rand.Shuffle(len(idx), func(a, b int) { idx[a], idx[b] = idx[b], idx[a] })
	return idx[:n]
}

// checkAfterCut compares, when an answer was cut short during the
// transfer, a sample of the slices finished before it with the origin's
// bytes now. Different bytes under the same validator mean the file was
// rewritten in place: every slice is forgotten (a rerun fetches the file
// anew) and a *fetch.ChangedError is returned.
func (d *download) checkAfterCut(ctx context.Context, origin fetch.Source) error {
	idx := d.times.before(cutSample)
	if len(idx) == 0 {
		return nil
	}
	d.warn("an answer was cut short under an unchanged validator (as when the file is rewritten in place); comparing %s finished before it with the origin's", plural(len(idx), "slice"))
	for _, i := range idx {
		r := d.plan.SliceRange(i)
		b, err := origin.Open(ctx, r)
		if err != nil {
			return err
		}
		buf := make([]byte, r.Len())
		_, err = io.ReadFull(b, buf)
		b.Close()
		if err != nil {
			return err
		}
		d.times.mu.Lock()
		want := d.times.marks[i].crc
		d.times.mu.Unlock()
		if crc32.Checksum(buf, castagnoli) == want {
			continue
		}
		// Which slices are of which version no validator can tell (an
		// answer in flight may carry either): every one is forgotten, so
		// that the same download again fetches the file anew.
		if d.journal != nil {
			if err := d.journal.Forget(allSlices(d.plan.N())); err != nil {
				d.warn("%v", err)
			}
		}
		return &fetch.ChangedError{URL: d.probe.FinalURL, Confirmed: true, Reason: fmt.Sprintf(
			"slice %d (bytes %d-%d) has other bytes now under the same validator, and an answer was cut short: the file was rewritten in place; every slice is forgotten",
			i, r.Start, r.End-1)}
	}
	return nil
}

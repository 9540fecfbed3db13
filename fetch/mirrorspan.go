// Spans: a run of slices from several mirrors goes to a mirror slower
// than another a few slices at a time, and each next span is given to the
// mirror best placed then, so that work not yet started moves to a faster
// source as soon as it is measured, instead of staying with the mirror
// that opened the run.

package fetch

import (
	"context"
	"io"
	"sync"
	"time"

	"github.com/slget/slget/segment"
)

// spanTime is about how long a span of a slower mirror lasts: long enough
// that a request's round trip is small beside it, short enough that the
// rest of a run moves to a faster mirror within it.
const spanTime = time.Second

// slowerBy is how much slower than the fastest usable mirror a mirror
// must be (per connection) for its runs to go in spans.
const slowerBy = 1.5

// spanOf is r, or its first slices when mr is slower than another mirror
// or another usable mirror is not measured yet (about spanTime of mr's
// rate, one slice at least), or its first slice when mr is not measured
// yet.
//
// An unmeasured mirror may be the faster one: until it is measured, a
// run stays in spans, so that the next one can go to it. Otherwise the
// runs begun before its first measure (while its first slice is checked
// against another mirror's, say) stay whole with the slower source to
// their end.
func (m *Mirrors) spanOf(mr *mirror, r segment.Range) segment.Range {
	m.mu.Lock()
	defer m.mu.Unlock()
	var best float64
	unmeasured := false
	now := time.Now()
	for _, o := range m.all {
		if o.banned {
			continue
		}
		best = max(best, o.rate)
		if o != mr && o.rate == 0 && o.usable(now) {
			unmeasured = true
		}
	}
	var n int64
	switch {
	case mr.rate == 0:
		n = 1 // measured first: the next span goes where the rates say
	case mr.rate*slowerBy >= best && !unmeasured:
		return r
	default:
		n = max(int64(mr.rate*spanTime.Seconds())/m.plan.Slice, 1)
	}
	end := min(r.Start+n*m.plan.Slice, r.End)
	if end < r.End {
		end = m.plan.SliceRange(m.plan.Index(end - 1)).End
	}
	return segment.Range{Start: r.Start, End: end}
}

// openSpans returns a body of all of r that reads it span by span, each
// from the mirror openSpan chooses when the one before it ends.
func (m *Mirrors) openSpans(ctx context.Context, r segment.Range) (Body, error) {
	b, span, err := m.openSpan(ctx, r)
	if err != nil {
		return Body{}, err
	}
	sb := &spanBody{m: m, ctx: ctx, r: r, pos: r.Start, cur: b.ReadCloser, end: span.End, mirror: b.Mirror, sliceMirror: map[int]string{}}
	return Body{ReadCloser: sb, From: b.From, Mirror: b.Mirror}, nil
}

// spanBody reads r span by span.
type spanBody struct {
	m   *Mirrors
	ctx context.Context
	r   segment.Range

	mu          sync.Mutex // cur, closed: Close may come while a Read is blocked
	closed      bool
	cur         io.ReadCloser
	pos, end    int64 // the next byte, and the end of the current span
	mirror      string
	sliceMirror map[int]string // of the slices read whole, by the mirror that sent them
}

func (s *spanBody) Read(p []byte) (int, error) {
	if s.pos == s.end && s.pos < s.r.End {
		if err := s.next(); err != nil {
			return 0, err
		}
	}
	p = p[:min(int64(len(p)), s.end-s.pos)]
	n, err := s.cur.Read(p)
	if n > 0 {
		first := s.m.plan.Index(s.pos)
		s.pos += int64(n)
		for i := first; i <= s.m.plan.Index(s.pos-1); i++ {
			s.noteSlice(i)
		}
	}
	if err == io.EOF && s.pos == s.end && s.end < s.r.End {
		err = nil // the span ended: the next one follows
	}
	return n, err
}

// noteSlice records the mirror of the slice i being read.
func (s *spanBody) noteSlice(i int) {
	s.mu.Lock()
	s.sliceMirror[i] = s.mirror
	s.mu.Unlock()
}

// next closes the span read and opens the next one.
func (s *spanBody) next() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return context.Canceled
	}
	old := s.cur
	s.cur = nil
	s.mu.Unlock()
	old.Close()
	b, span, err := s.m.openSpan(s.ctx, segment.Range{Start: s.pos, End: s.r.End})
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		b.Close()
		return context.Canceled
	}
	s.cur, s.end, s.mirror = b.ReadCloser, span.End, b.Mirror
	return nil
}

func (s *spanBody) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	if s.cur != nil {
		return s.cur.Close()
	}
	return nil
}

// SliceMirror implements mirroredBody.
func (s *spanBody) SliceMirror(i int) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sliceMirror[i]
}

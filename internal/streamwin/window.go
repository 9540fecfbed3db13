// Window: the fetch.WindowFile of a download to an io.Writer. Slices
// land in any order in a ring of window bytes; Drain writes them out in
// order and so moves the window.

// Package streamwin is the window of a stream (slget -o -, Request.Writer):
// slices written in any order by N connections come out in order to one
// io.Writer, through a ring whose memory never grows past the window.
package streamwin

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// drainChunk is the most bytes drain hands to the writer at once: the
// window moves on after each, instead of after a whole window's worth.
const drainChunk = 1 << 20

// errStreamClosed is a write after close: a bug if ever seen.
var errStreamClosed = errors.New("write to a stream after its end")

// Window holds the part of the resource a reader has not taken yet,
// [head, head+len(ring)), in a ring: byte off lives at ring[off%len(ring)].
// Writes past the window wait until drain moves it; memory never grows
// past the ring.
//
// Bytes before ready are whole (every byte from head to ready was written),
// so a second copy of them (an end-game duplicate, a retry that starts
// over) is dropped: they are the same bytes of the same version, which the
// origin checked for each response. Only drain reads [head, ready), and
// only without the lock; writers touch [ready, head+len(ring)) under it,
// never the same bytes of the ring.
type Window struct {
	out  io.Writer
	size int64  // bytes of the resource; -1 while unknown
	ring []byte // the window
	// Sum is fed the bytes in order (checksums); nil for none. Set before
	// the first write.
	Sum io.Writer
	// Moved is told the new head after each write to out; nil for none.
	Moved func(int64)
	// Stop cancels the download when out fails; nil for none.
	Stop  func(err error)
	free  func()       // gives the ring back (allocRing)
	users atomic.Int32 // Release calls before free: the download and drain

	mu      sync.Mutex
	head    int64  // bytes written to out
	ready   int64  // [head, ready) is whole in the ring
	spans   []span // written ranges past ready: sorted, disjoint, not touching
	closed  bool   // no more writes: the end is at ready
	err     error  // set by abort: every wait returns it
	changed chan struct{}
}

// WriteError reports that the Window's writer failed after Written bytes
// of the stream went to it.
type WriteError struct {
	Written int64
	Err     error
}

func (e *WriteError) Error() string {
	return fmt.Sprintf("writing the stream failed after %d bytes: %v", e.Written, e.Err)
}

func (e *WriteError) Unwrap() error { return e.Err }

// span is a written range [start, end) past ready.
type span struct{ start, end int64 }

// New returns the window of a resource of size bytes (-1 when
// unknown) in front of out: window bytes at most, no more than the size.
func New(out io.Writer, size, window int64) *Window {
	n := window
	if size >= 0 && size < n {
		n = max(size, 1)
	}
	w := &Window{out: out, size: size, changed: make(chan struct{})}
	w.ring, w.free = allocRing(int(n))
	w.users.Store(2)
	return w
}

// release is called once by the download, when no write can come any
// more, and once by drain's goroutine, when drain has returned; the last
// gives the ring back.
func (w *Window) Release() {
	if w.users.Add(-1) == 0 {
		w.free()
	}
}

// notify wakes everything that waits for a change. Callers hold w.mu.
func (w *Window) notify() {
	close(w.changed)
	w.changed = make(chan struct{})
}

// WriteAt is WriteAtContext without a context: it waits for room until
// abort.
func (w *Window) WriteAt(p []byte, off int64) (int, error) {
	if _, err := w.WriteAtContext(context.Background(), p, off); err != nil {
		return 0, err
	}
	return len(p), nil
}

// WriteAtContext puts p at off in the window, waiting while off is past
// the window's end until drain moves it, ctx ends or abort.
func (w *Window) WriteAtContext(ctx context.Context, p []byte, off int64) (time.Duration, error) {
	end := off + int64(len(p))
	if off < 0 || w.size >= 0 && end > w.size {
		return 0, fmt.Errorf("write of [%d,%d) outside the stream of %d bytes", off, end, w.size)
	}
	var waited time.Duration
	w.mu.Lock()
	defer w.mu.Unlock()
	for len(p) > 0 {
		switch {
		case w.err != nil:
			return waited, w.err
		case w.closed:
			return waited, errStreamClosed
		}
		if skip := w.ready - off; skip > 0 { // whole already: a second copy
			if skip >= int64(len(p)) {
				return waited, nil
			}
			p, off = p[skip:], off+skip
		}
		room := w.head + int64(len(w.ring)) - off
		if room <= 0 {
			ch := w.changed
			w.mu.Unlock()
			start := time.Now()
			select {
			case <-ch:
			case <-ctx.Done():
			}
			waited += time.Since(start)
			w.mu.Lock()
			if err := ctx.Err(); err != nil {
				return waited, err
			}
			continue
		}
		n := min(int64(len(p)), room)
		w.put(p[:n], off)
		p, off = p[n:], off+n
	}
	return waited, nil
}

// put copies p into the ring at off and moves ready over what became
// whole. Callers hold w.mu; [off, off+len(p)) is inside the window and
// past ready.
func (w *Window) put(p []byte, off int64) {
	i := off % int64(len(w.ring))
	k := copy(w.ring[i:], p)
	copy(w.ring, p[k:])
	s := span{off, off + int64(len(p))}
	// Insert s, merging it with the spans it overlaps or touches.
	k = 0
	for k < len(w.spans) && w.spans[k].end < s.start {
		k++
	}
	j := k
	for j < len(w.spans) && w.spans[j].start <= s.end {
		s.start, s.end = min(s.start, w.spans[j].start), max(s.end, w.spans[j].end)
		j++
	}
	w.spans = append(w.spans[:k], append([]span{s}, w.spans[j:]...)...)
	if w.spans[0].start <= w.ready {
		w.ready = max(w.ready, w.spans[0].end)
		w.spans = w.spans[1:]
		w.notify()
	}
}

// Sync does nothing: a stream's bytes are not on disk to make durable.
func (w *Window) Sync() error { return nil }

// close says that no more bytes come: the resource ends at ready.
func (w *Window) Close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.closed = true
	w.notify()
}

// abort ends every wait with err (the download failed).
func (w *Window) Abort(err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err == nil {
		w.err = err
		w.notify()
	}
}

// whole is how many bytes from the start are whole (written or in the
// window).
func (w *Window) Whole() int64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.ready
}

// written is how many bytes went to out.
func (w *Window) Written() int64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.head
}

// drain writes the bytes to out in order as they become whole, until the
// end (the size, or close), ctx ends or abort. A failure of out aborts the
// stream and calls stop.
func (w *Window) Drain(ctx context.Context) error {
	for {
		w.mu.Lock()
		head, ready, closed, err, ch := w.head, w.ready, w.closed, w.err, w.changed
		w.mu.Unlock()
		if err != nil {
			return err
		}
		if head == ready {
			switch {
			case head == w.size:
				return nil
			case closed && w.size >= 0:
				return fmt.Errorf("the stream ended at byte %d of %d", head, w.size) // a bug if ever seen
			case closed:
				return nil
			}
			select {
			case <-ch:
				continue
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		i := head % int64(len(w.ring))
		n := min(ready-head, drainChunk, int64(len(w.ring))-i)
		chunk := w.ring[i : i+n]
		if k, err := w.out.Write(chunk); err != nil {
			err = &WriteError{Written: head + int64(k), Err: err}
			w.Abort(err)
			if w.Stop != nil {
				w.Stop(err)
			}
			return err
		}
		if w.Sum != nil {
			w.Sum.Write(chunk)
		}
		w.mu.Lock()
		w.head += n
		w.notify()
		w.mu.Unlock()
		if w.Moved != nil {
			w.Moved(head + n)
		}
	}
}

// Delivery of a download's events to Request.Events: in order, one at a
// time, on a goroutine of their own, so that a callback that blocks holds
// the download only while its context lasts.

package slget

import (
	"context"
	"sync"
	"time"
)

// EventGrace is how long Do waits, once its context has ended, for an
// Events callback that has not returned: then Do returns, and the call
// finishes on its own goroutine whenever it returns.
const EventGrace = 200 * time.Millisecond

// eventQueue hands a download's events to fn in order. Each emit waits
// for its event's call while ctx lasts, and at most EventGrace after it
// ended; once a wait ran out, the callback counts as stuck and no emit
// waits again. After close, events still queued are dropped: no call
// starts after Do returns.
type eventQueue struct {
	fn  func(Event)
	ctx context.Context

	mu      sync.Mutex
	started bool
	q       []queuedEvent
	closed  bool
	wake    chan struct{} // 1-buffered: something was queued, or closed
	done    chan struct{} // closed when the goroutine ends
	stuck   bool          // a wait ran out: the callback does not return
}

type queuedEvent struct {
	e    Event
	sent chan struct{} // closed when fn(e) returned
}

func newEventQueue(ctx context.Context, fn func(Event)) *eventQueue {
	if fn == nil {
		return nil
	}
	return &eventQueue{fn: fn, ctx: ctx, wake: make(chan struct{}, 1), done: make(chan struct{})}
}

// emit queues e and waits for its call as the type's doc says.
func (q *eventQueue) emit(e Event) {
	if q == nil {
		return
	}
	ev := queuedEvent{e: e, sent: make(chan struct{})}
	q.mu.Lock()
	if q.closed {
		q.mu.Unlock()
		return
	}
	if !q.started {
		q.started = true
		go q.run()
	}
	q.q = append(q.q, ev)
	stuck := q.stuck
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
	if !stuck {
		q.wait(ev.sent)
	}
}

// wait waits for sent while ctx lasts, then at most EventGrace.
func (q *eventQueue) wait(sent <-chan struct{}) {
	select {
	case <-sent:
		return
	case <-q.ctx.Done():
	}
	t := time.NewTimer(EventGrace)
	defer t.Stop()
	select {
	case <-sent:
	case <-t.C:
		q.mu.Lock()
		q.stuck = true
		q.mu.Unlock()
	}
}

// run calls fn for each event queued, in order, until close.
func (q *eventQueue) run() {
	defer close(q.done)
	for {
		q.mu.Lock()
		if q.closed {
			q.q = nil
			q.mu.Unlock()
			return
		}
		if len(q.q) == 0 {
			q.mu.Unlock()
			<-q.wake
			continue
		}
		ev := q.q[0]
		q.q = q.q[1:]
		q.mu.Unlock()
		q.fn(ev.e)
		close(ev.sent)
	}
}

// close ends the delivery when Do returns: it waits for the call under
// way as emit does (every event emitted before close was waited for, so
// none is left but one whose wait ran out), and drops the rest.
func (q *eventQueue) close() {
	if q == nil {
		return
	}
	q.mu.Lock()
	q.closed = true
	started, stuck := q.started, q.stuck
	q.mu.Unlock()
	if !started {
		return
	}
	select {
	case q.wake <- struct{}{}:
	default:
	}
	if !stuck {
		q.wait(q.done)
	}
}

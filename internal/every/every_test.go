// Tests of every: the calls come at ticks, stop when f says so or the
// context ends, and Now calls once at once.

package every_test

import (
	"context"
	"testing"
	"time"

	"github.com/slget/slget/internal/every"
)

func TestTickStopsWhenFSays(t *testing.T) {
	n := 0
	start := time.Now()
	every.Tick(context.Background(), time.Millisecond, func(now time.Time) bool {
		if now.Before(start) {
			t.Errorf("a tick at %v, before the start %v", now, start)
		}
		n++
		return n < 3
	})
	if n != 3 {
		t.Errorf("%d calls, want 3", n)
	}
}

func TestTickEndsWithTheContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	calls := make(chan struct{}, 100)
	go func() {
		defer close(done)
		every.Tick(ctx, time.Millisecond, func(time.Time) bool {
			select {
			case calls <- struct{}{}:
			default:
			}
			return true
		})
	}()
	<-calls // it ticks
	cancel()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Tick went on after its context ended")
	}
}

func TestNowCallsAtOnce(t *testing.T) {
	n := 0
	every.Now(context.Background(), time.Hour, func(time.Time) bool { n++; return false })
	if n != 1 {
		t.Errorf("%d calls, want 1 at once (the next tick is an hour away)", n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	every.Now(ctx, time.Hour, func(time.Time) bool { n++; return true })
	if n != 1 {
		t.Errorf("a call with the context done")
	}
}

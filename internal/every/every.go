// Package every runs a function at a steady interval until a context
// ends: the ticker loop that the fleet's watchers, health checks and
// reports would each write again.
package every

import (
	"context"
	"time"
)

// Tick calls f at each tick of interval (f gets the tick's time) until ctx
// is done or f returns false. A call that runs past a tick does not queue
// calls behind it: ticks are dropped, as time.Ticker drops them.
func Tick(ctx context.Context, interval time.Duration, f func(now time.Time) bool) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			if !f(now) {
				return
			}
		}
	}
}

// Now is Tick with a first call at once, before the first tick.
func Now(ctx context.Context, interval time.Duration, f func(now time.Time) bool) {
	if ctx.Err() != nil || !f(time.Now()) {
		return
	}
	Tick(ctx, interval, f)
}

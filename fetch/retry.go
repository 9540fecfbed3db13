// Retry policy: one rule for how often and how long to retry, used by the
// probe and by every slice.

package fetch

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"syscall"
	"time"

	"github.com/slget/slget/internal/pause"
)

// RetryPolicy says how often a failing request is tried and how long to
// wait between tries. The zero value is usable; each field says what zero
// means.
type RetryPolicy struct {
	MaxTries int           // tries before giving up; zero means 5
	Wait     time.Duration // first wait, doubled each try, with jitter; zero means 1s
	MaxWait  time.Duration // cap of the doubling; zero means 30s
}

// RetryInfo is a failed try of a slice that will be tried again.
type RetryInfo struct {
	Slice    int           // the slice whose try failed
	Err      error         // why
	Try      int           // the try that comes next (2 for the first retry)
	MaxTries int           // the tries allowed
	Wait     time.Duration // before the next try
}

// String says it as a line: "slice 3: ...; try 2 of 5 in 1s".
func (r RetryInfo) String() string {
	return fmt.Sprintf("slice %d: %v; try %d of %d in %s", r.Slice, r.Err, r.Try, r.MaxTries, r.Wait.Round(time.Millisecond))
}

func (p RetryPolicy) withDefaults() RetryPolicy {
	if p.MaxTries <= 0 {
		p.MaxTries = 5
	}
	if p.Wait <= 0 {
		p.Wait = time.Second
	}
	if p.MaxWait <= 0 {
		p.MaxWait = 30 * time.Second
	}
	return p
}

// Tries is the number of tries the policy allows.
func (p RetryPolicy) Tries() int { return p.withDefaults().MaxTries }

// Delay is how long to wait after the n-th failed try (n ≥ 1) with error
// err: Wait doubled per try, capped at MaxWait, with jitter so that many
// connections do not retry in step; a server's Retry-After wins (up to five
// minutes).
func (p RetryPolicy) Delay(n int, err error) time.Duration {
	p = p.withDefaults()
	wait := p.Wait << (n - 1)
	if wait > p.MaxWait || wait <= 0 {
		wait = p.MaxWait
	}
	wait = wait/2 + rand.N(wait/2+1)
	if n == 1 && errors.Is(err, syscall.ECONNREFUSED) {
		wait = min(wait, 200*time.Millisecond) // one quick look again
	}
	var he *HTTPError
	if errors.As(err, &he) && he.RetryAfter > 0 {
		wait = min(he.RetryAfter, 5*time.Minute)
	}
	return wait
}

// Do calls fn until it succeeds, fails with an error that is not
// Retryable, runs out of tries, or ctx ends. Before each wait it calls
// onRetry (if not nil) with the try that failed, its error and the wait.
func (p RetryPolicy) Do(ctx context.Context, fn func() error, onRetry func(try int, err error, wait time.Duration)) error {
	p = p.withDefaults()
	for try := 1; ; try++ {
		err := fn()
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if !Retryable(err) || try >= p.MaxTries {
			return err
		}
		wait := p.Delay(try, err)
		if onRetry != nil {
			onRetry(try, err, wait)
		}
		if err := pause.Sleep(ctx, wait); err != nil {
			return err
		}
	}
}

// Retry policy: one rule for how often and how long to retry, used by the
// probe and by every slice.

package fetch

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/textproto"
	"syscall"
	"time"

	"github.com/slget/slget/internal/pause"
)

// RetryPolicy says how long a failing request is tried again, and how long
// to wait between tries. The zero value is usable; each field says what zero
// means.
//
// Two rules bound the tries. With MaxTries set, a request gets exactly that
// many (aria2c's --max-tries). Without it, tries are bounded by time: a
// request is tried again while its Budget lasts, counted from its first
// failed try, so that an origin down for a few seconds (restarting, a
// network blip) costs time and not the download, while one down for good
// still fails within about Budget. Either way the waits grow from Wait,
// doubled each try up to MaxWait, with jitter, and a server's Retry-After
// wins.
type RetryPolicy struct {
	// MaxTries, when positive, is exactly how many tries a failing request
	// gets, however long they take; Budget is then not used. Zero means
	// the time rule of Budget.
	MaxTries int
	// Budget is how long a request that fails as a server that is away
	// does (refused or reset connections, timeouts, stalls, cut bodies,
	// 5xx, 429) is tried again, from the end of its first failed try; the
	// wait before the last try is cut to end with it. A request always
	// gets at least MinTries tries, however fast they fail, and a server
	// that answers wrongly (another range, the whole file, another
	// version, a garbled answer) gets MinTries and no more. Zero means
	// DefaultBudget; negative means no limit (until the context ends), as
	// aria2c's --max-tries=0.
	Budget  time.Duration
	Wait    time.Duration // first wait, doubled each try, with jitter; zero means 1s
	MaxWait time.Duration // cap of the doubling; zero means 10s, so that a server back from an outage is seen again soon
}

// DefaultBudget is the Budget of a RetryPolicy that sets none: a server
// down for good fails a download within about two minutes.
const DefaultBudget = 2 * time.Minute

// MinTries is how many tries a request gets under the time rule even when
// they take longer than the Budget (a slow link whose long tries fail at
// the end).
const MinTries = 5

// RetryInfo is a failed try of a slice that will be tried again.
type RetryInfo struct {
	Slice    int           // the slice whose try failed
	Err      error         // why
	Try      int           // the try that comes next (2 for the first retry)
	MaxTries int           // the tries allowed; zero under the time rule
	Left     time.Duration // under the time rule, what is left of the Budget after Wait; negative for no limit
	Wait     time.Duration // before the next try
}

// String says it as a line: "slice 3: ...; try 2 of 5 in 1s", or under the
// time rule "slice 3: ...; try 7 in 8s (giving up in 1m40s)".
func (r RetryInfo) String() string {
	return fmt.Sprintf("slice %d: %v; %s", r.Slice, r.Err, TryLine(r.Try, r.MaxTries, r.Left, r.Wait))
}

// TryLine says when the next try comes and how many are left: "try 2 of 5
// in 1s" when maxTries is set, else "try 7 in 8s (giving up in 1m40s)",
// the time left of the budget after the wait (nothing said when left is
// negative: no limit).
func TryLine(next, maxTries int, left, wait time.Duration) string {
	w := wait.Round(time.Millisecond)
	switch {
	case maxTries > 0:
		return fmt.Sprintf("try %d of %d in %s", next, maxTries, w)
	case left < 0:
		return fmt.Sprintf("try %d in %s", next, w)
	}
	return fmt.Sprintf("try %d in %s (giving up in %s)", next, w, left.Round(time.Second))
}

func (p RetryPolicy) withDefaults() RetryPolicy {
	if p.MaxTries < 0 {
		p.MaxTries = 0
	}
	if p.Budget == 0 {
		p.Budget = DefaultBudget
	}
	if p.Wait <= 0 {
		p.Wait = time.Second
	}
	if p.MaxWait <= 0 {
		p.MaxWait = 10 * time.Second
	}
	return p
}

// Next decides after a failed try: tries is how many tries have failed, the
// first failed failingFor ago, the last with err. It returns the wait
// before the next try, with ok false when the request is to be given up
// (the caller checks Retryable first). left is what will be left of the
// Budget after the wait: negative without a limit, zero under MaxTries.
func (p RetryPolicy) Next(tries int, failingFor time.Duration, err error) (wait, left time.Duration, ok bool) {
	p = p.withDefaults()
	wait = p.Delay(tries, err)
	switch {
	case p.MaxTries > 0:
		return wait, 0, tries < p.MaxTries
	case !away(err):
		return wait, 0, tries < MinTries
	case p.Budget < 0:
		return wait, -1, true
	}
	rest := p.Budget - failingFor
	if rest <= 0 {
		return wait, 0, tries < MinTries
	}
	if wait > rest {
		var he *HTTPError
		if !errors.As(err, &he) || he.RetryAfter <= 0 {
			wait = rest // the last try, as the budget ends
		}
	}
	return wait, max(rest-wait, 0), true
}

// Tries is the number of tries the policy allows: MaxTries, or zero under
// the time rule of Budget.
func (p RetryPolicy) Tries() int { return p.withDefaults().MaxTries }

// TriesFor is the number of tries the policy allows a request that fails
// with err: MaxTries; under the time rule MinTries for a wrong answer,
// which the Budget does not ride out, and zero (no count) for the rest.
func (p RetryPolicy) TriesFor(err error) int {
	if n := p.Tries(); n > 0 || away(err) {
		return n
	}
	return MinTries
}

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
// Retryable, runs out of tries (or of its Budget), or ctx ends. Before each
// wait it calls onRetry (if not nil) with the try that failed, its error
// and the wait.
func (p RetryPolicy) Do(ctx context.Context, fn func() error, onRetry func(try int, err error, wait time.Duration)) error {
	var first time.Time
	for try := 1; ; try++ {
		err := fn()
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if first.IsZero() {
			first = time.Now()
		}
		if !Retryable(err) {
			return err
		}
		wait, _, ok := p.Next(try, time.Since(first), err)
		if !ok {
			return err
		}
		if onRetry != nil {
			onRetry(try, err, wait)
		}
		if err := pause.Sleep(ctx, wait); err != nil {
			return err
		}
	}
}

// away reports whether err is a failure of a server that is away (down,
// restarting, overloaded, unreachable), which the Budget rides out, rather
// than an answer that came and was wrong (or was cut short by a cache that
// cannot store the file), which more time will not mend.
func away(err error) bool {
	var re *RangeError
	var oe *OutOfStepError
	var tpe textproto.ProtocolError
	var ce *CutError
	return !errors.As(err, &re) && !errors.As(err, &oe) && !errors.Is(err, ErrNoRanges) && !errors.As(err, &tpe) && !errors.As(err, &ce)
}

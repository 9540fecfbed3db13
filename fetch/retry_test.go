// Tests of RetryPolicy's two rules: exactly MaxTries when given, else a
// time budget that rides out an outage and still ends.

package fetch_test

import (
	"context"
	"errors"
	"syscall"
	"testing"
	"time"

	"github.com/slget/slget/fetch"
)

func TestRetryNext(t *testing.T) {
	refused := syscall.ECONNREFUSED
	wrong := &fetch.RangeError{URL: "http://h/f", Asked: "bytes=0-9", ContentRange: "bytes 5-14/100"}
	cases := []struct {
		name    string
		p       fetch.RetryPolicy
		tries   int
		failing time.Duration
		err     error
		ok      bool
	}{
		{"exact tries: one left", fetch.RetryPolicy{MaxTries: 5}, 4, time.Hour, refused, true},
		{"exact tries: none left", fetch.RetryPolicy{MaxTries: 5}, 5, 0, refused, false},
		{"the budget rides out an outage past five tries", fetch.RetryPolicy{}, 9, 20 * time.Second, refused, true},
		{"the budget spent", fetch.RetryPolicy{}, 12, fetch.DefaultBudget, refused, false},
		{"the budget spent, but fewer than MinTries", fetch.RetryPolicy{}, fetch.MinTries - 1, time.Hour, refused, true},
		{"a short budget", fetch.RetryPolicy{Budget: time.Second}, 6, time.Second, refused, false},
		{"no limit", fetch.RetryPolicy{Budget: -1}, 1000, 24 * time.Hour, refused, true},
		{"a 503 is an outage too", fetch.RetryPolicy{}, 9, time.Minute, &fetch.HTTPError{Status: 503}, true},
		{"a wrong answer gets MinTries only", fetch.RetryPolicy{}, fetch.MinTries, time.Second, wrong, false},
		{"a wrong answer within MinTries", fetch.RetryPolicy{}, fetch.MinTries - 1, time.Second, wrong, true},
		{"a cache that cuts its answers gets MinTries only", fetch.RetryPolicy{}, fetch.MinTries, time.Second, &fetch.CutError{Cache: "Via: 1.1 varnish"}, false},
	}
	for _, tc := range cases {
		_, _, ok := tc.p.Next(tc.tries, tc.failing, tc.err)
		if ok != tc.ok {
			t.Errorf("%s: Next(%d, %s) ok = %v, want %v", tc.name, tc.tries, tc.failing, ok, tc.ok)
		}
	}
	// The last wait is cut to end with the budget, and what is left is said.
	p := fetch.RetryPolicy{Wait: time.Minute, Budget: 10 * time.Second}
	wait, left, ok := p.Next(6, 7*time.Second, refused)
	if !ok || wait != 3*time.Second || left != 0 {
		t.Errorf("3s before the end of the budget: wait %s, left %s, ok %v; want 3s, 0, true", wait, left, ok)
	}
	wait, left, _ = fetch.RetryPolicy{Wait: time.Second, MaxWait: time.Second}.Next(1, 0, refused)
	if left != fetch.DefaultBudget-wait {
		t.Errorf("left %s after a wait of %s, want %s", left, wait, fetch.DefaultBudget-wait)
	}
}

// Do keeps trying a refused connection for its budget, and no longer.
func TestRetryDoBudget(t *testing.T) {
	p := fetch.RetryPolicy{Wait: 5 * time.Millisecond, MaxWait: 20 * time.Millisecond, Budget: 300 * time.Millisecond}
	start := time.Now()
	tries := 0
	err := p.Do(context.Background(), func() error { tries++; return syscall.ECONNREFUSED }, nil)
	el := time.Since(start)
	if !errors.Is(err, syscall.ECONNREFUSED) {
		t.Fatalf("err = %v", err)
	}
	if el < 300*time.Millisecond || el > 2*time.Second {
		t.Errorf("gave up after %s, want soon after the budget of 300ms", el)
	}
	if tries <= fetch.MinTries {
		t.Errorf("%d tries in %s: the budget was not used", tries, el)
	}
	// ... and comes through when the server is back within it.
	tries = 0
	err = p.Do(context.Background(), func() error {
		if tries++; time.Since(start) < el+150*time.Millisecond {
			return syscall.ECONNREFUSED
		}
		return nil
	}, nil)
	if err != nil {
		t.Fatalf("back within the budget: %v", err)
	}
}

func TestTryLine(t *testing.T) {
	for _, c := range []struct {
		next, max  int
		left, wait time.Duration
		want       string
	}{
		{2, 5, 0, time.Second, "try 2 of 5 in 1s"},
		{7, 0, 100 * time.Second, 8 * time.Second, "try 7 in 8s (giving up in 1m40s)"},
		{7, 0, -1, 8 * time.Second, "try 7 in 8s"},
	} {
		if got := fetch.TryLine(c.next, c.max, c.left, c.wait); got != c.want {
			t.Errorf("TryLine(%d, %d, %s, %s) = %q, want %q", c.next, c.max, c.left, c.wait, got, c.want)
		}
	}
}

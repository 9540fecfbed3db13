// Outages in Client.Do: an origin killed mid-download (its port refuses
// connections) and restarted costs time, not the download; one gone for
// good fails within the retry budget, with the partial download kept.

package slget_test

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

// retries collects the errors of a download's Retrying events.
type retries struct {
	mu   sync.Mutex
	errs []error
}

func (r *retries) event(e slget.Event) {
	if x, ok := e.(*slget.Retrying); ok {
		r.mu.Lock()
		r.errs = append(r.errs, x.Err)
		r.mu.Unlock()
	}
}

// saw reports whether one of the errors is target.
func (r *retries) saw(target error) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.ContainsFunc(r.errs, func(err error) bool { return errors.Is(err, target) })
}

// outage runs a download of srv's 4 MiB file with c, takes the origin down
// once a quarter of it is sent, and brings it back after upAfter (never,
// when zero). It returns how long after the origin went down Do returned,
// the retries seen, and what Do returned.
func outage(t *testing.T, c *slget.Client, srv *fetchtest.Server, path string, upAfter time.Duration) (time.Duration, *retries, error) {
	t.Helper()
	r := &retries{}
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := c.Do(ctx, &slget.Request{URL: srv.FileURL(), Path: path, Events: r.event})
		done <- err
	}()
	waitFor(t, "a quarter of the file", func() bool { return srv.BytesServed() > 1<<20 })
	srv.Down()
	down := time.Now()
	if upAfter > 0 {
		time.Sleep(upAfter) // the outage itself
		if err := srv.Up(); err != nil {
			t.Fatal(err)
		}
	}
	err := <-done
	return time.Since(down), r, err
}

// With waits this short (50ms), five tries are over in well under a
// second: the time budget of the default policy rides a 2s outage out.
func TestOutageRiddenOut(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(4<<20), fetchtest.WithRateLimit(512<<10))
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10, Retry: slget.RetryPolicy{Wait: 50 * time.Millisecond}})
	path := filepath.Join(t.TempDir(), "file.bin")
	took, r, err := outage(t, c, srv, path, 2*time.Second)
	t.Logf("%s after the outage began", took.Round(time.Millisecond))
	if err != nil {
		t.Fatalf("Do after a 2s outage: %v (%T)", err, err)
	}
	if fileSHA256(path) != srv.Content().SHA256() {
		t.Fatal("no error, and wrong bytes")
	}
	if !r.saw(syscall.ECONNREFUSED) {
		t.Error("no retry was for a refused connection")
	}
}

// An origin gone for good: the download gives up when the budget is
// spent, and soon after, keeping what it has; the error names the
// refused connections and where the partial download stays, and offers the same download again or a
// longer budget.
func TestOutageForGood(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(4<<20), fetchtest.WithRateLimit(512<<10))
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10, Retry: slget.RetryPolicy{Wait: 50 * time.Millisecond, Budget: 3 * time.Second}})
	path := filepath.Join(t.TempDir(), "file.bin")
	took, _, err := outage(t, c, srv, path, 0)
	t.Logf("%v: %s after the origin went down", err, took.Round(time.Millisecond))
	var ke *slget.KeptError
	var ge *slget.GaveUpError
	if !errors.As(err, &ke) || ke.Path != path+".part" || !errors.As(err, &ge) || !ge.Spent || !errors.Is(err, syscall.ECONNREFUSED) {
		t.Fatalf("Do: %v (%T), want a *KeptError of a budget spent on refused connections", err, err)
	}
	if took < 3*time.Second || took > 10*time.Second {
		t.Errorf("gave up %s after the origin went down; want after the budget of 3s, and soon after", took)
	}
	if got, want := slget.Remedies(err), []slget.Remedy{slget.RemedyAgain, slget.RemedyLongerRetry}; !slices.Equal(got, want) {
		t.Errorf("remedies %v, want %v", got, want)
	}
	for _, want := range []string{"connection refused", "file.bin.part"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error does not say %q: %v", want, err)
		}
	}
	if !exists(path + ".part") {
		t.Error("the partial download was not kept")
	}
}

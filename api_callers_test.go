// Tests of the promises to every caller of the library: two downloads to one
// name through one Client meet the lock as through two, Events are told one
// at a time, and CloseIdle may be called while a download runs.

package slget_test

import (
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

// startHeld starts a download of a slow origin through c to path and
// returns once it has claimed its output name (its Started event); stop
// cancels it and waits for Do to return.
func startHeld(t *testing.T, c *slget.Client, url, path string) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	started := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		c.Do(ctx, &slget.Request{URL: url, Path: path, Events: func(e slget.Event) {
			if _, ok := e.(*slget.Started); ok {
				close(started)
			}
		}})
	}()
	select {
	case <-started:
	case <-done:
		t.Fatal("the first download ended before it started")
	case <-time.After(30 * time.Second):
		t.Fatal("the first download did not start in 30s")
	}
	return func() { cancel(); <-done }
}

func TestOneClientTwoDownloadsToOneName(t *testing.T) {
	slow := fetchtest.NewServer(t, fetchtest.WithSize(8<<20), fetchtest.WithRateLimit(256<<10))
	other := fetchtest.NewServer(t, fetchtest.WithSize(1<<20), fetchtest.WithSeed(2))
	for _, tc := range []struct {
		name       string
		clients    int // 1: both through one Client; 2: one each
		url        string
		autoRename bool
		wantLocked bool
	}{
		{"one Client, same URL, no renaming", 1, slow.FileURL(), false, true},
		{"two Clients, same URL, no renaming", 2, slow.FileURL(), false, true},
		{"one Client, another URL, no renaming", 1, other.FileURL(), false, true},
		{"one Client, another URL, renaming", 1, other.FileURL(), true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "same.bin")
			first := &slget.Client{Connections: 2, Slice: 1 << 20}
			second := first
			if tc.clients == 2 {
				second = &slget.Client{Connections: 2, Slice: 1 << 20}
			}
			stop := startHeld(t, first, slow.FileURL(), path)
			defer stop()
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			res, err := second.Do(ctx, &slget.Request{URL: tc.url, Path: path, AutoRename: tc.autoRename})
			renamed := filepath.Join(dir, "same.1.bin")
			if tc.wantLocked {
				if !errors.Is(err, slget.ErrLocked) {
					t.Fatalf("second download: %v (saved at %q), want an error matching ErrLocked", err, res.Path)
				}
				if _, err := os.Lstat(renamed); err == nil {
					t.Fatalf("%s was written although renaming was not allowed", renamed)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.Path != renamed || fileSHA256(renamed) != other.Content().SHA256() {
				t.Fatalf("saved at %q, want the other URL's bytes at %q", res.Path, renamed)
			}
		})
	}
}

// TestEventsOneAtATime: workers that retry at once report through the same
// Events callback; it is never entered twice at a time (and -race sees no
// race in a callback that appends to a slice without a lock).
func TestEventsOneAtATime(t *testing.T) {
	// The probe (request 1) goes through; the workers' first 12 requests
	// are answered 503, so that they retry at once.
	origin := fetchtest.NewServer(t, fetchtest.WithSize(8<<20), fetchtest.WithFault(func(_ *http.Request, n int) fetchtest.Fault {
		if n >= 2 && n <= 13 {
			return fetchtest.Fault{Status: http.StatusServiceUnavailable}
		}
		return fetchtest.Fault{}
	}))
	c := &slget.Client{Connections: 8, Slice: 1 << 20, Retry: slget.RetryPolicy{MaxTries: 20, Wait: time.Millisecond}}
	var inside, overlaps atomic.Int32
	var events []slget.Event // appended without a lock on purpose
	path := filepath.Join(t.TempDir(), "file.bin")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	_, err := c.Do(ctx, &slget.Request{URL: origin.FileURL(), Path: path, Events: func(e slget.Event) {
		if inside.Add(1) > 1 {
			overlaps.Add(1)
		}
		time.Sleep(2 * time.Millisecond) // widen the window another call would fall in
		events = append(events, e)
		inside.Add(-1)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if fileSHA256(path) != origin.Content().SHA256() {
		t.Fatal("wrong bytes")
	}
	if n := overlaps.Load(); n > 0 {
		t.Fatalf("Events was entered %d times while another call was running (%d events)", n, len(events))
	}
	retries := 0
	for _, e := range events {
		if _, ok := e.(*slget.Retrying); ok {
			retries++
		}
	}
	if retries == 0 {
		t.Fatalf("no Retrying event among %d events for 12 answers of 503", len(events))
	}
}

// TestCloseIdleDuringFirstDo: a program may close idle connections while
// the Client's first download sets up its HTTP client.
func TestCloseIdleDuringFirstDo(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(2<<20))
	for range 20 {
		c := &slget.Client{Connections: 2, Slice: 1 << 20}
		path := filepath.Join(t.TempDir(), "file.bin")
		done := make(chan error, 1)
		go func() {
			_, err := c.Do(context.Background(), &slget.Request{URL: origin.FileURL(), Path: path})
			done <- err
		}()
		c.CloseIdle()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		c.CloseIdle()
	}
}

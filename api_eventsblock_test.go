// Tests of Request.Events' promise: Do returns when its context ends
// whatever a callback does, and events come in order, one at a time.

package slget_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

// A callback that never returns holds the download while its context
// lasts; once the context ends, Do returns within a short bound, and the
// callback is not called again after Do returned.
func TestDoReturnsWhenEventsBlock(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(2<<20))
	c := newClient(t, &slget.Client{Connections: 2, Slice: 256 << 10})
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	entered := make(chan struct{})
	var calls, afterDo atomic.Int64
	var returned atomic.Bool
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := c.Do(ctx, &slget.Request{URL: srv.FileURL(), Path: filepath.Join(t.TempDir(), "file.bin"), Events: func(e slget.Event) {
			if returned.Load() {
				afterDo.Add(1)
			}
			if _, ok := e.(*slget.Started); ok && calls.Add(1) == 1 {
				close(entered)
				<-release // a callback that blocks until the test ends
			}
		}})
		returned.Store(true)
		done <- err
	}()
	select {
	case <-entered:
	case err := <-done:
		t.Fatalf("Do returned before the transfer started: %v", err)
	}
	cancel()
	select {
	case err := <-done:
		var ie *slget.InterruptedError
		if !errors.As(err, &ie) {
			t.Errorf("Do: %v, want an *InterruptedError", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Do did not return within 5s of its context's end while an Events callback blocked")
	}
	if n := afterDo.Load(); n != 0 {
		t.Errorf("the callback was called %d times after Do returned", n)
	}
}

// Events reach the callback one at a time, in the order they happened,
// and all of them before Do returns when the callback does not block.
func TestEventsInOrderBeforeDoReturns(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(2<<20))
	c := newClient(t, &slget.Client{Connections: 2, Slice: 256 << 10})
	var kinds []string
	var inside atomic.Int32
	res, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Path: filepath.Join(t.TempDir(), "file.bin"), Events: func(e slget.Event) {
		if inside.Add(1) != 1 {
			t.Error("two calls of the callback at once")
		}
		defer inside.Add(-1)
		switch e.(type) {
		case *slget.Started:
			kinds = append(kinds, "started")
		case *slget.Syncing:
			kinds = append(kinds, "syncing")
		case *slget.Finishing:
			kinds = append(kinds, "finishing")
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(kinds, " "); got != "started syncing finishing" {
		t.Errorf("events %q, want started, syncing, finishing", got)
	}
	if fileSHA256(res.Path) != srv.Content().SHA256() {
		t.Error("the file does not have the origin's bytes")
	}
}

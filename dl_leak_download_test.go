// Goroutines of a download: once Do returns, none of its workers, commits,
// retries, end-game copies or connections may still run, whether it
// finished, failed or was interrupted, with the server still up.

package slget_test

import (
	"context"
	"errors"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
)

// verifyDownloadGone fails t if a goroutine that was not running at
// before is still running. The test origin's own connection handlers are
// not the download's: a handler stalled by a fault runs until the server
// closes, and an idle server connection until the client closes its end
// (which the check then sees as the client's goroutines).
func verifyDownloadGone(t *testing.T, before goleak.Option) {
	t.Helper()
	goleak.VerifyNone(t, before, goleak.IgnoreAnyFunction("net/http.(*conn).serve"))
}

func TestNoGoroutineOutlivesDo(t *testing.T) {
	const size = 3<<20 + 777
	for _, tc := range []struct {
		name   string
		opts   []fetchtest.Option
		cancel time.Duration // cancel Do after this long; 0: never
		want   func(error) bool
	}{
		{name: "finished", want: func(err error) bool { return err == nil }},
		{name: "reset, stall and trickle", opts: []fetchtest.Option{
			fetchtest.WithCutBody(2, 50<<10), fetchtest.WithStall(3, 10<<10), fetchtest.WithTrickle(4, 10<<10, 20<<10),
		}, want: func(err error) bool { return err == nil }},
		{name: "interrupted", opts: []fetchtest.Option{fetchtest.WithRateLimit(1 << 20)}, cancel: 400 * time.Millisecond,
			want: func(err error) bool { var ie *slget.InterruptedError; return errors.As(err, &ie) }},
		{name: "changed", opts: []fetchtest.Option{fetchtest.WithChangeAfter(3)},
			want: func(err error) bool { var ce *fetch.ChangedError; return errors.As(err, &ce) }},
		{name: "not found after the probe", opts: []fetchtest.Option{fetchtest.WithFault(func(_ *http.Request, n int) fetchtest.Fault {
			if n > 1 {
				return fetchtest.Fault{Status: http.StatusNotFound}
			}
			return fetchtest.Fault{}
		})}, want: func(err error) bool { var he *fetch.HTTPError; return errors.As(err, &he) && he.Status == 404 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := fetchtest.NewServer(t, append([]fetchtest.Option{fetchtest.WithSize(size)}, tc.opts...)...)
			before := goleak.IgnoreCurrent()
			c := &slget.Client{Connections: 4, Slice: 256 << 10, StallTimeout: time.Second,
				Retry: slget.RetryPolicy{MaxTries: 3, Wait: 10 * time.Millisecond}}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			if tc.cancel > 0 {
				time.AfterFunc(tc.cancel, cancel)
			}
			res, err := c.Do(ctx, &slget.Request{URL: srv.FileURL(), Path: filepath.Join(t.TempDir(), "file.bin")})
			if !tc.want(err) {
				t.Fatalf("Do: %v", err)
			}
			if err == nil && fileSHA256(res.Path) != srv.Content().SHA256() {
				t.Fatal("wrong bytes")
			}
			// The Client keeps idle connections for its next Do, as an
			// http.Client does; closing them must leave nothing running.
			c.HTTP.CloseIdle()
			verifyDownloadGone(t, before)
		})
	}
}

// slget.Get makes a Client that nobody can reach afterwards: it must not
// leave its idle connections (two goroutines and a file descriptor each,
// for the transport's 90s idle timeout) behind.
func TestGetLeavesNoConnection(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(2<<20))
	before := goleak.IgnoreCurrent()
	path := filepath.Join(t.TempDir(), "file.bin")
	if _, err := slget.Get(context.Background(), srv.FileURL(), path); err != nil {
		t.Fatal(err)
	}
	if fileSHA256(path) != srv.Content().SHA256() {
		t.Fatal("wrong bytes")
	}
	verifyDownloadGone(t, before)
}

// Goroutines of a run: once slget returns, none of its downloads, progress
// bars, summary lines or connections may still run, the origin still up.

package main

import (
	"context"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestNoGoroutineOutlivesRun(t *testing.T) {
	for _, tc := range []struct {
		name   string
		args   []string
		opts   []fetchtest.Option
		urls   int
		cancel time.Duration
		code   int
	}{
		{name: "summary lines", args: []string{"--summary-interval", "0.1"}, opts: []fetchtest.Option{fetchtest.WithRateLimit(4 << 20)}},
		{name: "bars", args: []string{"--progress", "bar"}},
		{name: "json", args: []string{"--progress", "json", "--json"}},
		{name: "quiet, three at once", args: []string{"-q", "-j", "3"}, urls: 3},
		{name: "faults", args: []string{"--stall-timeout", "1", "--retry-wait", "10ms"}, opts: []fetchtest.Option{
			fetchtest.WithCutBody(2, 50<<10), fetchtest.WithStall(3, 10<<10), fetchtest.WithTrickle(4, 10<<10, 20<<10)}},
		{name: "interrupted", args: []string{"--progress", "bar"}, opts: []fetchtest.Option{fetchtest.WithRateLimit(1 << 20)},
			cancel: 400 * time.Millisecond, code: exitUnfinished},
		{name: "not found", opts: []fetchtest.Option{fetchtest.WithStatusFor(404, 100, "")}, code: exitNotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := fetchtest.NewServer(t, append([]fetchtest.Option{fetchtest.WithSize(3 << 20)}, tc.opts...)...)
			before := goleak.IgnoreCurrent()
			args := append([]string{"-x", "4", "--slice", "256k", "-d", t.TempDir()}, tc.args...)
			for i := range max(tc.urls, 1) {
				args = append(args, srv.FileURL()+"?n="+string(rune('a'+i)))
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			if tc.cancel > 0 {
				time.AfterFunc(tc.cancel, cancel)
			}
			if r := slgetCtx(t, ctx, args...); r.code != tc.code {
				t.Fatalf("exit %d, want %d", r.code, tc.code)
			}
			// The origin's own connection handlers are not slget's: an
			// idle one ends when slget closes its end (then slget's side
			// shows), a stalled one when the server closes.
			goleak.VerifyNone(t, before, goleak.IgnoreAnyFunction("net/http.(*conn).serve"))
		})
	}
}

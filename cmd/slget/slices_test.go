// The small-slice warning as the command prints it: the library's warning
// (tested in the root package, TestSmallSliceWarning) with its remedy in
// terms of the flag, --slice.

package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestSmallSliceWarning(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(32<<20), fetchtest.WithRateLimit(4<<20))
	// The warning comes before the transfer: stop the download soon after
	// it starts.
	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	r := slgetCtx(t, ctx, "--slice", "4k", "-x", "4", "-d", t.TempDir(), srv.FileURL())
	cancel()
	if r.code != exitUnfinished {
		t.Errorf("exit %d, want %d (stopped)", r.code, exitUnfinished)
	}
	if !strings.Contains(r.stderr, "slices of 4k cut 32.0 MiB into 8192 slices") || !strings.Contains(r.stderr, "choose a larger --slice") {
		t.Errorf("the warning does not name the flag that fits: %q", r.stderr)
	}
}

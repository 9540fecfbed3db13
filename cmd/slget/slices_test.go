// The small-slice warning as a user sees it: a slice size whose journal
// commits would take longer than the transfer is named, with the one that
// fits; a fitting one, or a download without a journal, gets no word.

package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestSmallSliceWarning(t *testing.T) {
	const size = 32 << 20 // 8192 slices of 4k: 128 commits, longer than the transfer
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(4<<20))
	const warning = "slices of 4k cut 32.0 MiB into 8192 slices, which the journal commits at least 128 times"
	for _, tc := range []struct {
		args []string
		warn bool
	}{
		{[]string{"--slice", "4k"}, true},
		{[]string{"--slice", "4k", "--no-journal"}, false}, // no commits until the end
		{[]string{"--slice", "1m"}, false},
	} {
		// The warning comes before the transfer: stop the download soon
		// after it starts.
		ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
		r := slgetCtx(t, ctx, append(tc.args, "-x", "4", "-d", t.TempDir(), srv.FileURL())...)
		cancel()
		if r.code != exitUnfinished {
			t.Errorf("%q: exit %d, want %d (stopped)", tc.args, r.code, exitUnfinished)
		}
		if got := strings.Contains(r.stderr, warning); got != tc.warn {
			t.Errorf("%q: warned %v, want %v: %q", tc.args, got, tc.warn, r.stderr)
		}
		if tc.warn && (!strings.Contains(r.stderr, "slices of 1m, the default, fit (32 slices)") || !strings.Contains(r.stderr, "choose a larger --slice")) {
			t.Errorf("%q: the warning does not say which --slice fits: %q", tc.args, r.stderr)
		}
		if !tc.warn && strings.Contains(r.stderr, "fits") {
			t.Errorf("%q: warned %q", tc.args, r.stderr)
		}
	}
}

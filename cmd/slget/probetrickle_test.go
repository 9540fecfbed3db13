// What the command adds to a server too slow on every try: exit 5, as
// aria2c's for --lowest-speed-limit. A trickling probe finished by a
// duplicate, a trickling whole-file answer cut, and the error of too slow
// a server are the root package's tests (TestTrickledProbeOfOneSliceFinishes, TestTooSlowEveryTry).

package main

import (
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// A server too slow on every try: exit 5, as aria2c for
// --lowest-speed-limit, not 6.
func TestTooSlowEveryTryIs5(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(700<<10), fetchtest.WithRateLimit(2<<10))
	code, out := startBinary(t, "--lowest-speed-limit", "100k", "--max-tries", "1", "-d", t.TempDir(), srv.FileURL()).waitFor(t, 40*time.Second)
	if code != exitTooSlow || !strings.Contains(out, "lowest speed") {
		t.Fatalf("exit %d, want %d saying why:\n%s", code, exitTooSlow, out)
	}
}

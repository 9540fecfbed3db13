// No connection can hold a download: a file of one slice whose probe body
// trickles is finished by an end-game duplicate, not waited on for hours.

package main

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestTrickledProbeOfOneSliceFinishes(t *testing.T) {
	const size = 700 << 10 // one slice of the default 1 MiB
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithTrickle(1, 0, 10))
	dir := t.TempDir()
	start := time.Now()
	b := startBinary(t, "-x", "4", "-d", dir, srv.FileURL())
	code, out := b.waitFor(t, 20*time.Second) // the trickle alone would take 20 hours
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, dumpLog(srv))
	}
	if got := fileSHA(t, filepath.Join(dir, "file.bin")); got != srv.Content().SHA256() {
		t.Fatal("wrong bytes")
	}
	n := 0
	for _, q := range srv.Requests() {
		if strings.HasPrefix(q.Range, "bytes=0-") {
			n++
		}
	}
	if n < 2 {
		t.Errorf("slice 0 asked for %d times, want the probe and a duplicate:\n%s", n, dumpLog(srv))
	}
	t.Logf("done in %s", time.Since(start).Round(time.Millisecond))
}

// Every body under the speed rules: a server that ignores Range and
// trickles its whole-file answer to the probe (10 B/s, never still long
// enough for the stall timeout) is cut by --lowest-speed-limit, as a range
// would be, and the download starts over on a new connection.
func TestTrickledWholeFileCutByLowestSpeed(t *testing.T) {
	const size = 700 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithNoRanges(), fetchtest.WithTrickle(1, 0, 10))
	dir := t.TempDir()
	start := time.Now()
	b := startBinary(t, "--lowest-speed-limit", "1k", "--retry-wait", "0.05", "-d", dir, srv.FileURL())
	code, out := b.waitFor(t, 40*time.Second) // the trickle alone would take 20 hours
	t.Logf("exit %d after %s:\n%s", code, time.Since(start).Round(time.Millisecond), out)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, dumpLog(srv))
	}
	if got := fileSHA(t, filepath.Join(dir, "file.bin")); got != srv.Content().SHA256() {
		t.Fatal("wrong bytes")
	}
	if !strings.Contains(out, "lowest speed") {
		t.Errorf("nothing said of the cut:\n%s", out)
	}
	if n := len(srv.Requests()); n != 2 {
		t.Errorf("%d requests, want the trickled probe and one more:\n%s", n, dumpLog(srv))
	}
}

// A server too slow on every try: exit 5, as aria2c for
// --lowest-speed-limit, not 6.
func TestTooSlowEveryTryIs5(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(700<<10), fetchtest.WithRateLimit(2<<10))
	code, out := startBinary(t, "--lowest-speed-limit", "100k", "--max-tries", "1", "-d", t.TempDir(), srv.FileURL()).waitFor(t, 40*time.Second)
	if code != exitTooSlow || !strings.Contains(out, "lowest speed") {
		t.Fatalf("exit %d, want %d saying why:\n%s", code, exitTooSlow, out)
	}
}

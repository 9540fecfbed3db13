// Squid that reads the origin from byte 0 for every range of an object too
// large to cache (range_offset_limit none, maximum_object_size below the
// file): what a download costs the origin through it.

package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestSquidReadingFromByteZero(t *testing.T) {
	const size = 64 << 20
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(16<<20))
	proxy := startSquid(t, "range_offset_limit none\nmaximum_object_size 4 MB")
	dir := t.TempDir()
	start := time.Now()
	r := mustFetch(t, filepath.Join(dir, "file.bin"), origin.Content().SHA256(),
		"-x", "8", "--all-proxy", proxy, "-d", dir, origin.FileURL())
	served := origin.BytesServed()
	t.Logf("through squid reading from byte 0: %s; the origin served %.1fx the file in %d requests",
		time.Since(start).Round(time.Millisecond), float64(served)/size, len(origin.Requests()))
	if served > 2*size {
		t.Errorf("the origin served %.1fx the file, want at most 2x", float64(served)/size)
	}
	if !strings.Contains(r.stderr, "reads the file from its start") {
		t.Errorf("slget did not say why it went in order: %s", r.stderr)
	}
	// aria2c through the same squid, for the record (timings are for the
	// benchmark, not asserted here).
	aria := requireTool(t, "aria2c")
	before := origin.BytesServed()
	start = time.Now()
	out, err := exec.Command(aria, "-q", "-x", "8", "-s", "8", "-k", "1M", "--all-proxy", proxy, "-d", t.TempDir(), origin.FileURL()).CombinedOutput()
	if err != nil {
		t.Fatalf("aria2c: %v\n%s", err, out)
	}
	t.Logf("aria2c -x 8 -k 1M through the same squid: %s; the origin served %.1fx the file",
		time.Since(start).Round(time.Millisecond), float64(origin.BytesServed()-before)/size)
}

// A serve whose fill does not move: its 102s carry a progress that stands
// still, so the client stops waiting for it after its stall timeout and
// takes the bytes from the origin, instead of waiting as long as the serve
// keeps saying it is working.

package main

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestServeWhoseFillDoesNotMoveCostsAboutTwoStalls(t *testing.T) {
	const size = 3<<20 + 11
	// The origin answers the serve's fills with headers and then nothing
	// (its probe, bytes=0-0, goes through), and the client at once.
	stuck := func(r *http.Request, _ int) fetchtest.Fault {
		if strings.Contains(r.Header.Get("Via"), "slget-") && r.Method == http.MethodGet && r.Header.Get("Range") != "bytes=0-0" {
			return fetchtest.Fault{StallAfter: -1}
		}
		return fetchtest.Fault{}
	}
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithFault(stuck))
	p := startServe(t, t.TempDir(), "--allow", strings.TrimPrefix(origin.URL, "http://"))
	dir := t.TempDir()
	const stall = 2 * time.Second
	start := time.Now()
	mustFetch(t, filepath.Join(dir, "f"), origin.Content().SHA256(), "--json", "-x", "2", "--stall-timeout", "2",
		"--peer", p.url, "-d", dir, "-o", "f", origin.FileURL())
	took := time.Since(start)
	// Two stall timeouts, and some for starting the process on a busy
	// machine. Before, the serve's 102s held the client until the serve
	// gave its fill up as stuck three times (LockAge 10s each).
	if limit := 2*stall + 3*time.Second; took > limit {
		t.Errorf("the download took %s, want at most %s", took.Round(time.Millisecond), limit)
	}
	if _, clientGETs := originFills(origin, 1<<20); len(clientGETs) == 0 {
		t.Errorf("the client never went to the origin: the bytes came from the stuck serve?")
	}
	t.Logf("took %s", took.Round(time.Millisecond))
}

// A serve of a fleet SIGSTOPped in the middle of a wave (Unix: Windows has
// no SIGSTOP).

//go:build unix

package main

import (
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// TestFleetServeStopped: a serve SIGSTOPped in the middle takes
// connections and answers nothing. The clients' health checks of their
// peers take it out well before their stall timeout (60s here) would, the
// requests waiting on it go to the next owner, and every file is exact.
func TestFleetServeStopped(t *testing.T) {
	const size = 16<<20 + 7
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(8<<20))
	serves := fleetOf(t, 3, origin)
	dir := t.TempDir()
	stopped := whenServed(origin, size/4, func() { serves[2].cmd.Process.Signal(syscall.SIGSTOP) })
	t.Cleanup(func() { serves[2].cmd.Process.Signal(syscall.SIGCONT) })
	start := time.Now()
	runs := runFleetClients(t, serves, dir, origin.FileURL(), "--stall-timeout", "60")
	<-stopped
	took := time.Since(start)
	checkFleetFiles(t, "with a serve stopped", runs, dir, origin.Content().SHA256())
	t.Logf("with a serve stopped: %.1fs, origin served %.2fx the file", took.Seconds(), float64(origin.BytesServed())/size)
	if took > 45*time.Second {
		t.Errorf("the clients took %.0fs with a serve stopped: they waited for their stall timeout (60s), not for its health checks", took.Seconds())
	}
	stopped2 := strings.TrimPrefix(serves[2].url, "http://")
	for i, r := range runs {
		if strings.Contains(r.stderr, "stalled") {
			t.Errorf("client %d waited for a stall:\n%s", i, r.stderr)
		}
		if strings.Contains(r.stderr, "not asking it again") && !strings.Contains(r.stderr, stopped2) {
			t.Errorf("client %d dropped a serve that was not stopped:\n%s", i, r.stderr)
		}
	}
}

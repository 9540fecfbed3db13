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
// connections and answers nothing; the clients route around it within
// their stall timeout and every file is exact.
func TestFleetServeStopped(t *testing.T) {
	const size = 16<<20 + 7
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(8<<20))
	serves := fleetOf(t, 3, origin)
	dir := t.TempDir()
	stopped := whenServed(origin, size/4, func() { serves[2].cmd.Process.Signal(syscall.SIGSTOP) })
	t.Cleanup(func() { serves[2].cmd.Process.Signal(syscall.SIGCONT) })
	start := time.Now()
	runs := runFleetClients(t, serves, dir, origin.FileURL(), "--stall-timeout", "3")
	<-stopped
	took := time.Since(start)
	checkFleetFiles(t, "with a serve stopped", runs, dir, origin.Content().SHA256())
	t.Logf("with a serve stopped: %.1fs, origin served %.2fx the file", took.Seconds(), float64(origin.BytesServed())/size)
	for i, r := range runs {
		if strings.Count(r.stderr, "stalled") > 1 && !strings.Contains(r.stderr, "not asking it again") {
			t.Errorf("client %d kept asking the stopped serve:\n%s", i, r.stderr)
		}
	}
}

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

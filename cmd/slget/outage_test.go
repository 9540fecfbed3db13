// What the command adds to an origin gone for good mid-download: exit 6,
// and a message that names the URL, the partial download and the flag
// that gives a longer budget. Riding an outage out, and giving up when
// the budget is spent, are the root package's tests (TestOutageRiddenOut, TestOutageForGood).

package main

import (
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestOutageForGood(t *testing.T) {
	const size = 4 << 20
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(512<<10))
	dir := t.TempDir()
	b := startBinary(t, "-x", "4", "--slice", "256k", "--retry-wait", "0.05", "--retry-max-time", "3", "-d", dir, srv.FileURL())
	waitFor(t, "a quarter of the file", func() bool { return srv.BytesServed() > size/4 })
	srv.Down()
	code, out := b.waitFor(t, time.Minute)
	if code != exitNetwork {
		t.Fatalf("exit %d, want %d:\n%s", code, exitNetwork, out)
	}
	for _, want := range []string{srv.FileURL(), "connection refused", "file.bin.part", "--retry-max-time"} {
		if !strings.Contains(out, want) {
			t.Errorf("the message does not say %q:\n%s", want, out)
		}
	}
}

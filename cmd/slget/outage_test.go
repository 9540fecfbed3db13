// Outages: an origin killed mid-download (its port refuses connections)
// and restarted costs time, not the download; one gone for good fails
// within the retry budget, naming the URL and what to do.

package main

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// TestOutageRiddenOut kills the origin for 2s mid-download. With waits
// this short (--retry-wait 0.05), five tries are over in well under a
// second: the rule of five tries gave up the download (exit 6); the time
// budget of the defaults rides the outage out.
func TestOutageRiddenOut(t *testing.T) {
	const size = 4 << 20
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(512<<10))
	dir := t.TempDir()
	b := startBinary(t, "-x", "4", "--slice", "256k", "--retry-wait", "0.05", "-d", dir, srv.FileURL())
	waitFor(t, "a quarter of the file", func() bool { return srv.BytesServed() > size/4 })
	srv.Down()
	down := time.Now()
	time.Sleep(2 * time.Second) // the outage itself
	if err := srv.Up(); err != nil {
		t.Fatal(err)
	}
	code, out := b.waitFor(t, time.Minute)
	t.Logf("exit %d after an outage of 2s, %s after it began:\n%s", code, time.Since(down).Round(time.Millisecond), out)
	if code != exitOK {
		t.Fatalf("exit %d after a 2s outage, want 0:\n%s", code, out)
	}
	if got := fileSHA(t, filepath.Join(dir, "file.bin")); got != srv.Content().SHA256() {
		t.Fatal("exit 0 with wrong bytes")
	}
	if !strings.Contains(out, "connection refused") {
		t.Errorf("nothing said of the refused connections:\n%s", out)
	}
}

// TestOutageForGood kills the origin mid-download for good: slget gives
// up when the budget (--retry-max-time, shortened here) is spent, and
// says what happened, where the partial download is and what to do.
func TestOutageForGood(t *testing.T) {
	const size = 4 << 20
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(512<<10))
	dir := t.TempDir()
	b := startBinary(t, "-x", "4", "--slice", "256k", "--retry-wait", "0.05", "--retry-max-time", "3", "-d", dir, srv.FileURL())
	waitFor(t, "a quarter of the file", func() bool { return srv.BytesServed() > size/4 })
	srv.Down()
	down := time.Now()
	code, out := b.waitFor(t, time.Minute)
	took := time.Since(down)
	t.Logf("exit %d %s after the origin went down:\n%s", code, took.Round(time.Millisecond), out)
	if code != exitNetwork {
		t.Fatalf("exit %d, want %d", code, exitNetwork)
	}
	if took < 3*time.Second || took > 10*time.Second {
		t.Errorf("gave up %s after the origin went down; want after the budget of 3s, and soon after", took)
	}
	for _, want := range []string{srv.FileURL(), "connection refused", "file.bin.part", "--retry-max-time"} {
		if !strings.Contains(out, want) {
			t.Errorf("the message does not say %q:\n%s", want, out)
		}
	}
}

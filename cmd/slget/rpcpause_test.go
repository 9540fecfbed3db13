// aria2.pause and aria2.unpause three times on a slow link, through the
// real daemon: completedLength says the bytes written (aria2c's rule), and
// the origin sends the file about once.

package main

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// writtenBytes counts the bytes of part that hold the origin's content,
// but its zeros: what was written of it, less about 1 byte in 256 (a byte
// not written is a hole, zero, which tells nothing where the content is
// zero).
func writtenBytes(t *testing.T, part string, c fetchtest.Content) int64 {
	t.Helper()
	got, err := os.ReadFile(part)
	if err != nil {
		t.Fatal(err)
	}
	want := c.Bytes(0, int64(len(got)))
	n := int64(0)
	for i := range got {
		if got[i] == want[i] && got[i] != 0 {
			n++
		}
	}
	return n
}

func TestRPCPauseThreeTimesLosesNothing(t *testing.T) {
	const size, slice = 2 << 20, 256 << 10
	root := t.TempDir()
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(512<<10))
	d := startDaemon(t, "s3cr3t", "-d", root, "--slice=256k", "-x", "4")
	var gid string
	d.must(t, &gid, "aria2.addUri", []string{srv.FileURL()}, map[string]any{"out": "f.bin", "split": "4"})
	part := filepath.Join(root, "f.bin.part")
	pauses := 0
	for _, at := range []int64{600 << 10, 1400 << 10, 2200 << 10} {
		deadline := time.Now().Add(30 * time.Second)
		for srv.BytesServed() < at {
			if time.Now().After(deadline) {
				t.Fatalf("the origin served %d bytes, waiting for %d", srv.BytesServed(), at)
			}
			time.Sleep(2 * time.Millisecond)
		}
		d.must(t, nil, "aria2.pause", gid)
		var st map[string]any
		for {
			d.must(t, &st, "aria2.tellStatus", gid, []string{"status", "completedLength", "bitfield", "numPieces"})
			if st["status"] == "paused" {
				break
			}
			if st["status"] != "active" || time.Now().After(deadline) {
				t.Fatalf("tellStatus %v, want it paused", st)
			}
			time.Sleep(5 * time.Millisecond)
		}
		pauses++
		done, _ := strconv.ParseInt(st["completedLength"].(string), 10, 64)
		written := writtenBytes(t, part, srv.Content())
		t.Logf("pause %d: completedLength %d, bytes of the file on disk %d, bitfield %v of %v pieces", pauses, done, written, st["bitfield"], st["numPieces"])
		// aria2c's completedLength is the bytes written; the count of
		// bytes on disk misses the content's zeros (0.4%).
		if diff := written - done; diff < -slice || diff > slice {
			t.Errorf("pause %d: completedLength %d, %d bytes written: want them within a slice", pauses, done, written)
		}
		for srv.InFlight() > 0 {
			time.Sleep(2 * time.Millisecond)
		}
		d.must(t, nil, "aria2.unpause", gid)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		var st map[string]any
		d.must(t, &st, "aria2.tellStatus", gid, []string{"status"})
		if st["status"] == "complete" {
			break
		}
		if st["status"] == "error" || time.Now().After(deadline) {
			t.Fatalf("tellStatus %v", st)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if got := fileSHA(t, filepath.Join(root, "f.bin")); got != srv.Content().SHA256() {
		t.Fatalf("SHA-256 %s, want %s", got, srv.Content().SHA256())
	}
	checks := int64(pauses) * 2 * slice // each unpause reads slice 0 and one finished slice again
	served := srv.BytesServed()
	t.Logf("%d pauses: the origin served %d bytes for a file of %d (%d of them the resumes' checks)", pauses, served, size, checks)
	if limit := int64(size) + checks + slice/2; served > limit {
		t.Errorf("the origin served %d bytes, more than %d: the slices in flight at each pause were fetched again", served, limit)
	}
}

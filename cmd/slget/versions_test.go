// What the command adds where a validator cannot prove the file: the
// advice after a checksum the origin's bytes fail; and settled, which
// other command tests use. The flows themselves are tested in the root
// package (TestReusedETagIsCaughtOnResume, TestContinueAdoptsForeignPartial).

package main

import (
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// settled waits (10s at most) until srv answers no request: its counts
// of what it sent are then final.
func settled(srv *fetchtest.Server) {
	for deadline := time.Now().Add(10 * time.Second); srv.InFlight() > 0 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
}

// A checksum that the origin's own bytes fail: the same command again would
// only check them again, so the message says how to fetch them anew
// (that it works is the root package's TestChecksumFailureOffersARestart);
// a file of one slice, which nothing could resume, gets no such advice.
func TestChecksumFailureSaysWhatToDo(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(4<<20))
	dir := t.TempDir()
	wrong := "sha-256=" + strings.Repeat("0", 64)
	r := runSlget(t, "--checksum", wrong, "-d", dir, srv.FileURL())
	if r.code != exitChecksum || !strings.Contains(r.stderr, "--restart discards it") {
		t.Fatalf("exit %d, want %d with a way out: %s", r.code, exitChecksum, r.stderr)
	}
	// One slice: no journal could resume it, so nothing is left to restart.
	one := fetchtest.NewServer(t, fetchtest.WithSize(100<<10))
	r = runSlget(t, "--checksum", wrong, "-o", "one.bin", "-d", dir, one.FileURL())
	if r.code != exitChecksum || strings.Contains(r.stderr, "--restart") {
		t.Fatalf("one slice: exit %d, want %d without advice to restart: %s", r.code, exitChecksum, r.stderr)
	}
}

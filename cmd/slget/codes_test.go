// Tests of exit codes and messages on paths that ended in exit 1
// ("unknown") or a code that contradicted its message, through the binary.

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

// 20 MB of response headers: a bad answer of the server (22), named by
// its URL.
func TestHugeHeadersAreABadResponse(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1<<20), fetchtest.WithHeaderBytes(0, 20<<20))
	r := runSlget(t, "--max-tries", "2", "--retry-wait", "0", "-d", t.TempDir(), srv.FileURL())
	if r.code != exitBadResponse || !strings.Contains(r.stderr, srv.FileURL()) {
		t.Fatalf("exit %d, want %d with the URL: %s", r.code, exitBadResponse, r.stderr)
	}
}

// A .part replaced by another program during the download: an I/O error
// of the file (17) that names it, and the other program's file is left.
func TestPartReplacedDuringTheDownload(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(4<<20), fetchtest.WithRateLimit(1<<20))
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	b := startBinary(t, "-x", "4", "--slice", "256k", "-d", dir, srv.FileURL())
	waitFor(t, "the download's journal", func() bool { return exists(path + ".slget") })
	tmp := filepath.Join(dir, "other")
	if err := os.WriteFile(tmp, []byte("another program's"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path+".part"); err != nil {
		t.Fatal(err)
	}
	code, out := b.wait(t)
	if code != exitFileIO || !strings.Contains(out, path+".part") {
		t.Fatalf("exit %d, want %d naming the .part:\n%s", code, exitFileIO, out)
	}
	mustNotExist(t, path)
	if got, _ := os.ReadFile(path + ".part"); string(got) != "another program's" {
		t.Fatal("the other program's file was changed")
	}
}

// A 416 for the last slice of a file whose size did not change: a bad
// answer (22), not a change of the file (33).
func TestUnsatisfiableLastSliceIsABadResponse(t *testing.T) {
	const size = 4<<20 + 1000
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithFault(fetchtest.OnRange(func(start, end int64) bool {
		return start > 0 && end == size // whatever run ends the file
	}, fetchtest.Fault{Status: 416})))
	r := runSlget(t, "--max-tries", "2", "--retry-wait", "0", "-x", "4", "-d", t.TempDir(), srv.FileURL())
	if r.code != exitBadResponse || !strings.Contains(r.stderr, "416") {
		t.Fatalf("exit %d, want %d naming the 416: %s", r.code, exitBadResponse, r.stderr)
	}
}

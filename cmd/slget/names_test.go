// Output names up to the file system's limit: the partial file and the
// journal of a long name take a shortened name, and a name past the limit
// is refused before anything is created.

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/resume"
)

// longName is a file name of n bytes: two-byte characters from the 4th
// byte on, so that a shortened name (which keeps 219 bytes of it) has to
// step back to the start of a character, then ASCII.
func longName(n int) string {
	var b strings.Builder
	b.WriteString("long")
	for b.Len() < n-4 {
		if b.Len() < 230 && n-4-b.Len() >= 2 {
			b.WriteString("é")
		} else {
			b.WriteString("x")
		}
	}
	return b.String() + ".bin"
}

// dirNames lists the names in dir.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

// Names up to 255 bytes (the limit of the file systems tests run on)
// download, are interrupted, show in status and resume; the side files
// are never longer than the limit, and only the file is left at the end.
func TestLongOutputNames(t *testing.T) {
	const size = 8 << 20
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(1<<20))
	for _, n := range []int{228, 229, 240, 255} { // 228 + 27: the longest temporary journal name fits
		name := longName(n)
		if len(name) != n {
			t.Fatalf("longName(%d) is %d bytes", n, len(name))
		}
		dir := t.TempDir()
		path := filepath.Join(dir, name)
		interrupt(t, srv, dir, "-x", "4", "--slice", "256k", "-o", name)
		var journal string
		for _, e := range dirNames(t, dir) {
			if len(e) > 255 {
				t.Errorf("%d-byte name: a side file's name is %d bytes", n, len(e))
			}
			if strings.HasSuffix(e, ".slget") {
				journal = filepath.Join(dir, e)
			}
		}
		if n <= 228 && journal != path+".slget" {
			t.Errorf("%d-byte name: journal %q, want NAME.slget", n, journal)
		}
		_, done, _, err := resume.Inspect(journal)
		if err != nil || done.Count() == 0 {
			t.Fatalf("%d-byte name: after the interruption the journal %q shows nothing done (%v); files %q", n, journal, err, dirNames(t, dir))
		}
		if r := runSlget(t, "status", path); r.code != 0 || !strings.Contains(r.stdout, "slices of 256k") {
			t.Errorf("%d-byte name: status by its final name: exit %d %q", n, r.code, r.stdout)
		}
		r := mustFetch(t, path, srv.Content().SHA256(), "-x", "4", "--slice", "256k", "-d", dir, "-o", name, srv.FileURL())
		if !strings.Contains(r.stderr, "resuming") {
			t.Errorf("%d-byte name: the second run did not resume: %q", n, r.stderr)
		}
		if got := dirNames(t, dir); len(got) != 1 || got[0] != name {
			t.Errorf("%d-byte name: left %q, want only the file", n, got)
		}
	}
}

// A name longer than the file system allows could never be renamed into
// place: it is refused with a clear error before anything is created.
func TestOutputNameTooLong(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(3<<20))
	dir := t.TempDir()
	name := longName(256)
	r := runSlget(t, "-x", "4", "-d", dir, "-o", name, srv.FileURL())
	if r.code != exitFileCreate {
		t.Fatalf("exit %d, want %d (cannot create)", r.code, exitFileCreate)
	}
	if !strings.Contains(r.stderr, "256 bytes long") || !strings.Contains(r.stderr, "at most 255") || !strings.Contains(r.stderr, "shorter name with -o") {
		t.Errorf("the error does not say what is wrong and what to do: %q", r.stderr)
	}
	if got := dirNames(t, dir); len(got) != 0 {
		t.Errorf("left %q behind", got)
	}
	// Only the probe reached the server: no slice was fetched for nothing.
	if reqs := srv.Requests(); len(reqs) != 1 {
		t.Errorf("the server saw %d requests, want the probe alone", len(reqs))
	}
}

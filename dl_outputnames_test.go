// Output names at their edges, through Client.Do: names up to the file
// system's limit, whose partial file and journal take a shortened name; a
// name past the limit, refused before anything is created; a Path that
// names a folder.

package slget_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
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

// Names up to 255 bytes (the limit of the file systems tests run on)
// download, are stopped, have a status by their final name and resume;
// the side files are never longer than the limit, and only the file is
// left at the end.
func TestLongOutputNames(t *testing.T) {
	const slice = 64 << 10
	c := newClient(t, &slget.Client{Connections: 2, Slice: slice})
	for _, n := range []int{228, 229, 240, 255} { // 228 + 27: the longest temporary journal name fits
		srv := fetchtest.NewServer(t, fetchtest.WithSize(2<<20), fetchtest.WithRateLimit(1<<20))
		name := longName(n)
		if len(name) != n {
			t.Fatalf("longName(%d) is %d bytes", n, len(name))
		}
		dir := t.TempDir()
		path := filepath.Join(dir, name)
		st := stoppedDownload(t, c, srv, path, 6*slice) // the status read by the final name
		if st.SliceSize != slice || st.Path != path {
			t.Errorf("%d-byte name: status %+v", n, st)
		}
		for _, e := range dirNames(t, dir) {
			if len(e) > 255 {
				t.Errorf("%d-byte name: a side file's name is %d bytes", n, len(e))
			}
		}
		if filepath.Dir(st.Journal) != dir || !slices.Contains(dirNames(t, dir), filepath.Base(st.Journal)) {
			t.Errorf("%d-byte name: the status names journal %q, not one in the folder: %q", n, st.Journal, dirNames(t, dir))
		}
		if n <= 228 && st.Journal != path+".slget" {
			t.Errorf("%d-byte name: journal %q, want NAME.slget", n, st.Journal)
		}
		res, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Path: path})
		if err != nil || res.Resumed != st.BytesWritten || fileSHA256(path) != srv.Content().SHA256() {
			t.Fatalf("%d-byte name: the second run: %v, resumed %d of the %d written", n, err, res.Resumed, st.BytesWritten)
		}
		if got := dirNames(t, dir); len(got) != 1 || got[0] != name {
			t.Errorf("%d-byte name: left %q, want only the file", n, got)
		}
	}
}

// A name longer than the file system allows could never be renamed into
// place: it is refused with a *FileError that says what is wrong, before
// anything is created or any slice fetched.
func TestOutputNameTooLong(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(3<<20))
	c := newClient(t, &slget.Client{Connections: 4})
	dir := t.TempDir()
	_, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Path: filepath.Join(dir, longName(256))})
	var fe *slget.FileError
	if !errors.As(err, &fe) || fe.Op != "create" || !errors.Is(err, syscall.ENAMETOOLONG) {
		t.Fatalf("Do: %v (%T), want a *FileError of create matching ENAMETOOLONG", err, err)
	}
	if !strings.Contains(err.Error(), "256 bytes long") || !strings.Contains(err.Error(), "at most 255") {
		t.Errorf("the error does not say what is wrong: %q", err)
	}
	if got := slget.Remedies(err); !slices.Equal(got, []slget.Remedy{slget.RemedyShorterName}) {
		t.Errorf("Remedies: %v, want RemedyShorterName", got)
	}
	if got := dirNames(t, dir); len(got) != 0 {
		t.Errorf("left %q behind", got)
	}
	// Only the probe reached the server: no slice was fetched for nothing.
	if reqs := srv.Requests(); len(reqs) != 1 {
		t.Errorf("the server saw %d requests, want the probe alone", len(reqs))
	}
}

// A Path that names a folder (one that exists, or one ending in a
// separator, made as needed) saves into it under the server's name; a
// Path in folders not made yet makes them.
func TestOutputIntoDirectory(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(100<<10))
	c := newClient(t, &slget.Client{})
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, want string }{
		{filepath.Join(dir, "sub"), filepath.Join(dir, "sub", "file.bin")},
		{filepath.Join(dir, "new", "deeper") + string(filepath.Separator), filepath.Join(dir, "new", "deeper", "file.bin")},
		{filepath.Join(dir, "a", "b", "name.bin"), filepath.Join(dir, "a", "b", "name.bin")},
	} {
		res, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Path: tc.path})
		if err != nil || res.Path != tc.want || fileSHA256(tc.want) != srv.Content().SHA256() {
			t.Errorf("Path %q: %v, saved at %q; want the file's bytes at %q", tc.path, err, res.Path, tc.want)
		}
	}
}

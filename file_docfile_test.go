// A file as a document describes it, through Client.Do: Request.Name with
// folders saved beneath Dir and never through a link planted there, a
// Name that would leave Dir refused, and Request.Size held against the URL
// and every mirror.

package slget_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

func TestRequestNameFolders(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1<<20+7))
	dir := t.TempDir()
	c := newClient(t, &slget.Client{})
	res, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Dir: dir, Name: "t/sub/README"})
	want := filepath.Join(dir, "t", "sub", "README")
	if err != nil || res.Path != want {
		t.Fatalf("Do: %v, saved as %q; want %q", err, res.Path, want)
	}
	if fileSHA256(want) != srv.Content().SHA256() {
		t.Fatal("wrong bytes")
	}
	// Again: the folders are there, and the file, known complete.
	res, err = c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Dir: dir, Name: "t/sub/README"})
	if err != nil || !res.AlreadyComplete || res.Path != want {
		t.Fatalf("second Do: %v, %+v; want it found complete at %s", err, res, want)
	}
	// Another file at the name is not overwritten.
	if err := os.WriteFile(filepath.Join(dir, "t", "other"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Dir: dir, Name: "t/other"})
	var xe *slget.ExistsError
	if !errors.As(err, &xe) || xe.Path != filepath.Join(dir, "t", "other") {
		t.Fatalf("Do over another file: %v, want an *ExistsError", err)
	}
}

func TestRequestNameLinkRefused(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(300<<10))
	dir, elsewhere := t.TempDir(), t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "t"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, filepath.Join(dir, "t", "sub")); err != nil {
		t.Fatal(err)
	}
	c := newClient(t, &slget.Client{})
	_, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Dir: dir, Name: "t/sub/README"})
	var fe *slget.FileError
	if !errors.As(err, &fe) || fe.Path != filepath.Join(dir, "t", "sub") || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("Do: %v, want a *FileError naming the link", err)
	}
	if entries, _ := os.ReadDir(elsewhere); len(entries) != 0 {
		t.Errorf("written through the link: %v", entries)
	}
}

func TestRequestNameOutOfDir(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(300<<10))
	parent := t.TempDir()
	dir := filepath.Join(parent, "d")
	c := newClient(t, &slget.Client{})
	for _, name := range []string{"../x", "t/../../x", "/etc/x", `t\x`, "C:x", "t//x", "./x", "t/\x01"} {
		_, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Dir: dir, Name: name})
		var re *slget.RequestError
		if !errors.As(err, &re) {
			t.Errorf("Name %q: %v, want a *RequestError", name, err)
		}
	}
	if entries, _ := os.ReadDir(parent); len(entries) != 0 {
		t.Errorf("files: %v", entries)
	}
}

func TestRequestSize(t *testing.T) {
	const size = 2<<20 + 99
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	other := fetchtest.NewServer(t, fetchtest.WithSize(size+1))
	c := newClient(t, &slget.Client{})

	dir := t.TempDir()
	_, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Dir: dir, Size: 1000})
	var se *slget.SizeError
	if !errors.As(err, &se) || se.Size != size || se.Want != 1000 {
		t.Fatalf("Do: %v, want a *SizeError of %d against 1000", err, size)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("files: %v; want none", entries)
	}

	var lines []string
	res, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Dir: dir, Size: size, Mirrors: []string{other.FileURL()},
		Events: func(e slget.Event) {
			if w, ok := e.(*slget.Warning); ok {
				lines = append(lines, w.Message)
			}
		}})
	if err != nil || fileSHA256(res.Path) != srv.Content().SHA256() {
		t.Fatalf("Do: %v", err)
	}
	if st := res.Mirrors[other.FileURL()]; !strings.Contains(st.Dropped, "as the document says") || st.Bytes != 0 {
		t.Errorf("the mirror of another size: %+v", st)
	}
	if !strings.Contains(strings.Join(lines, "\n"), "mirror "+other.FileURL()+" left out") {
		t.Errorf("no line names the mirror: %q", lines)
	}
}

// A folder of the name swapped for a link during the download (after it
// was made, under the lock): the rename does not go through the link.
func TestRequestNameLinkDuringDownload(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1<<20))
	dir, elsewhere := t.TempDir(), t.TempDir()
	moved := filepath.Join(elsewhere, "moved")
	c := newClient(t, &slget.Client{})
	var swapErr error
	_, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Dir: dir, Name: "t/README",
		Events: func(e slget.Event) {
			if _, ok := e.(*slget.Started); ok {
				if swapErr = os.Rename(filepath.Join(dir, "t"), moved); swapErr == nil {
					swapErr = os.Symlink(moved, filepath.Join(dir, "t"))
				}
			}
		}})
	if swapErr != nil {
		t.Fatal(swapErr)
	}
	var fe *slget.FileError
	if !errors.As(err, &fe) || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("Do: %v, want a *FileError naming the link", err)
	}
	if _, err := os.Lstat(filepath.Join(moved, "README")); err == nil {
		t.Error("renamed into place through the link")
	}
}

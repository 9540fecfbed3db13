// Tests that Result says the same thing on every path: Path wherever a
// path was chosen, AlreadyComplete only for bytes proven complete.

package slget_test

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

// A taken name without AutoRename is an *ExistsError, and Result.Path is
// where the file would have been.
func TestResultPathWithTakenName(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(64<<10))
	path := filepath.Join(t.TempDir(), "file.bin")
	if err := os.WriteFile(path, []byte("the user's own"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := newClient(t, &slget.Client{})
	res, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Path: path})
	var ee *slget.ExistsError
	if !errors.As(err, &ee) {
		t.Fatalf("Do: %v, want an *ExistsError", err)
	}
	if res.Path != path {
		t.Errorf("Result.Path %q, want %q", res.Path, path)
	}
}

// editInPlace changes one byte in the middle of the file at path, as an
// editor that writes in place would, leaving its size.
func editInPlace(t *testing.T, path string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	b := make([]byte, 1)
	if _, err := f.ReadAt(b, fi.Size()-10); err != nil {
		t.Fatal(err)
	}
	b[0] ^= 0xff
	if _, err := f.WriteAt(b, fi.Size()-10); err != nil {
		t.Fatal(err)
	}
	// The edit comes later than the download: a coarse clock could
	// otherwise give both one mtime.
	later := fi.ModTime().Add(2 * time.Second)
	if err := os.Chtimes(path, later, later); err != nil {
		t.Fatal(err)
	}
}

// A finished file edited in place is not complete: with a Checksum the
// run fails its checksum without claiming AlreadyComplete; without one,
// the record in its extended attributes no longer vouches for it, and the
// file is downloaded beside it.
func TestEditedFileNotAlreadyComplete(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(3<<20))
	want := srv.Content().Bytes(0, 3<<20)
	sum := sha256.Sum256(want)
	for _, withSum := range []bool{true, false} {
		t.Run(map[bool]string{true: "with a checksum", false: "without a checksum"}[withSum], func(t *testing.T) {
			c := newClient(t, &slget.Client{Connections: 2})
			dir := t.TempDir()
			needXattrs(t, dir)
			path := filepath.Join(dir, "file.bin")
			get(t, c, srv, &slget.Request{Path: path})
			editInPlace(t, path)
			req := &slget.Request{URL: srv.FileURL(), Path: path, AutoRename: true}
			if withSum {
				req.Checksum = &slget.Checksum{Algo: "sha-256", Sum: sum[:]}
			}
			res, err := c.Do(t.Context(), req)
			if withSum {
				var ce *slget.ChecksumError
				if errors.As(err, &ce) && res.AlreadyComplete {
					t.Errorf("a *ChecksumError with AlreadyComplete")
				}
				if err == nil && res.Path == path {
					t.Errorf("the edited file passed as complete")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.AlreadyComplete || res.Path == path {
				t.Errorf("the edited file counts as complete: AlreadyComplete %v, Path %s", res.AlreadyComplete, res.Path)
			}
			if got, _ := os.ReadFile(res.Path); !bytes.Equal(got, want) {
				t.Errorf("%s does not hold the origin's bytes", res.Path)
			}
		})
	}
}

// The record keeps the time the file ends with: with RemoteTime, the
// server's Last-Modified set after the rename, so a rerun still finds the
// file complete.
func TestRerunWithRemoteTimeFindsComplete(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1<<20))
	c := newClient(t, &slget.Client{})
	dir := t.TempDir()
	needXattrs(t, dir)
	path := filepath.Join(dir, "file.bin")
	get(t, c, srv, &slget.Request{Path: path, RemoteTime: true})
	if fi, err := os.Stat(path); err != nil || !fi.ModTime().Equal(srv.LastModified()) {
		t.Fatalf("the file's time is not the server's: %v", err)
	}
	res, _ := get(t, c, srv, &slget.Request{Path: path, RemoteTime: true, AutoRename: true})
	if !res.AlreadyComplete || res.Path != path {
		t.Errorf("the rerun: AlreadyComplete %v, saved as %s", res.AlreadyComplete, res.Path)
	}
}

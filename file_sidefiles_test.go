// What others put at a download's names, through Client.Do: a file that
// takes the output name during the download, Restart beside a partial file
// that is not slget's, and names from the network that end like slget's
// side files.

package slget_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

// A file appears at NAME while NAME.part is downloaded: with AutoRename
// the complete bytes are saved as NAME.1.ext (as if NAME had been there
// from the start); without, they stay in NAME.part, an *ExistsError names
// it, and the next run finishes it without fetching them again. Nothing is
// orphaned.
func TestFileAppearingAtTheName(t *testing.T) {
	const slice = 64 << 10
	for _, rename := range []bool{true, false} {
		name := "AutoRename"
		if !rename {
			name = "no renaming, then a rerun"
		}
		t.Run(name, func(t *testing.T) {
			srv := fetchtest.NewServer(t, fetchtest.WithSize(2<<20), fetchtest.WithRateLimit(1<<20))
			c := newClient(t, &slget.Client{Connections: 4, Slice: slice})
			dir := t.TempDir()
			path := filepath.Join(dir, "f.bin")
			renamed := filepath.Join(dir, "f.1.bin")
			w := &warnings{}
			ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
			defer cancel()
			type done struct {
				res *slget.Result
				err error
			}
			ended := make(chan done, 1)
			go func() {
				res, err := c.Do(ctx, &slget.Request{URL: srv.FileURL(), Path: path, AutoRename: rename, Events: w.event})
				ended <- done{res, err}
			}()
			waitFor(t, "the download's journal", func() bool { return exists(path + ".slget") })
			write(t, path, []byte("someone else's"))
			d := <-ended
			if got, _ := os.ReadFile(path); string(got) != "someone else's" {
				t.Fatal("the file that took the name was changed")
			}
			if rename {
				if d.err != nil || d.res.Path != renamed || fileSHA256(renamed) != srv.Content().SHA256() {
					t.Fatalf("Do: %v, saved at %q; want the file's bytes at %s", d.err, d.res.Path, renamed)
				}
				if w.count("appeared during the download; saved as "+renamed) != 1 {
					t.Errorf("no warning names the new name:\n%s", w)
				}
				if exists(path+".part") || exists(path+".slget") {
					t.Errorf("left %q", dirNames(t, dir))
				}
				return
			}
			var ee *slget.ExistsError
			if !errors.As(d.err, &ee) || ee.Path != path || !strings.Contains(d.err.Error(), path+".part") {
				t.Fatalf("Do: %v (%T), want an *ExistsError for %s naming the .part", d.err, d.err, path)
			}
			// The rerun finishes what is there: the probe and one slice to
			// compare, not the file again.
			before := srv.BytesServed()
			res, err := c.Do(ctx, &slget.Request{URL: srv.FileURL(), Path: path, AutoRename: true})
			if err != nil || res.Path != renamed || fileSHA256(renamed) != srv.Content().SHA256() {
				t.Fatalf("rerun: %v, saved at %q; want the file's bytes at %s", err, res.Path, renamed)
			}
			if sent := srv.BytesServed() - before; sent > 2*slice {
				t.Errorf("the rerun fetched %d bytes of a file it had whole", sent)
			}
			if exists(path+".part") || exists(path+".slget") {
				t.Errorf("left %q", dirNames(t, dir))
			}
		})
	}
}

// Restart discards only what slget wrote: a NAME.part without a journal of
// ours (a browser's) is kept, and the download saved beside it.
func TestRestartKeepsAPartialFileThatIsNotOurs(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1<<20))
	c := newClient(t, &slget.Client{})
	dir := t.TempDir()
	path := filepath.Join(dir, "f.bin")
	write(t, path+".part", []byte("a browser's download"))
	res, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Path: path, Restart: true, AutoRename: true})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path + ".part"); string(got) != "a browser's download" {
		t.Fatal("Restart changed a partial file slget did not write")
	}
	if want := filepath.Join(dir, "f.1.bin"); res.Path != want || fileSHA256(want) != srv.Content().SHA256() {
		t.Fatalf("saved at %q, want the file's bytes at %s", res.Path, want)
	}
}

// A name from the network that ends like a side file (Content-Disposition
// "victim.bin.slget") is never saved as one: a later download of
// victim.bin must not find it as its journal.
func TestNoSideFileNameFromTheNetwork(t *testing.T) {
	c := newClient(t, &slget.Client{})
	for _, given := range []string{"victim.bin.slget", "victim.bin.part", "VICTIM.BIN.PART"} {
		srv := fetchtest.NewServer(t, fetchtest.WithSize(64<<10), fetchtest.WithContentDisposition(`attachment; filename="`+given+`"`))
		dir := t.TempDir()
		res, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Dir: dir})
		if err != nil {
			t.Fatalf("%s: %v", given, err)
		}
		names := dirNames(t, dir)
		if len(names) != 1 || res.Path != filepath.Join(dir, names[0]) || fileSHA256(res.Path) != srv.Content().SHA256() {
			t.Fatalf("%s: the folder holds %q, the result says %q", given, names, res.Path)
		}
		if low := strings.ToLower(names[0]); strings.HasSuffix(low, ".part") || strings.HasSuffix(low, ".slget") {
			t.Fatalf("%s: saved as %q", given, names[0])
		}
	}
}

// With nginx's ETag (mtime and size) two files of one size written in the
// same second share an ETag: another URL's partial download under the
// name, with the same ETag, is neither resumed with this URL's bytes nor
// touched.
func TestOtherURLSameETagLeavesPartialAlone(t *testing.T) {
	const size, slice = 2 << 20, 64 << 10
	a := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithSeed(1), fetchtest.WithETag(`"5f3c-200000"`), fetchtest.WithRateLimit(1<<20))
	b := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithSeed(2), fetchtest.WithETag(`"5f3c-200000"`))
	c := newClient(t, &slget.Client{Connections: 2, Slice: slice})
	dir := t.TempDir()
	path := filepath.Join(dir, "f.bin")
	st := stoppedDownload(t, c, a, path, 6*slice)
	partBefore := fileSHA256(path + ".part")

	// Without renaming: an *ExistsError naming both URLs; nothing touched.
	_, err := c.Do(t.Context(), &slget.Request{URL: b.FileURL(), Path: path})
	var ee *slget.ExistsError
	if !errors.As(err, &ee) || !strings.Contains(err.Error(), a.FileURL()) || !strings.Contains(err.Error(), b.FileURL()) {
		t.Fatalf("Do: %v (%T), want an *ExistsError naming both URLs", err, err)
	}
	if fileSHA256(path+".part") != partBefore {
		t.Fatal("the other URL's partial download was changed")
	}
	// With renaming: saved beside it, with its own bytes.
	w := &warnings{}
	res, err := c.Do(t.Context(), &slget.Request{URL: b.FileURL(), Path: path, AutoRename: true, Events: w.event})
	if want := filepath.Join(dir, "f.1.bin"); err != nil || res.Path != want || fileSHA256(want) != b.Content().SHA256() {
		t.Fatalf("Do: %v, saved at %q; want the second URL's bytes at %s", err, res.Path, want)
	}
	if w.count("saving as "+res.Path) != 1 {
		t.Errorf("no warning says where the download went:\n%s", w)
	}
	// The first URL's partial download resumes to the first URL's bytes.
	res, err = c.Do(t.Context(), &slget.Request{URL: a.FileURL(), Path: path})
	if err != nil || res.Resumed != st.BytesWritten || fileSHA256(path) != a.Content().SHA256() {
		t.Fatalf("the first download's resume: %v, resumed %d of the %d written", err, res.Resumed, st.BytesWritten)
	}
}

// A stray NAME.part (a browser's) beside an existing NAME never makes the
// download replace NAME: it is an *ExistsError, or with AutoRename a
// download saved as NAME.1.ext, and both files stay as they were.
func TestStrayPartNeverReplacesFile(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1<<20))
	c := newClient(t, &slget.Client{})
	dir := t.TempDir()
	path := filepath.Join(dir, "f.bin")
	write(t, path, []byte("the user's own file"))
	write(t, path+".part", []byte("a browser's partial download"))
	_, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Path: path})
	var ee *slget.ExistsError
	if !errors.As(err, &ee) || ee.Path != path {
		t.Fatalf("Do: %v (%T), want an *ExistsError for %s", err, err, path)
	}
	res, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Path: path, AutoRename: true})
	if want := filepath.Join(dir, "f.1.bin"); err != nil || res.Path != want || fileSHA256(want) != srv.Content().SHA256() {
		t.Fatalf("Do: %v, saved at %q; want the file's bytes at %s", err, res.Path, want)
	}
	if b, _ := os.ReadFile(path); string(b) != "the user's own file" {
		t.Fatalf("the user's file was replaced: %q", b)
	}
	if b, _ := os.ReadFile(path + ".part"); string(b) != "a browser's partial download" {
		t.Fatalf("the stray .part was changed: %q", b)
	}
}

// A symlink planted at NAME.part is never followed: its target is not
// written, the link stays, a warning names it, and the download is saved
// beside it as a regular file.
func TestSymlinkAtPartIsNotFollowed(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1<<20))
	c := newClient(t, &slget.Client{})
	dir := t.TempDir()
	victim := filepath.Join(t.TempDir(), "victim")
	write(t, victim, []byte("precious"))
	path := filepath.Join(dir, "f.bin")
	if err := os.Symlink(victim, path+".part"); err != nil {
		t.Fatal(err)
	}
	w := &warnings{}
	res, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Path: path, AutoRename: true, Events: w.event})
	if b, _ := os.ReadFile(victim); string(b) != "precious" {
		t.Fatalf("the link's target was written: %q", b)
	}
	renamed := filepath.Join(dir, "f.1.bin")
	if err != nil || res.Path != renamed || w.count("symbolic link") == 0 {
		t.Fatalf("Do: %v, saved at %q; want the link named and the file saved at %s:\n%s", err, res.Path, renamed, w)
	}
	if fi, err := os.Lstat(renamed); err != nil || !fi.Mode().IsRegular() || fileSHA256(renamed) != srv.Content().SHA256() {
		t.Fatalf("%s is not a regular file with the file's bytes: %v", renamed, err)
	}
	if fi, err := os.Lstat(path + ".part"); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatal("the planted link was removed or replaced")
	}
}

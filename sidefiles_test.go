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

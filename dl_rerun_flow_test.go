// A program's rerun in Client.Do: a file a run finished is found complete
// by its recorded URL and version, fetched again only when the server's
// file changed, never saved twice as NAME.1.ext.

package slget_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/internal/osfile"
)

// needXattrs skips where the test's folder keeps no extended attributes
// (a laptop's tmpfs without user xattrs), where a finished file carries
// no record; CI's does.
func needXattrs(t *testing.T, dir string) {
	t.Helper()
	f, err := os.CreateTemp(dir, "xattr")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := osfile.SetXattr(f, "user.slget.test", []byte("1")); errors.Is(err, osfile.ErrXattrUnsupported) {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI's temporary folder keeps no extended attributes: %v", err)
		}
		t.Skip("the temporary folder keeps no extended attributes")
	}
	os.Remove(f.Name())
}

func TestRerunOfAFinishedFileFetchesNothing(t *testing.T) {
	a := fetchtest.NewServer(t, fetchtest.WithSize(3<<20), fetchtest.WithPath("/a.bin"))
	b := fetchtest.NewServer(t, fetchtest.WithSize(2<<20), fetchtest.WithPath("/b.bin"), fetchtest.WithSeed(2))
	c := newClient(t, &slget.Client{Connections: 2})
	dir := t.TempDir()
	needXattrs(t, dir)
	files := map[string]*fetchtest.Server{filepath.Join(dir, "a.bin"): a, filepath.Join(dir, "b.bin"): b}
	for path, srv := range files {
		get(t, c, srv, &slget.Request{Path: path, AutoRename: true})
	}
	before := a.BytesServed() + b.BytesServed()
	for path, srv := range files {
		res, _ := get(t, c, srv, &slget.Request{Path: path, AutoRename: true})
		if !res.AlreadyComplete || res.Path != path {
			t.Errorf("the rerun of %s: complete already %v, saved as %s", path, res.AlreadyComplete, res.Path)
		}
	}
	// The probes' slice 0 is all that moves: no slice of either file again.
	if sent := a.BytesServed() + b.BytesServed() - before; sent > 2*(1<<20) {
		t.Errorf("the rerun moved %d bytes, more than the two probes", sent)
	}
	// Continue on a complete file: likewise.
	path := filepath.Join(dir, "a.bin")
	if res, _ := get(t, c, a, &slget.Request{Path: path, Continue: true, AutoRename: true}); !res.AlreadyComplete || res.Path != path {
		t.Errorf("Continue on the complete file: complete already %v, saved as %s", res.AlreadyComplete, res.Path)
	}
	if got := dirNames(t, dir); !slices.Equal(got, []string{"a.bin", "b.bin"}) {
		t.Errorf("the folder holds %q, want a.bin and b.bin alone", got)
	}
}

// A file changed on the server since the run that finished it is fetched
// again (beside it, as any file at the name), by ETag or, under the same
// ETag, by its first slice.
func TestRerunAfterTheFileChanged(t *testing.T) {
	for _, sameETag := range []bool{false, true} {
		t.Run(map[bool]string{false: "new ETag", true: "same ETag, other bytes"}[sameETag], func(t *testing.T) {
			srv := fetchtest.NewServer(t, fetchtest.WithSize(2<<20))
			c := newClient(t, &slget.Client{})
			dir := t.TempDir()
			needXattrs(t, dir)
			path := filepath.Join(dir, "file.bin")
			get(t, c, srv, &slget.Request{Path: path, AutoRename: true})
			if sameETag {
				srv.ReplaceKeepingValidator()
			} else {
				srv.Change()
			}
			res, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Path: path, AutoRename: true})
			if beside := filepath.Join(dir, "file.1.bin"); err != nil || res.Path != beside || res.AlreadyComplete || fileSHA256(beside) != srv.Content().SHA256() {
				t.Fatalf("Do: %v; want the new version at %s", err, beside)
			}
		})
	}
}

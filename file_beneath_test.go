// Request.Beneath: the file is opened beneath a root, so that a folder on
// the way that has become a symbolic link leading out fails the download
// and nothing is written outside; inside, a download is as any other.

package slget_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

func TestBeneathRoot(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(300<<10))
	c := newClient(t, &slget.Client{})
	base := t.TempDir()
	root, outside := filepath.Join(base, "root"), filepath.Join(base, "outside")
	for _, d := range []string{filepath.Join(root, "in"), outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(outside, filepath.Join(root, "out")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("in", filepath.Join(root, "alias")); err != nil {
		t.Fatal(err)
	}
	// Beneath the root, through a link that stays there too: saved.
	for _, dir := range []string{"in", "alias"} {
		res, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Path: filepath.Join(root, dir, dir+".bin"), Beneath: root})
		if err != nil || fileSHA256(res.Path) != srv.Content().SHA256() {
			t.Fatalf("a download in %s beneath the root: %v", dir, err)
		}
	}
	// Through a link that leads out: refused, nothing written there.
	for _, req := range []*slget.Request{
		{URL: srv.FileURL(), Path: filepath.Join(root, "out", "f.bin"), Beneath: root},
		{URL: srv.FileURL(), Dir: filepath.Join(root, "out"), Beneath: root},
	} {
		_, err := c.Do(t.Context(), req)
		var oe *slget.OutsideError
		var fe *slget.FileError
		if !errors.As(err, &oe) || !errors.As(err, &fe) || oe.Root != root {
			t.Errorf("a download through a link out of the root: %v (%T), want an *OutsideError in a *FileError", err, err)
		}
	}
	left, _ := os.ReadDir(outside)
	for _, e := range left {
		t.Errorf("%s was written outside the root", e.Name())
	}
}

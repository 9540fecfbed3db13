// -i lists as aria2c reads them, through the binary: an indented line that
// is no option after a blank line, and the same URL twice.

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

// An indented URL after a blank line is read as a line of the first URL's
// options that is no option: aria2c ignores it with a warning and
// downloads the first URL; so does slget (it dropped both, exit 28).
func TestIndentedURLAfterBlankLine(t *testing.T) {
	a := fetchtest.NewServer(t, fetchtest.WithSize(64<<10), fetchtest.WithPath("/a.bin"))
	b := fetchtest.NewServer(t, fetchtest.WithSize(64<<10), fetchtest.WithPath("/b.bin"))
	dir := t.TempDir()
	list := filepath.Join(dir, "list")
	os.WriteFile(list, []byte(a.FileURL()+"\n\n  "+b.FileURL()+"\n"), 0o644)
	r := mustFetch(t, filepath.Join(dir, "a.bin"), a.Content().SHA256(), "-d", dir, "-i", list)
	if !strings.Contains(r.stderr, "line 3") || !strings.Contains(r.stderr, "indented") {
		t.Errorf("no warning about line 3: %q", r.stderr)
	}
	mustNotExist(t, filepath.Join(dir, "b.bin"))
}

// The same URL twice in a list (and on the command line): downloaded once,
// with a note, and no NAME.1.ext. Another out= is another file.
func TestSameURLTwiceDownloadsOnce(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(64<<10))
	dir := t.TempDir()
	list := filepath.Join(dir, "list")
	u := srv.FileURL()
	os.WriteFile(list, []byte(u+"\n"+u+"\n"+u+"\n  out=other.bin\n"), 0o644)
	r := mustFetch(t, filepath.Join(dir, "file.bin"), srv.Content().SHA256(), "-d", dir, "-i", list, u)
	if !strings.Contains(r.stderr, "downloaded once") {
		t.Errorf("no note about the repeat: %q", r.stderr)
	}
	mustNotExist(t, filepath.Join(dir, "file.1.bin"))
	if fileSHA(t, filepath.Join(dir, "other.bin")) != srv.Content().SHA256() {
		t.Error("out=other.bin was not saved")
	}
}

// A list of small files, as a script downloads them: each is one request
// at the origin (the probe's answer is the whole file), and none ever has
// a journal.

package main

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

// TestSmallFilesList: 40 files of 64 KiB with -i and -j 8 (and the
// default -x): 40 requests in all, each a GET of slice 0 that the file
// fits in, no second request, and no NAME.slget in the folder at any
// request or at the end.
func TestSmallFilesList(t *testing.T) {
	const files = 40
	dir := t.TempDir()
	var journals atomic.Int32
	srv := fetchtest.NewServer(t, fetchtest.WithSize(64<<10), fetchtest.WithFault(func(*http.Request, int) fetchtest.Fault {
		// Every request is made while other downloads of the list are
		// under way: a journal of any of them would be here.
		if m, _ := filepath.Glob(filepath.Join(dir, "*.slget")); len(m) > 0 {
			journals.Add(1)
		}
		return fetchtest.Fault{}
	}))
	var list strings.Builder
	for i := range files {
		fmt.Fprintf(&list, "%s?n=%d\n  out=f%02d.bin\n", srv.FileURL(), i, i)
	}
	listPath := filepath.Join(t.TempDir(), "list")
	if err := os.WriteFile(listPath, []byte(list.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runSlget(t, "-q", "-j", "8", "-d", dir, "-i", listPath)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	want := srv.Content().SHA256()
	for i := range files {
		if got := fileSHA(t, filepath.Join(dir, fmt.Sprintf("f%02d.bin", i))); got != want {
			t.Errorf("f%02d.bin: wrong bytes", i)
		}
	}
	reqs := srv.Requests()
	if len(reqs) != files {
		t.Errorf("%d requests for %d files, want one each", len(reqs), files)
	}
	for _, q := range reqs {
		if q.Method != http.MethodGet || !strings.HasPrefix(q.Range, "bytes=0-") {
			t.Errorf("request %d: %s %s, want the probe's GET of slice 0", q.N, q.Method, q.Range)
		}
	}
	if n := journals.Load(); n > 0 {
		t.Errorf("a journal was in the folder at %d requests", n)
	}
	left, _ := os.ReadDir(dir)
	if len(left) != files {
		t.Errorf("%d entries in the folder, want the %d files", len(left), files)
	}
}

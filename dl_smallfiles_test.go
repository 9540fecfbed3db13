// A list of small files through one Client, eight at a time, as a script
// downloads them: each is one request at the origin (the probe's answer is
// the whole file), and none ever has a journal.

package slget_test

import (
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

// 40 files of 64 KiB: 40 requests in all, each a GET of slice 0 that the
// file fits in, no second request, and no NAME.slget in the folder at any
// request or at the end.
func TestSmallFilesList(t *testing.T) {
	const files, atOnce = 40, 8
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
	c := newClient(t, &slget.Client{})
	var wg sync.WaitGroup
	turns := make(chan struct{}, atOnce)
	errs := make([]error, files)
	for i := range files {
		wg.Add(1)
		turns <- struct{}{}
		go func() {
			defer func() { <-turns; wg.Done() }()
			_, errs[i] = c.Do(t.Context(), &slget.Request{URL: fmt.Sprintf("%s?n=%d", srv.FileURL(), i), Path: filepath.Join(dir, fmt.Sprintf("f%02d.bin", i))})
		}()
	}
	wg.Wait()
	want := srv.Content().SHA256()
	for i := range files {
		name := fmt.Sprintf("f%02d.bin", i)
		if errs[i] != nil || fileSHA256(filepath.Join(dir, name)) != want {
			t.Errorf("%s: %v, or wrong bytes", name, errs[i])
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
	if left := dirNames(t, dir); len(left) != files {
		t.Errorf("%d entries in the folder, want the %d files: %v", len(left), files, left)
	}
}

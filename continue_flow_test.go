// Continue in Client.Do: a partial file of another tool is adopted only
// as far as its slices prove to be the server's.

package slget_test

import (
	"net/http"
	"path/filepath"
	"testing"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

// Continue adopts a plain partial file from another tool (curl -o, wget)
// once its last whole slice matches the server's, and asks only for the
// rest; a file of another version is not adopted.
func TestContinueAdoptsForeignPartial(t *testing.T) {
	const size, slice = 4 << 20, 256 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	c := newClient(t, &slget.Client{Slice: slice})
	path := filepath.Join(t.TempDir(), "file.bin")
	write(t, path, srv.Content().Bytes(0, 10*slice+1000)) // 10 whole slices and a bit
	res, w := get(t, c, srv, &slget.Request{Path: path, Continue: true})
	if res.Resumed != 10*slice || w.count("continuing") != 1 {
		t.Fatalf("resumed %d bytes, want the 10 whole slices; warnings:\n%s", res.Resumed, w)
	}
	// Probe (slice 0), the re-checks of three slices between and of slice
	// 9, then slices 10.. only.
	var reqs []fetchtest.Request
	for _, q := range srv.Requests() {
		if q.Method != http.MethodHead {
			reqs = append(reqs, q)
		}
	}
	if len(reqs) < 6 || reqs[4].Start != 9*slice || reqs[4].End != 10*slice {
		t.Fatalf("want the probe, three re-checks and one of slice 9, got %v", reqs)
	}
	for _, q := range reqs[1:4] {
		if q.Start%slice != 0 || q.End-q.Start != slice || q.Start < slice || q.End > 9*slice {
			t.Errorf("re-check %d (%s) is not one slice between the first and the last", q.N, q.Range)
		}
	}
	for _, q := range reqs[5:] {
		if q.Start < 10*slice {
			t.Errorf("request %d (%s) asks for an adopted slice", q.N, q.Range)
		}
	}

	// Another version on disk: not adopted, downloaded whole.
	other := fetchtest.Content{Size: size, Seed: 99}
	write(t, path, other.Bytes(0, 10*slice))
	res, w = get(t, c, srv, &slget.Request{Path: path, Continue: true, AllowOverwrite: true})
	if res.Resumed != 0 || w.count("not continued") != 1 {
		t.Fatalf("resumed %d bytes of another version; warnings:\n%s", res.Resumed, w)
	}
}

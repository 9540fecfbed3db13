// Continue in Client.Do: a partial file of another tool is adopted only
// as far as its slices prove to be the server's, and one whose slices are
// not is left alone.

package slget_test

import (
	"net/http"
	"os"
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

// Continue over a file whose first and last whole slices are the server's
// but whose middle is not: it is left alone, and the download saved
// beside it.
func TestContinueChecksTheMiddle(t *testing.T) {
	const slice = 256 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(4<<20))
	c := newClient(t, &slget.Client{Connections: 4, Slice: slice})
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	partial := srv.Content().Bytes(0, 10*slice)
	for i := slice; i < 9*slice; i++ {
		partial[i] ^= 0xff // slices 1 to 8 are another file's
	}
	write(t, path, partial)
	beside := filepath.Join(dir, "file.1.bin")
	w := &warnings{}
	res, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Path: path, Continue: true, AutoRename: true, Events: w.event})
	if err != nil {
		t.Fatal(err)
	}
	if res.Path != beside || fileSHA256(beside) != srv.Content().SHA256() {
		t.Fatalf("saved as %s, want %s", res.Path, beside)
	}
	if got, err := os.ReadFile(path); err != nil || string(got) != string(partial) {
		t.Fatal("the file Continue did not continue was changed")
	}
	if w.count("differs from the server's") != 1 {
		t.Errorf("the warnings do not say why it was not continued:\n%s", w)
	}
}

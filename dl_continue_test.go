// Continue through Client.Do: a file at the name is taken over only when
// it is proven the start of this one (or, with a Checksum, the whole of
// it); an unproven one is left alone and the download saved beside it. A
// partial download of a mirror with the same strong ETag is continued.

package slget_test

import (
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

func TestContinueNeverTakesUnprovenFiles(t *testing.T) {
	const size, slice = 4 << 20, 256 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	c := newClient(t, &slget.Client{Connections: 4, Slice: slice})
	for _, tc := range []struct {
		name  string
		write func(t *testing.T, path string)
	}{
		{"unrelated smaller file", func(t *testing.T, p string) {
			write(t, p, fetchtest.Content{Size: 3 * slice, Seed: 77}.Bytes(0, 3*slice))
		}},
		{"full size with holes, right last slice", func(t *testing.T, p string) {
			holes(t, p, size, srv.Content().Bytes(size-slice, slice), size-slice) // all holes but the last slice
		}},
		{"prefix with a hole", func(t *testing.T, p string) {
			holes(t, p, 10*slice, srv.Content().Bytes(9*slice, slice), 9*slice) // only its last whole slice is real
		}},
		{"full size, right bytes, no checksum", func(t *testing.T, p string) {
			write(t, p, srv.Content().Bytes(0, size))
		}},
		{"prefix with slice 0 damaged", func(t *testing.T, p string) {
			b := srv.Content().Bytes(0, 6*slice)
			b[100] ^= 0xff
			write(t, p, b)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "f.bin")
			tc.write(t, path)
			before := fileSHA256(path)
			w := &warnings{}
			res, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Path: path, Continue: true, AutoRename: true, Events: w.event})
			renamed := filepath.Join(dir, "f.1.bin")
			if err != nil || res.Path != renamed || res.Resumed != 0 || fileSHA256(renamed) != srv.Content().SHA256() {
				t.Fatalf("Do: %v, saved at %q with %d bytes resumed; want the file's bytes at %s from nothing", err, res.Path, res.Resumed, renamed)
			}
			if w.count("not continued") != 1 || w.count("saving as "+renamed) != 1 {
				t.Errorf("no warning says the file is not continued and where the download went:\n%s", w)
			}
			if fileSHA256(path) != before {
				t.Fatal("the file that was not adopted was changed")
			}
			// Continue at a name that is free is a plain download.
			get(t, c, srv, &slget.Request{Path: filepath.Join(dir, "other.bin"), Continue: true})
		})
	}
	// A full-size file that the Checksum proves complete already: found
	// complete, with nothing but the probe.
	dir := t.TempDir()
	path := filepath.Join(dir, "f.bin")
	write(t, path, srv.Content().Bytes(0, size))
	sum, _ := hex.DecodeString(srv.Content().SHA256())
	srv.ResetLog()
	res, _ := get(t, c, srv, &slget.Request{Path: path, Continue: true, AutoRename: true, Checksum: &slget.Checksum{Algo: "sha-256", Sum: sum}})
	if !res.AlreadyComplete || res.Path != path || exists(filepath.Join(dir, "f.1.bin")) {
		t.Fatalf("saved at %q (complete already: %v), want the file found complete", res.Path, res.AlreadyComplete)
	}
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("%d requests for a file proven complete, want just the probe", n)
	}
}

// holes writes a file of size bytes, all holes but b at off.
func holes(t *testing.T, path string, size int64, b []byte, off int64) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt(b, off); err != nil {
		t.Fatal(err)
	}
}

// Continue takes over the partial download of a mirror that serves the
// same strong ETag and size, and says so.
func TestContinueFromAMirror(t *testing.T) {
	const slice = 64 << 10
	a := fetchtest.NewServer(t, fetchtest.WithSize(2<<20), fetchtest.WithETag(`"same"`), fetchtest.WithRateLimit(1<<20))
	b := fetchtest.NewServer(t, fetchtest.WithSize(2<<20), fetchtest.WithETag(`"same"`))
	c := newClient(t, &slget.Client{Connections: 2, Slice: slice})
	dir := t.TempDir()
	path := filepath.Join(dir, "f.bin")
	st := stoppedDownload(t, c, a, path, 6*slice)
	res, w := get(t, c, b, &slget.Request{Path: path, Continue: true})
	if w.count(`it has the same ETag "same" and size`) != 1 {
		t.Errorf("no warning says why the partial download was continued:\n%s", w)
	}
	if res.Path != path || res.Resumed < st.BytesDone-slice {
		t.Errorf("saved at %q with %d bytes resumed, want %s with the %d done", res.Path, res.Resumed, path, st.BytesDone)
	}
	if exists(filepath.Join(dir, "f.1.bin")) {
		t.Error("the download went beside the partial one")
	}
}

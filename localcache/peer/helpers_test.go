// Test helpers of the store, the few the server's tests need: stores in
// t.TempDir(), content, and the slice files on disk.

package peer

import (
	"bytes"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"go.uber.org/goleak"

	"github.com/slget/slget/localcache"
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}

// openStore opens a cache in a fresh temporary directory; it is closed when
// the test ends.
func openStore(t testing.TB, opts *localcache.Options) *localcache.Store {
	t.Helper()
	return openAt(t, t.TempDir(), opts)
}

// openAt opens the cache in dir; it is closed when the test ends.
func openAt(t testing.TB, dir string, opts *localcache.Options) *localcache.Store {
	t.Helper()
	s, err := localcache.Open(dir, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// fast are the options of tests that do not test durability.
func fast(o localcache.Options) *localcache.Options {
	o.NoSync = true
	return &o
}

// randomBytes is n bytes that do not compress, the same for the same seed.
func randomBytes(seed uint64, n int) []byte {
	r := rand.New(rand.NewPCG(seed, 42))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// offsetFile is the content of nginx's byte-range test file: every 10
// bytes, the offset of the line as 9 zero-padded decimal digits and a
// newline, "000000000\n000000010\n...", cut to n bytes.
func offsetFile(n int) []byte {
	var b bytes.Buffer
	b.Grow(n + 10)
	for off := 0; off < n; off += 10 {
		fmt.Fprintf(&b, "%09d\n", off)
	}
	return b.Bytes()[:n]
}

// onlySliceFile is the path of the one slice file under s's slices/ tree;
// the test fails if there is not exactly one. (A slice's file name is the
// store's hash of its key, which the store does not export.)
func onlySliceFile(t testing.TB, s *localcache.Store) string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(filepath.Join(s.Dir(), "slices"), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 {
		t.Fatalf("%d slice files in the cache, want one: %q", len(files), files)
	}
	return files[0]
}

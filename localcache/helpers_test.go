// Test helpers: stores in t.TempDir(), keys, content, a clock, and the files on disk.

package localcache

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"
)

func TestMain(m *testing.M) {
	if dir := os.Getenv("LOCALCACHE_OWNER_DIR"); dir != "" {
		os.Exit(helperOwner(dir))
	}
	goleak.VerifyTestMain(m)
}

const testURL = "https://example.com/files/big.iso"

// openStore opens a cache in a fresh temporary directory; it is closed when
// the test ends.
func openStore(t testing.TB, opts *Options) *Store {
	t.Helper()
	return openAt(t, t.TempDir(), opts)
}

// openAt opens the cache in dir; it is closed when the test ends.
func openAt(t testing.TB, dir string, opts *Options) *Store {
	t.Helper()
	s, err := Open(dir, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// fast are the options of tests that do not test durability.
func fast(o Options) *Options {
	o.NoSync = true
	return &o
}

// key is slice i of the test URL at version etag.
func key(s *Store, etag string, i int64) Key {
	return Key{URL: testURL, Validator: `"` + etag + `"`, SliceSize: s.SliceSize(), Index: i}
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

// textBytes is n bytes of English-like text, which compresses about 3:1.
func textBytes(seed uint64, n int) []byte {
	words := strings.Fields("the quick brown fox jumps over a lazy dog while slices of files travel " +
		"across connections to peers that cache them for later requests and check every byte")
	r := rand.New(rand.NewPCG(seed, 7))
	var b bytes.Buffer
	for b.Len() < n {
		b.WriteString(words[r.IntN(len(words))])
		if r.IntN(12) == 0 {
			b.WriteString(".\n")
		} else {
			b.WriteByte(' ')
		}
	}
	return b.Bytes()[:n]
}

// mustGet reads slice k whole, failing the test on any error.
func mustGet(t testing.TB, s *Store, k Key) ([]byte, Info) {
	t.Helper()
	rc, info, err := s.Get(k)
	if err != nil {
		t.Fatalf("Get(%d): %v", k.Index, err)
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	if err != nil {
		t.Fatal(err)
	}
	return b, info
}

func mustPut(t testing.TB, s *Store, k Key, m PutMeta, data []byte) {
	t.Helper()
	if err := s.Put(k, m, data); err != nil {
		t.Fatalf("Put(%d): %v", k.Index, err)
	}
}

func sha(b []byte) [32]byte { return sha256.Sum256(b) }

// sliceFile is the path of k's file.
func sliceFile(t testing.TB, s *Store, k Key) string {
	t.Helper()
	sl, err := s.resolve(k)
	if err != nil {
		t.Fatal(err)
	}
	return s.path(sl.hash.file())
}

// treeFiles lists every non-folder under dir/sub, relative to dir.
func treeFiles(t testing.TB, dir, sub string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(filepath.Join(dir, sub), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return out
}

// diskBytes is the sum of the sizes of the slice files.
func diskBytes(t testing.TB, dir string) int64 {
	t.Helper()
	var n int64
	for _, f := range treeFiles(t, dir, slicesDir) {
		fi, err := os.Stat(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		n += fi.Size()
	}
	return n
}

// clock is a time that tests move by hand.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock(s *Store) *clock {
	c := &clock{t: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	s.now = c.Now
	return c
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

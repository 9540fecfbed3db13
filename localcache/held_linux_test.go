// Tests of the held slice files: sent from one shared descriptor at an
// offset, let go when the store evicts or replaces the slice and when the
// set is closed, and read again when the file changes in place.

package localcache

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// openSliceFiles counts this process's descriptors of files under
// dir/slices, the deleted ones included.
func openSliceFiles(t testing.TB, dir string) int {
	t.Helper()
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip("no /proc/self/fd")
	}
	prefix := filepath.Join(dir, slicesDir) + "/"
	n := 0
	for _, e := range ents {
		target, err := os.Readlink(filepath.Join("/proc/self/fd", e.Name()))
		if err != nil || !strings.HasPrefix(target, prefix) {
			continue
		}
		if fi, err := os.Stat(strings.TrimSuffix(target, " (deleted)")); err != nil || !fi.IsDir() {
			n++ // a file, or one deleted: not a folder held open
		}
	}
	return n
}

// openTwice opens slice i of the test URL at etag twice, and returns the
// second, which must come from the held file.
func openTwice(t *testing.T, s *Store, checked *CheckedFiles, etag string, i int64) *IdentitySlice {
	t.Helper()
	vk, err := s.Version(testURL, `"`+etag+`"`)
	if err != nil {
		t.Fatal(err)
	}
	x, err := s.OpenIdentity(vk, i, checked)
	if err != nil {
		t.Fatal(err)
	}
	if x.File != nil || x.Data == nil {
		t.Fatal("the first open of a slice did not read and check it")
	}
	x.Close()
	x, err = s.OpenIdentity(vk, i, checked)
	if err != nil {
		t.Fatal(err)
	}
	if x.File == nil {
		t.Fatal("the second open of a checked slice is not its held file")
	}
	return x
}

func readHeld(t *testing.T, x *IdentitySlice) []byte {
	t.Helper()
	b := make([]byte, x.Info.Size)
	if _, err := x.File.ReadAt(b, x.Offset); err != nil {
		t.Fatal(err)
	}
	return b
}

func TestHeldFileSharedAtOffsets(t *testing.T) {
	dir := t.TempDir()
	s := openAt(t, dir, fast(Options{}))
	data := randomBytes(1, int(s.SliceSize()))
	mustPut(t, s, key(s, "a", 0), PutMeta{}, data)
	checked := NewCheckedFiles()
	defer checked.Close()
	x := openTwice(t, s, checked, "a", 0)
	defer x.Close()
	vk, _ := s.Version(testURL, `"a"`)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			y, err := s.OpenIdentity(vk, 0, checked)
			if err != nil {
				t.Error(err)
				return
			}
			defer y.Close()
			if y.File != x.File {
				t.Error("a checked slice opened twice at once got two descriptors")
			}
		})
	}
	wg.Wait()
	if sha(readHeld(t, x)) != sha(data) {
		t.Fatal("the held file at its offset is not the slice")
	}
	if n := openSliceFiles(t, dir); n != 1 {
		t.Fatalf("%d slice files open, want the one held", n)
	}
}

func TestEvictedSliceLetGo(t *testing.T) {
	dir := t.TempDir()
	s := openAt(t, dir, fast(Options{}))
	mustPut(t, s, key(s, "a", 0), PutMeta{}, randomBytes(1, int(s.SliceSize())))
	checked := NewCheckedFiles()
	defer checked.Close()
	openTwice(t, s, checked, "a", 0).Close()
	if n := openSliceFiles(t, dir); n != 1 {
		t.Fatalf("%d slice files open before the purge, want 1", n)
	}
	if n, _, err := s.Purge(testURL); err != nil || n != 1 {
		t.Fatalf("Purge: %d, %v", n, err)
	}
	if n := openSliceFiles(t, dir); n != 0 {
		t.Fatalf("%d descriptors of slice files left after the slice was evicted", n)
	}
	vk, _ := s.Version(testURL, `"a"`)
	if x, err := s.OpenIdentity(vk, 0, checked); err == nil {
		x.Close()
		t.Fatal("an evicted slice opened for sending")
	}
}

func TestHeldFileInUseOutlivesClose(t *testing.T) {
	dir := t.TempDir()
	s := openAt(t, dir, fast(Options{}))
	data := randomBytes(2, int(s.SliceSize()))
	mustPut(t, s, key(s, "a", 0), PutMeta{}, data)
	checked := NewCheckedFiles()
	x := openTwice(t, s, checked, "a", 0)
	checked.Close()
	if sha(readHeld(t, x)) != sha(data) {
		t.Fatal("a held file in use was closed under its sender")
	}
	x.Close()
	if n := openSliceFiles(t, dir); n != 0 {
		t.Fatalf("%d slice files open after Close, want 0", n)
	}
	vk, _ := s.Version(testURL, `"a"`)
	y, err := s.OpenIdentity(vk, 0, checked)
	if err != nil {
		t.Fatal(err)
	}
	defer y.Close()
	if y.Data == nil || openSliceFiles(t, dir) != 0 {
		t.Fatal("a closed CheckedFiles holds files again")
	}
}

func TestRewrittenInPlaceReadAgain(t *testing.T) {
	dir := t.TempDir()
	s := openAt(t, dir, fast(Options{}))
	k := key(s, "a", 0)
	mustPut(t, s, k, PutMeta{}, randomBytes(3, int(s.SliceSize())))
	checked := NewCheckedFiles()
	defer checked.Close()
	openTwice(t, s, checked, "a", 0).Close()
	path := sliceFile(t, s, k)
	var before syscall.Stat_t
	if err := syscall.Stat(path, &before); err != nil {
		t.Fatal(err)
	}
	// Damage the last byte in place, and write it again until the change
	// time moves (it moves by the kernel's clock tick).
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	last := before.Size - 1
	b := make([]byte, 1)
	if _, err := f.ReadAt(b, last); err != nil {
		t.Fatal(err)
	}
	b[0] ^= 0xff
	for {
		if _, err := f.WriteAt(b, last); err != nil {
			t.Fatal(err)
		}
		var now syscall.Stat_t
		if err := syscall.Fstat(int(f.Fd()), &now); err != nil {
			t.Fatal(err)
		}
		if now.Ino != before.Ino {
			t.Fatal("the file was replaced, not written in place")
		}
		if now.Ctim != before.Ctim {
			break
		}
	}
	vk, _ := s.Version(testURL, `"a"`)
	x, err := s.OpenIdentity(vk, 0, checked)
	if err == nil {
		x.Close()
		t.Fatal("a slice file changed in place was sent without being checked again")
	}
	if !errors.Is(err, ErrCorrupt) {
		t.Fatalf("got %v, want the damage found", err)
	}
}

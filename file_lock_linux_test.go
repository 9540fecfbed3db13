// The output lock on Linux: released when the download lets go of its
// partial file, even while the kernel still holds the open file.

package slget

import (
	"path/filepath"
	"syscall"
	"testing"
)

// TestReleaseUnlocksWhileReferenced: the lock is released when the
// download lets go of its partial file, even while the kernel still holds
// the open file (as an io_uring request does a moment past its
// completion; here a duplicated descriptor holds it). Before, the close
// alone released it, so a rerun at once found the file locked.
func TestReleaseUnlocksWhileReferenced(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.bin.part")
	l, err := lockPart(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.f.Write([]byte("kept")); err != nil { // an empty one is removed
		t.Fatal(err)
	}
	dup, err := syscall.Dup(int(l.f.Fd()))
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(dup)
	l.release()
	again, err := lockPart(path)
	if err != nil {
		t.Fatalf("locking %s again while the old open file is referenced: %v", filepath.Base(path), err)
	}
	again.release()
}

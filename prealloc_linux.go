// Reserving a file's blocks on Linux: fallocate, keeping the size.

package slget

import (
	"os"

	"golang.org/x/sys/unix"
)

// preallocate reserves the blocks of f's bytes [off, off+n) without
// changing its size (fallocate with KEEP_SIZE); the bytes read as before.
func preallocate(f *os.File, off, n int64) error {
	for {
		err := unix.Fallocate(int(f.Fd()), unix.FALLOC_FL_KEEP_SIZE, off, n)
		if err != unix.EINTR {
			return err
		}
	}
}

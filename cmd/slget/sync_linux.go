// fdatasync on Linux: data and the metadata needed to read it, not times.

package main

import (
	"os"
	"syscall"
)

func datasync(f *os.File) error { return syscall.Fdatasync(int(f.Fd())) }

// freeSpace is the number of bytes an unprivileged user may still write in
// the filesystem holding dir, or -1 if it cannot be told.
func freeSpace(dir string) int64 {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return -1
	}
	return int64(st.Bavail) * int64(st.Bsize)
}

// Linux file-system calls: fdatasync, free space, holes, and renameat2.

package slget

import (
	"errors"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// datasync makes f's data durable, without its times.
func datasync(f *os.File) error { return unix.Fdatasync(int(f.Fd())) }

// freeSpace is the number of bytes an unprivileged user may still write in
// the file system holding dir, or -1 if it cannot be told.
func freeSpace(dir string) int64 {
	var st unix.Statfs_t
	if err := unix.Statfs(dir, &st); err != nil {
		return -1
	}
	return int64(st.Bavail) * int64(st.Bsize)
}

// firstHole is the offset of the first hole in f's first size bytes, or
// size if there is none (or the file system cannot tell).
func firstHole(f *os.File, size int64) int64 {
	off, err := unix.Seek(int(f.Fd()), 0, unix.SEEK_HOLE)
	if err != nil || off > size {
		return size
	}
	return off
}

// renameNoReplace renames from to to unless to exists (fs.ErrExist).
func renameNoReplace(from, to string) error {
	err := unix.Renameat2(unix.AT_FDCWD, from, unix.AT_FDCWD, to, unix.RENAME_NOREPLACE)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, syscall.EEXIST):
		return &os.LinkError{Op: "rename", Old: from, New: to, Err: os.ErrExist}
	case errors.Is(err, syscall.EINVAL), errors.Is(err, syscall.ENOSYS), errors.Is(err, syscall.ENOTSUP):
		return linkRename(from, to) // a file system without RENAME_NOREPLACE
	}
	return &os.LinkError{Op: "rename", Old: from, New: to, Err: err}
}

// Linux file-system calls: fdatasync, free space, the longest name,
// holes, renameat2 and fallocate.

package osfile

import (
	"errors"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// Datasync makes f's data durable, without its times (fdatasync), made
// again if a signal interrupts it.
func Datasync(f *os.File) error {
	for {
		if err := unix.Fdatasync(int(f.Fd())); err != unix.EINTR {
			return err
		}
	}
}

// Volume is what the file system holding dir allows, asked with one
// statfs: the longest name (0 if it cannot be told) and the bytes an
// unprivileged user may still write (-1 if it cannot be told).
func Volume(dir string) (nameMax int, free int64) {
	var st unix.Statfs_t
	if err := unix.Statfs(dir, &st); err != nil {
		return 0, -1
	}
	return max(int(st.Namelen), 0), int64(st.Bavail) * int64(st.Bsize)
}

// FirstHole is the offset of the first hole in f's first size bytes, or
// size if there is none (or the file system cannot tell).
func FirstHole(f *os.File, size int64) int64 {
	off, err := unix.Seek(int(f.Fd()), 0, unix.SEEK_HOLE)
	if err != nil || off > size {
		return size
	}
	return off
}

// NextHole is the offset of the first hole in f at or after off and
// before size, or size if there is none (or the file system cannot tell).
// Space another tool reserved with fallocate and never wrote reads as a
// hole on ext4, XFS and btrfs.
func NextHole(f *os.File, off, size int64) int64 {
	if off >= size {
		return size
	}
	h, err := unix.Seek(int(f.Fd()), off, unix.SEEK_HOLE)
	if err != nil || h > size {
		return size
	}
	return h
}

// RenameNoReplace renames from to to unless to exists: then its error
// matches fs.ErrExist and neither file is touched. renameat2 with
// RENAME_NOREPLACE; on a file system without it, a hard link then a
// remove.
func RenameNoReplace(from, to string) error {
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

// Preallocate reserves the blocks of f's bytes [off, off+n) without
// changing its size (fallocate with KEEP_SIZE); the bytes read as before.
// A file system that cannot fails with an error other than a full disk.
func Preallocate(f *os.File, off, n int64) error {
	for {
		err := unix.Fallocate(int(f.Fd()), unix.FALLOC_FL_KEEP_SIZE, off, n)
		if err != unix.EINTR {
			return err
		}
	}
}

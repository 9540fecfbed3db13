// Systems with neither flock nor Windows' calls (Plan 9, js/wasm, wasip1,
// Solaris, AIX...): best effort. No locks, and a symbolic link or an
// existing name is checked for, then the file is opened or renamed: a
// race another program can win.

//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly || windows)

package osfile

import (
	"errors"
	"io/fs"
	"os"
)

// LockSupported reports whether Lock really locks here.
const LockSupported = false

func tryLock(*os.File, bool) error { return nil }

// Unlock does nothing here.
func Unlock(*os.File) error { return nil }

// OpenNoFollow refuses path if it is a symbolic link (ErrSymlink), then
// opens it: best effort, a link made between the check and the open is
// followed.
func OpenNoFollow(path string, flag int, perm fs.FileMode) (*os.File, error) {
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return nil, &os.PathError{Op: "open", Path: path, Err: ErrSymlink}
	}
	return os.OpenFile(path, flag, perm)
}

// IsSymlinkRefused reports whether err is OpenNoFollow's refusal.
func IsSymlinkRefused(err error) bool { return errors.Is(err, ErrSymlink) }

// IsDiskFull cannot tell here: false.
func IsDiskFull(error) bool { return false }

// IsReadOnlyFS cannot tell here: false.
func IsReadOnlyFS(error) bool { return false }

// SyncDir fsyncs dir where the system can, ignoring errors.
func SyncDir(dir string) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	_ = d.Sync()
	d.Close()
}

// Datasync makes f's data durable with a full sync.
func Datasync(f *os.File) error { return f.Sync() }

// FirstHole cannot be told here: size.
func FirstHole(_ *os.File, size int64) int64 { return size }

// NextHole cannot be told here: size.
func NextHole(_ *os.File, _, size int64) int64 { return size }

// RenameNoReplace renames from to to unless to exists (fs.ErrExist):
// best effort, a check then a rename, so a file that appears at to in
// between is replaced.
func RenameNoReplace(from, to string) error {
	if _, err := os.Lstat(to); err == nil {
		return &os.LinkError{Op: "rename", Old: from, New: to, Err: fs.ErrExist}
	}
	return os.Rename(from, to)
}

// Preallocate is not done here: the file stays sparse.
func Preallocate(*os.File, int64, int64) error { return errors.ErrUnsupported }

// Volume cannot tell the longest name or the free space here: 0 and -1.
func Volume(string) (nameMax int, free int64) { return 0, -1 }

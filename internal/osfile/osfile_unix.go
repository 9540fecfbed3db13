// Unix systems with flock(2) and O_NOFOLLOW: locks, symlink-proof opens,
// the hard-link rename, directory fsync and the errnos the flow classifies.

//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package osfile

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// LockSupported reports whether Lock really locks here.
const LockSupported = true

// tryLock takes the lock once: ErrLocked when it is held elsewhere.
func tryLock(f *os.File, exclusive bool) error {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	for {
		err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return ErrLocked
		}
		return err
	}
}

// Unlock gives back a lock f holds.
func Unlock(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }

// OpenNoFollow is os.OpenFile with O_NOFOLLOW: when path's last component
// is a symbolic link the open fails with an error IsSymlinkRefused
// matches (ELOOP; FreeBSD's EMLINK and NetBSD's EFTYPE are turned into
// ELOOP). Links in the folders above are followed.
func OpenNoFollow(path string, flag int, perm fs.FileMode) (*os.File, error) {
	f, err := openFile(path, flag|syscall.O_NOFOLLOW, perm)
	if err == nil || errors.Is(err, syscall.ELOOP) || errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrExist) {
		return f, err
	}
	// Not every system says ELOOP for O_NOFOLLOW on a link: look.
	if fi, lerr := os.Lstat(path); lerr == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return nil, &os.PathError{Op: "open", Path: path, Err: syscall.ELOOP}
	}
	return nil, err
}

// openFile is os.OpenFile for the files of a download, with fewer calls:
// os.OpenFile offers every file it opens to the runtime's poller, which a
// regular file refuses (four calls for nothing, and a list of small files
// opens two per file), while os.NewFile asks the poller only for a
// descriptor opened non-blocking.
func openFile(path string, flag int, perm fs.FileMode) (*os.File, error) {
	for {
		fd, err := syscall.Open(path, flag|syscall.O_CLOEXEC, uint32(perm.Perm()))
		if err == nil {
			return os.NewFile(uintptr(fd), path), nil
		}
		if !errors.Is(err, syscall.EINTR) {
			return nil, &os.PathError{Op: "open", Path: path, Err: err}
		}
	}
}

// IsSymlinkRefused reports whether err is OpenNoFollow's refusal of a
// symbolic link.
func IsSymlinkRefused(err error) bool {
	return errors.Is(err, syscall.ELOOP) || errors.Is(err, ErrSymlink)
}

// IsDiskFull reports whether err says the file system is full or the
// user's quota is spent (ENOSPC, EDQUOT).
func IsDiskFull(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT)
}

// IsReadOnlyFS reports whether err says the file system is read-only
// (EROFS).
func IsReadOnlyFS(err error) bool { return errors.Is(err, syscall.EROFS) }

// SyncDir fsyncs the directory dir, so that a new, renamed or removed
// entry in it survives a crash. Errors are ignored: not every file system
// can sync a directory, and what called it is correct without (only less
// durable).
func SyncDir(dir string) { syncDirWith(dir, (*os.File).Sync) }

// syncDirWith opens the directory dir and makes its sync with sync
// (errors ignored, as SyncDir's).
func syncDirWith(dir string, sync func(*os.File) error) {
	d, err := openFile(dir, os.O_RDONLY, 0)
	if err != nil {
		return
	}
	_ = sync(d)
	d.Close()
}

// linkRename renames from to to unless to exists, where the system has no
// atomic call for it: a hard link fails if to exists. Without hard links
// (some network and FAT file systems) it checks, then renames.
func linkRename(from, to string) error {
	err := os.Link(from, to)
	if err == nil {
		return os.Remove(from)
	}
	if errors.Is(err, fs.ErrExist) {
		return err
	}
	if _, serr := os.Lstat(to); serr == nil {
		return fs.ErrExist
	}
	return os.Rename(from, to)
}

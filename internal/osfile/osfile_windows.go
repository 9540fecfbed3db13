// Windows: LockFileEx locks far past the data, opens that refuse reparse
// points and let the file be renamed while open, MoveFileEx without
// replacing, and the Windows errors the flow classifies.

package osfile

import (
	"errors"
	"io/fs"
	"os"
	"syscall"

	"golang.org/x/sys/windows"
)

// LockSupported reports whether Lock really locks here.
const LockSupported = true

// lockOffset is where the lock's one byte lies: 1<<62.
//
// Decision: Windows byte-range locks are mandatory: while a handle holds
// an exclusive lock on a range, reads and writes of that range through any
// other handle fail (ERROR_LOCK_VIOLATION), in this process too. flock on
// Unix is advisory and covers nothing. So the lock covers one byte no file
// will ever reach: the data stays readable and writable through every
// handle (the verify that reopens NAME.part, bbolt's own handle), and only
// a second LockFileEx of that byte conflicts. bbolt locks the byte at
// 2^64-1, so a journal locked here and by bbolt does not conflict with
// itself.
const lockOffset = 1 << 62

func lockOverlapped() *windows.Overlapped {
	return &windows.Overlapped{Offset: uint32(lockOffset & 0xffffffff), OffsetHigh: uint32(lockOffset >> 32)}
}

// tryLock takes the lock once: ErrLocked when it is held elsewhere.
func tryLock(f *os.File, exclusive bool) error {
	flags := uint32(windows.LOCKFILE_FAIL_IMMEDIATELY)
	if exclusive {
		flags |= windows.LOCKFILE_EXCLUSIVE_LOCK
	}
	err := windows.LockFileEx(windows.Handle(f.Fd()), flags, 0, 1, 0, lockOverlapped())
	switch {
	case err == nil:
		return nil
	case errors.Is(err, windows.ERROR_LOCK_VIOLATION):
		return ErrLocked
	}
	return &os.PathError{Op: "lock", Path: f.Name(), Err: err}
}

// Unlock gives back a lock f holds.
func Unlock(f *os.File) error {
	if err := windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, lockOverlapped()); err != nil {
		return &os.PathError{Op: "unlock", Path: f.Name(), Err: err}
	}
	return nil
}

// OpenNoFollow opens path as os.OpenFile would (O_RDONLY, O_WRONLY,
// O_RDWR, O_APPEND, O_CREATE, O_EXCL, O_TRUNC; perm without its write bit
// makes a new file read-only), but refuses a reparse point (a symbolic
// link, a junction, a mount point) with an error matching ErrSymlink: the
// file is opened with FILE_FLAG_OPEN_REPARSE_POINT, so the reparse point
// itself and not its target is opened, and the open handle's attributes
// are checked. The handle shares reading, writing and deleting, so that
// the file can be renamed or removed while it is open, as on Unix.
func OpenNoFollow(path string, flag int, perm fs.FileMode) (*os.File, error) {
	name, err := windows.UTF16PtrFromString(path)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	var access uint32
	switch flag & (os.O_RDONLY | os.O_WRONLY | os.O_RDWR) {
	case os.O_RDONLY:
		access = windows.GENERIC_READ
	case os.O_WRONLY:
		access = windows.GENERIC_WRITE
	case os.O_RDWR:
		access = windows.GENERIC_READ | windows.GENERIC_WRITE
	}
	if flag&os.O_APPEND != 0 {
		// Appending: writing without FILE_WRITE_DATA puts every write at
		// the end, as syscall.Open does.
		access &^= windows.GENERIC_WRITE
		access |= windows.FILE_APPEND_DATA | windows.FILE_WRITE_ATTRIBUTES | windows.FILE_WRITE_EA | windows.STANDARD_RIGHTS_WRITE | windows.SYNCHRONIZE
	}
	// O_TRUNC is done after the check, never on a reparse point.
	var disposition uint32
	switch {
	case flag&(os.O_CREATE|os.O_EXCL) == os.O_CREATE|os.O_EXCL:
		disposition = windows.CREATE_NEW
	case flag&os.O_CREATE != 0:
		disposition = windows.OPEN_ALWAYS
	default:
		disposition = windows.OPEN_EXISTING
	}
	attrs := uint32(windows.FILE_ATTRIBUTE_NORMAL)
	if flag&os.O_CREATE != 0 && perm&0o200 == 0 {
		attrs = windows.FILE_ATTRIBUTE_READONLY
	}
	attrs |= windows.FILE_FLAG_OPEN_REPARSE_POINT
	const share = windows.FILE_SHARE_READ | windows.FILE_SHARE_WRITE | windows.FILE_SHARE_DELETE
	h, err := windows.CreateFile(name, access, share, nil, disposition, attrs, 0)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	var info windows.ByHandleFileInformation
	if err := windows.GetFileInformationByHandle(h, &info); err != nil {
		windows.CloseHandle(h)
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	if info.FileAttributes&windows.FILE_ATTRIBUTE_REPARSE_POINT != 0 {
		windows.CloseHandle(h)
		return nil, &os.PathError{Op: "open", Path: path, Err: ErrSymlink}
	}
	f := os.NewFile(uintptr(h), path)
	if flag&os.O_TRUNC != 0 && access&windows.GENERIC_WRITE != 0 {
		if err := f.Truncate(0); err != nil {
			f.Close()
			return nil, &os.PathError{Op: "open", Path: path, Err: err}
		}
	}
	return f, nil
}

// IsSymlinkRefused reports whether err is OpenNoFollow's refusal of a
// reparse point.
func IsSymlinkRefused(err error) bool {
	return errors.Is(err, ErrSymlink) || errors.Is(err, syscall.ELOOP)
}

// IsDiskFull reports whether err says the disk is full or the user's
// quota is spent: ERROR_DISK_FULL, ERROR_HANDLE_DISK_FULL and
// ERROR_DISK_QUOTA_EXCEEDED, or the ENOSPC and EDQUOT that Go's syscall
// package defines here for portable code.
func IsDiskFull(err error) bool {
	return errors.Is(err, windows.ERROR_DISK_FULL) || errors.Is(err, windows.ERROR_HANDLE_DISK_FULL) ||
		errors.Is(err, windows.ERROR_DISK_QUOTA_EXCEEDED) ||
		errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT)
}

// IsReadOnlyFS reports whether err says the medium is read-only
// (ERROR_WRITE_PROTECT, or syscall.EROFS).
func IsReadOnlyFS(err error) bool {
	return errors.Is(err, windows.ERROR_WRITE_PROTECT) || errors.Is(err, syscall.EROFS)
}

// SyncDir does nothing on Windows.
//
// Decision: NTFS journals its metadata, so a created, renamed or removed
// entry is as durable as the journal's last flush, and RenameNoReplace
// asks MOVEFILE_WRITE_THROUGH, which returns only once the move is on
// disk. Flushing a directory (FlushFileBuffers on a handle opened with
// FILE_FLAG_BACKUP_SEMANTICS and write access) is possible, but needs the
// write access an ordinary user may not have on the folder, and adds
// nothing to the journal's guarantee; some programs do it, we do not.
func SyncDir(string) {}

// Datasync makes f's data durable: FlushFileBuffers, which also writes
// its metadata (Windows has no data-only flush).
func Datasync(f *os.File) error { return f.Sync() }

// Volume is what the volume holding dir allows: the longest name is not
// asked here (0, unknown); the bytes the user may still write, its quota
// counted, or -1 if they cannot be told.
func Volume(dir string) (nameMax int, free int64) { return 0, freeSpace(dir) }

func freeSpace(dir string) int64 {
	p, err := windows.UTF16PtrFromString(dir)
	if err != nil {
		return -1
	}
	var avail, total, free uint64
	if err := windows.GetDiskFreeSpaceEx(p, &avail, &total, &free); err != nil || avail > 1<<62 {
		return -1
	}
	return int64(avail)
}

// FirstHole is not checked here: size, as if there were no hole.
func FirstHole(_ *os.File, size int64) int64 { return size }

// NextHole is not checked here: size, as if there were no hole.
func NextHole(_ *os.File, _, size int64) int64 { return size }

// RenameNoReplace renames from to to unless to exists: then its error
// matches fs.ErrExist and neither file is touched. MoveFileEx without
// MOVEFILE_REPLACE_EXISTING is atomic (the check and the move are one
// call); MOVEFILE_WRITE_THROUGH returns only when the move is on disk.
func RenameNoReplace(from, to string) error {
	f, err := windows.UTF16PtrFromString(from)
	if err != nil {
		return &os.LinkError{Op: "rename", Old: from, New: to, Err: err}
	}
	t, err := windows.UTF16PtrFromString(to)
	if err != nil {
		return &os.LinkError{Op: "rename", Old: from, New: to, Err: err}
	}
	err = windows.MoveFileEx(f, t, windows.MOVEFILE_WRITE_THROUGH)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, windows.ERROR_ALREADY_EXISTS), errors.Is(err, windows.ERROR_FILE_EXISTS):
		return &os.LinkError{Op: "rename", Old: from, New: to, Err: os.ErrExist}
	}
	return &os.LinkError{Op: "rename", Old: from, New: to, Err: err}
}

// Preallocate is not done here: the file stays sparse.
func Preallocate(*os.File, int64, int64) error { return errors.ErrUnsupported }

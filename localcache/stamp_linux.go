// File identity on Linux (device, inode, size, change time), and opening a
// slice file in a folder held open with one openat.

package localcache

import (
	"os"
	"syscall"
)

func stampOf(fi os.FileInfo) (fileStamp, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fileStamp{}, false
	}
	return stampOfStat(st), true
}

// stampOfStat is the identity st describes.
func stampOfStat(st *syscall.Stat_t) fileStamp {
	return fileStamp{dev: uint64(st.Dev), ino: st.Ino, size: st.Size, ctime: st.Ctim.Nano()}
}

// openIn opens name, one path element, in the folder d without following
// a symlink. The caller keeps d open meanwhile.
func openIn(d *os.File, name string) (*os.File, error) {
	raw, err := d.SyscallConn()
	if err != nil {
		return nil, err
	}
	fd := -1
	var oerr error
	if err := raw.Control(func(dfd uintptr) {
		fd, oerr = syscall.Openat(int(dfd), name, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NOFOLLOW, 0)
	}); err != nil {
		return nil, err
	}
	if oerr != nil {
		return nil, &os.PathError{Op: "openat", Path: name, Err: oerr}
	}
	return os.NewFile(uintptr(fd), name), nil
}

// sameFile reports whether the open file f is still a regular file of
// identity st that has a name (not unlinked, nor renamed over): one fstat.
func sameFile(f *os.File, st fileStamp) bool {
	raw, err := f.SyscallConn()
	if err != nil {
		return false
	}
	var sys syscall.Stat_t
	var serr error
	if err := raw.Control(func(fd uintptr) { serr = syscall.Fstat(int(fd), &sys) }); err != nil || serr != nil {
		return false
	}
	return sys.Nlink > 0 && sys.Mode&syscall.S_IFMT == syscall.S_IFREG && stampOfStat(&sys) == st
}

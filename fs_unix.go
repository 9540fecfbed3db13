// File-system calls of Unix systems: the output lock and a rename that
// never replaces.

//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package slget

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// flock takes an exclusive lock on f at once, or fails with ErrLocked.
func flock(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
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

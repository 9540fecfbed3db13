// Ownership of the cache directory with flock(2) on DIR/lock.

//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package localcache

import (
	"errors"
	"os"
	"syscall"
)

// lockFile takes the exclusive lock of f at once or returns ErrLocked. The
// lock belongs to the open file description: another open of the same file
// conflicts with it, in this process too, and it goes when f is closed or
// its process dies.
func lockFile(f *os.File) error {
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

// lockHeld says whether some open file description holds the lock of f,
// by trying to take it shared and giving it back at once.
func lockHeld(f *os.File) (bool, error) {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB)
		switch {
		case err == nil:
			return false, syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return true, nil
		}
		return false, err
	}
}

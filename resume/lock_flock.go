// File locking with flock(2), taken before bbolt sees the file.

//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package resume

import (
	"errors"
	"os"
	"syscall"
	"time"
)

// haveLock reports whether lockFile really locks. Where it does, the lock is
// taken on the descriptor that is then handed to bbolt, so that the
// structural check of the file runs under the lock, and bbolt's own flock of
// the same descriptor succeeds at once.
const haveLock = true

// lockRetry is how often a held lock is tried again.
const lockRetry = 10 * time.Millisecond

// lockFile locks f, exclusively or shared, trying until timeout has passed; a
// timeout of zero or less tries once. It returns ErrLocked when the lock is
// held elsewhere. The lock belongs to the open file description: another
// open of the same file conflicts with it, in this process too.
func lockFile(f *os.File, exclusive bool, timeout time.Duration) error {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	deadline := time.Now().Add(timeout)
	for {
		err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, syscall.EINTR):
			continue
		case !errors.Is(err, syscall.EWOULDBLOCK):
			return err
		}
		left := time.Until(deadline)
		if left <= 0 {
			return ErrLocked
		}
		time.Sleep(min(left, lockRetry))
	}
}

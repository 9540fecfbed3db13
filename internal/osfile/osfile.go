// What every system shares: the lock's wait, and the sentinel errors.

package osfile

import (
	"errors"
	"os"
	"time"
)

// ErrLocked is returned by Lock when the lock is held elsewhere past the
// timeout.
var ErrLocked = errors.New("osfile: the file is locked elsewhere")

// ErrSymlink is what OpenNoFollow's error matches where the system has no
// errno of its own for "the last component is a symbolic link" (Windows'
// reparse points, the best-effort systems). Test with IsSymlinkRefused,
// which also knows the Unix errno.
var ErrSymlink = errors.New("a symbolic link or reparse point, not followed")

// retry is how often a held lock is tried again.
const retry = 10 * time.Millisecond

// Lock locks f, exclusively or shared, trying until timeout has passed; a
// timeout of zero or less tries once. It returns ErrLocked when the lock
// is held elsewhere. Where the system has no locks (LockSupported is
// false) it does nothing.
func Lock(f *os.File, exclusive bool, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		err := tryLock(f, exclusive)
		if !errors.Is(err, ErrLocked) {
			return err
		}
		left := time.Until(deadline)
		if left <= 0 {
			return ErrLocked
		}
		time.Sleep(min(left, retry))
	}
}

// Package osfile is the OS layer of slget: exclusive and shared locks on
// open files, opens that never follow a symbolic link (or, on Windows, a
// reparse point), a rename that never replaces, data and directory syncs,
// block reservation, and the questions the download flow asks of a file
// system (free space, longest name, holes). One file per system; the rest
// of the module names no system call.
//
// A lock belongs to the open file (on Unix the open file description, on
// Windows the handle): another open of the same file conflicts with it, in
// this process too, and it goes when the file is closed or its process
// dies.
//
// # Caveats
//
// Windows is built, not tested. Other systems than Linux, the BSDs, macOS
// and Windows (Plan 9, js/wasm, Solaris...) get best-effort answers: no
// locks (LockSupported is false), and a check-then-act for symbolic links
// and for the no-replace rename.
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

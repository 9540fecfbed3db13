// Ownership of the cache directory with a lock on DIR/lock (flock(2) on
// Unix, LockFileEx on Windows); where the system has no lock, bbolt's lock of DIR/index.db is the only one.

package localcache

import (
	"errors"
	"os"

	"github.com/slget/slget/internal/osfile"
)

// lockFile takes the exclusive lock of f at once or returns ErrLocked.
func lockFile(f *os.File) error {
	if err := osfile.Lock(f, true, 0); errors.Is(err, osfile.ErrLocked) {
		return ErrLocked
	} else if err != nil {
		return err
	}
	return nil
}

// lockHeld says whether some open file description holds the lock of f,
// by trying to take it shared and giving it back at once. Where it cannot
// tell, it says yes: Owner then trusts DIR/owner.
func lockHeld(f *os.File) (bool, error) {
	if !osfile.LockSupported {
		return true, nil
	}
	err := osfile.Lock(f, false, 0)
	switch {
	case err == nil:
		return false, osfile.Unlock(f)
	case errors.Is(err, osfile.ErrLocked):
		return true, nil
	}
	return false, err
}

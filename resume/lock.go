// File locking (flock(2) on Unix, LockFileEx on Windows), taken before
// bbolt sees the file.

package resume

import (
	"errors"
	"os"
	"time"

	"github.com/slget/slget/internal/osfile"
)

// haveLock reports whether lockFile really locks. Where it does, the lock is
// taken on the descriptor that is then handed to bbolt, so that the
// structural check of the file runs under the lock, and bbolt's own lock of
// the same descriptor succeeds at once. Elsewhere bbolt's own lock, taken
// with Options.Timeout, is the only one, and the structural check runs
// before it is taken.
const haveLock = osfile.LockSupported

// lockFile locks f, exclusively or shared, trying until timeout has passed; a
// timeout of zero or less tries once. It returns ErrLocked when the lock is
// held elsewhere.
func lockFile(f *os.File, exclusive bool, timeout time.Duration) error {
	if err := osfile.Lock(f, exclusive, timeout); errors.Is(err, osfile.ErrLocked) {
		return ErrLocked
	} else if err != nil {
		return err
	}
	return nil
}

// File locking where flock(2) is not available: left to bbolt.

//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package resume

import (
	"os"
	"time"
)

// haveLock is false here: bbolt's own lock, taken with Options.Timeout, is
// the only one, and the structural check runs before it is taken.
const haveLock = false

func lockFile(f *os.File, exclusive bool, timeout time.Duration) error { return nil }

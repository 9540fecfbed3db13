// Package flock takes flock(2) locks on open files, for the output lock,
// the journal and the cache directory: one implementation of the retry on
// EINTR, the wait up to a timeout, and the "held elsewhere" answer.
//
// A lock belongs to the open file description: another open of the same
// file conflicts with it, in this process too, and it goes when the file
// is closed or its process dies.
package flock

import (
	"errors"
	"os"
	"time"
)

// ErrLocked is returned when the lock is held elsewhere past the timeout.
var ErrLocked = errors.New("flock: the file is locked elsewhere")

// retry is how often a held lock is tried again.
const retry = 10 * time.Millisecond

// Lock locks f, exclusively or shared, trying until timeout has passed; a
// timeout of zero or less tries once. Where the system has no flock
// (Supported is false) it does nothing.
func Lock(f *os.File, exclusive bool, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		err := try(f, exclusive)
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

// What the queue's methods fail with.

package queue

import (
	"errors"
	"fmt"
)

// ErrClosed is returned by Add after Close.
var ErrClosed = errors.New("the queue is shutting down")

// NotFoundError says no download has the GID.
type NotFoundError struct{ GID GID }

func (e *NotFoundError) Error() string { return fmt.Sprintf("GID %s is not found", e.GID) }

// StateError says a download cannot do what was asked in its state (pause
// a finished one, unpause one not paused, remove one already stopped).
type StateError struct {
	GID   GID
	State State
	Op    string // "pause", "unpause", "remove", "removeResult"
}

func (e *StateError) Error() string {
	return fmt.Sprintf("GID#%s cannot be %s now: it is %s", e.GID, e.Op, e.State)
}

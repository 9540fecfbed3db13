// The events a Queue sends, and their names.

package queue

import "strconv"

// EventKind is what happened to a download.
type EventKind int

// The events a Queue sends.
const (
	EventStart EventKind = iota
	EventPause
	EventStop // removed
	EventComplete
	EventError
)

// Event is one change of a download's state.
type Event struct {
	Kind EventKind
	GID  GID
}

var eventKindNames = [...]string{
	EventStart:    "start",
	EventPause:    "pause",
	EventStop:     "stop",
	EventComplete: "complete",
	EventError:    "error",
}

// String is the event's name ("start", "pause", "stop", "complete",
// "error"), the word of aria2's hook and notification (onDownloadStart
// ...); a kind the Queue never sends is EventKind(N).
func (k EventKind) String() string {
	if k >= 0 && int(k) < len(eventKindNames) {
		return eventKindNames[k]
	}
	return "EventKind(" + strconv.Itoa(int(k)) + ")"
}

// EventKind's names, as a log line or a hook's name shows them.

package queue

import (
	"fmt"
	"testing"
)

func TestEventKindString(t *testing.T) {
	for _, c := range []struct {
		k    EventKind
		want string
	}{
		{EventStart, "start"},
		{EventPause, "pause"},
		{EventStop, "stop"},
		{EventComplete, "complete"},
		{EventError, "error"},
		{EventKind(5), "EventKind(5)"},
		{EventKind(-1), "EventKind(-1)"},
	} {
		if got := c.k.String(); got != c.want {
			t.Errorf("EventKind(%d).String() = %q, want %q", int(c.k), got, c.want)
		}
		// %v and %s use it, so a logged event says what it was.
		if got := fmt.Sprintf("%v", Event{Kind: c.k}.Kind); got != c.want {
			t.Errorf("%%v of EventKind(%d) = %q, want %q", int(c.k), got, c.want)
		}
	}
}

func ExampleEventKind_String() {
	fmt.Println(Event{Kind: EventComplete, GID: 0x2089b05ecca3d829}.Kind)
	// Output: complete
}

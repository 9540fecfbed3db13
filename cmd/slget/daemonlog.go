// The daemon's downloads in --log (-l), each start, pause,
// stop, completion and error with its GID, as aria2c's log has them.

package main

import (
	"github.com/slget/slget"
	"github.com/slget/slget/queue"
)

// logEvents returns a queue Notify that writes ev to --log, then passes
// it on to next.
func (d *daemon) logEvents(next func(queue.Event)) func(queue.Event) {
	return func(ev queue.Event) {
		d.logEvent(ev)
		next(ev)
	}
}

// logEvent writes one event: completions at NOTICE, errors at ERROR, the
// rest at INFO (aria2c's levels for them).
func (d *daemon) logEvent(ev queue.Event) {
	con := d.a.con
	if con.log == nil || d.q == nil {
		return
	}
	in, err := d.q.Get(ev.GID)
	if err != nil {
		return
	}
	uri := ""
	if len(in.Spec.URIs) > 0 {
		uri = slget.Redact(in.Spec.URIs[0])
	}
	switch ev.Kind {
	case queue.EventStart:
		con.logf(levelInfo, "GID#%s started: %s", ev.GID, uri)
	case queue.EventPause:
		con.logf(levelInfo, "GID#%s paused", ev.GID)
	case queue.EventStop:
		con.logf(levelInfo, "GID#%s removed: %s", ev.GID, uri)
	case queue.EventComplete:
		con.logf(levelNotice, "Download complete: %s (GID#%s)", in.Path, ev.GID)
	case queue.EventError:
		con.logf(levelError, "GID#%s failed (errorCode=%d): %s: %s", ev.GID, in.ErrorCode, uri, in.ErrorMessage) // the library redacts its messages
	}
}

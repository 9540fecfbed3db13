// Tests of one ID claimed by two members: both set aside, and reported.

package gossip

import (
	"strings"
	"testing"
	"time"
)

func TestGossipTwoClaimOneID(t *testing.T) {
	logs := map[string]*syncBuffer{"a": {}, "b": {}, "c": {}}
	a := member(t, "tok", "aaa", "http://127.0.0.1:1001", logs["a"])
	b := member(t, "tok", "xxx", "http://127.0.0.1:1002", logs["b"], a.LocalAddr())
	waitFor(t, "two members", func() bool { return len(a.Live()) == 2 && len(b.Live()) == 2 })

	// A third member copies b's ID.
	c := member(t, "tok", "xxx", "http://127.0.0.1:6666", logs["c"], a.LocalAddr())
	const want = "two members claim ID xxx: http://127.0.0.1:1002 and http://127.0.0.1:6666"
	for name, g := range map[string]*Gossip{"a": a, "b": b, "c": c} {
		waitFor(t, name+" sets xxx aside", func() bool {
			for _, m := range g.Live() {
				if m.ID == "xxx" {
					return false
				}
			}
			return true
		})
		var found bool
		for _, h := range g.Status() {
			if h.ID == "xxx" {
				found = true
				if h.Healthy || h.State != "conflict" || h.Err != want {
					t.Errorf("%s: status of xxx %+v", name, h)
				}
			}
		}
		if !found {
			t.Errorf("%s: no status of xxx in %+v", name, g.Status())
		}
		waitFor(t, name+" logs the conflict", func() bool {
			return strings.Contains(logs[name].String(), "level=ERROR msg=\""+want)
		})
	}
	if got := liveIDs(a); got != "aaa=http://127.0.0.1:1001" {
		t.Fatalf("a's live members: %s", got)
	}
	if n := strings.Count(logs["a"].String(), "level=ERROR msg=\"two members"); n != 1 {
		t.Fatalf("a logged the conflict %d times:\n%s", n, logs["a"])
	}

	// The conflict ends ConflictHold after its last sign: here at once.
	c.Shutdown()
	a.mu.Lock()
	a.cfg.ConflictHold = time.Nanosecond
	a.mu.Unlock()
	waitFor(t, "xxx taken back", func() bool { return len(a.Live()) == 2 })
}

// The members a gossip serve hears of: serves on health checks whose
// proven checks reach it, which its own lists may not name; the joiner
// asks them as it asks the listed ones, and fleet.Mixed ranks them once
// they prove the key.

package main

import (
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/slget/slget/fleet"
)

const (
	// heardKeep is how long a member heard of stays named after its last
	// check (they come every 2 s).
	heardKeep = time.Minute
	// maxHeard bounds the members heard of.
	maxHeard = 1024
)

// heardMembers names the members heard of (peer.Config.HeardMember) to
// the serve's list, as the source "heard".
type heardMembers struct {
	list *fleet.Members
	mu   sync.Mutex
	at   map[string]time.Time // by address: when last heard
}

func newHeardMembers(list *fleet.Members) *heardMembers {
	return &heardMembers{list: list, at: map[string]time.Time{}}
}

// add hears of the member at addr now; the list changes when a member is
// heard of first, or was not heard of for heardKeep.
func (h *heardMembers) add(addr string) {
	now := time.Now()
	h.mu.Lock()
	defer h.mu.Unlock()
	_, known := h.at[addr]
	if !known && len(h.at) >= maxHeard {
		return
	}
	h.at[addr] = now
	changed := !known
	for a, t := range h.at {
		if now.Sub(t) > heardKeep {
			delete(h.at, a)
			changed = true
		}
	}
	if changed {
		h.list.SetFound("heard", slices.Sorted(maps.Keys(h.at)))
	}
}

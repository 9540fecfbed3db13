// The fleet a client learns from the serves it was given: each one's
// GET /fleet, signed with the fleet key, names the other members, which
// the client then checks itself and keeps in reserve, so that when its
// own serve dies, stops or restarts, its runs go on from their owners
// among the others, not from the origin.

package slget

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/slget/slget/fleet"
)

// learnSource is the name fleet.Members knows the learned members by.
const learnSource = "serve"

// learnTimeout bounds one read of a serve's /fleet: a stopped serve
// costs a health check this much, not the read's own 5s.
const learnTimeout = time.Second

// learning is the membership of a Client that was given peers: its own
// checks of them (and of those MorePeers finds), and of the members their
// serves name. The learned members are asked only when none of the
// others is live, and after them for each run (see owners).
type learning struct {
	*fleet.Members
	serves []learnFrom // the given peers whose answers prove the fleet key

	given []string

	learning sync.Mutex // held by learn
	mu       sync.Mutex
	learned  map[string]bool // the addresses the serves named, not given
}

// learnFrom is a given peer, and the Remote that reads its /fleet.
type learnFrom struct {
	addr string
	r    *fleet.Remote
}

// newLearning returns the membership of the given peers, with the fleet
// key of each (keys) and that of the members found later (key). Only a
// peer with a key is asked for the fleet: without one, nothing proves
// that the addresses it names are its fleet's.
func newLearning(addrs []string, keys map[string]*fleet.Key, key *fleet.Key) *learning {
	l := &learning{Members: fleet.NewMembers(addrs, fleet.Options{Keys: keys, Key: key}), given: addrs, learned: map[string]bool{}}
	for _, a := range addrs {
		if k := keys[a]; k != nil && key != nil {
			l.serves = append(l.serves, learnFrom{addr: a, r: fleet.NewRemote(a, k)})
		}
	}
	return l
}

// Refresh reads the fleet of the first given serve that answers (one
// that its last check found down is not asked), then checks every member
// known, the learned ones included, unless that was done within maxAge.
func (l *learning) Refresh(ctx context.Context, maxAge time.Duration) {
	l.learn(ctx, maxAge)
	l.Members.Refresh(ctx, maxAge)
}

func (l *learning) learn(ctx context.Context, maxAge time.Duration) {
	l.learning.Lock()
	defer l.learning.Unlock()
	down := map[string]bool{}
	for _, h := range l.Members.Status() {
		down[h.Addr] = !h.Healthy && h.Err != "not checked yet"
	}
	for _, s := range l.serves {
		if down[s.addr] {
			continue
		}
		rctx, cancel := context.WithTimeout(ctx, learnTimeout)
		s.r.Refresh(rctx, maxAge)
		cancel()
		st := s.r.Status()
		if !st[0].Healthy {
			continue // it did not answer, or not with the key's proof: keep what was learned
		}
		var named []string
		for _, h := range st[1:] {
			if h.Addr != "" && !h.Unproven {
				named = append(named, fleet.Addr(h.Addr))
			}
		}
		l.setLearned(named)
		return
	}
}

// setLearned gives the members the addresses the serve named; the given
// ones stay given.
func (l *learning) setLearned(named []string) {
	l.Members.SetFound(learnSource, named)
	l.mu.Lock()
	defer l.mu.Unlock()
	l.learned = map[string]bool{}
	for _, a := range named {
		if !slices.Contains(l.given, a) {
			l.learned[a] = true
		}
	}
}

// Learned reports whether the member at addr is known only from a
// serve's fleet.
func (l *learning) Learned(addr string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.learned[addr]
}

// CloseIdle closes the idle connections to the serves asked for the
// fleet.
func (l *learning) CloseIdle() {
	for _, s := range l.serves {
		s.r.CloseIdle()
	}
}

// order is the order in which the peers are asked for a run: the owner
// among the members not held in reserve first, then the owners among all
// of them, each once.
func (o *owners) order(run int64) []int {
	table, rest, index := o.get()
	ranked := table.Rank(run)
	if rest != nil {
		for _, id := range rest.Rank(run) {
			if !slices.Contains(ranked, id) {
				ranked = append(ranked, id)
			}
		}
	}
	out := make([]int, len(ranked))
	for k, id := range ranked {
		out[k] = index[id]
	}
	return out
}

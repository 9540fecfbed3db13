// Quiet: what the health checks know of many members, said in few lines:
// one summary of those that do not answer, then a line when members go
// down or come back, no oftener than a rate.

package fleet

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
)

// quietNames is how many addresses a line names before "…".
const quietNames = 5

// Quiet turns successive Status lists of a fleet into lines for people. A
// fleet file of 50 members none of which answers is one line, not 50; a
// member that goes down or comes back later is at most a line, and
// several that change at once share it. The zero value is usable; it is
// safe for concurrent use.
type Quiet struct {
	// Every is the least time between two reports of changes; zero means
	// 10s. Changes within it wait for the next Report after it.
	Every time.Duration
	// Confirm is how many Reports in a row must see a member's new state
	// before it is said; zero means 1. Two keep a member not checked yet
	// (down at first) and a single missed check out of the log.
	Confirm int

	mu       sync.Mutex
	unproven map[string]bool   // the members said not to hold the fleet key
	claims   map[string]bool   // the claims of one ID by two members said (Health.Err)
	mixed    map[string]bool   // the members said to keep another membership, by ID
	reports  int               // Reports made, up to Confirm
	down     map[string]string // the members said to be down, and why
	seen     map[string]int    // Reports in a row that saw a member otherwise than said
	last     time.Time         // when changes were last said
}

// Report returns the lines to say about st, what the checks know now, at
// time now: a line for each host newly found not to hold the fleet key,
// the summary of the members down, then changes. Nil means nothing new.
func (q *Quiet) Report(now time.Time, st []Health) []string {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.down == nil {
		q.down, q.seen, q.unproven = map[string]string{}, map[string]int{}, map[string]bool{}
	}
	if q.claims == nil {
		q.claims, q.mixed = map[string]bool{}, map[string]bool{}
	}
	// A host that answers without the fleet key's MAC is named at once,
	// each on a line of its own: it is not a member that is down, it is
	// one that is none (a forged announcement, or another token).
	var alarms []string
	for _, h := range st {
		if h.Unproven && !q.unproven[h.Addr] {
			q.unproven[h.Addr] = true
			alarms = append(alarms, fmt.Sprintf("peer %s: %s: it is not a member of this fleet, and is sent nothing", h.Addr, h.Err))
		}
		// Two members that claim one ID answer: they are set aside, not
		// down, and the claim is said once.
		if h.Claimed && !q.claims[h.Err] {
			q.claims[h.Err] = true
			alarms = append(alarms, h.Err+": both are set aside (no runs go to either) until one of them goes; give each serve its own cache (see slget peers)")
		}
		// A member on another membership is said once, when it is
		// proven: the fleet is mixed.
		if h.Membership != "" && h.Healthy && h.ID != "" && !q.mixed[h.ID] {
			q.mixed[h.ID] = true
			alarms = append(alarms, mixedLine(h))
		}
	}
	return append(alarms, q.report(now, st)...)
}

// mixedLine says that the member h keeps another membership than this
// serve.
func mixedLine(h Health) string {
	if h.Membership == MembershipGossip {
		return fmt.Sprintf("a mixed fleet: member %s (ID %s) keeps the fleet's membership by gossip, this serve by health checks; "+
			"each ranks every member that proves the fleet key, so they agree on the owners, but give this serve a gossip port "+
			"(SLGET_GOSSIP_PORT under systemd) so that the fleet keeps one membership", h.Addr, h.ID)
	}
	return fmt.Sprintf("a mixed fleet: member %s (ID %s) proves the fleet key but keeps its membership by health checks, outside this fleet's gossip; "+
		"this serve checks it and ranks it with the gossip's members, but give it a gossip port (SLGET_GOSSIP_PORT under systemd) "+
		"so that the fleet keeps one membership", h.Addr, h.ID)
}

// report is Report for the members that hold the key, or are down.
func (q *Quiet) report(now time.Time, st []Health) []string {
	confirm := max(q.Confirm, 1)
	var (
		members          int
		wentDown, cameUp []string
		why              = map[string]string{}
		known            = map[string]bool{}
	)
	for _, h := range st {
		if h.Self || h.Addr == "" || known[h.Addr] || h.Unproven || h.Claimed {
			continue
		}
		known[h.Addr] = true
		members++
		if _, said := q.down[h.Addr]; h.Healthy != said {
			delete(q.seen, h.Addr) // as said
			continue
		}
		if q.seen[h.Addr]++; q.seen[h.Addr] < confirm {
			continue
		}
		if h.Healthy {
			cameUp = append(cameUp, h.Addr)
		} else {
			wentDown = append(wentDown, h.Addr)
			why[h.Addr] = h.Err
		}
	}
	for a := range q.down { // members no longer known are not missed
		if !known[a] {
			delete(q.down, a)
		}
	}
	for a := range q.seen {
		if !known[a] {
			delete(q.seen, a)
		}
	}
	if q.reports < confirm {
		if q.reports++; q.reports < confirm {
			return nil
		}
		q.last = now
		return q.said(wentDown, nil, why, members, true)
	}
	every := q.Every
	if every <= 0 {
		every = 10 * time.Second
	}
	if len(wentDown)+len(cameUp) == 0 || now.Sub(q.last) < every {
		return nil
	}
	q.last = now
	return q.said(wentDown, cameUp, why, members, false)
}

// said records that wentDown are down and cameUp are not, and returns the
// lines that say so: the first summary, or the changes after it.
func (q *Quiet) said(wentDown, cameUp []string, why map[string]string, members int, first bool) []string {
	for _, a := range wentDown {
		q.down[a] = why[a]
		delete(q.seen, a)
	}
	for _, a := range cameUp {
		delete(q.down, a)
		delete(q.seen, a)
	}
	var out []string
	switch n := len(wentDown); {
	case n == 1 && first:
		out = append(out, fmt.Sprintf("peer %s does not answer (%s) (see slget peers)", wentDown[0], why[wentDown[0]]))
	case first && n > 0:
		out = append(out, fmt.Sprintf("%d of %d peers do not answer: %s (see slget peers)", n, members, names(wentDown)))
	case n == 1:
		out = append(out, fmt.Sprintf("peer %s does not answer (%s); %d of %d down", wentDown[0], why[wentDown[0]], len(q.down), members))
	case n > 1:
		out = append(out, fmt.Sprintf("%d more peers do not answer: %s; %d of %d down", n, names(wentDown), len(q.down), members))
	}
	switch n := len(cameUp); {
	case n == 1:
		out = append(out, fmt.Sprintf("peer %s answers again; %d of %d down", cameUp[0], len(q.down), members))
	case n > 1:
		out = append(out, fmt.Sprintf("%d peers answer again: %s; %d of %d down", n, names(cameUp), len(q.down), members))
	}
	return out
}

// names lists addrs, sorted, the first quietNames of them.
func names(addrs []string) string {
	addrs = slices.Sorted(slices.Values(addrs))
	if len(addrs) <= quietNames {
		return strings.Join(addrs, ", ")
	}
	return strings.Join(addrs[:quietNames], ", ") + ", …"
}

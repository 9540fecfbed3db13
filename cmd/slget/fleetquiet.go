// What a serve logs of the members of its fleet that do not answer: one
// line for all of them, then a line when that changes (fleet.Quiet), and
// never a line per member per check; and of the LAN's discovery failing,
// a line per new reason, not one per query.

package main

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/slget/slget/fleet"
	"github.com/slget/slget/internal/every"
)

const (
	// fleetReportEvery is how often a serve looks at its fleet's health:
	// as often as the members are checked.
	fleetReportEvery = 2 * time.Second
	// fleetChangesEvery is the least time between two lines about members
	// that went down or came back.
	fleetChangesEvery = 10 * time.Second
)

// reportFleet logs what the health checks of v find until ctx is done: a
// member must be seen down (or back) in two looks in a row, so that a
// member not checked yet, or one missed check, is not said.
func reportFleet(ctx context.Context, v fleet.View, log *slog.Logger) {
	q := &fleet.Quiet{Every: fleetChangesEvery, Confirm: 2}
	every.Tick(ctx, fleetReportEvery, func(now time.Time) bool {
		for _, l := range q.Report(now, v.Status()) {
			log.Warn(l)
		}
		return true
	})
}

// newErrors returns a function that tells say of an error only when its
// message differs from the last one's: mDNS asks every few seconds, and a
// failure that lasts (netlink denied to the service) is one line.
func newErrors(say func(error)) func(error) {
	var (
		mu   sync.Mutex
		last string
	)
	return func(err error) {
		mu.Lock()
		same := err.Error() == last
		last = err.Error()
		mu.Unlock()
		if !same {
			say(err)
		}
	}
}

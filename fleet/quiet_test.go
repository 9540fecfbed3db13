// Tests of Quiet: 50 members down are one line, and later changes a line
// each, no oftener than Every.

package fleet

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// fleetOf is the status of n members, those of down not answering.
func fleetOf(n int, down func(i int) bool) []Health {
	st := []Health{{ID: "me", Healthy: true, Self: true}}
	for i := range n {
		h := Health{Addr: fmt.Sprintf("http://127.0.0.1:%d", 40000+i), Healthy: !down(i)}
		if !h.Healthy {
			h.Err = "connection refused"
		}
		st = append(st, h)
	}
	return st
}

func TestQuietSummary(t *testing.T) {
	q := &Quiet{Every: time.Minute}
	t0 := time.Now()
	got := q.Report(t0, fleetOf(50, func(i int) bool { return i >= 2 }))
	if len(got) != 1 || !strings.HasPrefix(got[0], "48 of 50 peers do not answer: http://127.0.0.1:40002, http://127.0.0.1:40003,") ||
		!strings.HasSuffix(got[0], ", … (see slget peers)") || strings.Count(got[0], "http://") != quietNames {
		t.Fatalf("first report %q, want one summary line naming %d", got, quietNames)
	}
	if got := q.Report(t0.Add(2*time.Minute), fleetOf(50, func(i int) bool { return i >= 2 })); got != nil {
		t.Errorf("nothing changed: %q", got)
	}
	// One comes back and one goes down at once: a line each.
	st := fleetOf(50, func(i int) bool { return i >= 1 })
	st[5].Healthy, st[5].Err = true, ""
	if got := q.Report(t0.Add(30*time.Second), st); got != nil {
		t.Errorf("within Every: %q, want nothing yet", got)
	}
	got = q.Report(t0.Add(61*time.Second), st)
	want := []string{
		"peer http://127.0.0.1:40001 does not answer (connection refused); 48 of 50 down",
		"peer http://127.0.0.1:40004 answers again; 48 of 50 down",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("changes: %q, want %q", got, want)
	}
	// All come back: one line.
	got = q.Report(t0.Add(3*time.Minute), fleetOf(50, func(int) bool { return false }))
	if len(got) != 1 || !strings.HasPrefix(got[0], "48 peers answer again: ") || !strings.HasSuffix(got[0], "; 0 of 50 down") {
		t.Errorf("all back: %q", got)
	}
}

func TestQuietConfirm(t *testing.T) {
	q := &Quiet{Confirm: 2, Every: time.Nanosecond}
	t0 := time.Now()
	// Not checked yet: all down at first, then all but one answer.
	if got := q.Report(t0, fleetOf(4, func(int) bool { return true })); got != nil {
		t.Fatalf("first of two reports: %q", got)
	}
	// Only the member down in both is said.
	got := q.Report(t0.Add(time.Second), fleetOf(4, func(i int) bool { return i == 0 }))
	if len(got) != 1 || !strings.HasPrefix(got[0], "peer http://127.0.0.1:40000 does not answer") {
		t.Fatalf("confirmed: %q", got)
	}
	// One missed check is not said.
	q.Report(t0.Add(3*time.Second), fleetOf(4, func(i int) bool { return i <= 1 }))
	if got := q.Report(t0.Add(4*time.Second), fleetOf(4, func(i int) bool { return i == 0 })); got != nil {
		t.Errorf("one missed check: %q", got)
	}
	// A member no longer listed is not missed, and not said to come back.
	if got := q.Report(t0.Add(5*time.Second), fleetOf(4, func(int) bool { return false })[2:]); got != nil {
		t.Errorf("member 0 gone from the list: %q", got)
	}
}

func TestQuietAllUp(t *testing.T) {
	var q Quiet
	if got := q.Report(time.Now(), fleetOf(3, func(int) bool { return false })); got != nil {
		t.Errorf("all up: %q", got)
	}
}

// A host that does not hold the fleet key is named at once, on a line of
// its own, once; it is not counted among the members down.
func TestQuietNamesUnproven(t *testing.T) {
	var q Quiet
	now := time.Now()
	st := []Health{
		{Addr: "http://10.0.0.1:7878", Healthy: true},
		{Addr: "http://10.0.0.66:7878", Unproven: true, Err: "did not prove it holds the fleet key"},
	}
	lines := q.Report(now, st)
	if len(lines) != 1 || !strings.Contains(lines[0], "http://10.0.0.66:7878") || !strings.Contains(lines[0], "not a member of this fleet") {
		t.Fatalf("first report %q: want one line naming the host without the key", lines)
	}
	if lines := q.Report(now.Add(time.Minute), st); len(lines) != 0 {
		t.Errorf("second report %q: want nothing new", lines)
	}
}

// Two members that claim one ID are said once, as such: not as members
// that do not answer.
func TestQuietNamesAClaimedID(t *testing.T) {
	var q Quiet
	now := time.Now()
	claim := "two members claim ID b1: http://10.0.0.2:7878 and http://10.0.0.3:7878"
	st := []Health{
		{Addr: "http://10.0.0.1:7878", ID: "a1", Healthy: true},
		{Addr: "http://10.0.0.2:7878", ID: "b1", Claimed: true, Err: claim},
		{Addr: "http://10.0.0.3:7878", ID: "b1", Claimed: true, Err: claim},
	}
	lines := q.Report(now, st)
	if len(lines) != 1 || !strings.HasPrefix(lines[0], claim) || strings.Contains(lines[0], "answer") && !strings.Contains(lines[0], "set aside") {
		t.Fatalf("first report %q: want one line that says the claim", lines)
	}
	if lines := q.Report(now.Add(time.Minute), st); len(lines) != 0 {
		t.Errorf("second report %q: want nothing new", lines)
	}
}

// Tests of a mixed fleet: a member's membership read from its /healthz,
// Mixed ranking the members outside the gossip, and Quiet saying each
// once.

package fleet

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"
)

// gossipHealthz is a serve's /healthz, naming a gossip port when port is
// not "".
func gossipHealthz(id, port string) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set(HeaderID, id)
		if port != "" {
			w.Header().Set(HeaderGossip, port)
		}
		w.Write([]byte("ok\n"))
	}))
}

// staticView is a View of fixed members: a gossip's, in these tests.
type staticView []Health

func (v staticView) Live() []Member {
	var out []Member
	for _, h := range v {
		if h.Healthy {
			out = append(out, Member{Addr: h.Addr, ID: h.ID})
		}
	}
	return out
}

func (v staticView) Status() []Health { return v }

func memberships(st []Health) map[string]string {
	out := map[string]string{}
	for _, h := range st {
		out[h.ID] = h.Membership
	}
	return out
}

// A serve on health checks marks the members whose /healthz names a
// gossip; one in the gossip marks those outside it; neither marks itself.
func TestMembersMembership(t *testing.T) {
	g, c, self := gossipHealthz("G", "7947"), gossipHealthz("C", ""), gossipHealthz("S", "")
	defer g.Close()
	defer c.Close()
	defer self.Close()
	ctx := context.Background()

	checks := NewMembers([]string{g.URL, c.URL, self.URL}, Options{SelfID: "S"})
	checks.Check(ctx)
	if got, want := memberships(checks.Status()), map[string]string{"G": MembershipGossip, "C": "", "S": ""}; !mapsEqual(got, want) {
		t.Errorf("a serve on health checks: %v, want %v", got, want)
	}
	outside := NewMembers([]string{g.URL, c.URL, self.URL}, Options{SelfID: "S", Gossip: true})
	outside.Check(ctx)
	if got, want := memberships(outside.Status()), map[string]string{"G": "", "C": MembershipChecks, "S": ""}; !mapsEqual(got, want) {
		t.Errorf("a serve in the gossip: %v, want %v", got, want)
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// Mixed ranks the gossip's members and those outside it that answer their
// checks, each once by ID, this serve's own entry from the gossip; the
// owners are those of a serve on health checks that knows all of them.
func TestMixedRanksTheMembersOutside(t *testing.T) {
	c, d, dupe := gossipHealthz("C", ""), gossipHealthz("D", ""), gossipHealthz("B", "")
	defer c.Close()
	defer dupe.Close()
	in := staticView{
		{Addr: "http://a:1", ID: "A", Healthy: true, Self: true, State: "alive"},
		{Addr: "http://b:1", ID: "B", Healthy: true, State: "alive"},
	}
	out := NewMembers([]string{c.URL, d.URL, dupe.URL}, Options{SelfID: "A", Gossip: true, Timeout: time.Second})
	x := Mixed{In: in, Out: out}
	if got := ids(x.Live()); got != "A,B" {
		t.Fatalf("before any check: %s, want the gossip's A,B", got)
	}
	out.Check(context.Background())
	if got := ids(x.Live()); got != "A,B,C,D" {
		t.Fatalf("live: %s, want A,B,C,D (B once)", got)
	}
	st := x.Status()
	var got []string
	for _, h := range st {
		got = append(got, h.ID+"="+h.Membership)
	}
	if want := []string{"A=", "B=", "C=health checks", "D=health checks"}; !slices.Equal(got, want) {
		t.Errorf("status: %q, want %q", got, want)
	}
	f := File{URL: "http://o/f", ETag: `"e"`, Size: 64 << 20, Slice: 1 << 20}
	mixed, all := Own(f, idsOf(x.Live())), Own(f, []string{"A", "B", "C", "D"})
	for run := range f.Runs() {
		if mixed.Owner(run) != all.Owner(run) {
			t.Fatalf("run %d: owner %s, a serve that checks all four names %s", run, mixed.Owner(run), all.Owner(run))
		}
	}
	d.Close() // refuses now: gone at once
	out.Check(context.Background())
	if got := ids(x.Live()); got != "A,B,C" {
		t.Fatalf("live after D stopped: %s, want A,B,C", got)
	}
}

func idsOf(l []Member) []string {
	var out []string
	for _, m := range l {
		out = append(out, m.ID)
	}
	return out
}

// Quiet says each member on another membership once, when it is healthy.
func TestQuietNamesAMixedFleet(t *testing.T) {
	q := &Quiet{Confirm: 2}
	st := []Health{
		{Addr: "http://a:1", ID: "A", Healthy: true, Self: true},
		{Addr: "http://g:1", ID: "G", Healthy: true, Membership: MembershipGossip},
		{Addr: "http://c:1", ID: "C", Healthy: false, Membership: MembershipChecks, Err: "not checked yet"},
	}
	now := time.Now()
	lines := q.Report(now, st)
	if len(lines) != 1 || !strings.Contains(lines[0], "a mixed fleet: member http://g:1 (ID G) keeps the fleet's membership by gossip") ||
		!strings.Contains(lines[0], "give this serve a gossip port (SLGET_GOSSIP_PORT under systemd)") {
		t.Fatalf("first report: %q", lines)
	}
	st[2].Healthy, st[2].Err = true, ""
	lines = q.Report(now.Add(time.Minute), st)
	if len(lines) != 1 || !strings.Contains(lines[0], "a mixed fleet: member http://c:1 (ID C) proves the fleet key but keeps its membership by health checks") {
		t.Fatalf("second report: %q", lines)
	}
	for i := range 5 {
		if lines := q.Report(now.Add(time.Duration(i+2)*time.Minute), st); len(lines) > 0 {
			t.Fatalf("said again: %q", lines)
		}
	}
}

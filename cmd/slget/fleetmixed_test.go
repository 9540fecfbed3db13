// A mixed fleet: two serves keep the membership by gossip, one by health
// checks, all named by one fleet file. Each says the mix once in its log,
// on /fleet and on its page, all rank the same three owners, and a cold
// wave of clients that each ask their own serve costs the origin one copy.

package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// mixedState is what GET /fleet says of a mixed fleet.
type mixedState struct {
	Membership string `json:"membership"`
	Mixed      bool   `json:"mixed"`
	Members    []struct {
		Addr       string `json:"addr"`
		Healthy    bool   `json:"healthy"`
		Self       bool   `json:"self"`
		Membership string `json:"membership"`
	} `json:"members"`
}

func readMixed(t *testing.T, s *servedPeer) mixedState {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, s.url+"/fleet", nil)
	req.Header.Set("Authorization", "Bearer "+fleetToken)
	_, body := getBodyReq(t, req)
	var st mixedState
	if err := json.Unmarshal(body, &st); err != nil {
		t.Fatalf("/fleet of %s: %v: %s", s.url, err, body)
	}
	return st
}

// agreed reports whether st has every serve of want healthy and no other,
// each other member marked with the membership of marked[addr] ("" for
// none).
func (st mixedState) agreed(want []*servedPeer, marked map[string]string) bool {
	healthy := map[string]string{}
	for _, m := range st.Members {
		if m.Healthy {
			healthy[m.Addr] = m.Membership
		}
	}
	if len(healthy) != len(want) {
		return false
	}
	for _, s := range want {
		if mb, ok := healthy[s.url]; !ok || mb != marked[s.url] {
			return false
		}
	}
	return true
}

// servePage is the HTML of s's operator's page.
func servePage(t *testing.T, s *servedPeer) string {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, s.url+"/?format=html", nil)
	req.Header.Set("Authorization", "Bearer "+fleetToken)
	code, body := getBodyReq(t, req)
	if code != http.StatusOK {
		t.Fatalf("the page of %s: %d %s", s.url, code, body)
	}
	return string(body)
}

// TestFleetMixedMemberships: gossip serves a and b, c on health checks;
// all named by one fleet file, or c alone naming all three while the
// gossip names only itself (a, and b through a): c's checks of a and b
// name it to them.
// waitAgreed waits until s's /fleet has the members of want healthy,
// marked as marked says, and says the fleet is mixed when some are.
func waitAgreed(t *testing.T, s *servedPeer, want []*servedPeer, marked map[string]string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for st := readMixed(t, s); !st.agreed(want, marked) || st.Mixed != (len(marked) > 0); st = readMixed(t, s) {
		if time.Now().After(deadline) {
			t.Fatalf("serve %s: /fleet says %+v, want %d healthy, %v marked, and mixed\n%s", s.url, st, len(want), marked, s.stderr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestFleetMixedMemberships(t *testing.T) {
	for _, tc := range []struct {
		name   string
		listed bool // a and b have the fleet file too
	}{{"one fleet file", true}, {"the gossip names only itself", false}} {
		t.Run(tc.name, func(t *testing.T) { mixedFleet(t, tc.listed) })
	}
}

func mixedFleet(t *testing.T, listed bool) {
	const (
		size  = 24<<20 + 4321
		slice = 1 << 20
	)
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(16<<20))
	ports := freePorts(t, 5)
	file := filepath.Join(t.TempDir(), "fleet")
	list := ""
	for _, p := range ports[:3] {
		list += fmt.Sprintf("http://127.0.0.1:%d\n", p)
	}
	if err := os.WriteFile(file, []byte(list), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"--allow", strings.TrimPrefix(origin.URL, "http://"), "--token", fleetToken}
	gossipArgs := slices.Concat(args, []string{"--fleet-file", file})
	if !listed {
		gossipArgs = args
	}
	a := startServeAt(t, ports[0], t.TempDir(), slices.Concat(gossipArgs, []string{"--gossip-port", fmt.Sprint(ports[3])})...)
	b := startServeAt(t, ports[1], t.TempDir(), slices.Concat(gossipArgs, []string{"--gossip-port", fmt.Sprint(ports[4]), "--peer", a.url})...)
	c := startServeAt(t, ports[2], t.TempDir(), slices.Concat(args, []string{"--fleet-file", file})...) // health checks
	serves := []*servedPeer{a, b, c}

	// Each ranks all three, and marks those on the other membership.
	marks := map[*servedPeer]map[string]string{
		a: {c.url: "health checks"}, b: {c.url: "health checks"},
		c: {a.url: "gossip", b.url: "gossip"},
	}
	for _, s := range serves {
		waitAgreed(t, s, serves, marks[s])
	}
	if st := readMixed(t, a); st.Membership != "gossip" {
		t.Errorf("a's /fleet: membership %q, want gossip", st.Membership)
	}
	if st := readMixed(t, c); st.Membership != "health checks" {
		t.Errorf("c's /fleet: membership %q, want health checks", st.Membership)
	}
	for _, s := range serves {
		page := servePage(t, s)
		if !strings.Contains(page, "A mixed fleet") {
			t.Errorf("the page of %s does not say the fleet is mixed", s.url)
		}
		for addr, mb := range marks[s] {
			if !strings.Contains(page, "mixed: by "+mb) || !strings.Contains(page, addr) {
				t.Errorf("the page of %s does not mark %s as on %s", s.url, addr, mb)
			}
		}
	}

	dir := t.TempDir()
	bin := binary(t)
	runs := atOnce(len(serves), func(i int) *exec.Cmd {
		return exec.Command(bin, "--json", "-d", dir, "-o", fmt.Sprintf("f-%d", i), "-x", "4",
			"--peer", strings.Replace(serves[i].url, "http://", "http://slget:"+fleetToken+"@", 1), origin.FileURL())
	})
	checkFleetFiles(t, "a mixed fleet", runs, dir, origin.Content().SHA256())
	served := origin.BytesServed()
	t.Logf("a mixed fleet: origin served %.3fx the file", float64(served)/size)
	if served > size*101/100 {
		t.Errorf("the origin served %.3fx the file to a mixed fleet whose clients each ask their own serve; want at most 1.01x", float64(served)/size)
	}
	if fills, clientGETs := originFills(origin, slice); len(clientGETs) > 0 || len(fills) != (size+slice-1)/slice {
		t.Errorf("the fleet filled %d slices of %d; the clients asked the origin for %q", len(fills), (size+slice-1)/slice, clientGETs)
	}

	// Each serve said each member on the other membership once: after the
	// wave, two more rounds of reports may not say it again.
	time.Sleep(2 * fleetReportEvery)
	for _, s := range serves {
		log := s.stderr.String()
		for addr := range marks[s] {
			if n := strings.Count(log, "a mixed fleet: member "+addr+" "); n != 1 {
				t.Errorf("serve %s said %d times that %s is on another membership, want once:\n%s", s.url, n, addr, log)
			}
		}
	}
	if !listed {
		return
	}
	// c is killed and started again on its cache 20 s later: the gossip
	// serves rank it again within a round of checks, not after the
	// growing wait of the joiner for a member that does not answer
	// (16 s by then).
	c.cmd.Process.Kill()
	<-c.done
	waitAgreed(t, a, []*servedPeer{a, b}, nil)
	time.Sleep(20 * time.Second) // the outage
	c = startServeAt(t, ports[2], c.dir, slices.Concat(args, []string{"--fleet-file", file})...)
	back := time.Now()
	for _, s := range []*servedPeer{a, b} {
		waitAgreed(t, s, []*servedPeer{a, b, c}, marks[s])
	}
	t.Logf("c restarted: ranked again by the gossip serves %v after it started", time.Since(back).Round(100*time.Millisecond))
	if took := time.Since(back); took > 8*time.Second {
		t.Errorf("c restarted: the gossip serves ranked it again %v after it started, want within a few rounds of checks", took)
	}
}

// A fleet of serves on gossip (--gossip-port): members found through one
// another, a download through them that costs the origin one copy, a
// member killed and one with another token kept out, all seen in /fleet.

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// gossipFleet is what GET /fleet says: each member's ID, address, state.
func gossipFleet(t *testing.T, s *servedPeer) map[string]string {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, s.url+"/fleet", nil)
	req.Header.Set("Authorization", "Bearer "+fleetToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var st struct {
		Members []struct {
			Addr    string `json:"addr"`
			Healthy bool   `json:"healthy"`
			State   string `json:"state"`
		} `json:"members"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, m := range st.Members {
		out[m.Addr] = fmt.Sprintf("%s/%v", m.State, m.Healthy)
	}
	return out
}

// waitGossip polls s's /fleet until cond holds of it.
func waitGossip(t *testing.T, s *servedPeer, what string, cond func(map[string]string) bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		f := gossipFleet(t, s)
		if cond(f) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve %s: %s; /fleet says %v\n%s", s.url, what, f, s.stderr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// seenAll counts the members on s's /fleet with a last_seen.
func seenAll(t *testing.T, s *servedPeer) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, s.url+"/fleet", nil)
	req.Header.Set("Authorization", "Bearer "+fleetToken)
	_, body := getBodyReq(t, req)
	var st struct {
		Members []struct {
			LastSeen time.Time `json:"last_seen"`
		} `json:"members"`
	}
	json.Unmarshal(body, &st)
	n := 0
	for _, m := range st.Members {
		if !m.LastSeen.IsZero() {
			n++
		}
	}
	return n
}

func alive(f map[string]string, addrs ...string) bool {
	n := 0
	for _, v := range f {
		if v == "alive/true" {
			n++
		}
	}
	for _, a := range addrs {
		if f[a] != "alive/true" {
			return false
		}
	}
	return n == len(addrs)
}

func TestGossipFleetOfServes(t *testing.T) {
	const (
		size  = 12<<20 + 77
		slice = 1 << 20
	)
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(16<<20))
	allow := strings.TrimPrefix(origin.URL, "http://")
	start := func(token string, peers ...string) *servedPeer {
		ports := freePorts(t, 2)
		args := []string{"--allow", allow, "--token", token, "--gossip-port", fmt.Sprint(ports[1])}
		for _, p := range peers {
			args = append(args, "--peer", p)
		}
		return startServeAt(t, ports[0], t.TempDir(), args...)
	}
	a := start(fleetToken)
	b := start(fleetToken, a.url)
	c := start(fleetToken, b.url) // knows b only: finds a by the gossip
	serves := []*servedPeer{a, b, c}
	for _, s := range serves {
		waitGossip(t, s, "three members alive", func(f map[string]string) bool { return alive(f, a.url, b.url, c.url) })
	}
	// Each live member has been seen, by the gossip's probes.
	for _, s := range serves {
		waitGossip(t, s, "every member seen", func(map[string]string) bool { return seenAll(t, s) == 3 })
	}

	dir := t.TempDir()
	runs := runFleetClients(t, serves, dir, origin.FileURL())
	checkFleetFiles(t, "through a gossip fleet", runs, dir, origin.Content().SHA256())
	onceEach(t, origin, size, slice)

	// A serve with another token names a member, and stays out.
	x := start("another-token", a.url)
	time.Sleep(time.Second) // a second of gossip rounds: x may not come in meanwhile
	if f := gossipFleet(t, a); !alive(f, a.url, b.url, c.url) {
		t.Fatalf("a serve with another token joined: %v", f)
	}
	if !strings.Contains(x.stderr.String(), "fleet gossip") {
		t.Fatalf("x's log: %s", x.stderr)
	}

	// A member killed: the others see it gone.
	c.cmd.Process.Kill()
	<-c.done
	for _, s := range serves[:2] {
		waitGossip(t, s, "c gone", func(f map[string]string) bool { return alive(f, a.url, b.url) && f[c.url] == "gone/false" })
	}
}

func TestGossipNeedsTheFleetToken(t *testing.T) {
	r := runSlget(t, "serve", "--cache", t.TempDir(), "--allow", "example.com", "--gossip-port", "7947")
	if r.code != exitBadOption || !strings.Contains(r.stderr, "--gossip-port: the gossip is sealed with the fleet token") {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
}

// TestFleetTwoServesClaimOneID: two serves whose caches hold one fleet ID
// (a copied fleet.id) are both set aside and reported, by the health
// checks and by the gossip alike.
func TestFleetTwoServesClaimOneID(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(1<<20))
	allow := strings.TrimPrefix(origin.URL, "http://")
	cache := func(id string) string {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "fleet.id"), []byte(id+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	for _, mode := range []string{"checks", "gossip"} {
		t.Run(mode, func(t *testing.T) {
			// The serves' ports, then their gossip ports.
			ports := freePorts(t, 6)
			var args [3][]string
			for i := range args {
				args[i] = []string{"--allow", allow, "--token", fleetToken}
				if mode == "gossip" {
					args[i] = append(args[i], "--gossip-port", fmt.Sprint(ports[3+i]))
				}
				for _, p := range ports[:3] {
					args[i] = append(args[i], "--peer", fmt.Sprintf("http://127.0.0.1:%d", p))
				}
			}
			a := startServeAt(t, ports[0], cache("aaaaaaaaaaaa"), args[0]...)
			b := startServeAt(t, ports[1], cache("bbbbbbbbbbbb"), args[1]...)
			waitGossip(t, a, "a and b", func(f map[string]string) bool { return f[a.url] != "" && strings.HasSuffix(f[b.url], "/true") })
			copier := startServeAt(t, ports[2], cache("bbbbbbbbbbbb"), args[2]...)
			want := "two members claim ID bbbbbbbbbbbb: "
			waitGossip(t, a, "b and its copy set aside", func(f map[string]string) bool {
				return strings.HasSuffix(f[b.url], "/false") && !strings.HasSuffix(f[copier.url], "/true")
			})
			deadline := time.Now().Add(30 * time.Second)
			for !strings.Contains(a.stderr.String(), want) {
				if time.Now().After(deadline) {
					t.Fatalf("a's log has no %q:\n%s", want, a.stderr)
				}
				time.Sleep(50 * time.Millisecond)
			}
			claimSaid(t, origin, want, a, b, copier)
		})
	}
}

// claimSaid checks that a client, slget peers and a's page say that b
// and copier claim one ID, as want says, rather than that they do not
// answer, or are healthy.
func claimSaid(t *testing.T, origin *fetchtest.Server, want string, a, b, copier *servedPeer) {
	t.Helper()
	peers := []string{"--peer", a.url, "--peer", b.url, "--peer", copier.url}
	dir := t.TempDir()
	r := mustFetch(t, filepath.Join(dir, "f"), origin.Content().SHA256(), append(peers, "--peer-token", fleetToken, "-d", dir, "-o", "f", origin.FileURL())...)
	if !strings.Contains(r.stderr, want) || strings.Contains(r.stderr, "do not answer") || strings.Contains(r.stderr, "does not answer") {
		t.Errorf("the client's stderr %q: want %q, and no peer said not to answer", r.stderr, want)
	}
	r = runSlget(t, append([]string{"peers", "--no-mdns", "--json"}, peers...)...)
	var list []peerStatus
	if err := json.Unmarshal([]byte(r.stdout), &list); err != nil {
		t.Fatalf("slget peers --json: %v: %q", err, r.stdout)
	}
	claimed := 0
	for _, p := range list {
		if p.Claimed && !p.Healthy && strings.Contains(p.Error, strings.TrimSuffix(want, ": ")) {
			claimed++
		}
	}
	if claimed != 2 {
		t.Errorf("slget peers --json: %s; want b and its copy claimed, not healthy", r.stdout)
	}
	r = runSlget(t, append([]string{"peers", "--no-mdns"}, peers...)...)
	if strings.Count(r.stdout, "set aside: "+want) != 2 {
		t.Errorf("slget peers: %q; want b and its copy set aside, said so", r.stdout)
	}
	for _, page := range []string{"/", "/?format=json"} {
		req, _ := http.NewRequest(http.MethodGet, a.url+page, nil)
		req.Header.Set("Authorization", "Bearer "+fleetToken)
		status, body := getBodyReq(t, req)
		mark := `"claimed":true`
		if page == "/" {
			mark = "ID claimed twice"
		}
		if status != http.StatusOK || !strings.Contains(strings.ReplaceAll(string(body), `": `, `":`), mark) || !strings.Contains(string(body), "bbbbbbbbbbbb") {
			t.Errorf("a's page %s: %d, no %q:\n%s", page, status, mark, body)
		}
	}
}

// getBodyReq does req and returns the status and the body.
func getBodyReq(t *testing.T, req *http.Request) (int, []byte) {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// A fleet of serves: three real slget serve processes that name each other
// with --peer, three clients that list them in rotated orders, and the
// origin asked for each slice once in all; a warm wave that costs it
// nothing; a serve killed in the middle of a wave.

package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

const fleetToken = "fleet-secret"

// fleetOf starts n serves that list each other (and themselves) as their
// fleet, and waits until each sees every member healthy.
func fleetOf(t *testing.T, n int, origin *fetchtest.Server) []*servedPeer {
	t.Helper()
	ports := freePorts(t, n)
	var list []string
	for i := range ports {
		list = append(list, "--peer", fmt.Sprintf("http://127.0.0.1:%d", ports[i]))
	}
	serves := make([]*servedPeer, n)
	for i := range serves {
		args := append([]string{"--allow", strings.TrimPrefix(origin.URL, "http://"), "--token", fleetToken}, list...)
		serves[i] = startServeAt(t, ports[i], t.TempDir(), args...)
	}
	for _, s := range serves {
		waitFleet(t, s, n)
	}
	return serves
}

// waitFleet waits until serve s sees want members healthy.
func waitFleet(t *testing.T, s *servedPeer, want int) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		healthy, err := fleetHealthy(s)
		if err == nil && healthy == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve %s sees %d healthy members, want %d (%v)", s.url, healthy, want, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func fleetHealthy(s *servedPeer) (int, error) {
	req, _ := http.NewRequest(http.MethodGet, s.url+"/fleet", nil)
	req.Header.Set("Authorization", "Bearer "+fleetToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	var st struct {
		Members []struct {
			Healthy bool `json:"healthy"`
		} `json:"members"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil {
		return 0, err
	}
	n := 0
	for _, m := range st.Members {
		if m.Healthy {
			n++
		}
	}
	return n, nil
}

// peerArgs lists the serves as --peer flags with the token, starting at
// the k-th: each client names the fleet in another order.
func peerArgs(serves []*servedPeer, k int) []string {
	var out []string
	for j := range serves {
		s := serves[(k+j)%len(serves)]
		out = append(out, "--peer", strings.Replace(s.url, "http://", "http://slget:"+fleetToken+"@", 1))
	}
	return out
}

// runFleetClients starts one client per serve at once, each listing the
// fleet from another member on, with extra args.
func runFleetClients(t *testing.T, serves []*servedPeer, dir, url string, extra ...string) []fleetRun {
	t.Helper()
	bin := binary(t)
	runs := atOnce(len(serves), func(i int) *exec.Cmd {
		args := append([]string{"--json", "-d", dir, "-o", fmt.Sprintf("f-%d", i), "-x", "4", "--allow-overwrite"}, extra...)
		args = append(append(args, peerArgs(serves, i)...), url)
		return exec.Command(bin, args...)
	})
	for i := range runs {
		if err := json.Unmarshal([]byte(runs[i].stdout), &runs[i].res); err != nil && runs[i].err == nil {
			runs[i].err = fmt.Errorf("--json output %q: %v", runs[i].stdout, err)
		}
	}
	return runs
}

// checkFleetFiles fails t unless every client exited 0 with the exact file.
func checkFleetFiles(t *testing.T, wave string, runs []fleetRun, dir, want string) {
	t.Helper()
	for i, r := range runs {
		if r.err != nil {
			t.Fatalf("%s: client %d: %v\n%s", wave, i, r.err, r.stderr)
		}
		if got := fileSHA(t, filepath.Join(dir, fmt.Sprintf("f-%d", i))); got != want {
			t.Errorf("%s: client %d wrote SHA-256 %s, want %s", wave, i, got, want)
		}
	}
}

// originFills counts, per slice, the GETs of the serves at the origin
// (their one-byte version probes left out); clients' own GETs are listed
// apart.
func originFills(origin *fetchtest.Server, slice int64) (fills map[int64]int, clientGETs []string) {
	fills = map[int64]int{}
	for _, r := range origin.Requests() {
		if r.Method != http.MethodGet {
			continue
		}
		if !strings.Contains(r.Header.Get("Via"), "slget-") {
			clientGETs = append(clientGETs, r.Range)
			continue
		}
		if r.Range == "bytes=0-0" {
			continue
		}
		for k := r.Start / slice; k <= (r.End-1)/slice; k++ {
			fills[k]++
		}
	}
	return fills, clientGETs
}

// onceEach fails t unless the fleet asked the origin for every slice of
// the file once, and no client asked it for any.
func onceEach(t *testing.T, origin *fetchtest.Server, size, slice int64) {
	t.Helper()
	fills, clientGETs := originFills(origin, slice)
	if len(clientGETs) > 0 {
		t.Errorf("clients asked the origin for %q themselves, not the fleet", clientGETs)
	}
	for k, c := range fills {
		if c != 1 {
			t.Errorf("the fleet asked the origin for slice %d %d times, want once", k, c)
		}
	}
	if n := (size + slice - 1) / slice; int64(len(fills)) != n {
		t.Errorf("the fleet filled %d slices of %d", len(fills), n)
	}
}

// whenServed runs f once the origin has served n bytes (or after a
// minute), in the background; the channel closes after f.
func whenServed(origin *fetchtest.Server, n int64, f func()) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		deadline := time.Now().Add(time.Minute)
		for origin.BytesServed() < n && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		f()
	}()
	return done
}

// TestFleetOfServes: three serves, each a member of one fleet, and three
// clients at once that list the serves in rotated orders. The origin gets
// each slice once in all (a fleet of serves that each filled on its own
// cost it up to one copy per serve), the clients agree on the serves they
// get each run from, and the second wave costs the origin nothing.
func TestFleetOfServes(t *testing.T) {
	const (
		size  = 24<<20 + 4321
		slice = 1 << 20
	)
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(16<<20))
	serves := fleetOf(t, 3, origin)
	dir := t.TempDir()
	want := origin.Content().SHA256()

	runs := runFleetClients(t, serves, dir, origin.FileURL())
	checkFleetFiles(t, "first wave", runs, dir, want)
	onceEach(t, origin, size, slice)
	served := origin.BytesServed()
	t.Logf("first wave: origin served %.2f MiB for a %.2f MiB file to 3 clients", float64(served)/(1<<20), float64(size)/(1<<20))
	if served > size+3 { // and each serve's one-byte version probe
		t.Errorf("the origin served %d bytes for a %d-byte file; want one copy", served, size)
	}
	// The clients rank the serves alike: each gets each run from its
	// owner, so all got their bytes from the same serves (with 7 runs over
	// 3 serves, one may own none), and the whole file from them.
	for i, r := range runs {
		var got int64
		for _, n := range r.res.ByPeer {
			got += n
		}
		if got < size || len(r.res.ByPeer) < 2 || !sameKeys(r.res.ByPeer, runs[0].res.ByPeer) {
			t.Errorf("client %d got %d bytes from serves %v; client 0 from %v", i, got, r.res.ByPeer, runs[0].res.ByPeer)
		}
	}

	origin.ResetLog()
	runs = runFleetClients(t, serves, dir, origin.FileURL())
	checkFleetFiles(t, "second wave", runs, dir, want)
	if served := origin.BytesServed(); served != 0 {
		t.Errorf("second wave: the origin served %d bytes, want none", served)
	}
	if fills, _ := originFills(origin, slice); len(fills) > 0 {
		t.Errorf("second wave: the fleet filled %d slices from the origin", len(fills))
	}
}

// TestFleetServeKilled: a serve is SIGKILLed while the clients are in the
// middle; every file is exact and the origin sends little more than one
// copy: the dead serve's runs go to their successors.
func TestFleetServeKilled(t *testing.T) {
	const size = 24<<20 + 99
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(8<<20))
	serves := fleetOf(t, 3, origin)
	dir := t.TempDir()
	killed := whenServed(origin, size/3, func() { serves[1].cmd.Process.Kill() })
	runs := runFleetClients(t, serves, dir, origin.FileURL(), "--stall-timeout", "5")
	<-killed
	checkFleetFiles(t, "with a serve killed", runs, dir, origin.Content().SHA256())
	served := origin.BytesServed()
	t.Logf("with a serve killed: origin served %.2fx the file", float64(served)/size)
	if served > size*14/10 {
		t.Errorf("the origin served %.2fx the file with one of three serves killed; want at most 1.4x", float64(served)/size)
	}
}

// TestFleetClientsAskTheirOwnServe: each client knows only the serve on
// its own host; each serve passes the misses of slices another member
// owns on to that owner. The origin still gets each slice once.
func TestFleetClientsAskTheirOwnServe(t *testing.T) {
	const (
		size  = 16<<20 + 5
		slice = 1 << 20
	)
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(16<<20))
	serves := fleetOf(t, 3, origin)
	dir := t.TempDir()
	bin := binary(t)
	runs := atOnce(len(serves), func(i int) *exec.Cmd {
		return exec.Command(bin, "--json", "-d", dir, "-o", fmt.Sprintf("f-%d", i), "-x", "4",
			"--peer", strings.Replace(serves[i].url, "http://", "http://slget:"+fleetToken+"@", 1), origin.FileURL())
	})
	checkFleetFiles(t, "own serve", runs, dir, origin.Content().SHA256())
	onceEach(t, origin, size, slice)
	if served := origin.BytesServed(); served > size+3 {
		t.Errorf("the origin served %.2fx the file to a fleet whose clients each ask their own serve", float64(served)/size)
	}
}

// TestWaitBehindASlowFillIsNoStall: the origin sends the serve's fill
// slowly, so that the answer's headers (which wait for the fill's first
// run) come later than the client's wait for a peer's headers (--timeout);
// the serve says it is working (102 Processing) with a progress that
// grows as the fill gets bytes, so the client waits for it, within its
// stall timeout (which no 102 extends), instead of taking it for stalled,
// and every byte comes through the serve.
func TestWaitBehindASlowFillIsNoStall(t *testing.T) {
	const size = 3<<20 + 11
	// The serve sends a 102 every second; the client's wait for a peer's
	// headers is 2s, its stall timeout 20s, and the fill of the first run
	// (the whole file) takes about 6s at 512 KiB/s: a heartbeat late by a
	// busy machine is no stall, a missing one (or one without progress)
	// is.
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(512<<10))
	p := startServe(t, t.TempDir(), "--allow", strings.TrimPrefix(origin.URL, "http://"), "--token", fleetToken)
	dir := t.TempDir()
	r := mustFetch(t, filepath.Join(dir, "f"), origin.Content().SHA256(), "--json", "-x", "1", "--timeout", "4", "--stall-timeout", "20",
		"--peer", p.url, "--peer-token", fleetToken, "-d", dir, "-o", "f", origin.FileURL())
	if strings.Contains(r.stderr, "stalled") {
		t.Errorf("the client took the serve for stalled:\n%s", r.stderr)
	}
	if _, clientGETs := originFills(origin, 1<<20); len(clientGETs) > 0 {
		t.Errorf("the client went to the origin itself (%q):\n%s", clientGETs, r.stderr)
	}
}

// sameKeys reports whether a and b name the same peers.
func sameKeys(a, b map[string]int64) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if _, ok := b[k]; !ok {
			return false
		}
	}
	return true
}

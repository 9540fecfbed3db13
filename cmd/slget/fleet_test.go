// A fleet through one slget serve: real slget --peer processes downloading
// at once through a real slget serve, the origin asked for each slice once,
// and a client whose --cache is owned by the server.

package main

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

// fleetRun is one process of a fleet: its exit, its stdout and stderr, and
// for slget its --json record.
type fleetRun struct {
	err            error
	stdout, stderr string
	res            result
}

// atOnce starts the n commands cmd makes (without proxy settings in their
// environment) at once and waits for all of them.
func atOnce(n int, cmd func(i int) *exec.Cmd) []fleetRun {
	runs := make([]fleetRun, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := cmd(i)
			c.Env = noProxyEnv()
			var stdout, stderr lockedBuffer
			c.Stdout, c.Stderr = &stdout, &stderr
			if err := c.Run(); err != nil {
				runs[i].err = fmt.Errorf("%v: %v", c.Args, err)
			}
			runs[i].stdout, runs[i].stderr = stdout.String(), stderr.String()
		}()
	}
	wg.Wait()
	return runs
}

// runFleet starts n slget processes at once, each with --json, args, -o
// f-i and the URL, and waits for all of them.
func runFleet(t testing.TB, n int, dir, url string, args ...string) []fleetRun {
	t.Helper()
	bin := binary(t)
	runs := atOnce(n, func(i int) *exec.Cmd {
		all := append(append([]string{"--json", "-d", dir, "-o", fmt.Sprintf("f-%d", i)}, args...), url)
		return exec.Command(bin, all...)
	})
	for i := range runs {
		if err := json.Unmarshal([]byte(runs[i].stdout), &runs[i].res); err != nil && runs[i].err == nil {
			runs[i].err = fmt.Errorf("--json output %q: %v", runs[i].stdout, err)
		}
	}
	return runs
}

// TestFleetThroughServe downloads one 64 MiB file with four slget processes
// at once through one slget serve (with a token), from an origin slow
// enough that they overlap. Every file is exact; the origin got one request
// for each slice in all (the peer's fills), and from each client a HEAD;
// a second wave is served from the cache, and the origin sends no bytes.
func TestFleetThroughServe(t *testing.T) {
	const (
		size  = 64<<20 + 4321
		slice = 1 << 20
		n     = 4
	)
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(4<<20))
	p := startServe(t, t.TempDir(), "--allow", strings.TrimPrefix(origin.URL, "http://"), "--token", "fleet-secret")
	peer := strings.Replace(p.url, "http://", "http://slget:fleet-secret@", 1)
	want := origin.Content().SHA256()
	dir := t.TempDir()

	check := func(wave string, runs []fleetRun) (fromPeer int64) {
		t.Helper()
		for i, r := range runs {
			if r.err != nil {
				t.Fatalf("%s: slget %d: %v\n%s", wave, i, r.err, r.stderr)
			}
			if got := fileSHA(t, filepath.Join(dir, fmt.Sprintf("f-%d", i))); got != want {
				t.Errorf("%s: slget %d wrote SHA-256 %s, want %s", wave, i, got, want)
			}
			if r.res.BySource["peer"] == 0 {
				t.Errorf("%s: slget %d got nothing from the peer: bytes_by_source %v", wave, i, r.res.BySource)
			}
			fromPeer += r.res.BySource["peer"]
		}
		return fromPeer
	}

	runs := runFleet(t, n, dir, origin.FileURL(), "-x", "4", "--peer", peer)
	fromPeer := check("first wave", runs)
	fills := map[int64]int{}
	var heads int
	for _, r := range origin.Requests() {
		if !strings.Contains(r.Header.Get("Via"), "slget-") {
			if r.Method == "HEAD" {
				heads++
			} else {
				t.Errorf("a client asked the origin for %s %s itself, not through the peer", r.Method, r.Range)
			}
			if r.Header.Get("Proxy-Authorization") != "" || strings.Contains(r.Header.Get("Authorization"), "fleet-secret") {
				t.Errorf("the origin got the peer's token: %v", r.Header)
			}
			continue
		}
		if r.Range == "bytes=0-0" {
			continue // the peer asking the origin for its current version
		}
		if !r.Aligned(slice, size) {
			t.Errorf("the peer asked the origin for %q: not whole slices", r.Range)
		}
		for k := r.Start / slice; k <= (r.End-1)/slice; k++ {
			fills[k]++
		}
	}
	if heads != 2*n {
		t.Errorf("the origin got %d HEADs, want %d (per client, the probe and the look after the last byte)", heads, 2*n)
	}
	for k, c := range fills {
		if c != 1 {
			t.Errorf("the peer asked the origin for slice %d %d times, want once", k, c)
		}
	}
	if len(fills) != size/slice+1 {
		t.Errorf("the peer filled %d slices of %d: the fleet went to the origin around it", len(fills), size/slice+1)
	}
	served := origin.BytesServed()
	t.Logf("first wave: %d clients, origin served %.1f MiB for %.1f MiB delivered (%.1f MiB through the peer)",
		n, float64(served)/(1<<20), float64(n*size)/(1<<20), float64(fromPeer)/(1<<20))
	if served > size+1 { // and the peer's one-byte probe
		t.Errorf("the origin served %d bytes for a %d-byte file to %d clients; want about one copy", served, size, n)
	}

	// A second wave finds every slice in the peer's cache.
	origin.ResetLog()
	runs = runFleet(t, n, dir, origin.FileURL(), "-x", "4", "--peer", peer, "--allow-overwrite")
	check("second wave", runs)
	for _, r := range origin.Requests() {
		if strings.Contains(r.Header.Get("Via"), "slget-") {
			t.Errorf("second wave: the peer went to the origin (%s %s) for a cached file", r.Method, r.Range)
		}
	}
	if served := origin.BytesServed(); served != 0 {
		t.Errorf("second wave: the origin served %d bytes, want none (HEADs alone)", served)
	}
}

// TestCacheOwnedByServe: slget --cache DIR, where DIR is a real slget
// serve's cache, asks that server for the slices it holds instead of
// opening the cache, and the file is exact.
func TestCacheOwnedByServe(t *testing.T) {
	const size = 8<<20 + 17
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size))
	cache := t.TempDir()
	p := startServe(t, cache, "--allow", strings.TrimPrefix(origin.URL, "http://"))
	dir := t.TempDir()
	// Fill the server's cache through a first client.
	mustFetch(t, filepath.Join(dir, "a"), origin.Content().SHA256(), "--peer", p.url, "-d", dir, "-o", "a", origin.FileURL())
	origin.ResetLog()
	r := mustFetch(t, filepath.Join(dir, "b"), origin.Content().SHA256(), "--cache", cache, "-d", dir, "-o", "b", origin.FileURL())
	if !strings.Contains(r.stderr, "owned by the slget serve at "+p.url) {
		t.Errorf("stderr %q does not say the cache's owner is asked", r.stderr)
	}
	if !strings.Contains(r.stderr, "MiB from peers)") {
		t.Errorf("stderr %q does not say how much came from the peer", r.stderr)
	}
	for _, q := range origin.Requests() {
		if strings.Contains(q.Header.Get("Via"), "slget-") {
			t.Errorf("the server went to the origin (%s %s) for slices it holds", q.Method, q.Range)
		}
	}
	if got := originGETs(origin); len(got) != 0 {
		t.Errorf("the origin got GETs %q; want none (the client's probe is a HEAD, the server holds every slice)", got)
	}
}

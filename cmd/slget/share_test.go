// Tests of --cache, --peer and SLGET_PEERS as the command reads them: what
// each option means, what --json says of where the bytes came from, and
// the options' errors. Where the slices come from is the library's flow,
// tested in the root package (TestCacheSecondDownload, TestEveryPeerIsAsked).

package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"go.uber.org/goleak"

	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/localcache"
)

const mib = 1 << 20

// noLeaks, called once a test's servers and peers run, returns a function
// that fails the test if a goroutine started since is still there: slget
// must close its connections and cache itself, before the servers go.
// (Per test, not in TestMain: other tests of the command run in parallel.)
func noLeaks(t *testing.T) func() {
	t.Helper()
	before := goleak.IgnoreCurrent()
	return func() { goleak.VerifyNone(t, before) }
}

// jsonResult parses the one --json record of a run.
func jsonResult(t *testing.T, r runResult) result {
	t.Helper()
	var res result
	if err := json.Unmarshal([]byte(strings.TrimSpace(r.stdout)), &res); err != nil {
		t.Fatalf("--json output %q: %v", r.stdout, err)
	}
	return res
}

// originGETs is the Range of each GET the origin got since its log was
// reset.
func originGETs(srv *fetchtest.Server) []string {
	var out []string
	for _, q := range srv.Requests() {
		if q.Method == http.MethodGet {
			out = append(out, q.Range)
		}
	}
	return out
}

// onlyHEAD fails t unless the origin got one request since its log was
// reset: the HEAD that probes the version when slices come from a cache or
// peers.
func onlyHEAD(t *testing.T, srv *fetchtest.Server) {
	t.Helper()
	var got []string
	for _, q := range srv.Requests() {
		got = append(got, q.Method+" "+q.Range)
	}
	// The probe, and the look after the last byte when bytes moved.
	if len(got) < 1 || len(got) > 2 || got[0] != "HEAD " || got[len(got)-1] != "HEAD " {
		t.Errorf("the origin got %q, want the HEAD of the probe (and one after the last byte) and nothing else", got)
	}
}

// --cache DIR is read and filled: --json says the second run's bytes came
// from it.
func TestCacheOption(t *testing.T) {
	const size = 5*mib + 3
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	defer noLeaks(t)()
	dir, cache := t.TempDir(), filepath.Join(t.TempDir(), "cache")
	want := srv.Content().SHA256()
	r := mustFetch(t, filepath.Join(dir, "a"), want, "--cache", cache, "-d", dir, "-o", "a", "--json", srv.FileURL())
	if got := jsonResult(t, r).BySource; fmt.Sprint(got) != fmt.Sprint(map[string]int64{"origin": size}) {
		t.Errorf("first run: bytes_by_source %v", got)
	}
	r = mustFetch(t, filepath.Join(dir, "b"), want, "--cache", cache, "-d", dir, "-o", "b", "--json", srv.FileURL())
	if got := jsonResult(t, r).BySource; fmt.Sprint(got) != fmt.Sprint(map[string]int64{"cache": size}) {
		t.Errorf("second run: bytes_by_source %v, want all from the cache", got)
	}
}

// Without --slice, a cache's own slice size is used; with another
// --slice, the cache is refused.
func TestCacheSliceSize(t *testing.T) {
	const size = 2 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	defer noLeaks(t)()
	dir, cache := t.TempDir(), filepath.Join(t.TempDir(), "cache")
	want := srv.Content().SHA256()
	mustFetch(t, filepath.Join(dir, "a"), want, "--cache", cache, "--slice", "256k", "-d", dir, "-o", "a", srv.FileURL())
	srv.ResetLog()
	mustFetch(t, filepath.Join(dir, "b"), want, "--cache", cache, "-d", dir, "-o", "b", srv.FileURL())
	onlyHEAD(t, srv) // every slice from the cache, in its 256k slices
	r := runSlget(t, "--cache", cache, "--slice", "1m", "-d", dir, "-o", "c", srv.FileURL())
	if r.code != exitBadOption || !strings.Contains(r.stderr, "leave --slice out") {
		t.Errorf("--slice 1m with a 256k cache: exit %d, %q; want %d and what to do", r.code, r.stderr, exitBadOption)
	}
	mustNotExist(t, filepath.Join(dir, "c"))
}

// --peer URL is asked: --json says the bytes came from a peer.
func TestPeerOption(t *testing.T) {
	const size = 6 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	peer := fetchtest.NewPeer(t, srv)
	defer noLeaks(t)()
	dir := t.TempDir()
	r := mustFetch(t, filepath.Join(dir, "f"), srv.Content().SHA256(), "--peer", peer.URL, "-d", dir, "-o", "f", "--json", srv.FileURL())
	want := map[string]int64{"peer": size}
	if got := jsonResult(t, r).BySource; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("bytes_by_source %v, want %v", got, want)
	}
}

// SLGET_PEERS lists peers separated by spaces or commas; every one is
// asked.
func TestPeersFromTheEnvironment(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(8*mib))
	a, b := fetchtest.NewPeer(t, srv), fetchtest.NewPeer(t, srv)
	defer noLeaks(t)()
	t.Setenv(envPeers, " "+a.URL+", "+b.URL+" ")
	dir := t.TempDir()
	mustFetch(t, filepath.Join(dir, "f"), srv.Content().SHA256(), "-d", dir, "-o", "f", srv.FileURL())
	if len(a.Requests()) == 0 || len(b.Requests()) == 0 {
		t.Errorf("requests: %d and %d, want both peers asked", len(a.Requests()), len(b.Requests()))
	}
}

func TestBadPeerOption(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(mib))
	defer noLeaks(t)()
	dir := t.TempDir()
	r := runSlget(t, "--peer", "ftp://x:1", "-d", dir, srv.FileURL())
	if r.code != exitBadOption || !strings.Contains(r.stderr, "--peer") {
		t.Errorf("a bad --peer: exit %d, %q", r.code, r.stderr)
	}
	t.Setenv(envPeers, "http://slget:secret-token@10.0.0.1:8471/x")
	r = runSlget(t, "-d", dir, srv.FileURL())
	if r.code != exitBadOption || !strings.Contains(r.stderr, envPeers) || strings.Contains(r.stderr, "secret-token") {
		t.Errorf("a bad %s: exit %d, %q; want %d naming it, without its token", envPeers, r.code, r.stderr, exitBadOption)
	}
	if len(srv.Requests()) != 0 {
		t.Error("the origin was asked")
	}
}

// A cache owned by a running slget serve is asked as a peer at the address
// it publishes.
func TestCacheOwnedByAServer(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(4*mib))
	peer := fetchtest.NewPeer(t, srv)
	defer noLeaks(t)()
	cache := filepath.Join(t.TempDir(), "cache")
	owner, err := localcache.Open(cache, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer owner.Close()
	if err := localcache.WriteOwner(cache, peer.URL); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	r := mustFetch(t, filepath.Join(dir, "f"), srv.Content().SHA256(), "--cache", cache, "-d", dir, "-o", "f", srv.FileURL())
	if !strings.Contains(r.stderr, "owned by the slget serve at "+peer.URL+": asking it as a peer") {
		t.Errorf("stderr %q does not say the cache's owner is asked", r.stderr)
	}
	if len(peer.Requests()) == 0 {
		t.Error("the owner got no requests")
	}
	onlyHEAD(t, srv)
	// Owned, but served nowhere: the download goes on without the cache.
	owner.Close()
	other, err := localcache.Open(cache, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	r = mustFetch(t, filepath.Join(dir, "g"), srv.Content().SHA256(), "--cache", cache, "-d", dir, "-o", "g", srv.FileURL())
	if !strings.Contains(r.stderr, "downloading without it") {
		t.Errorf("stderr %q does not say the cache is not used", r.stderr)
	}
}

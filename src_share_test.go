// Tests of the local cache and peers in Client.Do: slices from the cache,
// from peers that have the file, miss, are slow, refuse, are down or lie,
// and where each slice came from.

package slget_test

import (
	"context"
	"crypto/sha256"
	"errors"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/localcache"
)

const mib = 1 << 20

// warnings collects a download's warnings.
type warnings struct {
	mu   sync.Mutex
	msgs []string
}

func (w *warnings) event(e slget.Event) {
	if x, ok := e.(*slget.Warning); ok {
		w.mu.Lock()
		w.msgs = append(w.msgs, x.Message)
		w.mu.Unlock()
	}
}

func (w *warnings) count(sub string) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := 0
	for _, m := range w.msgs {
		if strings.Contains(m, sub) {
			n++
		}
	}
	return n
}

func (w *warnings) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return strings.Join(w.msgs, "\n")
}

// openCache opens a cache in a new directory, closed when the test ends.
func openCache(t *testing.T, slice int64) *slget.Cache {
	t.Helper()
	s, owner, err := slget.OpenCache(filepath.Join(t.TempDir(), "cache"), &slget.CacheOptions{SliceSize: slice, NoSync: true})
	if err != nil || owner != "" {
		t.Fatal(err, owner)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func newClient(t *testing.T, c *slget.Client) *slget.Client {
	t.Helper()
	if c.Retry.Wait == 0 {
		c.Retry.Wait = 10 * time.Millisecond
	}
	t.Cleanup(c.CloseIdle)
	return c
}

// get downloads srv's file into a new file with c and fails the test
// unless it ends with the file's bytes.
func get(t *testing.T, c *slget.Client, srv *fetchtest.Server, req *slget.Request) (*slget.Result, *warnings) {
	t.Helper()
	w := &warnings{}
	if req == nil {
		req = &slget.Request{}
	}
	req.URL = srv.FileURL()
	if req.Path == "" {
		req.Path = filepath.Join(t.TempDir(), "file.bin")
	}
	req.Events = w.event
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	res, err := c.Do(ctx, req)
	if err != nil {
		t.Fatalf("Do: %v\nwarnings:\n%s", err, w)
	}
	if got, want := fileSHA256(req.Path), srv.Content().SHA256(); got != want {
		t.Fatalf("SHA-256 %s, want %s\nwarnings:\n%s", got, want, w)
	}
	return res, w
}

// onlyTheProbe fails t unless the origin got one request since its log
// was reset: the HEAD that probes the version when slices may come from a
// cache or peers, so that the origin sends no slice a peer may hold.
func onlyTheProbe(t *testing.T, srv *fetchtest.Server) {
	t.Helper()
	var got []string
	for _, r := range srv.Requests() {
		got = append(got, r.Method+" "+r.Range)
	}
	// The HEAD that probes, and when bytes moved, the HEAD that asks for
	// the version after the last byte (confirmVersion).
	if len(got) < 1 || len(got) > 2 || got[0] != "HEAD " || got[len(got)-1] != "HEAD " {
		t.Errorf("the origin got %q, want the HEAD of the probe (and one after the last byte) and nothing else", got)
	}
}

// probeAndResumeCheck fails t unless the origin got, since its log was
// reset, the HEAD probe and the resume's comparison of slice 0 and one
// other finished slice with the origin's (contentDiffers), each a single
// whole slice of the resumed ones, and nothing else.
func probeAndResumeCheck(t *testing.T, srv *fetchtest.Server, slice int64, done func(i int64) bool) {
	t.Helper()
	var got []string
	for _, r := range srv.Requests() {
		got = append(got, r.Method+" "+r.Range)
	}
	reqs := srv.Requests()
	ok := len(reqs) == 3 && got[0] == "HEAD " && reqs[1].Start == 0 && reqs[1].End == slice
	if ok {
		q := reqs[2]
		ok = q.Start%slice == 0 && q.End-q.Start == slice && done(q.Start/slice)
	}
	if !ok {
		t.Errorf("the origin got %q, want the HEAD probe and the resume's check of slice 0 and one finished slice", got)
	}
}

// keyedPeer is a peer that holds the fleet key, and its URL with the
// token: its answers are signed, so no probation compares its slices with
// the origin's and the origin sends nothing.
func keyedPeer(t *testing.T, srv *fetchtest.Server, opts ...fetchtest.PeerOption) (*fetchtest.Peer, string) {
	t.Helper()
	p := fetchtest.NewPeer(t, srv, append(opts, fetchtest.WithPeerToken("fleet-token"))...)
	return p, strings.Replace(p.URL, "http://", "http://slget:fleet-token@", 1)
}

func peerFault(f fetchtest.PeerFault) fetchtest.PeerOption {
	return fetchtest.WithPeerFault(func(*http.Request, int) fetchtest.PeerFault { return f })
}

// A second download of the same file comes from the cache, every slice:
// the origin sees only the probe, a HEAD, with a journal and without.
func TestCacheSecondDownload(t *testing.T) {
	for _, noJournal := range []bool{false, true} {
		t.Run(map[bool]string{false: "journal", true: "no journal"}[noJournal], func(t *testing.T) {
			const size = 8*mib + 12345
			srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
			store := openCache(t, mib)
			c := newClient(t, &slget.Client{Cache: store})
			res, _ := get(t, c, srv, &slget.Request{NoJournal: noJournal})
			if res.BySource[slget.FromOrigin] != size || len(res.BySource) != 1 {
				t.Fatalf("first download by source %v, want all %d from the origin", res.BySource, size)
			}
			if n := store.Stats().Slices; n != 9 {
				t.Fatalf("the cache holds %d slices after the first download, want 9", n)
			}
			srv.ResetLog()
			res, w := get(t, c, srv, &slget.Request{NoJournal: noJournal})
			onlyTheProbe(t, srv)
			if res.BySource[slget.FromCache] != size || len(res.BySource) != 1 {
				t.Errorf("second download by source %v, want all %d from the cache", res.BySource, size)
			}
			if res.Transferred != 0 {
				t.Errorf("transferred %d bytes, want none", res.Transferred)
			}
			if w.count("9 of 9 slices from the cache") != 1 {
				t.Errorf("warnings %q, want one saying the slices came from the cache", w)
			}
		})
	}
}

// A partial download resumes with the journal's slices and takes the rest
// from the cache.
func TestCacheFillsAResume(t *testing.T) {
	const size = 6 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(8*mib))
	store := openCache(t, mib)
	c := newClient(t, &slget.Client{Cache: store})
	get(t, c, srv, nil) // fills the cache

	// A download of it elsewhere that stops half way, without the cache.
	path := filepath.Join(t.TempDir(), "f.bin")
	ctx, cancel := context.WithCancel(t.Context())
	var once sync.Once
	plain := newClient(t, &slget.Client{Connections: 1})
	req := &slget.Request{URL: srv.FileURL(), Path: path, Events: func(e slget.Event) {
		if s, ok := e.(*slget.Started); ok {
			go func() {
				for s.Progress().Done <= 3*mib { // past slice 2: slices 0 to 2 are finished
					time.Sleep(5 * time.Millisecond)
				}
				once.Do(cancel)
			}()
		}
	}}
	if _, err := plain.Do(ctx, req); err == nil {
		t.Fatal("the first run was not interrupted")
	}
	cancel()
	srv.ResetLog()
	res, _ := get(t, c, srv, &slget.Request{Path: path})
	probeAndResumeCheck(t, srv, mib, func(i int64) bool { return i > 0 }) // one of the finished prefix
	if res.BySource[slget.FromCache] == 0 || res.BySource[slget.FromOrigin] == 0 || res.BySource[slget.FromCache]+res.BySource[slget.FromOrigin] != size {
		t.Errorf("by source %v: want the resumed slices from the origin and the rest from the cache", res.BySource)
	}
}

// A cache of another slice size is not used, and says so; it is never
// mixed with the download's slices.
func TestCacheOfAnotherSliceSize(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(4*mib))
	store := openCache(t, 256<<10)
	c := newClient(t, &slget.Client{Cache: store, Slice: mib})
	res, w := get(t, c, srv, nil)
	if w.count("holds slices of 256k") != 1 {
		t.Errorf("warnings %q, want one about the slice sizes", w)
	}
	if n := store.Stats().Slices; n != 0 {
		t.Errorf("the cache got %d slices", n)
	}
	if res.BySource[slget.FromOrigin] != 4*mib {
		t.Errorf("by source %v", res.BySource)
	}
}

// Without a strong ETag nothing pins the version: no cache, no peers.
func TestCacheNeedsAStrongETag(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(2*mib), fetchtest.WithWeakETag())
	store := openCache(t, mib)
	c := newClient(t, &slget.Client{Cache: store})
	_, w := get(t, c, srv, nil)
	if w.count("nothing pins the version") != 1 || store.Stats().Slices != 0 {
		t.Errorf("warnings %q, %d slices cached; want a warning and nothing cached", w, store.Stats().Slices)
	}
}

// A peer of the fleet (it holds the key) that has the file serves every
// slice; the origin gets the HEAD that probes the version.
func TestPeerServesTheFile(t *testing.T) {
	const size = 8 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	peer, u := keyedPeer(t, srv)
	c := newClient(t, &slget.Client{Peers: []string{u}})
	res, _ := get(t, c, srv, nil)
	onlyTheProbe(t, srv)
	if res.BySource[slget.FromPeer] != size || len(res.BySource) != 1 {
		t.Errorf("by source %v, want all %d from the peer", res.BySource, size)
	}
	for _, q := range peer.Requests() {
		if q.RequestURI == "/healthz" || q.RequestURI == "/fleet" {
			continue // the client's health check of the peer, its read of the fleet
		}
		if q.RequestURI[:7] != "http://" || q.Header.Get("If-Match") != srv.ETag() {
			t.Errorf("peer request %s with If-Match %q", q.RequestURI, q.Header.Get("If-Match"))
		}
	}
}

// Peers that miss, are slow, refuse or are down leave their slices to
// the origin; the file is right, and one try per slice is enough.
func TestPeerFallsBackToTheOrigin(t *testing.T) {
	const size = 6 * mib
	down := func(t *testing.T) string {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ln.Close()
		return "http://" + ln.Addr().String()
	}
	for _, tc := range []struct {
		name   string
		fault  *fetchtest.PeerFault // nil: the peer is down
		lowest int64                // Client.LowestSpeed
		says   string
	}{
		{"miss", &fetchtest.PeerFault{Status: http.StatusBadGateway}, 0, "3 times in a row"},
		// The lowest speed is judged over 10s: this one takes that long.
		{"slow", &fetchtest.PeerFault{TrickleRate: 64 << 10, TrickleAfter: 64 << 10}, 2 * mib, ""},
		{"refuses", &fetchtest.PeerFault{Status: http.StatusPreconditionFailed}, 0, "another version"},
		{"down", nil, 0, "does not answer"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
			addr := ""
			if tc.fault == nil {
				addr = down(t)
			} else {
				addr = fetchtest.NewPeer(t, srv, peerFault(*tc.fault)).URL
			}
			c := newClient(t, &slget.Client{Peers: []string{addr}, LowestSpeed: tc.lowest, Retry: slget.RetryPolicy{MaxTries: 1}})
			res, w := get(t, c, srv, nil)
			if res.BySource[slget.FromOrigin] != size {
				t.Errorf("by source %v, want all from the origin", res.BySource)
			}
			if tc.says != "" && w.count(tc.says) != 1 {
				t.Errorf("warnings %q, want one saying %q", w, tc.says)
			}
		})
	}
}

// A peer whose slice fails its checksum is dropped, and the file is right.
func TestPeerWithACorruptSlice(t *testing.T) {
	const size = 6 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	peer := fetchtest.NewPeer(t, srv, peerFault(fetchtest.PeerFault{Corrupt: true}))
	c := newClient(t, &slget.Client{Peers: []string{peer.URL}, Retry: slget.RetryPolicy{MaxTries: 1}})
	res, w := get(t, c, srv, nil)
	if w.count("CRC-32C") != 1 || w.count("not asking it again") != 1 {
		t.Errorf("warnings %q, want the peer dropped for its checksum", w)
	}
	if res.BySource[slget.FromOrigin] != size {
		t.Errorf("by source %v, want all from the origin", res.BySource)
	}
}

// A consistent liar (wrong bytes with checksums of them) is caught by the
// whole-file checksum: the slices it sent are fetched again from the
// origin, the file is right, and none of its bytes reach the cache.
func TestConsistentLiarAndChecksum(t *testing.T) {
	const size = 6*mib + 100
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	sum := sha256.Sum256(srv.Content().Bytes(0, size))
	peer := fetchtest.NewPeer(t, srv, peerFault(fetchtest.PeerFault{Lie: true}))
	store := openCache(t, mib)
	c := newClient(t, &slget.Client{Peers: []string{peer.URL}, Cache: store})
	res, w := get(t, c, srv, &slget.Request{Checksum: &slget.Checksum{Algo: "sha-256", Sum: sum[:]}})
	if w.count("fetching the 7 slices from peers again from the origin") != 1 ||
		w.count("7 slices from peers were wrong") != 1 {
		t.Errorf("warnings %q", w)
	}
	if res.BySource[slget.FromOrigin] != size || len(res.BySource) != 1 {
		t.Errorf("by source %v, want all from the origin after the refetch", res.BySource)
	}
	// The cache has the origin's slices only: a download from it alone is
	// right.
	srv.ResetLog()
	c2 := newClient(t, &slget.Client{Cache: store})
	res, _ = get(t, c2, srv, nil)
	if res.BySource[slget.FromCache] != size {
		t.Errorf("from the cache afterwards: %v", res.BySource)
	}
}

// The origin's own digest (Repr-Digest, RFC 9530) does what a Checksum
// does, without the caller giving one: a consistent liar's slices are
// fetched again from the origin and the file is right.
func TestConsistentLiarAndOriginDigest(t *testing.T) {
	const size = 6*mib + 100
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithReprDigest())
	peer := fetchtest.NewPeer(t, srv, peerFault(fetchtest.PeerFault{Lie: true}))
	c := newClient(t, &slget.Client{Peers: []string{peer.URL}})
	res, w := get(t, c, srv, nil)
	if w.count("7 slices from peers were wrong") != 1 {
		t.Errorf("warnings %q", w)
	}
	if res.BySource[slget.FromOrigin] != size || res.Verified != "sha-256 (Repr-Digest)" {
		t.Errorf("by source %v, verified %q: want all from the origin, proven by its Repr-Digest", res.BySource, res.Verified)
	}
}

// Without a whole-file checksum or an origin's digest, a peer given
// without the fleet key stays on probation: a consistent liar (wrong bytes
// with checksums of them) is caught by comparing its slices with the
// origin's, dropped, and every slice from peers fetched again: the file is
// right, never exit 0 with the liar's bytes, and none of them reach the
// cache.
func TestConsistentLiarWithoutChecksum(t *testing.T) {
	const size = 4 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	peer := fetchtest.NewPeer(t, srv, peerFault(fetchtest.PeerFault{Lie: true}))
	store := openCache(t, mib)
	c := newClient(t, &slget.Client{Peers: []string{peer.URL}, Cache: store})
	res, w := get(t, c, srv, nil)
	if res.ByPeer[peer.URL] == 0 {
		t.Fatalf("the peer sent nothing: the test proves nothing\n%s", w)
	}
	if w.count("peer "+peer.URL+": it holds no fleet key and sent other bytes: slice ") != 1 || w.count("are fetched again from the origin") != 1 {
		t.Errorf("no line names the liar and what was done:\n%s", w)
	}
	if res.BySource[slget.FromOrigin] != size || res.Proof.Refetched == 0 {
		t.Errorf("by source %v, proof %+v: want all from the origin after the refetch", res.BySource, res.Proof)
	}
	// The cache holds the origin's slices only: a download from it alone
	// is right (get checks the bytes).
	srv.ResetLog()
	res, _ = get(t, newClient(t, &slget.Client{Cache: store}), srv, nil)
	if res.BySource[slget.FromCache] != size {
		t.Errorf("from the cache afterwards: %v", res.BySource)
	}
}

// With a checksum that proves the file, the slices from a peer go to the
// cache too.
func TestPeerSlicesCachedOnceProven(t *testing.T) {
	const size = 4 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	sum := sha256.Sum256(srv.Content().Bytes(0, size))
	peer := fetchtest.NewPeer(t, srv)
	store := openCache(t, mib)
	c := newClient(t, &slget.Client{Peers: []string{peer.URL}, Cache: store})
	get(t, c, srv, &slget.Request{Checksum: &slget.Checksum{Algo: "sha-256", Sum: sum[:]}})
	if n := store.Stats().Slices; n != 4 {
		t.Errorf("the cache holds %d slices, want all 4", n)
	}
}

// OpenCache on a cache another process owns gives its address, to ask as
// a peer; without one, the error says the cache is locked.
func TestOpenCacheOwned(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache")
	owner, err := localcache.Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer owner.Close()
	if _, _, err := slget.OpenCache(dir, nil); !errors.Is(err, localcache.ErrLocked) {
		t.Fatalf("OpenCache of a cache owned without an address: %v, want ErrLocked", err)
	}
	if err := localcache.WriteOwner(dir, "http://127.0.0.1:8471"); err != nil {
		t.Fatal(err)
	}
	s, addr, err := slget.OpenCache(dir, nil)
	if err != nil || s != nil || addr != "http://127.0.0.1:8471" {
		t.Fatalf("OpenCache: %v, %q, %v; want the owner's address", s, addr, err)
	}
	owner.Close()
	s, addr, err = slget.OpenCache(dir, nil)
	if err != nil || s == nil || addr != "" {
		t.Fatalf("OpenCache after the owner left: %v, %q, %v", s, addr, err)
	}
	s.Close()
}

// A bad peer address is an error of the request, before anything is
// fetched or created.
func TestBadPeerAddress(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(2*mib))
	c := newClient(t, &slget.Client{Peers: []string{"https://peer:8471"}})
	dir := t.TempDir()
	_, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Path: filepath.Join(dir, "f")})
	var re *slget.RequestError
	if !errors.As(err, &re) || !strings.Contains(err.Error(), "http://HOST:PORT") {
		t.Fatalf("got %v, want a RequestError about the peer's address", err)
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("the origin got %d requests", n)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("files were created: %v", ents)
	}
}

// An honest peer given without the fleet key: its slices are compared
// with the origin's on a sample, and the origin sends only that sample,
// within the probation's budget (5% of the slices, one at least).
func TestKeylessPeerCheckedOnASample(t *testing.T) {
	const size = 64 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	peer := fetchtest.NewPeer(t, srv)
	c := newClient(t, &slget.Client{Peers: []string{peer.URL}})
	res, w := get(t, c, srv, nil)
	var gets int
	for _, r := range srv.Requests() {
		if r.Method == http.MethodGet {
			gets++
		}
	}
	p := res.Proof
	if p.By != slget.ProvenBySample || p.Checked == 0 || gets != p.Checked || p.Checked > 4 || len(p.Blamed) != 0 {
		t.Errorf("proof %+v, the origin sent %d slices: want a sample of at most 4 slices of 64, all the origin sent\n%s", p, gets, w)
	}
	if res.BySource[slget.FromPeer] != size {
		t.Errorf("by source %v, want all from the peer", res.BySource)
	}
}

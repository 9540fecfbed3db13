// Tests of Chain: downloads with peers in front of the origin, peers that
// have the file, miss, refuse, are down, slow, stall or lie.

package fetch_test

import (
	"net"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/segment"
)

// chainResult is a download through a Chain.
type chainResult struct {
	*result
	chain *fetch.Chain
	drops recorder // the Chain's warnings
}

// chainDownload probes srv and downloads the rest through a Chain of the
// peers at addrs and the origin, into a memFile that records every write
// of wrong bytes.
func chainDownload(t *testing.T, srv *fetchtest.Server, slice int64, cfg fetch.Config, addrs ...string) (*chainResult, error) {
	t.Helper()
	return chainDownloadWith(t, srv, slice, cfg, nil, addrs...)
}

// chainDownloadWith is chainDownload with setup, if not nil, called on the
// Chain before the download.
func chainDownloadWith(t *testing.T, srv *fetchtest.Server, slice int64, cfg fetch.Config, setup func(*fetch.Chain), addrs ...string) (*chainResult, error) {
	t.Helper()
	ctx := t.Context()
	res := &chainResult{result: &result{want: srv.Content()}}
	client := newClient(t, max(cfg.Connections, 4))
	p, err := client.Probe(ctx, srv.FileURL(), slice)
	if err != nil {
		t.Fatalf("probe: %v", err)
	}
	res.probe = p
	res.plan, _ = segment.NewPlan(p.Validator.Size, slice)
	origin := fetch.NewOrigin(client, p)
	var peers []*fetch.PeerSource
	for _, a := range addrs {
		pe, err := fetch.NewPeer(a, fetch.PeerOptions{ConnectTimeout: time.Second, Proofs: fleetProof})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(pe.CloseIdle)
		ps, err := fetch.NewPeerSource(pe, origin, res.plan)
		if err != nil {
			t.Fatal(err)
		}
		peers = append(peers, ps)
	}
	res.chain = fetch.NewChain(origin, peers, res.plan, res.drops.add)
	if setup != nil {
		setup(res.chain)
	}
	cfg.Logf = res.log.logf
	res.out = newMemFile(p.Validator.Size, &res.want)
	res.d = fetch.NewDownloader(cfg, res.plan, nil, res.chain, res.out)
	err = res.d.Run(ctx, p.Body)
	return res, err
}

func mustChain(t *testing.T, srv *fetchtest.Server, slice int64, cfg fetch.Config, addrs ...string) *chainResult {
	t.Helper()
	res, err := chainDownload(t, srv, slice, cfg, addrs...)
	if err != nil {
		t.Fatalf("download: %v\nlog:\n%s\nwarnings:\n%s\norigin:\n%s", err, strings.Join(res.log.all(), "\n"),
			strings.Join(res.drops.all(), "\n"), dumpLog(srv.Requests()))
	}
	if got, want := res.out.sum(), res.want.SHA256(); got != want {
		t.Fatalf("SHA-256 %s, want %s", got, want)
	}
	return res
}

// originGets is the GETs of the file the origin answered after the probe.
func originGets(srv *fetchtest.Server) []fetchtest.Request {
	return fileGets(srv.Requests(), "/file.bin")[1:]
}

func downAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := "http://" + ln.Addr().String()
	ln.Close()
	return addr
}

func peerFault(f fetchtest.PeerFault) fetchtest.PeerOption {
	return fetchtest.WithPeerFault(func(*http.Request, int) fetchtest.PeerFault { return f })
}

// A peer that has the file serves every slice but the probe's: the origin
// sees the probe alone, and every write was of the file's bytes.
func TestChainPeerHasTheFile(t *testing.T) {
	const size, slice = 2 << 20, 64 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	peer := fetchtest.NewPeer(t, srv)
	res := mustChain(t, srv, slice, fetch.Config{Connections: 4}, peer.URL)
	if g := originGets(srv); len(g) != 0 {
		t.Errorf("the origin got %d requests after the probe:\n%s", len(g), dumpLog(g))
	}
	if bad := res.out.badWrites(); len(bad) > 0 {
		t.Errorf("wrong bytes written at %v", bad)
	}
	st := res.d.Stats()
	if st.BySource[segment.FromPeer] != size-slice || st.BySource[segment.FromOrigin] != slice {
		t.Errorf("bytes by source %v, want %d from the peer and the probe's %d from the origin", st.BySource, size-slice, slice)
	}
	if n := len(res.chain.PeerSlices()); n != res.plan.N()-1 {
		t.Errorf("%d slices recorded as the peer's, want %d", n, res.plan.N()-1)
	}
	for _, q := range peer.Requests() {
		if !strings.HasPrefix(q.RequestURI, srv.URL+"/file.bin") || q.Status != http.StatusPartialContent {
			t.Errorf("peer request %q answered %d", q.RequestURI, q.Status)
		}
	}
}

// Peers that cannot serve: the download comes from the origin, each slice
// once, and only the peers that should be are dropped.
func TestChainPeerFallsBack(t *testing.T) {
	const size, slice = 1 << 20, 64 << 10
	for _, tc := range []struct {
		name   string
		fault  fetchtest.PeerFault
		down   bool
		dropSz string // in the warning, "" for no warning
	}{
		{name: "miss 502", fault: fetchtest.PeerFault{Status: http.StatusBadGateway}, dropSz: "3 times in a row"},
		{name: "timeout 504", fault: fetchtest.PeerFault{Status: http.StatusGatewayTimeout}, dropSz: "3 times in a row"},
		{name: "refuses 412", fault: fetchtest.PeerFault{Status: http.StatusPreconditionFailed}, dropSz: "another version"},
		{name: "down", down: true, dropSz: "not reachable"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
			addr := downAddr(t)
			var peer *fetchtest.Peer
			if !tc.down {
				peer = fetchtest.NewPeer(t, srv, peerFault(tc.fault))
				addr = peer.URL
			}
			res := mustChain(t, srv, slice, fetch.Config{Connections: 4, Retry: fetch.RetryPolicy{MaxTries: 1}}, addr)
			if got := res.d.Stats().BySource[segment.FromOrigin]; got != size {
				t.Errorf("%d bytes from the origin, want all %d", got, size)
			}
			if n := res.drops.count(tc.dropSz); n != 1 {
				t.Errorf("%d warnings saying %q, want 1: %q", n, tc.dropSz, res.drops.all())
			}
			// Three failures in a row drop it, and the other connections
			// may each have asked once meanwhile.
			if peer != nil && len(peer.Requests()) > 3+4-1 {
				t.Errorf("the peer was asked %d times after it failed", len(peer.Requests()))
			}
			if len(res.chain.PeerSlices()) != 0 {
				t.Errorf("slices recorded as the peer's: %v", res.chain.PeerSlices())
			}
		})
	}
}

// A peer that trickles is dropped by the lowest speed rule, one that stalls
// by the stall rule, one that cuts its answer is given up: each slice it
// held comes from the origin, and falling back costs no try (one try per
// slice is allowed here).
func TestChainSlowPeer(t *testing.T) {
	const size, slice = 1 << 20, 64 << 10
	for _, tc := range []struct {
		name  string
		fault fetchtest.PeerFault
		cfg   fetch.Config
	}{
		{"trickle", fetchtest.PeerFault{TrickleRate: 20 << 10, TrickleAfter: 10 << 10},
			fetch.Config{LowestSpeed: 200 << 10, LowestSpeedWindow: 300 * time.Millisecond}},
		// A stall timeout short enough for a test, long enough for the
		// origin under the race detector.
		{"stall", fetchtest.PeerFault{StallAfter: 10 << 10}, fetch.Config{StallTimeout: time.Second}},
		{"stall before the headers", fetchtest.PeerFault{Delay: time.Hour}, fetch.Config{StallTimeout: time.Second}},
		// 102s that show no progress keep nothing alive: the peer's
		// answer after 30s comes too late.
		{"102s without progress", fetchtest.PeerFault{Processing: 20 * time.Millisecond, Delay: 30 * time.Second}, fetch.Config{StallTimeout: time.Second}},
		// 102s whose progress rises keep the peer's own timers alive (up
		// to four times its Timeout), but not the slice past the stall
		// timeout.
		{"102s with rising progress", fetchtest.PeerFault{Processing: 20 * time.Millisecond, FakeProgress: true, Delay: time.Hour}, fetch.Config{StallTimeout: time.Second}},
		{"cut", fetchtest.PeerFault{CutAfter: 10 << 10}, fetch.Config{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
			peer := fetchtest.NewPeer(t, srv, peerFault(tc.fault))
			cfg := tc.cfg
			cfg.Connections, cfg.Retry = 2, fetch.RetryPolicy{MaxTries: 1}
			start := time.Now()
			res := mustChain(t, srv, slice, cfg, peer.URL)
			if res.drops.count("in a row") != 1 {
				t.Errorf("warnings %q, want the peer dropped after failures in a row", res.drops.all())
			}
			if n := len(peer.Requests()); n > 3+cfg.Connections-1 {
				t.Errorf("the peer was asked %d times, want at most %d", n, 3+cfg.Connections-1)
			}
			if el := time.Since(start); el > 10*time.Second {
				t.Errorf("took %s", el)
			}
		})
	}
}

// A peer whose slices fail their checksums is dropped at the first one,
// and the slice comes from the origin: the file is right, with one try per
// slice.
func TestChainCorruptPeer(t *testing.T) {
	const size, slice = 1 << 20, 64 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	peer := fetchtest.NewPeer(t, srv, peerFault(fetchtest.PeerFault{Corrupt: true}))
	res := mustChain(t, srv, slice, fetch.Config{Connections: 2, Retry: fetch.RetryPolicy{MaxTries: 1}}, peer.URL)
	if res.drops.count("CRC-32C") != 1 {
		t.Errorf("warnings %q, want one that the peer sent a slice with a wrong CRC-32C", res.drops.all())
	}
	if n := len(peer.Requests()); n > 2 {
		t.Errorf("the peer was asked %d times, want it dropped after its first answers", n)
	}
	// Its wrong bytes were written (a slice is checked as it ends) but each
	// was overwritten by the origin's: the sum above proves the file.
	if len(res.out.badWrites()) == 0 {
		t.Error("no wrong write recorded: the peer's fault did not happen")
	}
}

// A peer that vouches for none of the slices it sends (no X-Slget-Crc32c,
// or an empty one) is refused as one whose checksums fail: dropped for the
// file at its first answer, with no byte of it written; the origin sends
// the slices. Its bytes here are wrong, so a byte taken unchecked shows.
func TestChainPeerWithoutChecksums(t *testing.T) {
	const size, slice = 1 << 20, 64 << 10
	for _, tc := range []struct {
		name  string
		fault fetchtest.PeerFault
	}{
		{"no header", fetchtest.PeerFault{NoSums: true, FlipUnlisted: true}},
		{"empty header", fetchtest.PeerFault{EmptySums: true, FlipUnlisted: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
			peer := fetchtest.NewPeer(t, srv, peerFault(tc.fault))
			res := mustChain(t, srv, slice, fetch.Config{Connections: 2, Retry: fetch.RetryPolicy{MaxTries: 1}}, peer.URL)
			if bad := res.out.badWrites(); len(bad) > 0 {
				t.Errorf("%d writes of the peer's unchecked bytes, first at %s", len(bad), bad[0])
			}
			if res.drops.count("X-Slget-Crc32c") != 1 {
				t.Errorf("warnings %q, want one that the peer sent no checksums", res.drops.all())
			}
			if n := len(peer.Requests()); n > 2 {
				t.Errorf("the peer was asked %d times, want it dropped after its first answers", n)
			}
			if ps := res.chain.PeerSlices(); len(ps) > 0 {
				t.Errorf("slices %v have bytes of the peer", ps)
			}
		})
	}
}

// A peer that sends one checksum for several slices has only the vouched
// slice taken from each answer; the others are asked for again, and the
// file is right with no byte of the peer's unvouched (here wrong) ones.
func TestChainPeerWithFewerChecksums(t *testing.T) {
	const size, slice = 1 << 20, 64 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	peer := fetchtest.NewPeer(t, srv, peerFault(fetchtest.PeerFault{Sums: 1, FlipUnlisted: true}))
	res := mustChain(t, srv, slice, fetch.Config{Connections: 2, Retry: fetch.RetryPolicy{MaxTries: 1}}, peer.URL)
	if bad := res.out.badWrites(); len(bad) > 0 {
		t.Errorf("%d writes of the peer's unvouched bytes, first at %s", len(bad), bad[0])
	}
}

// A consistent liar (wrong bytes, checksums of the wrong bytes) is not
// caught by the per-slice checks; only a whole-file checksum can. Chain
// records every slice it touched, so that those can be fetched again.
func TestChainConsistentLiar(t *testing.T) {
	const size, slice = 1 << 20, 64 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	peer := fetchtest.NewPeer(t, srv, peerFault(fetchtest.PeerFault{Lie: true}))
	res, err := chainDownload(t, srv, slice, fetch.Config{Connections: 2}, peer.URL)
	if err != nil {
		t.Fatal(err)
	}
	if res.out.sum() == res.want.SHA256() {
		t.Fatal("the liar's bytes did not land: the fault did not happen")
	}
	var bad []int
	for i := 0; i < res.plan.N(); i++ {
		r := res.plan.SliceRange(i)
		if string(res.out.b[r.Start:r.End]) != string(res.want.Bytes(r.Start, r.Len())) {
			bad = append(bad, i)
		}
	}
	touched := res.chain.PeerSlices()
	for _, i := range bad {
		if !slices.Contains(touched, i) {
			t.Errorf("slice %d is wrong but not among the peer's slices %v", i, touched)
		}
	}
}

// Two peers share the work, starting at different slices.
func TestChainSpreadsOverPeers(t *testing.T) {
	const size, slice = 4 << 20, 64 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	a, b := fetchtest.NewPeer(t, srv), fetchtest.NewPeer(t, srv)
	mustChain(t, srv, slice, fetch.Config{Connections: 4}, a.URL, b.URL)
	if len(a.Requests()) == 0 || len(b.Requests()) == 0 {
		t.Errorf("requests: %d to one peer, %d to the other; want both used", len(a.Requests()), len(b.Requests()))
	}
	if g := originGets(srv); len(g) != 0 {
		t.Errorf("the origin got %d requests after the probe", len(g))
	}
}

// A peer that misses some slices (5xx) but serves others stays in the
// download: a miss now and then is not three in a row.
func TestChainOccasionalMiss(t *testing.T) {
	const size, slice = 2 << 20, 64 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	peer := fetchtest.NewPeer(t, srv, fetchtest.WithPeerFault(func(_ *http.Request, n int) fetchtest.PeerFault {
		if n%2 == 0 {
			return fetchtest.PeerFault{Status: http.StatusBadGateway}
		}
		return fetchtest.PeerFault{}
	}))
	res := mustChain(t, srv, slice, fetch.Config{Connections: 4}, peer.URL)
	if w := res.drops.all(); len(w) != 0 {
		t.Errorf("warnings %q, want the peer kept", w)
	}
	st := res.d.Stats()
	if st.BySource[segment.FromPeer] == 0 || st.BySource[segment.FromOrigin] <= slice {
		t.Errorf("bytes by source %v, want both the peer and the origin", st.BySource)
	}
}

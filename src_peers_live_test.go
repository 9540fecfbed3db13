// Tests of a download's live membership: a member that joins while the
// download runs (MorePeers) and one that restarts where it was are taken
// in and asked for the runs they own.

package slget_test

import (
	"context"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/localcache"
	"github.com/slget/slget/localcache/peer"
)

// rangesTo counts the proxy requests p got (health checks left out).
func rangesTo(p *fetchtest.Peer) int {
	n := 0
	for _, q := range p.Requests() {
		if strings.HasPrefix(q.RequestURI, "http://") {
			n++
		}
	}
	return n
}

// waitFor polls cond every 10ms until it holds or the test's minute ends.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("waited a minute for %s", what)
		}
	}
}

// A member found while the download runs owns its runs from the next
// health check on: the rest of the file comes from it.
func TestPeerJoinsMidDownload(t *testing.T) {
	const size = 24 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(2*mib))
	joiner := fetchtest.NewPeer(t, srv, fetchtest.WithPeerToken("live-fleet"))
	var joined atomic.Bool
	c := newClient(t, &slget.Client{Connections: 2, PeerOptions: slget.PeerOptions{Token: "live-fleet"},
		MorePeers: func() []string {
			if joined.Load() {
				return []string{joiner.URL}
			}
			return nil
		}})
	done := make(chan *slget.Result, 1)
	path := filepath.Join(t.TempDir(), "file.bin")
	go func() {
		res, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Path: path})
		if err != nil {
			t.Errorf("Do: %v", err)
		}
		done <- res
	}()
	waitFor(t, "the origin to send a slice", func() bool { return len(srv.Requests()) >= 2 })
	joined.Store(true)
	res := <-done
	if res == nil {
		return
	}
	if got, want := fileSHA256(path), srv.Content().SHA256(); got != want {
		t.Fatalf("SHA-256 %s, want %s", got, want)
	}
	if res.BySource[slget.FromPeer] == 0 || rangesTo(joiner) == 0 {
		t.Errorf("by source %v, %d ranges to the member that joined: want it used once found", res.BySource, rangesTo(joiner))
	}
	t.Logf("by source %v", res.BySource)
}

// A serve that stops is dropped, and taken back when it answers again
// where it was: a restart does not cost the rest of the download.
func TestPeerRestartsMidDownload(t *testing.T) {
	const size = 16 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(mib))
	// The first life is slow, so that the download is still running
	// when it stops.
	first := fetchtest.NewPeer(t, srv, fetchtest.WithPeerFault(func(*http.Request, int) fetchtest.PeerFault {
		return fetchtest.PeerFault{TrickleRate: 256 << 10}
	}))
	addr := strings.TrimPrefix(first.URL, "http://")
	// Runs of 1 MiB (slices of 256 KiB) at 1 MiB/s a connection: the
	// origin's runs end often enough for the peer to be asked again.
	c := newClient(t, &slget.Client{Peers: []string{first.URL}, Connections: 2, Slice: 256 << 10})
	done := make(chan *slget.Result, 1)
	path := filepath.Join(t.TempDir(), "file.bin")
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	var w warnings
	go func() {
		res, err := c.Do(ctx, &slget.Request{URL: srv.FileURL(), Path: path, Events: w.event})
		if err != nil {
			t.Errorf("Do: %v", err)
		}
		done <- res
	}()
	waitFor(t, "a range asked of the peer", func() bool { return rangesTo(first) > 0 })
	first.Close()
	waitFor(t, "the peer dropped", func() bool { return w.count("not asking it again") > 0 })
	second := fetchtest.NewPeer(t, srv, fetchtest.WithPeerAddr(addr))
	res := <-done
	if res == nil {
		return
	}
	if got, want := fileSHA256(path), srv.Content().SHA256(); got != want {
		t.Fatalf("SHA-256 %s, want %s", got, want)
	}
	if rangesTo(second) == 0 || w.count("answers as a member of the fleet") == 0 {
		t.Errorf("the restarted peer got %d ranges; warnings:\n%s", rangesTo(second), &w)
	}
}

// A Client whose own serve is in a fleet learns the members from that
// serve's /fleet (FleetOf): it is given no peer but its serve, and asks
// the member that owns a run for it all the same.
func TestClientAsksItsServeForTheFleet(t *testing.T) {
	const size = 8 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	allow := []string{strings.TrimPrefix(srv.URL, "http://")}
	cache := func() *localcache.Store {
		st, err := localcache.Open(t.TempDir(), &localcache.Options{NoSync: true})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}
	noProxy := fetch.ClientOptions{Getenv: func(string) string { return "" }}
	listen := func() net.Listener {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		return ln
	}
	// b answers whatever is asked of it, counting the ranges.
	lnB := listen()
	b, err := peer.NewServer(peer.Config{Store: cache(), Allow: allow, Token: "t", ID: "bbbbbbbbbbbb", Client: noProxy})
	if err != nil {
		t.Fatal(err)
	}
	var ranges atomic.Int64
	hsB := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.IsAbs() {
			ranges.Add(1)
		}
		b.ServeHTTP(w, r)
	})}
	go hsB.Serve(lnB)
	t.Cleanup(func() { hsB.Close(); b.Close() })
	// a, the client's own serve, has b in its fleet.
	a, err := peer.NewServer(peer.Config{Store: cache(), Allow: allow, Token: "t", Client: noProxy,
		FleetPeers: []string{"http://" + lnB.Addr().String()}})
	if err != nil {
		t.Fatal(err)
	}
	lnA := listen()
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan struct{})
	go func() { a.Serve(ctx, lnA); close(served) }()
	t.Cleanup(func() { cancel(); <-served })
	waitFor(t, "the serve to see its fleet", func() bool { return len(a.Members().Live()) == 2 })

	c := newClient(t, &slget.Client{FleetOf: "http://" + lnA.Addr().String(), PeerOptions: slget.PeerOptions{Token: "t"}})
	res, w := get(t, c, srv, nil)
	if res.BySource[slget.FromPeer] != size {
		t.Errorf("by source %v, want all from the fleet; warnings:\n%s", res.BySource, w)
	}
	if ranges.Load() == 0 {
		t.Error("the client never asked b, which only its serve's /fleet names")
	}
}

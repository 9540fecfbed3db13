// Tests of the server in a fleet: only-if-cached, the 102s of a waiting
// answer, /healthz naming the server, and a miss filled from its owner.

package peer

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptrace"
	"net/textproto"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/fleet"
	"github.com/slget/slget/localcache"
)

func TestOnlyIfCached(t *testing.T) {
	const size = 4<<20 + 3
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size))
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}}, nil)
	url := origin.FileURL()
	resp, _ := p.get(t, url, "Range: bytes=0-1048575", "Cache-Control: max-age=0, only-if-cached")
	if resp.StatusCode != http.StatusGatewayTimeout {
		t.Fatalf("only-if-cached on a cold cache: %s, want 504", resp.Status)
	}
	if fills, _ := fileRequests(origin); len(fills) != 0 {
		t.Fatalf("only-if-cached made %d fills", len(fills))
	}
	resp, body := p.get(t, url, "Range: bytes=0-1048575") // fills slice 0
	if resp.StatusCode != http.StatusPartialContent {
		t.Fatalf("%s", resp.Status)
	}
	resp, got := p.get(t, url, "Range: bytes=0-1048575", "Cache-Control: only-if-cached")
	if resp.StatusCode != http.StatusPartialContent || string(got) != string(body) {
		t.Fatalf("only-if-cached on a cached slice: %s", resp.Status)
	}
	resp, _ = p.get(t, url, "Range: bytes=0-2097151", "Cache-Control: only-if-cached")
	if resp.StatusCode != http.StatusGatewayTimeout {
		t.Fatalf("only-if-cached on a range half cached: %s, want 504", resp.Status)
	}
}

func TestHeartbeatWhileTheFillWaits(t *testing.T) {
	const size = 2<<20 + 1
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithFirstByteDelay(1<<20, 1500*time.Millisecond))
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, Heartbeat: 100 * time.Millisecond}, nil)
	var beats atomic.Int32
	do := func(wait bool) *http.Response {
		req, _ := http.NewRequest(http.MethodGet, origin.FileURL(), nil)
		req.Header.Set("Range", "bytes=1048576-2097151")
		if wait {
			req.Header.Set("X-Slget-Wait", "102")
		}
		ctx := httptrace.WithClientTrace(context.Background(), &httptrace.ClientTrace{
			Got1xxResponse: func(code int, h textproto.MIMEHeader) error {
				if code == http.StatusProcessing {
					beats.Add(1)
				}
				if len(h) > 1 || len(h) == 1 && h.Get("X-Slget-Progress") == "" {
					t.Errorf("a 102 carried the answer's headers: %v", h)
				}
				return nil
			},
		})
		resp, err := p.client.Do(req.WithContext(ctx))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	resp := do(true)
	if resp.StatusCode != http.StatusPartialContent || resp.Header.Get("X-Slget-Crc32c") == "" || resp.Header.Get("ETag") == "" {
		t.Fatalf("answer after the 102s: %s %v", resp.Status, resp.Header)
	}
	if n := beats.Load(); n < 3 {
		t.Fatalf("%d 102s during a wait of 1.5s at 100ms each", n)
	}
	beats.Store(0)
	origin.ResetLog()
	p.store.Purge(origin.FileURL())
	do(false)
	if n := beats.Load(); n != 0 {
		t.Fatalf("%d 102s to a requester that did not ask for them", n)
	}
}

func TestHealthzNamesTheServer(t *testing.T) {
	p := startPeer(t, Config{Allow: []string{"example.com"}, ID: "0123456789ab"}, nil)
	resp, err := http.Get(p.url + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := resp.Header.Get(fleet.HeaderID); got != "0123456789ab" {
		t.Fatalf("/healthz %s = %q", fleet.HeaderID, got)
	}
	// The process, apart from the ID: two serves that claim one ID answer
	// two instances.
	inst := resp.Header.Get(fleet.HeaderInstance)
	if g := resp.Header.Get(fleet.HeaderGossip); g != "" {
		t.Fatalf("/healthz of a serve without gossip: %s %q", fleet.HeaderGossip, g)
	}
	q := startPeer(t, Config{Allow: []string{"example.com"}, ID: "0123456789ab", GossipPort: 7947}, nil)
	resp, err = http.Get(q.url + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if other := resp.Header.Get(fleet.HeaderInstance); inst == "" || other == "" || other == inst {
		t.Fatalf("/healthz %s: %q and %q", fleet.HeaderInstance, inst, other)
	}
	if g := resp.Header.Get(fleet.HeaderGossip); g != "7947" {
		t.Fatalf("/healthz %s %q, want 7947", fleet.HeaderGossip, g)
	}
}

// TestMissFilledFromItsOwner: two servers in one fleet; a miss at the one
// that does not own a run is filled from the one that does (a relay), and
// the origin sends each slice once however the requests are spread.
func TestMissFilledFromItsOwner(t *testing.T) {
	const size = 16<<20 + 9
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size))
	allow := []string{allowOrigin(origin.URL)}
	a := startPeer(t, Config{Allow: allow, ID: "aaaaaaaaaaaa"}, nil)
	b := startPeer(t, Config{Allow: allow, ID: "bbbbbbbbbbbb"}, nil)
	members := func(self string) *fleet.Members {
		m := fleet.NewMembers([]string{a.url, b.url}, fleet.Options{SelfID: self, Timeout: 10 * time.Second})
		m.Check(context.Background())
		return m
	}
	a.srv.cfg.Fleet, b.srv.cfg.Fleet = members("aaaaaaaaaaaa"), members("bbbbbbbbbbbb")
	whole := origin.Content()
	for _, p := range []*peer{a, b, a} {
		resp, body := p.get(t, origin.FileURL())
		if resp.StatusCode != http.StatusOK || shaHex(body) != whole.SHA256() {
			t.Fatalf("%s: %s, SHA-256 %s", p.url, resp.Status, shaHex(body))
		}
	}
	fills, _ := fileRequests(origin)
	seen := map[int64]int{}
	for _, f := range fills {
		if !strings.Contains(f.Header.Get("Via"), "slget-") {
			t.Errorf("a fill without the server's Via: %v", f.Header)
		}
		for k := f.Start >> 20; k <= (f.End-1)>>20; k++ {
			seen[k]++
		}
	}
	for k, n := range seen {
		if n != 1 {
			t.Errorf("slice %d filled %d times from the origin", k, n)
		}
	}
	if len(seen) != 17 {
		t.Errorf("%d slices filled from the origin, want 17", len(seen))
	}
	var st fleetState
	resp, err := http.Get(a.url + "/fleet")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil || st.ID != "aaaaaaaaaaaa" || len(st.Members) != 2 {
		t.Fatalf("/fleet: %+v %v", st, err)
	}
	// Each server filled from the other the runs the other owns (of 5
	// runs, each owns 2 or 3).
	owns := map[string]bool{}
	etag := fills[0].IfMatch // the fills pin the version
	for run := range int64(5) {
		owns[fleet.Own(fleet.File{URL: origin.FileURL(), ETag: etag, Size: size, Slice: mib}, []string{"aaaaaaaaaaaa", "bbbbbbbbbbbb"}).Owner(run)] = true
	}
	if fa, fb := counterValue(t, a, "slget_serve_fleet_bytes_total"), counterValue(t, b, "slget_serve_fleet_bytes_total"); (fa > 0) != owns["bbbbbbbbbbbb"] || (fb > 0) != owns["aaaaaaaaaaaa"] {
		t.Errorf("fleet bytes: a %v, b %v; owners of runs: %v", fa, fb, owns)
	}
}

func TestStatusListsTheFleet(t *testing.T) {
	other := startPeer(t, Config{Allow: []string{"example.com"}, ID: "0000000000bb"}, nil)
	m := fleet.NewMembers([]string{other.url, "http://127.0.0.1:1"}, fleet.Options{SelfID: "0000000000aa"})
	m.Check(context.Background())
	p := startPeer(t, Config{Allow: []string{"example.com"}, ID: "0000000000aa", Fleet: m}, nil)
	resp, err := http.Get(p.url + "/status")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var st struct {
		Peers []PeerStatus `json:"peers"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil {
		t.Fatal(err)
	}
	if len(st.Peers) != 2 || st.Peers[0].Addr != other.url || !st.Peers[0].Healthy || st.Peers[1].Healthy || st.Peers[1].Err == "" {
		t.Fatalf("/status peers %+v", st.Peers)
	}
}

func TestServerIDGoesInHeaders(t *testing.T) {
	st := openStore(t, fast(localcache.Options{}))
	for _, id := range []string{"a b", "x\r\ny", strings.Repeat("a", 65)} {
		if _, err := NewServer(Config{Store: st, Allow: []string{"example.com"}, ID: id}); err == nil {
			t.Errorf("NewServer took the ID %q", id)
		}
	}
}

// TestFleetOwnersFillEqualShares: four serves in one fleet, each asked for
// the whole file; the origin fills every slice once, and each serve fills
// exactly its equal share of the runs (16 of 64), the owners the serves
// name agreeing among themselves. Plain rendezvous hashing gives four
// members exactly 16 runs each about 1 time in 400.
func TestFleetOwnersFillEqualShares(t *testing.T) {
	const slice = 16 << 10
	const runs = 64
	const size = runs*fleet.RunSlices*slice - 5
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size))
	allow := []string{allowOrigin(origin.URL)}
	ids := []string{"aaaaaaaaaaaa", "bbbbbbbbbbbb", "cccccccccccc", "dddddddddddd"}
	var serves []*peer
	for _, id := range ids {
		serves = append(serves, startPeer(t, Config{Allow: allow, ID: id}, fast(localcache.Options{SliceSize: slice})))
	}
	var urls []string
	for _, p := range serves {
		urls = append(urls, p.url)
	}
	for i, p := range serves {
		m := fleet.NewMembers(urls, fleet.Options{SelfID: ids[i], Timeout: 10 * time.Second})
		m.Check(context.Background())
		p.srv.cfg.Fleet = m
	}
	whole := origin.Content()
	for _, p := range serves {
		resp, body := p.get(t, origin.FileURL())
		if resp.StatusCode != http.StatusOK || shaHex(body) != whole.SHA256() {
			t.Fatalf("%s: %s, SHA-256 %s", p.url, resp.Status, shaHex(body))
		}
	}
	fills, _ := fileRequests(origin)
	seen := map[int64]int{}
	byServe := map[string]int64{}
	for _, f := range fills {
		var by string
		for _, id := range ids {
			if strings.Contains(f.Header.Get("Via"), "slget-"+id) {
				by = id
			}
		}
		for k := f.Start / slice; k <= (f.End-1)/slice; k++ {
			seen[k]++
			byServe[by]++
		}
	}
	for k, n := range seen {
		if n != 1 {
			t.Errorf("slice %d filled %d times from the origin", k, n)
		}
	}
	for _, id := range ids {
		if byServe[id] != runs/4*fleet.RunSlices {
			t.Errorf("slices filled from the origin by each serve: %v; want %d each", byServe, runs/4*fleet.RunSlices)
			break
		}
	}
}

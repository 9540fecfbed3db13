// Tests of churn in a fleet: a member that joins after the fleet filled a
// file fills the runs it now owns from the members that held them, not
// from the origin.

package peer

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/fleet"
)

// TestJoinerFillsFromHolders: a and b fill a file; c joins; the file asked
// of each of the three again costs the origin no slice: every run c now
// owns comes from a or b (only-if-cached), and a and b relay theirs to c.
func TestJoinerFillsFromHolders(t *testing.T) {
	const size = 32<<20 + 9
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size))
	allow := []string{allowOrigin(origin.URL)}
	ids := []string{"aaaaaaaaaaaa", "bbbbbbbbbbbb", "cccccccccccc"}
	var ps []*peer
	for _, id := range ids {
		ps = append(ps, startPeer(t, Config{Allow: allow, ID: id, Token: "churn"}, nil))
	}
	members := func(self string, n int) *fleet.Members {
		var addrs []string
		for _, p := range ps[:n] {
			addrs = append(addrs, p.url)
		}
		m := fleet.NewMembers(addrs, fleet.Options{SelfID: self, Timeout: 10 * time.Second, Key: fleet.NewKey("churn")})
		m.Check(context.Background())
		return m
	}
	ps[0].srv.cfg.Fleet, ps[1].srv.cfg.Fleet = members(ids[0], 2), members(ids[1], 2)
	whole := origin.Content()
	get := func(p *peer) {
		t.Helper()
		resp, body := p.get(t, origin.FileURL(), "Proxy-Authorization: Bearer churn")
		if resp.StatusCode != http.StatusOK || shaHex(body) != whole.SHA256() {
			t.Fatalf("%s: %s, SHA-256 %s", p.url, resp.Status, shaHex(body))
		}
	}
	get(ps[0])
	get(ps[1])
	before := originBytes(origin)
	if before != size {
		t.Fatalf("the cold fleet of two cost the origin %d bytes, want %d", before, size)
	}
	// c joins: every member knows all three.
	for k := range ps {
		ps[k].srv.cfg.Fleet = members(ids[k], 3)
	}
	for _, p := range []*peer{ps[2], ps[0], ps[1]} {
		get(p)
	}
	if got := originBytes(origin) - before; got != 0 {
		t.Errorf("after c joined, the origin sent %d more bytes (%.2fx the file in all), want 0", got, float64(originBytes(origin))/size)
	}
	if _, text := ps[2].metricsText(t, "Authorization: Bearer churn"); !strings.Contains(text, "slget_serve_fleet_bytes_total ") || strings.Contains(text, "slget_serve_fleet_bytes_total 0\n") {
		t.Error("c filled nothing from the fleet")
	}
}

// originBytes is the body bytes the origin sent for GETs.
func originBytes(o *fetchtest.Server) int64 {
	var n int64
	fills, _ := fileRequests(o)
	for _, f := range fills {
		n += f.End - f.Start
	}
	return n
}

// Tests of the page's members: the server itself in any view of the
// fleet, members that do not prove the fleet key, and the shares of
// cached runs over a sample of a large cache.

package peer

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fleet"
	"github.com/slget/slget/localcache"
)

// selfless is a fleet.View that does not list the server itself.
type selfless struct{ others []fleet.Health }

func (v selfless) Live() []fleet.Member {
	var l []fleet.Member
	for _, h := range v.others {
		l = append(l, fleet.Member{ID: h.ID, Addr: h.Addr})
	}
	return l
}

func (v selfless) Status() []fleet.Health { return v.others }

// A view of the fleet that leaves the server out: the page has it all
// the same, at the address it listens on.
func TestPageHasTheServerInAnyView(t *testing.T) {
	view := selfless{others: []fleet.Health{{Addr: "http://127.0.0.1:1", ID: "other", Healthy: true}}}
	p := startPeer(t, Config{Allow: []string{"example.com"}, ID: "me", Fleet: view}, nil)
	pg := pageJSON(t, p)
	if me := memberOf(t, pg, "me"); !me.Self || me.Addr != p.url || len(pg.Members) != 2 {
		t.Errorf("members %+v, want other and this server at %s", pg.Members, p.url)
	}
}

// The shares of cached runs rank a sample of a large cache, fewer runs
// for more members, and add up to 1 over the live members.
func TestCachedSharesSample(t *testing.T) {
	s := &Server{sliceSize: mib}
	entries := []localcache.Entry{{URL: "http://mirror.example/big.iso", Validator: `"e1";` + strconv.Itoa(1<<40)}}
	for _, n := range []int{3, 100} {
		members := []MemberPage{{ID: "down"}}
		for k := range n {
			members = append(members, MemberPage{ID: "m" + strconv.Itoa(k), Live: true})
		}
		ranked := s.cachedShares(members, entries)
		if want := int64(min(maxRankedRuns, maxRankings/n)); ranked != want {
			t.Errorf("%d members: ranked %d runs, want %d", n, ranked, want)
		}
		var sum float64
		for _, m := range members {
			sum += m.CachedShare
		}
		if sum < 0.999 || sum > 1.001 || members[0].CachedShare != 0 {
			t.Errorf("%d members: shares add up to %v; the member down has %v", n, sum, members[0].CachedShare)
		}
	}
}

// A host that answers /healthz without the fleet key's MAC is shown
// unproven, owning nothing.
func TestPageShowsUnprovenMembers(t *testing.T) {
	forger := fakeMember(t, "127.0.0.2", "forger", "9.9.9")
	members := fleet.NewMembers([]string{forger.URL}, fleet.Options{SelfID: "keyed", Key: fleet.NewKey("s3cret"), Timeout: 5 * time.Second})
	members.Check(context.Background())
	p := startPeer(t, Config{Allow: []string{"example.com"}, ID: "keyed", Token: "s3cret", Fleet: members}, nil)
	pg := pageJSON(t, p, "Authorization: Bearer s3cret")
	var f MemberPage
	for _, m := range pg.Members {
		if m.Addr == forger.URL {
			f = m
		}
	}
	if !f.Unproven || f.Healthy || f.Live || f.ExpectedShare != 0 {
		t.Errorf("the forger: %+v, want unproven, owning nothing", f)
	}
	if _, body := getPage(t, p, http.MethodGet, "/", "Authorization: Bearer s3cret"); !strings.Contains(string(body), `<span class="bad">unproven</span>`) {
		t.Error("the page does not say the forger is unproven")
	}
}

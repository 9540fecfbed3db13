// Tests of a fleet assembled by NewServer: its ID is the Store's fleet ID,
// its members' checks run while it serves, and a fleet that knows the
// server by another ID is refused.

package peer

import (
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fleet"
	"github.com/slget/slget/localcache"
)

func TestServerAssemblesItsFleet(t *testing.T) {
	other := startPeer(t, Config{Allow: []string{"example.com"}, ID: "0000000000bb", Token: "t"}, nil)
	st := openStore(t, fast(localcache.Options{}))
	p := servePeer(t, Config{Allow: []string{"example.com"}, Token: "t", FleetPeers: []string{other.url}}, st)
	id, err := st.FleetID()
	if err != nil || p.srv.ID() != id {
		t.Fatalf("ID %q, want the store's fleet ID %q (%v)", p.srv.ID(), id, err)
	}
	m := p.srv.Members()
	if m == nil || m.SelfID() != id {
		t.Fatalf("Members() %v: want the fleet of the server", m)
	}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		live := m.Live()
		if len(live) == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("live %+v after 30s: the server does not run its members' checks", live)
		}
	}
}

func TestServerRefusesAPhantomID(t *testing.T) {
	st := openStore(t, fast(localcache.Options{}))
	_, err := NewServer(Config{Store: st, Allow: []string{"example.com"}, ID: "0000000000aa",
		Fleet: fleet.NewMembers(nil, fleet.Options{SelfID: "0000000000ff"})})
	if err == nil || !strings.Contains(err.Error(), "0000000000aa") || !strings.Contains(err.Error(), "0000000000ff") {
		t.Fatalf("NewServer with an ID its fleet does not know: %v, want an error naming both", err)
	}
}

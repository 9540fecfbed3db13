// Tests of a member heard of: a serve on health checks names its port in
// its proven checks, and the serve it checks hears of it; an unproven
// check names nothing.

package peer

import (
	"net/http"
	"testing"
	"time"

	"github.com/slget/slget/fleet"
)

func TestHeardOfTheMemberThatChecks(t *testing.T) {
	heard := make(chan string, 16)
	g := startPeer(t, Config{Token: "fleet-tok", ID: "gossip-member", HeardMember: func(a string) {
		select {
		case heard <- a:
		default:
		}
	}}, nil)

	// Anyone may ask /healthz, but an unproven check names no member.
	req, _ := http.NewRequest(http.MethodGet, g.url+"/healthz", nil)
	req.Header.Set(fleet.HeaderPort, "7878")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()

	c := startPeer(t, Config{Token: "fleet-tok", ID: "checks-member", FleetPeers: []string{g.url}}, nil)
	select {
	case a := <-heard:
		if a != c.url {
			t.Fatalf("heard of %s, want the checking serve %s (an unproven check names none)", a, c.url)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("the serve checked by %s never heard of it", c.url)
	}
}

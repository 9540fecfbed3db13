// Tests of slget peers: each peer named as a serve's /fleet names it, by
// its ID and its address.

package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// slget peers names a serve by the ID its /fleet gives it, beside its
// address; a server that is no slget serve (no ID) by its address, as
// /fleet does; an address nothing answers at by none.
func TestPeersNamesMembersAsFleetDoes(t *testing.T) {
	port := freePort(t)
	p := startServeAt(t, port, t.TempDir(), "--allow", "example.com", "--peer", fmt.Sprintf("http://127.0.0.1:%d", port))
	var fl struct {
		ID string `json:"id"`
	}
	resp, err := http.Get(p.url + "/fleet")
	if err != nil {
		t.Fatal(err)
	}
	err = json.NewDecoder(resp.Body).Decode(&fl)
	resp.Body.Close()
	if err != nil || fl.ID == "" {
		t.Fatalf("/fleet: %v, id %q", err, fl.ID)
	}
	other := httptest.NewServer(http.NotFoundHandler())
	defer other.Close()
	dead := httptest.NewServer(http.NotFoundHandler())
	dead.Close()

	r := runSlget(t, "peers", "--no-mdns", "--json", "--peer", p.url, "--peer", other.URL, "--peer", dead.URL)
	var found []peerStatus
	if err := json.Unmarshal([]byte(r.stdout), &found); err != nil || r.code != 0 || len(found) != 3 {
		t.Fatalf("slget peers --json: exit %d, %q, %v", r.code, r.stdout, err)
	}
	ids := map[string]string{}
	for _, f := range found {
		ids[f.Addr] = f.ID
	}
	if ids[p.url] != fl.ID || ids[other.URL] != other.URL || ids[dead.URL] != "" {
		t.Errorf("slget peers --json IDs by address: %v; want %s for the serve, its address for the other, none for the dead", ids, fl.ID)
	}

	r = runSlget(t, "peers", "--no-mdns", "--peer", p.url)
	if f := strings.Fields(r.stdout); r.code != 0 || len(f) < 3 || f[0] != fl.ID || f[1] != p.url || f[2] != "healthy" {
		t.Errorf("slget peers: exit %d, %q; want %s %s healthy ...", r.code, r.stdout, fl.ID, p.url)
	}
}

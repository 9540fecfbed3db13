// Peers in Client.Do beside the origin: every peer listed is asked, an
// origin that refuses HEAD is probed with a GET of slice 0 and the rest
// still comes from the peer.

package slget_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

// Two peers listed: both are asked, and the origin sends no slice.
func TestEveryPeerIsAsked(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(8*mib))
	a, b := fetchtest.NewPeer(t, srv), fetchtest.NewPeer(t, srv)
	c := newClient(t, &slget.Client{Peers: []string{a.URL, b.URL}})
	res, _ := get(t, c, srv, nil)
	if len(a.Requests()) == 0 || len(b.Requests()) == 0 {
		t.Errorf("requests: %d and %d, want both peers asked", len(a.Requests()), len(b.Requests()))
	}
	onlyTheProbe(t, srv)
	if res.BySource[slget.FromPeer] != 8*mib || len(res.BySource) != 1 {
		t.Errorf("by source %v, want all from the peers", res.BySource)
	}
}

// An origin that refuses HEAD (a URL signed for GET alone) is probed with
// a GET of slice 0 instead, and the rest still comes from the peer.
func TestPeerWhenHEADIsRefused(t *testing.T) {
	const size = 4 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithFault(func(r *http.Request, _ int) fetchtest.Fault {
		if r.Method == http.MethodHead {
			return fetchtest.Fault{Status: http.StatusForbidden}
		}
		return fetchtest.Fault{}
	}))
	peer := fetchtest.NewPeer(t, srv)
	c := newClient(t, &slget.Client{Peers: []string{peer.URL}, Slice: mib})
	res, _ := get(t, c, srv, nil)
	want := map[slget.Source]int64{slget.FromOrigin: mib, slget.FromPeer: size - mib}
	if fmt.Sprint(res.BySource) != fmt.Sprint(want) {
		t.Errorf("by source %v, want %v", res.BySource, want)
	}
	var got []string
	for _, q := range srv.Requests() {
		got = append(got, q.Method+" "+q.Range)
	}
	// After the last byte, the version is asked for with a GET of the last
	// slice (If-None-Match: a 304), not with the HEAD this server refuses.
	if fmt.Sprint(got) != fmt.Sprint([]string{"HEAD ", "GET bytes=0-1048575", "GET bytes=3145728-4194303"}) {
		t.Errorf("the origin got %q, want the refused HEAD, then a GET of slice 0, and after the last byte a GET of the last slice", got)
	}
}

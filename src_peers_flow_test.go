// Peers in Client.Do beside the origin: every peer listed is asked, an
// origin that refuses HEAD is probed with a GET of slice 0 and the rest
// still comes from the peer, and a peer whose answers carry no checksum for
// a slice never gets that slice's bytes into the file.

package slget_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

// Two peers of the fleet listed: both are asked, and the origin sends no
// slice.
func TestEveryPeerIsAsked(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(8*mib))
	a, au := keyedPeer(t, srv)
	b, bu := keyedPeer(t, srv)
	c := newClient(t, &slget.Client{Peers: []string{au, bu}})
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
	_, u := keyedPeer(t, srv)
	c := newClient(t, &slget.Client{Peers: []string{u}, Slice: mib})
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

// Peers prove every slice: the bytes a peer vouches for by no checksum are
// wrong here, and the file is right all the same.
func TestPeerWithoutChecksums(t *testing.T) {
	const size = 5 * mib
	for _, tc := range []struct {
		name    string
		fault   fetchtest.PeerFault
		dropped bool // refused at its first answer: every byte from the origin
	}{
		{"no header", fetchtest.PeerFault{NoSums: true, FlipUnlisted: true}, true},
		{"empty header", fetchtest.PeerFault{EmptySums: true, FlipUnlisted: true}, true},
		{"one checksum for several slices", fetchtest.PeerFault{Sums: 1, FlipUnlisted: true}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
			peer := fetchtest.NewPeer(t, srv, peerFault(tc.fault))
			c := newClient(t, &slget.Client{Peers: []string{peer.URL}, Connections: 4, Slice: 256 << 10})
			res, w := get(t, c, srv, nil)
			if !tc.dropped {
				return
			}
			if w.count("X-Slget-Crc32c") == 0 {
				t.Errorf("warnings %q, want one saying the peer sent no checksums", w)
			}
			if res.BySource[slget.FromOrigin] != size || len(res.BySource) != 1 {
				t.Errorf("by source %v, want all from the origin", res.BySource)
			}
		})
	}
}

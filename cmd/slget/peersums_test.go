// Peers prove every slice: a peer whose answers carry no checksum for a
// slice never gets that slice's bytes into the file.

package main

import (
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

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
			// The bytes it vouches for by no checksum are wrong.
			peer := fetchtest.NewPeer(t, srv, fetchtest.WithPeerFault(func(*http.Request, int) fetchtest.PeerFault { return tc.fault }))
			dir := t.TempDir()
			r := mustFetch(t, filepath.Join(dir, "f"), srv.Content().SHA256(), "-x", "4", "--slice", "256k", "--peer", peer.URL, "-d", dir, "-o", "f", "--json", srv.FileURL())
			if !tc.dropped {
				return
			}
			if !strings.Contains(r.stderr, "X-Slget-Crc32c") {
				t.Errorf("stderr %q does not say the peer sent no checksums", r.stderr)
			}
			if got := jsonResult(t, r).BySource; fmt.Sprint(got) != fmt.Sprint(map[string]int64{"origin": size}) {
				t.Errorf("bytes_by_source %v, want all from the origin", got)
			}
		})
	}
}

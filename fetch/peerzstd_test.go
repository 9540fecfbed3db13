// Tests of the zstd answers of the peer protocol as PeerSource reads them:
// the 200 of the slices media type decoded and checked, and every answer
// whose headers do not describe its bytes refused.

package fetch_test

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/segment"
)

func TestPeerZstdSlicesAnswer(t *testing.T) {
	s := newPeerSetup(t, 512<<10, 64<<10)
	peer := fetchtest.NewPeer(t, s.srv, fetchtest.WithPeerZstd())
	r := s.plan.RunRange(segment.Run{First: 2, End: 7})
	got, err := readRange(t, s.source(t, peer.URL), r)
	if err != nil {
		t.Fatal(err)
	}
	if sha256.Sum256(got) != sha256.Sum256(s.srv.Content().Bytes(r.Start, r.Len())) {
		t.Fatal("decoded bytes differ from the file's")
	}
	q := peer.Requests()
	if len(q) != 1 || q[0].Encoding != "zstd" || q[0].Status != http.StatusOK || q[0].Header.Get("Accept") != fetchtest.SlicesType ||
		q[0].Header.Get("Accept-Encoding") != "identity" {
		t.Fatalf("the peer was not asked for zstd slices, or did not send them: %+v", q)
	}
}

// Each answer whose headers do not describe its bytes is refused, and the
// peer dropped: the 206 with Content-Encoding: zstd of old, a slices
// answer under the plain ETag or another version's, one whose
// X-Slget-Range is not the range asked for.
func TestPeerZstdInconsistentRefused(t *testing.T) {
	s := newPeerSetup(t, 512<<10, 64<<10)
	r := s.plan.RunRange(segment.Run{First: 2, End: 4})
	for _, c := range []struct {
		name  string
		fault fetchtest.PeerFault
		says  string
	}{
		{"206 with Content-Encoding", fetchtest.PeerFault{ZstdAs206: true}, "Content-Encoding"},
		{"plain ETag", fetchtest.PeerFault{ZstdETag: s.srv.ETag()}, "ETag"},
		{"another version", fetchtest.PeerFault{ZstdETag: `"other-zstd"`}, "ETag"},
		{"another range", fetchtest.PeerFault{ZstdRange: fmt.Sprintf("bytes %d-%d/%d", r.Start, r.End, s.plan.Size)}, "X-Slget-Range"},
		{"no range", fetchtest.PeerFault{ZstdRange: " "}, "X-Slget-Range"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := c.fault
			peer := fetchtest.NewPeer(t, s.srv, fetchtest.WithPeerZstd(),
				fetchtest.WithPeerFault(func(*http.Request, int) fetchtest.PeerFault { return f }))
			got, err := readRange(t, s.source(t, peer.URL), r)
			var pe *fetch.PeerError
			if !errors.As(err, &pe) || !pe.Drop || !strings.Contains(pe.Error(), c.says) {
				t.Fatalf("got %d bytes, err %v; want a PeerError that drops the peer and names %s", len(got), err, c.says)
			}
			if len(got) != 0 {
				t.Errorf("%d bytes taken from a refused answer", len(got))
			}
		})
	}
}

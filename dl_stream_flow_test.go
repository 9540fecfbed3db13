// A stream from a server without ranges tried through Client.Do, beyond
// TestStreamInOrder: whatever the connections asked for, the bytes come on
// the probe's one GET.

package slget_test

import (
	"net/http"
	"testing"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

func TestStreamWithoutRangesIsOneGET(t *testing.T) {
	const size = 3<<20 + 1
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithNoRanges())
	out := &sink{}
	res, err := doStream(t, newClient(t, &slget.Client{Connections: 8}), streamReq(srv, out, 0))
	if err != nil {
		t.Fatal(err)
	}
	if out.sha() != srv.Content().SHA256() || res.Size != size || res.Ranged {
		t.Fatalf("%d bytes out, result %+v", out.n.Load(), res)
	}
	var gets []string
	for _, r := range srv.Requests() {
		if r.Method == http.MethodGet {
			gets = append(gets, r.Range)
		}
	}
	if len(gets) != 1 {
		t.Errorf("GETs with ranges %q, want the probe's one", gets)
	}
}

// A file of one slice, the probe's: its idle connections, which could only
// duplicate that slice, start only if it runs past the end-game's first
// look, so a small file done at once runs one connection.

package fetch_test

import (
	"testing"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
)

func TestOneSliceDoneAtOnceRunsOneConnection(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(64*kib))
	res := mustDownload(t, srv, 1*mib, fetch.Config{Connections: 4})
	if st := res.d.Stats(); st.Peak != 1 || len(st.Conns) != 1 {
		t.Errorf("peak %d connections, %d shown; want the probe's alone", st.Peak, len(st.Conns))
	}
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("the origin saw %d requests, want the probe's alone", n)
	}
}

// The idle connections do start for a slice still coming after
// endGameLate; one that comes whole before the end-game's rule calls it
// slow is still not duplicated.
func TestOneSliceSlowStartsTheIdleConnections(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(64*kib), fetchtest.WithRateLimit(64*kib))
	res := mustDownload(t, srv, 1*mib, fetch.Config{Connections: 3})
	if st := res.d.Stats(); st.Peak != 3 {
		t.Errorf("peak %d connections after %s, want 3", st.Peak, res.elapsed)
	}
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("the origin saw %d requests, want the probe's alone", n)
	}
}

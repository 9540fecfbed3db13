// Tests of a download that finds its connection count (MaxConnections):
// it grows where connections are limited one by one, keeps to a server's
// connection limit, and a fixed count stays exact.

package fetch_test

import (
	"testing"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
)

// A server that allows 3 connections (503 beyond, as limit_conn) and limits
// each: the download wants more, learns the limit from the first 503 and
// keeps to it, without a failed try and without asking again and again.
func TestAutoKeepsToServerConnectionLimit(t *testing.T) {
	const slice, size = 64 * kib, 6 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(1*mib), fetchtest.WithConnLimit(3))
	res := mustDownload(t, srv, slice, fetch.Config{Connections: 4, MaxConnections: 16})
	st := res.d.Stats()
	if srv.Refused() > 1 {
		t.Errorf("the server refused %d requests (503 above 3 at once), want at most 1: the download kept asking beyond the limit\nlog: %q", srv.Refused(), res.log.all())
	}
	if st.Retries != 0 {
		t.Errorf("%d failed tries, want none: a limit_conn 503 is a signal, not a failure", st.Retries)
	}
	if st.Peak > 4 {
		t.Errorf("peak %d connections, want at most 4 (3 allowed, one to find it out)", st.Peak)
	}
	t.Logf("%s, %d refusals, peak %d, open %d at the end, most in flight at the server %d", res.elapsed, srv.Refused(), st.Peak, st.Open, srv.MostInFlight())
}

// Each connection limited (nginx limit_rate): more connections bring more,
// so the download grows past the 4 it starts with, and no further than its
// cap.
func TestAutoGrowsWhenEachConnectionIsLimited(t *testing.T) {
	const slice, size = 128 * kib, 16 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(512*kib))
	res := mustDownload(t, srv, slice, fetch.Config{Connections: 4, MaxConnections: 16})
	st := res.d.Stats()
	if st.Peak <= 4 {
		t.Errorf("peak %d connections, want more than 4: each connection is limited to 512 KiB/s", st.Peak)
	}
	if srv.MostInFlight() > 16+1 { // the cap, and the probe's request as worker 0 takes it over
		t.Errorf("%d requests in flight at once, want at most the cap of 16", srv.MostInFlight())
	}
	t.Logf("%s, peak %d, most in flight at the server %d", res.elapsed, st.Peak, srv.MostInFlight())
}

// -x N is exactly N: never more at once, and all of them used.
func TestFixedConnectionsAreExact(t *testing.T) {
	const slice, size = 64 * kib, 4 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(1*mib))
	res := mustDownload(t, srv, slice, fetch.Config{Connections: 6})
	st := res.d.Stats()
	if srv.MostInFlight() != 6 || st.Peak != 6 || len(st.Conns) != 6 {
		t.Errorf("most in flight %d, peak %d, %d connections: want 6 each", srv.MostInFlight(), st.Peak, len(st.Conns))
	}
}

// Tests of a download from a peer that keeps saying it is working (102
// Processing) and never answers: the wait is bounded, and the origin
// serves the file.

package slget_test

import (
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

func TestPeerThatOnlySaysItWorks(t *testing.T) {
	const size = 6 * mib
	const stall = 2 * time.Second
	// slack is what the origin's transfer and a busy machine add to the
	// waits the rules allow (a full run of every package took 6.4 s for
	// the first case, with 2 s of slack). Without the rules the wait is
	// endless: get gives up after 60 s.
	const slack = 5 * time.Second
	for _, tc := range []struct {
		name  string
		fault fetchtest.PeerFault
		opts  slget.PeerOptions
		limit time.Duration // how long the download may take
	}{
		// Its 102s show no progress: they keep nothing alive, and the
		// stall watch ends the wait.
		{"no progress", fetchtest.PeerFault{Processing: 20 * time.Millisecond}, slget.PeerOptions{}, 2*stall + slack},
		// Its 102s fake progress: the cap ends the wait.
		{"fake progress", fetchtest.PeerFault{Processing: 20 * time.Millisecond, FakeProgress: true},
			slget.PeerOptions{Timeout: time.Second, MaxWait: 3 * time.Second}, 2*3*time.Second + slack},
		// Its 102s fake progress, and the peer's own caps are the
		// defaults (60s, four times that): the stall timeout ends the
		// wait all the same.
		{"fake progress, default caps", fetchtest.PeerFault{Processing: 20 * time.Millisecond, FakeProgress: true},
			slget.PeerOptions{}, 2*stall + slack},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
			peer := fetchtest.NewPeer(t, srv, peerFault(tc.fault))
			c := newClient(t, &slget.Client{Peers: []string{peer.URL}, PeerOptions: tc.opts, StallTimeout: stall,
				Connections: 4, Retry: slget.RetryPolicy{MaxTries: 1}})
			start := time.Now()
			res, w := get(t, c, srv, nil) // fails the test after 60s
			if took := time.Since(start); took > tc.limit {
				t.Errorf("the download took %s, want at most %s\nwarnings:\n%s", took.Round(time.Millisecond), tc.limit, w)
			}
			if res.BySource[slget.FromOrigin] != size {
				t.Errorf("by source %v, want all %d from the origin", res.BySource, size)
			}
			asked := 0
			for _, q := range peer.Requests() {
				if q.RequestURI != "/healthz" {
					asked++
				}
			}
			if asked == 0 {
				t.Errorf("the peer was never asked: the test proves nothing")
			}
			t.Logf("took %s; the peer was asked %d times; warnings:\n%s", time.Since(start).Round(time.Millisecond), asked, w)
		})
	}
}

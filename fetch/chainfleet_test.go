// Tests of a Chain with owners: each run asked of its owner, a range read
// from owner to owner, the origin for runs no peer is named for, and the
// provenance of each slice.

package fetch_test

import (
	"fmt"
	"github.com/slget/slget/segment"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
)

func TestChainAsksEachRunOfItsOwner(t *testing.T) {
	const (
		slice = 64 << 10
		run   = 4 * slice
		size  = 13*slice + 5 // runs 0..3, the last one short
	)
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	a, b := fetchtest.NewPeer(t, srv), fetchtest.NewPeer(t, srv)
	// Run 0 and 3 belong to a, run 1 to b, run 2 to nobody (the origin).
	owner := map[int64][]int{0: {0, 1}, 1: {1, 0}, 2: nil, 3: {0}}
	res := func() *chainResult {
		r, err := chainDownloadWith(t, srv, slice, fetch.Config{Connections: 1}, func(c *fetch.Chain) {
			c.SetOwners(func(start int64) ([]int, int64) {
				return owner[start/run], min((start/run+1)*run, size)
			})
		}, a.URL, b.URL)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := r.out.sum(), r.want.SHA256(); got != want {
			t.Fatalf("SHA-256 %s, want %s", got, want)
		}
		return r
	}()
	inRuns := func(p *fetchtest.Peer, runs ...int64) {
		t.Helper()
		for _, q := range p.Requests() {
			rg := q.Header.Get("Range")
			var first, last int64
			if _, err := fmtSscanf(rg, &first, &last); err != nil {
				t.Fatalf("peer request with Range %q", rg)
			}
			ok := false
			for _, r := range runs {
				ok = ok || first >= r*run && last < (r+1)*run
			}
			if !ok || first/run != last/run {
				t.Errorf("peer %s asked for %s, outside its runs %v", p.URL, rg, runs)
			}
		}
	}
	inRuns(a, 0, 3)
	inRuns(b, 1)
	if len(a.Requests()) == 0 || len(b.Requests()) == 0 {
		t.Fatalf("a peer was never asked: %d and %d requests", len(a.Requests()), len(b.Requests()))
	}
	for _, q := range originGets(srv) {
		if q.Start < 2*run || q.End > 3*run {
			t.Errorf("the origin was asked for %s, outside run 2", q.Range)
		}
	}
	// Slice 0 came with the probe; run 2 from the origin; the rest from peers.
	st := res.d.Stats()
	if got, want := st.BySource[segment.FromOrigin], int64(slice+run); got != want {
		t.Errorf("%d bytes from the origin, want %d (slice 0 and run 2): %v", got, want, st.BySource)
	}
	if got, want := st.BySource[segment.FromPeer], int64(size-slice-run); got != want {
		t.Errorf("%d bytes from peers, want %d", got, want)
	}
	by := res.chain.ByPeer()
	if by[a.URL] == 0 || by[b.URL] != 4*slice || len(by) != 2 {
		t.Errorf("bytes by peer %v", by)
	}
	if w := strings.Join(res.drops.all(), "\n"); w != "" {
		t.Errorf("warnings: %s", w)
	}
}

// fmtSscanf reads "bytes=A-B".
func fmtSscanf(rg string, first, last *int64) (int, error) {
	return fmt.Sscanf(strings.TrimPrefix(rg, "bytes="), "%d-%d", first, last)
}

// TestChainDropEndsRequestsUnderWay: the owner of every run takes the
// connection and answers nothing (a stopped serve); Drop, as the health
// checks call it, ends the request waiting on it, and the slices come from
// the origin long before the stall timeout.
func TestChainDropEndsRequestsUnderWay(t *testing.T) {
	const slice = 64 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(10*slice+1))
	asked := make(chan struct{}, 64)
	release := make(chan struct{})
	stuck := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked <- struct{}{}
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer stuck.Close()
	defer close(release)
	start := time.Now()
	res, err := chainDownloadWith(t, srv, slice, fetch.Config{Connections: 2, StallTimeout: time.Minute}, func(c *fetch.Chain) {
		c.SetOwners(func(s int64) ([]int, int64) { return []int{0}, min((s/(4*slice)+1)*4*slice, 10*slice+1) })
		go func() {
			<-asked
			c.Drop(stuck.URL, "does not answer its health checks")
		}()
	}, stuck.URL)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := res.out.sum(), res.want.SHA256(); got != want {
		t.Fatalf("SHA-256 %s, want %s", got, want)
	}
	if took := time.Since(start); took > 20*time.Second {
		t.Fatalf("the download took %v: the request to the dropped peer went on", took)
	}
	if w := strings.Join(res.drops.all(), "\n"); !strings.Contains(w, "does not answer its health checks") {
		t.Errorf("warnings %q", w)
	}
}

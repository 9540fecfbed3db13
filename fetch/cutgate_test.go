// The cut gate against an origin that names a cache (Via: varnish) and
// cuts answers as one would: one that cuts every answer past its store is
// asked again by one connection only and given up at the second cut; one
// whose cuts were a moment's is finished exact on every connection.

package fetch_test

import (
	"errors"
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
)

// Every answer that reaches past byte store of the file is cut there, as
// varnish whose store is smaller than the file cuts its answers.
func TestCutGateGivesUpAtTheSecondCut(t *testing.T) {
	const slice, size, store = 64 * kib, 4 * mib, 256 * kib
	cut := func(r *http.Request, _ int) fetchtest.Fault {
		var start int64
		fmt.Sscanf(r.Header.Get("Range"), "bytes=%d-", &start)
		if start >= store {
			return fetchtest.Fault{CutAfter: -1}
		}
		return fetchtest.Fault{CutAfter: store - start}
	}
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithHeader("Via", "1.1 varnish (Varnish/7.1)"), fetchtest.WithFault(cut))
	_, err := download(t, srv, slice, fetch.Config{Connections: 8, Retry: fetch.RetryPolicy{Wait: 5 * time.Millisecond}})
	var again *fetch.CutAgainError
	var ge *fetch.GaveUpError
	if !errors.As(err, &ge) || !errors.As(err, &again) || fetch.Retryable(err) {
		t.Fatalf("download: %v (%T), want a final *GaveUpError of a *CutAgainError", err, err)
	}
	// The probe, the 8 connections' first requests, and one try after
	// the cut was seen.
	if n := len(fileGets(srv.Requests(), "/file.bin")); n > 1+8+1 {
		t.Errorf("%d requests, want at most 10:\n%s", n, dumpLog(srv.Requests()))
	}
}

// Cuts of one moment (the cache's own fetch broke off): the connection
// that saw the first asks again, its slice comes whole, and every
// connection goes on to the end.
func TestCutGateReopens(t *testing.T) {
	const slice, size = 64 * kib, 4 * mib
	// Every answer is cut until the first request for one slice alone
	// after the probe (the try again after the cut) comes.
	var over atomic.Bool
	cut := func(r *http.Request, n int) fetchtest.Fault {
		var first, last int64
		fmt.Sscanf(r.Header.Get("Range"), "bytes=%d-%d", &first, &last)
		if n == 1 || over.Load() || (last-first+1 == slice && over.CompareAndSwap(false, true)) {
			return fetchtest.Fault{}
		}
		return fetchtest.Fault{CutAfter: 1000}
	}
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithHeader("Via", "1.1 varnish (Varnish/7.1)"), fetchtest.WithFault(cut))
	res := mustDownload(t, srv, slice, fetch.Config{Connections: 4, Retry: fetch.RetryPolicy{Wait: 5 * time.Millisecond}})
	if res.log.count("cut short by a cache") == 0 {
		t.Error("no answer was cut")
	}
	// After the slice that came whole, the connections ask again.
	conns := map[int]bool{}
	for _, q := range fileGets(srv.Requests(), "/file.bin")[1:] {
		if q.End-q.Start == slice || len(conns) > 0 {
			conns[q.Conn] = true
		}
	}
	if len(conns) < 2 {
		t.Errorf("after the cuts, requests on %d connections, want the gate open again:\n%s", len(conns), dumpLog(srv.Requests()))
	}
}

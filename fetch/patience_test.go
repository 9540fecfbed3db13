// Tests of patience: waits on a filling proxy or a slow first byte while
// the download moves are not failed tries; stalls when nothing moves are.

package fetch_test

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
)

// A caching proxy that fills the whole file from its start (squid with
// range_offset_limit none, cold cache) sends a far range's first byte only
// when its fill gets there: here up to seven stall timeouts after the
// request. With three tries per slice, counting those waits as failed
// tries gave up; waiting while the connection at the fill's front brings bytes
// finishes with the right bytes, and the far requests get their first
// bytes on the connections that waited for them.
func TestFillingProxyWaitedFor(t *testing.T) {
	const slice, size, fill = 128 * kib, 4 * mib, 1 * mib // the fill takes 4s
	// Far above the pauses of a busy machine: when the connection at the
	// front of the fill pauses that long, nothing moves, and the tries
	// count.
	const stall = 500 * time.Millisecond
	var arr arrivals
	t0 := time.Now() // no later than the server's start, from which the fill counts
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithFill(fill), fetchtest.WithFault(arr.fault))
	res := mustDownload(t, srv, slice, fetch.Config{Connections: 8, StallTimeout: stall,
		Retry: fetch.RetryPolicy{MaxTries: 3, Wait: 10 * time.Millisecond}})
	reqs := fileGets(srv.Requests(), "/file.bin")
	checkAligned(t, reqs, slice, size)
	// Some request waited five stall timeouts or more for its first byte
	// and got it: its connection waited instead of being dropped.
	longest := time.Duration(0)
	for i, r := range reqs {
		if i == 0 || r.BodyBytes == 0 {
			continue
		}
		due := t0.Add(time.Duration(float64(r.Start) / fill * float64(time.Second)))
		longest = max(longest, due.Sub(arr.get(r.N)))
	}
	if longest < 5*stall {
		t.Errorf("the longest wait for a first byte that came was %s, want at least %s:\n%s", longest, 5*stall, dumpLog(reqs))
	}
	t.Logf("%d requests in %s (the fill takes %s); longest wait %s; %d tries counted", len(reqs), res.elapsed.Round(time.Millisecond),
		time.Duration(size/fill)*time.Second, longest.Round(time.Millisecond), res.d.Stats().Retries)
}

// One far request gets its first byte eight stall timeouts after its
// headers (a cache fetching it), while the other connections bring bytes
// all along: it is waited for and gets its bytes, and the download
// finishes with three tries per slice.
func TestSlowFirstByteWaitedFor(t *testing.T) {
	const slice, size, rate = 64 * kib, 10 * mib, 512 * kib
	const stall = 500 * time.Millisecond
	// The fourth worker's first claim starts at 3/4 of the file.
	far := func(start, _ int64) bool { return start >= size*3/4-slice && start < size-slice }
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(rate),
		fetchtest.WithFault(fetchtest.Once(fetchtest.OnRange(far, fetchtest.Fault{FirstByteDelay: 8 * stall}))))
	res := mustDownload(t, srv, slice, fetch.Config{Connections: 4, StallTimeout: stall,
		Retry: fetch.RetryPolicy{MaxTries: 3, Wait: time.Millisecond}})
	reqs := fileGets(srv.Requests(), "/file.bin")
	checkAligned(t, reqs, slice, size)
	var slow *fetchtest.Request
	for i, r := range reqs {
		if far(r.Start, r.End) {
			slow = &reqs[i]
			break
		}
	}
	if slow == nil {
		t.Fatalf("no request came for the far range:\n%s", dumpLog(reqs))
	}
	if slow.BodyBytes == 0 {
		t.Errorf("the slow request %q was dropped before its first byte:\n%s", slow.Range, dumpLog(reqs))
	}
	t.Logf("%d requests in %s; %d tries counted", len(reqs), res.elapsed.Round(time.Millisecond), res.d.Stats().Retries)
}

// A connection whose bytes stop mid-body while the others bring bytes is
// dropped and replaced as before, but the try is not counted. (A pause
// of the whole machine longer than the stall timeout is a stall with
// nothing moving, and counts: the tries allowed leave room for that.)
func TestStallWhileOthersMoveNotCounted(t *testing.T) {
	const slice, size, rate = 64 * kib, 4 * mib, 1 * mib
	const stall = 500 * time.Millisecond
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(rate), fetchtest.WithStall(3, 100*kib+3))
	res := mustDownload(t, srv, slice, fetch.Config{Connections: 4, StallTimeout: stall,
		Retry: fetch.RetryPolicy{MaxTries: 10, Wait: time.Millisecond}})
	reqs := fileGets(srv.Requests(), "/file.bin")
	checkAligned(t, reqs, slice, size)
	var stalled *fetchtest.Request
	for i, r := range reqs {
		if r.N == 3 {
			stalled = &reqs[i]
		}
	}
	if stalled == nil || stalled.BodyBytes != 100*kib+3 {
		t.Fatalf("request 3 did not stall after %d bytes:\n%s", 100*kib+3, dumpLog(reqs))
	}
	at := (stalled.Start + 100*kib + 3) / slice * slice
	again := false
	for _, r := range reqs {
		if r.N > 3 && r.Start == at && r.Conn != stalled.Conn {
			again = true
		}
	}
	if !again {
		t.Errorf("the stalled slice at %d was not asked again on another connection:\n%s", at, dumpLog(reqs))
	}
	// The first word about that slice is its uncounted retry.
	first := ""
	for _, l := range res.log.all() {
		if strings.HasPrefix(l, fmt.Sprintf("slice %d: ", at/slice)) {
			first = l
			break
		}
	}
	if !strings.Contains(first, "connection stalled while the other connections brought bytes") || !strings.Contains(first, "not counted") {
		t.Errorf("the stall of slice %d was not retried uncounted; log: %q", at/slice, res.log.all())
	}
}

// A server that stalls every copy of one slice halfway: copies of the same
// slice do not vouch for each other, so once every other slice is in,
// nothing moves and each stall counts. The download gives up on that slice
// with a stall, not a hang.
func TestStallOfOneSliceEverywhereGivesUp(t *testing.T) {
	const slice, size = 64 * kib, 1 * mib
	const bad = 9*slice + slice/2 // inside slice 9
	const stall = 150 * time.Millisecond
	fault := func(r *http.Request, _ int) fetchtest.Fault {
		var start, end int64
		if n, _ := fmt.Sscanf(r.Header.Get("Range"), "bytes=%d-%d", &start, &end); n == 2 && start <= bad && bad <= end {
			return fetchtest.Fault{StallAfter: bad - start}
		}
		return fetchtest.Fault{}
	}
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(1*mib), fetchtest.WithFault(fault))
	res, err := download(t, srv, slice, fetch.Config{Connections: 4, StallTimeout: stall,
		Retry: fetch.RetryPolicy{MaxTries: 3, Wait: time.Millisecond}})
	if err == nil {
		t.Fatal("download succeeded although slice 9 never arrives")
	}
	if !errors.Is(err, fetch.ErrStalled) || !strings.Contains(err.Error(), "slice 9 ") || !strings.Contains(err.Error(), "3 times") {
		t.Fatalf("err = %v, want slice 9 given up after 3 stalls\nlog:\n%s", err, strings.Join(res.log.all(), "\n"))
	}
	if got := res.d.Done().Count(); got != res.plan.N()-1 {
		t.Errorf("%d of %d slices done, want all but slice 9", got, res.plan.N())
	}
}

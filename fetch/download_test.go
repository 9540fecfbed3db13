// Tests of the Downloader against a fetchtest origin: slice alignment,
// parallelism, stealing and end-game, retries and replaced connections.

package fetch_test

import (
	"errors"
	"fmt"
	"hash/crc32"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/segment"
)

// Point 1: with nothing failing, every range is aligned, the probe is slice
// 0 and its body is used: slice 0 is asked for exactly once, and no byte is
// served twice.
func TestDownloadAlignedNoFaults(t *testing.T) {
	const slice = 64 * kib
	for _, size := range []int64{1, slice - 1, slice, slice + 1, 1*mib + 12345, 2 * mib} {
		t.Run(fmt.Sprint(size), func(t *testing.T) {
			srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
			mustDownload(t, srv, slice, fetch.Config{Connections: 8})
			reqs := fileGets(srv.Requests(), "/file.bin")
			checkAligned(t, reqs, slice, size)
			if n := rangeCount(reqs)[fmt.Sprintf("bytes=0-%d", slice-1)]; n != 1 {
				t.Errorf("slice 0 asked %d times, want once (the probe)", n)
			}
			for _, r := range reqs {
				if r.Start < slice && r.N != reqs[0].N {
					t.Errorf("request %d asked %q again, which the probe's body covers", r.N, r.Range)
				}
			}
			t.Logf("%d requests, %d bytes served for %d", len(reqs), srv.BytesServed(), size)
		})
	}
}

// Point 1 under faults: uneven speeds (so idle workers steal and end-game
// duplicates), a 503, a cut body and a shifted Content-Range, all in one
// download. Every range is still aligned and the bytes are right.
func TestDownloadAlignedUnderFaults(t *testing.T) {
	const slice, size = 64 * kib, 3*mib + 1000
	slow := func(_ *http.Request, n int) fetchtest.Fault {
		switch {
		case n == 3:
			return fetchtest.Fault{Status: http.StatusServiceUnavailable}
		case n == 4:
			return fetchtest.Fault{CutAfter: 100*kib + 7}
		case n == 5:
			return fetchtest.Fault{ShiftRange: 1}
		case n%3 == 0:
			return fetchtest.Fault{Delay: 150 * time.Millisecond}
		}
		return fetchtest.Fault{}
	}
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(4*mib), fetchtest.WithFault(slow))
	res := mustDownload(t, srv, slice, fetch.Config{Connections: 6, Retry: fetch.RetryPolicy{Wait: 5 * time.Millisecond}})
	reqs := fileGets(srv.Requests(), "/file.bin")
	checkAligned(t, reqs, slice, size)
	if res.d.Stats().Retries < 3 {
		t.Errorf("retries %d, want at least 3 (503, cut, shifted range)", res.d.Stats().Retries)
	}
	t.Logf("%d requests, %d retries, %s", len(reqs), res.d.Stats().Retries, res.elapsed)
}

// Point 2: per-connection rate limit at the origin; 8 connections finish in
// a fraction of the time of one.
func TestParallelSpeedup(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	const slice, size, rate = 64 * kib, 4 * mib, 1 * mib
	run := func(conns int) (time.Duration, []fetchtest.Request) {
		srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(rate))
		res := mustDownload(t, srv, slice, fetch.Config{Connections: conns})
		reqs := fileGets(srv.Requests(), "/file.bin")
		checkAligned(t, reqs, slice, size)
		return res.elapsed, reqs
	}
	one, _ := run(1)
	eight, reqs := run(8)
	ratio := eight.Seconds() / one.Seconds()
	t.Logf("1 connection %s, 8 connections %s: ratio %.3f (ideal 0.125)", one.Round(time.Millisecond), eight.Round(time.Millisecond), ratio)
	if ratio >= 0.35 {
		t.Errorf("8 connections took %.2f of the single-connection time, want < 0.35", ratio)
	}
	conns := map[int]bool{}
	for _, r := range reqs {
		conns[r.Conn] = true
	}
	if len(conns) < 8 {
		t.Errorf("requests came on %d distinct connections, want at least 8", len(conns))
	}
}

// Point 2: one connection is much slower (its first claim waits 6s before
// the headers). Idle workers steal its run down to the slice it holds and
// then duplicate that slice, so the download ends near the ideal time, with
// the right bytes.
func TestStealAndEndGame(t *testing.T) {
	const slice, size, rate = 64 * kib, 4 * mib, 2 * mib
	const delay = 6 * time.Second // end-game waits at least 2s before duplicating
	// Workers claim 8 slices each; the run at slice 9 belongs to some
	// worker's first claim (slice 0 comes from the probe).
	slowStart := fmt.Sprintf("bytes=%d-", 9*slice)
	var once atomic.Bool
	fault := func(r *http.Request, _ int) fetchtest.Fault {
		if strings.HasPrefix(r.Header.Get("Range"), slowStart) && once.CompareAndSwap(false, true) {
			return fetchtest.Fault{Delay: delay}
		}
		return fetchtest.Fault{}
	}
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(rate), fetchtest.WithFault(fault))
	res := mustDownload(t, srv, slice, fetch.Config{Connections: 8})
	reqs := fileGets(srv.Requests(), "/file.bin")
	checkAligned(t, reqs, slice, size)
	ideal := time.Duration(float64(size) / float64(8*rate) * float64(time.Second))
	t.Logf("finished in %s (ideal %s, the slow claim waits %s); %d requests", res.elapsed.Round(time.Millisecond), ideal, delay, len(reqs))
	if !once.Load() {
		t.Fatalf("the slow claim was never requested:\n%s", dumpLog(reqs))
	}
	if res.elapsed >= delay/2 {
		t.Errorf("download took %s: the slow connection held it up", res.elapsed)
	}
	// The slow request's slice was duplicated (end-game) and the slow copy
	// never sent a byte.
	copies := 0
	for _, r := range reqs {
		if r.Start == 9*slice {
			copies++
		}
	}
	if copies < 2 {
		t.Errorf("slice 9 was not duplicated in end-game:\n%s", dumpLog(reqs))
	}
	// Stealing split the slow claim: some request starts inside its first
	// run (slices 10..16), on a slice boundary.
	stolen := false
	for _, r := range reqs {
		if r.Start > 9*slice && r.Start < 17*slice {
			stolen = true
		}
	}
	if !stolen {
		t.Errorf("nothing was stolen from the slow claim:\n%s", dumpLog(reqs))
	}
}

// Point 2: end-game. One response sends half of its first slice and then
// stalls (with a stall timeout far away). The others steal the rest of its
// run and then duplicate the slice it holds; the duplicate completes it and
// the stalled copy is cancelled as superseded, not counted as a failure.
// Both copies wrote bytes of that slice, and the result is right.
func TestEndGameDuplicates(t *testing.T) {
	const slice, size = 64 * kib, 1 * mib
	const stallTimeout = 20 * time.Second
	// 4 workers claim 4 slices each; slice 5 starts one worker's first run.
	slowStart := fmt.Sprintf("bytes=%d-", 5*slice)
	var once atomic.Bool
	fault := func(r *http.Request, _ int) fetchtest.Fault {
		if strings.HasPrefix(r.Header.Get("Range"), slowStart) && once.CompareAndSwap(false, true) {
			return fetchtest.Fault{StallAfter: slice / 2}
		}
		return fetchtest.Fault{}
	}
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithFault(fault))
	res := mustDownload(t, srv, slice, fetch.Config{Connections: 4, StallTimeout: stallTimeout})
	reqs := fileGets(srv.Requests(), "/file.bin")
	checkAligned(t, reqs, slice, size)
	if !once.Load() {
		t.Fatalf("the stalling request never came:\n%s", dumpLog(reqs))
	}
	if res.elapsed > stallTimeout/4 {
		t.Errorf("took %s: the stalled connection held the download", res.elapsed)
	}
	var stalled, dup *fetchtest.Request
	for i, r := range reqs {
		if r.Start != 5*slice {
			continue
		}
		if stalled == nil {
			stalled = &reqs[i]
		} else {
			dup = &reqs[i]
		}
	}
	if dup == nil || dup.End != 6*slice || dup.BodyBytes != slice {
		t.Fatalf("slice 5 was not duplicated whole:\n%s", dumpLog(reqs))
	}
	if stalled.BodyBytes != slice/2 {
		t.Errorf("the stalled copy sent %d bytes, want %d", stalled.BodyBytes, slice/2)
	}
	if got := res.d.Stats().Retries; got != 0 {
		t.Errorf("retries %d: a superseded copy counted as a failure", got)
	}
	if w := res.d.Stats().Written; w < size+slice/2 {
		t.Errorf("written %d, want both copies of slice 5 written (>= %d)", w, size+slice/2)
	}
}

// Connections are kept alive: the probe's body is read to its end, so the
// next request goes over the probe's TCP connection.
func TestKeepAlive(t *testing.T) {
	const slice, size = 64 * kib, 1 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	mustDownload(t, srv, slice, fetch.Config{Connections: 1})
	reqs := fileGets(srv.Requests(), "/file.bin")
	if len(reqs) != 2 {
		t.Fatalf("%d requests, want the probe and one for the rest:\n%s", len(reqs), dumpLog(reqs))
	}
	for _, r := range reqs {
		if r.Conn != reqs[0].Conn {
			t.Fatalf("request %d came on connection %d, not %d: a connection was not reused\n%s", r.N, r.Conn, reqs[0].Conn, dumpLog(reqs))
		}
	}
}

// Point 4: a body cut short keeps the whole slices that arrived; the retry
// starts at the first slice that did not arrive whole.
func TestCutBodyKeepsWholeSlices(t *testing.T) {
	const slice, size = 64 * kib, 1 * mib
	const cut = 200_000 // inside slice 4 of the worker's run [1,16)
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithCutBody(2, cut))
	res := mustDownload(t, srv, slice, fetch.Config{Connections: 1, Retry: fetch.RetryPolicy{Wait: time.Millisecond}})
	reqs := fileGets(srv.Requests(), "/file.bin")
	checkAligned(t, reqs, slice, size)
	// Probe, cut, the slice the cut fell in (alone), the rest.
	if len(reqs) != 4 {
		t.Fatalf("%d requests, want 4 (probe, cut, cut slice, rest):\n%s", len(reqs), dumpLog(reqs))
	}
	cutAt := reqs[1].Start + cut
	want := cutAt / slice * slice
	if reqs[2].Start != want || reqs[2].End != want+slice || reqs[3].Start != want+slice || reqs[3].End != size {
		t.Errorf("retries asked %q then %q, want bytes=%d-%d then the rest to %d (nothing before the last whole slice)", reqs[2].Range, reqs[3].Range, want, want+slice-1, size-1)
	}
	if wasted := srv.BytesServed() - size; wasted >= slice {
		t.Errorf("%d bytes served twice, want less than one slice", wasted)
	}
	if res.d.Stats().Retries != 1 {
		t.Errorf("retries %d, want 1", res.d.Stats().Retries)
	}
}

// Point 4: a 206 whose Content-Range is not the range asked for is never
// written (memFile checks every write) and is retried.
func TestWrongContentRangeNotWritten(t *testing.T) {
	const slice, size = 64 * kib, 1 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithWrongContentRange(2))
	res := mustDownload(t, srv, slice, fetch.Config{Connections: 2, Retry: fetch.RetryPolicy{Wait: time.Millisecond}})
	reqs := fileGets(srv.Requests(), "/file.bin")
	checkAligned(t, reqs, slice, size)
	shifted := 0
	for _, r := range reqs {
		if r.Status == http.StatusPartialContent && r.ContentRange != "" &&
			!strings.HasPrefix(r.ContentRange, fmt.Sprintf("bytes %d-", r.Start)) {
			shifted++
		}
	}
	if shifted != 1 {
		t.Errorf("%d shifted responses, want 1:\n%s", shifted, dumpLog(reqs))
	}
	if n := res.log.count("asked for"); n != 1 {
		t.Errorf("the RangeError was logged %d times, want once: %q", n, res.log.all())
	}
}

// Point 5: 503 twice with Retry-After, then success; the log shows the
// retries of the failing slice.
func TestRetry503(t *testing.T) {
	const slice, size = 64 * kib, 512 * kib
	// Requests 2 and 3 (after the probe) fail.
	fault := func(_ *http.Request, n int) fetchtest.Fault {
		if n == 2 || n == 3 {
			return fetchtest.Fault{Status: http.StatusServiceUnavailable, RetryAfter: "0"}
		}
		return fetchtest.Fault{}
	}
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithFault(fault))
	res := mustDownload(t, srv, slice, fetch.Config{Connections: 1, Retry: fetch.RetryPolicy{Wait: 10 * time.Millisecond}})
	reqs := fileGets(srv.Requests(), "/file.bin")
	checkAligned(t, reqs, slice, size)
	// The failing slice is retried alone until it succeeds, then the rest
	// of the run goes in one request.
	if len(reqs) != 5 {
		t.Fatalf("%d requests, want 5:\n%s", len(reqs), dumpLog(reqs))
	}
	first := fmt.Sprintf("bytes=%d-%d", slice, 2*slice-1)
	for i, want := range []string{reqs[1].Range, first, first, fmt.Sprintf("bytes=%d-%d", 2*slice, size-1)} {
		if reqs[i+1].Range != want {
			t.Errorf("request %d asked %q, want %q", reqs[i+1].N, reqs[i+1].Range, want)
		}
	}
	if reqs[1].Status != 503 || reqs[2].Status != 503 || reqs[3].Status != 206 || reqs[4].Status != 206 {
		t.Errorf("statuses %d %d %d %d, want 503 503 206 206", reqs[1].Status, reqs[2].Status, reqs[3].Status, reqs[4].Status)
	}
	if got := res.d.Stats().Retries; got != 2 {
		t.Errorf("retries %d, want 2", got)
	}
	if n := res.log.count("503"); n != 2 {
		t.Errorf("logged %d retries of 503, want 2: %q", n, res.log.all())
	}
}

// Point 5: the probe gets 503 with WithStatusFor; a caller's retry of the
// probe (as the command does) then succeeds, and the error said to retry.
func TestProbeStatusRetryable(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(100*kib), fetchtest.WithStatusFor(503, 2, "1"))
	client := newClient(t, 1)
	for i := range 2 {
		_, err := client.Probe(t.Context(), srv.FileURL(), 64*kib)
		var he *fetch.HTTPError
		if !errors.As(err, &he) || he.Status != 503 || he.RetryAfter != time.Second || !fetch.Retryable(err) {
			t.Fatalf("probe %d: %v (%#v), want a retryable 503 with Retry-After 1s", i+1, err, he)
		}
	}
	p, err := client.Probe(t.Context(), srv.FileURL(), 64*kib)
	if err != nil {
		t.Fatal(err)
	}
	p.Body.Close()
}

// Point 5: 429 with Retry-After: the next try waits that long, not the
// (much shorter) RetryWait.
func TestRetry429RetryAfter(t *testing.T) {
	t.Parallel()
	const slice, size = 64 * kib, 256 * kib
	var arr arrivals
	fault := func(_ *http.Request, n int) fetchtest.Fault {
		if n == 2 {
			return fetchtest.Fault{Status: http.StatusTooManyRequests, RetryAfter: "1"}
		}
		return fetchtest.Fault{}
	}
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithFault(arr.fault), fetchtest.WithFault(fault))
	mustDownload(t, srv, slice, fetch.Config{Connections: 1, Retry: fetch.RetryPolicy{Wait: time.Millisecond}})
	reqs := fileGets(srv.Requests(), "/file.bin")
	// The retry asks for the failing slice alone, then the rest.
	if len(reqs) != 4 || reqs[1].Status != 429 || reqs[2].Start != reqs[1].Start || reqs[2].End != reqs[1].Start+slice || reqs[3].Start != reqs[2].End || reqs[3].End != reqs[1].End {
		t.Fatalf("want probe, 429, retry of the failing slice alone, the rest:\n%s", dumpLog(reqs))
	}
	gap := arr.get(3).Sub(arr.get(2))
	t.Logf("retry after %s", gap.Round(time.Millisecond))
	if gap < 950*time.Millisecond {
		t.Errorf("retried %s after a 429 with Retry-After: 1", gap)
	}
}

// Point 5: 404, 403 and 401 fail at once with an *HTTPError, without a retry,
// at the probe and during the download.
func TestClientErrorsNotRetried(t *testing.T) {
	for _, code := range []int{http.StatusNotFound, http.StatusForbidden, http.StatusUnauthorized} {
		t.Run(fmt.Sprint(code), func(t *testing.T) {
			t.Parallel()
			// At the probe.
			srv := fetchtest.NewServer(t, fetchtest.WithStatusFor(code, 100, ""))
			_, err := newClient(t, 1).Probe(t.Context(), srv.FileURL(), 64*kib)
			var he *fetch.HTTPError
			if !errors.As(err, &he) || he.Status != code || fetch.Retryable(err) {
				t.Errorf("probe: %v, want a final HTTPError %d", err, code)
			}
			if n := len(fileGets(srv.Requests(), "/file.bin")); n != 1 {
				t.Errorf("probe: origin saw %d requests, want 1", n)
			}

			// After the probe: the first slice request fails.
			fault := func(_ *http.Request, n int) fetchtest.Fault {
				if n >= 2 {
					return fetchtest.Fault{Status: code}
				}
				return fetchtest.Fault{}
			}
			srv = fetchtest.NewServer(t, fetchtest.WithSize(1*mib), fetchtest.WithFault(fault))
			res, err := download(t, srv, 64*kib, fetch.Config{Connections: 1, Retry: fetch.RetryPolicy{Wait: 5 * time.Second}})
			if !errors.As(err, &he) || he.Status != code {
				t.Fatalf("download: %v, want HTTPError %d", err, code)
			}
			if res.elapsed > 2*time.Second {
				t.Errorf("download failed after %s: it waited to retry", res.elapsed)
			}
			if n := len(fileGets(srv.Requests(), "/file.bin")); n != 2 {
				t.Errorf("download: origin saw %d requests, want 2 (probe, one failure):\n%s", n, dumpLog(srv.Requests()))
			}
		})
	}
}

// Point 5: when a slice is out of tries, the error says which slice, and
// the origin saw exactly MaxTries requests for it.
func TestMaxTriesExhausted(t *testing.T) {
	const slice = 64 * kib
	fault := func(_ *http.Request, n int) fetchtest.Fault {
		if n >= 2 {
			return fetchtest.Fault{Status: http.StatusBadGateway}
		}
		return fetchtest.Fault{}
	}
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1*mib), fetchtest.WithFault(fault))
	_, err := download(t, srv, slice, fetch.Config{Connections: 1, Retry: fetch.RetryPolicy{MaxTries: 3, Wait: time.Millisecond}})
	if err == nil {
		t.Fatal("download succeeded against a failing origin")
	}
	var he *fetch.HTTPError
	if !errors.As(err, &he) || he.Status != http.StatusBadGateway {
		t.Errorf("error %v does not wrap the 502", err)
	}
	if !strings.Contains(err.Error(), "slice 1 ") || !strings.Contains(err.Error(), "3 times") {
		t.Errorf("error %q does not say which slice failed how often", err)
	}
	if n := len(fileGets(srv.Requests(), "/file.bin")); n != 1+3 {
		t.Errorf("origin saw %d requests, want the probe and 3 tries", n)
	}
}

// Point 5: a stalled connection is dropped after StallTimeout and its work
// is finished over a new connection.
func TestStallReplacesConnection(t *testing.T) {
	const slice, size = 64 * kib, 1 * mib
	const stall = 300 * time.Millisecond
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithStall(2, 100*kib+3))
	res := mustDownload(t, srv, slice, fetch.Config{Connections: 1, StallTimeout: stall, Retry: fetch.RetryPolicy{Wait: time.Millisecond}})
	reqs := fileGets(srv.Requests(), "/file.bin")
	checkAligned(t, reqs, slice, size)
	// After the stall, the slice it stalled in is retried alone, then the rest.
	if len(reqs) != 4 || reqs[2].End-reqs[2].Start != slice || reqs[3].Start != reqs[2].End || reqs[3].End != reqs[1].End {
		t.Fatalf("%d requests, want probe, stalled, the stalled slice alone, rest:\n%s", len(reqs), dumpLog(reqs))
	}
	stalled, next := reqs[1], reqs[2]
	if next.Conn == stalled.Conn {
		t.Errorf("the work after the stall came on the stalled connection %d", stalled.Conn)
	}
	for _, r := range reqs[:2] {
		if r.Conn == next.Conn {
			t.Errorf("the retry came on connection %d, which was used before: not a new connection", next.Conn)
		}
	}
	if want := (stalled.Start + 100*kib + 3) / slice * slice; next.Start != want {
		t.Errorf("retry asked %q, want it to start at %d", next.Range, want)
	}
	if res.log.count("stalled") != 1 {
		t.Errorf("the stall was not logged once: %q", res.log.all())
	}
	if res.elapsed < stall {
		t.Errorf("finished in %s, before the stall timeout", res.elapsed)
	}
}

// A connection that stays below LowestSpeed is dropped within about the
// speed window, even when it trickles bytes so slowly that a read buffer
// (or a slice) would take many windows to fill; when every try is too slow,
// the download fails with ErrTooSlow.
func TestLowestSpeed(t *testing.T) {
	const window = 300 * time.Millisecond
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1*mib), fetchtest.WithRateLimit(8*kib))
	res, err := download(t, srv, 64*kib, fetch.Config{
		Connections: 1, Retry: fetch.RetryPolicy{MaxTries: 2, Wait: time.Millisecond},
		LowestSpeed: 64 * kib, LowestSpeedWindow: window,
	})
	if !errors.Is(err, fetch.ErrTooSlow) {
		t.Fatalf("err = %v, want ErrTooSlow", err)
	}
	// The probe's 64 KiB body at 8 KiB/s takes 8s by itself: it is the
	// first try of slice 0, dropped after a window, and the second try is
	// dropped too.
	if res.elapsed > 10*window {
		t.Errorf("too slow a connection was dropped after %s, want about %s per try", res.elapsed, window)
	}
}

// Journal: slices are committed once each, after a sync, with their hash.
func TestJournalCommits(t *testing.T) {
	const slice, size = 64 * kib, 1*mib + 5
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	j := &journal{}
	res := mustDownload(t, srv, slice, fetch.Config{Connections: 4, Journal: j, Hash: true, CommitSlices: 3})
	j.mu.Lock()
	defer j.mu.Unlock()
	if len(j.seen) != res.plan.N() {
		t.Errorf("%d slices committed, want %d", len(j.seen), res.plan.N())
	}
	for i, sd := range j.seen {
		r := res.plan.SliceRange(i)
		if want := crc32.Checksum(res.want.Bytes(r.Start, r.Len()), crc32.MakeTable(crc32.Castagnoli)); sd.CRC32C != want {
			t.Errorf("slice %d: wrong CRC-32C in the journal", i)
		}
		if sd.From != segment.FromOrigin {
			t.Errorf("slice %d from %q", i, sd.From)
		}
	}
	if j.dups > 0 || j.unsynced > 0 {
		t.Errorf("%d slices committed twice, %d commits without a sync before them", j.dups, j.unsynced)
	}
	if j.commits < 2 {
		t.Errorf("%d commits, want grouped commits of about 3 slices", j.commits)
	}
}

// journal is a fetch.Journal that checks the output was synced before each
// commit.
type journal struct {
	mu       sync.Mutex
	out      *memFile
	seen     map[int]fetch.SliceDone
	commits  int
	dups     int
	unsynced int
}

func (j *journal) setOut(f *memFile) { j.out = f }

func (j *journal) Commit(done []fetch.SliceDone) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.seen == nil {
		j.seen = make(map[int]fetch.SliceDone)
	}
	j.commits++
	j.out.mu.Lock()
	syncs := j.out.syncs
	j.out.mu.Unlock()
	// Each commit follows its own sync (flushes may overlap, so count).
	if syncs < j.commits {
		j.unsynced++
	}
	for _, sd := range done {
		if _, ok := j.seen[sd.Index]; ok {
			j.dups++
		}
		j.seen[sd.Index] = sd
	}
	return nil
}

// A resumed download asks only for the slices the done-set lacks, still
// aligned, and leaves the done ones alone.
func TestResumeSkipsDoneSlices(t *testing.T) {
	const slice, size = 64 * kib, 1*mib + 100
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	c := newClient(t, 4)
	p, err := c.Probe(t.Context(), srv.FileURL(), slice)
	if err != nil {
		t.Fatal(err)
	}
	plan, _ := segment.NewPlan(size, slice)
	done := segment.NewSet(plan.N())
	for _, i := range []int{0, 1, 2, 5, 6, 16} { // 16 is the short last slice
		done.Add(i)
	}
	want := srv.Content()
	out := newMemFile(size, &want)
	d := fetch.NewDownloader(fetch.Config{Connections: 4}, plan, done, fetch.NewOrigin(c, p), out)
	if st := d.Stats(); st.Resumed != 5*slice+100 || st.Done != st.Resumed {
		t.Errorf("before Run: resumed %d, done %d; want %d", st.Resumed, st.Done, 5*slice+100)
	}
	if err := d.Run(t.Context(), p.Body); err != nil { // slice 0 is done: the probe's body is closed
		t.Fatal(err)
	}
	reqs := fileGets(srv.Requests(), "/file.bin")
	checkAligned(t, reqs, slice, size)
	for _, r := range reqs[1:] {
		for _, i := range []int{0, 1, 2, 5, 6, 16} {
			if rr := plan.SliceRange(i); r.Start < rr.End && r.End > rr.Start {
				t.Errorf("request %d (%s) asked for done slice %d", r.N, r.Range, i)
			}
		}
	}
	for i := 0; i < plan.N(); i++ {
		rr := plan.SliceRange(i)
		got := out.b[rr.Start:rr.End]
		if done.Has(i) {
			if string(got) != string(make([]byte, rr.Len())) {
				t.Errorf("done slice %d was written", i)
			}
		} else if string(got) != string(want.Bytes(rr.Start, rr.Len())) {
			t.Errorf("slice %d has wrong bytes", i)
		}
	}
	if !d.Done().Full() {
		t.Error("done-set not full")
	}
}

// A file of one slice, many connections, many times: the idle workers'
// end-game duplicates of slice 0 must end when the probe's copy completes,
// even when it completes before a duplicate's cancel is registered (this
// once hung a download of many small files forever).
func TestSingleSliceManyConnectionsEnds(t *testing.T) {
	const slice = 64 * kib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(slice-100))
	for i := 0; i < 200; i++ {
		res, err := download(t, srv, slice, fetch.Config{Connections: 8})
		if err != nil {
			t.Fatalf("run %d: %v", i, err)
		}
		if res.elapsed > 5*time.Second {
			t.Fatalf("run %d took %s for one slice", i, res.elapsed)
		}
	}
}

// A file of one slice whose probe body trickles (bytes keep coming, so no
// stall is seen): no slice was ever timed, so the end-game had no usual
// time to judge the probe's copy by and never duplicated it, and the
// download took as long as the trickle (hours). An idle connection now
// duplicates slice 0 once its first copy is clearly slow.
func TestTrickledProbeOfOneSliceIsDuplicated(t *testing.T) {
	const slice, size = 1 * mib, 700 * kib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithTrickle(1, 0, 10))
	res, err := download(t, srv, slice, fetch.Config{Connections: 4, StallTimeout: 30 * time.Second})
	if err != nil {
		t.Fatalf("%v\n%s", err, dumpLog(srv.Requests()))
	}
	res.check(t)
	if res.elapsed > 20*time.Second {
		t.Errorf("took %s for one slice", res.elapsed)
	}
	n := 0
	for _, r := range fileGets(srv.Requests(), "/file.bin") {
		if strings.HasPrefix(r.Range, "bytes=0-") {
			n++
		}
	}
	if n < 2 {
		t.Errorf("slice 0 asked for %d times, want the probe and a duplicate:\n%s", n, dumpLog(srv.Requests()))
	}
}

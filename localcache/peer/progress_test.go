// Tests of the progress a waiting answer's 102s carry: it grows as the
// fill behind the answer gets bytes, or the fills ahead of it in the
// queue do, and stands still while nothing comes.

package peer

import (
	"context"
	"net/http"
	"net/http/httptrace"
	"net/textproto"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/fleet"
)

// progressBeats asks p for rng of rawURL with 102s, and returns the
// answer's status and the progress each 102 carried (-1: none, or not a
// number).
func progressBeats(t *testing.T, p *peer, rawURL, rng string) (int, []int64) {
	t.Helper()
	code, counts, _ := timedBeats(t, p, rawURL, rng)
	return code, counts
}

// timedBeats is progressBeats, with the time each 102 came.
func timedBeats(t *testing.T, p *peer, rawURL, rng string) (int, []int64, []time.Time) {
	t.Helper()
	var mu sync.Mutex
	var counts []int64
	var times []time.Time
	req, _ := http.NewRequest(http.MethodGet, rawURL, nil)
	req.Header.Set("Range", rng)
	req.Header.Set(fetch.HeaderWait, "102")
	ctx := httptrace.WithClientTrace(context.Background(), &httptrace.ClientTrace{
		Got1xxResponse: func(code int, h textproto.MIMEHeader) error {
			if code != http.StatusProcessing {
				return nil
			}
			n, err := strconv.ParseInt(h.Get(fetch.HeaderProgress), 10, 64)
			if err != nil {
				n = -1
			}
			mu.Lock()
			counts, times = append(counts, n), append(times, time.Now())
			mu.Unlock()
			return nil
		},
	})
	resp, err := p.client.Do(req.WithContext(ctx))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.Header.Get(fetch.HeaderProgress) != "" {
		t.Errorf("the answer itself carried %s: %q", fetch.HeaderProgress, resp.Header.Get(fetch.HeaderProgress))
	}
	mu.Lock()
	defer mu.Unlock()
	return resp.StatusCode, counts, times
}

// rises counts the 102s whose progress is above the one before; it fails
// the test when one is missing or goes down.
func rises(t *testing.T, counts []int64) int {
	t.Helper()
	n := 0
	for k, c := range counts {
		if c < 0 {
			t.Fatalf("102 #%d carried no %s: %v", k+1, fetch.HeaderProgress, counts)
		}
		if k > 0 && c < counts[k-1] {
			t.Fatalf("the progress went down at 102 #%d: %v", k+1, counts)
		}
		if k > 0 && c > counts[k-1] {
			n++
		}
	}
	return n
}

func TestHeartbeatProgressGrowsWithTheFill(t *testing.T) {
	const size = 2<<20 + 1
	// One slice of 1 MiB at 512 KiB/s: about 2s of fill, 20 beats.
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(512<<10))
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, Heartbeat: 100 * time.Millisecond}, nil)
	code, counts := progressBeats(t, p, origin.FileURL(), "bytes=0-1048575")
	if code != http.StatusPartialContent {
		t.Fatalf("answer after the 102s: %d", code)
	}
	if len(counts) < 5 {
		t.Fatalf("%d 102s during a fill of about 2s at 100ms each", len(counts))
	}
	if n := rises(t, counts); n < 3 {
		t.Fatalf("the progress rose %d times while the fill got its bytes: %v", n, counts)
	}
}

// Only the 102s that came within the origin's wait count: once it sends,
// the slice comes at once, and a beat may tell of it before the answer.
// The wait begins after the request is sent, so every beat sooner than
// the wait after it is inside the wait.
func TestHeartbeatProgressStandsWhileTheOriginSendsNothing(t *testing.T) {
	const size = 2<<20 + 1
	const wait = 1500 * time.Millisecond
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithFirstByteDelay(1<<20, wait))
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, Heartbeat: 100 * time.Millisecond}, nil)
	sent := time.Now()
	code, all, times := timedBeats(t, p, origin.FileURL(), "bytes=1048576-2097151")
	if code != http.StatusPartialContent {
		t.Fatalf("answer after the 102s: %d", code)
	}
	var counts []int64
	for k, at := range times {
		if at.Sub(sent) < wait {
			counts = append(counts, all[k])
		}
	}
	if len(counts) < 5 {
		t.Fatalf("%d 102s during a wait of 1.5s at 100ms each (%d in all)", len(counts), len(all))
	}
	if n := rises(t, counts); n != 0 {
		t.Fatalf("the progress rose %d times while the origin sent nothing: %v", n, counts)
	}
}

// A fill queued behind another (MaxFills 1) tells its waiter of the fill
// ahead: that queue moves, so the wait is not a stall. Only the 102s
// before the fill ahead ended count here: after it, the request's own
// fill moves.
func TestHeartbeatProgressOfAQueuedFill(t *testing.T) {
	const size = 2<<20 + 1
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(512<<10))
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, Heartbeat: 100 * time.Millisecond, MaxFills: 1}, nil)
	ahead := make(chan int, 1)
	var aheadDone time.Time
	go func() {
		code, _ := progressBeats(t, p, origin.FileURL(), "bytes=0-1048575")
		aheadDone = time.Now()
		ahead <- code
	}()
	// The second request waits until the first fill holds the one token.
	deadline := time.Now().Add(10 * time.Second)
	for counterValue(t, p, "slget_serve_fills_in_flight") < 1 {
		if time.Now().After(deadline) {
			t.Fatal("the first fill never started")
		}
		time.Sleep(5 * time.Millisecond)
	}
	code, counts, times := timedBeats(t, p, origin.FileURL(), "bytes=1048576-2097151")
	if code != http.StatusPartialContent || <-ahead != http.StatusPartialContent {
		t.Fatalf("answers: %d", code)
	}
	queued := 0
	for queued < len(times) && times[queued].Before(aheadDone) {
		queued++
	}
	counts = counts[:queued]
	if n := rises(t, counts); n < 3 {
		t.Fatalf("the progress of a queued fill rose %d times while the fill ahead got its bytes: %v", n, counts)
	}
}

// A serve that asks the run's owner for its client's slices passes the
// owner's progress on: each 102 of the owner whose count grew is progress
// of the relay's run, so the relay's own 102s grow while the owner's fill
// does, long before the owner's answer begins.
func TestHeartbeatProgressThroughTheOwner(t *testing.T) {
	const size = 2<<20 + 1
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(512<<10))
	allow := []string{allowOrigin(origin.URL)}
	ids := []string{"aaaaaaaaaaaa", "bbbbbbbbbbbb"}
	a := startPeer(t, Config{Allow: allow, ID: ids[0], Heartbeat: 100 * time.Millisecond}, nil)
	b := startPeer(t, Config{Allow: allow, ID: ids[1], Heartbeat: 100 * time.Millisecond}, nil)
	members := func(self string) *fleet.Members {
		m := fleet.NewMembers([]string{a.url, b.url}, fleet.Options{SelfID: self, Timeout: 10 * time.Second})
		m.Check(context.Background())
		return m
	}
	a.srv.cfg.Fleet, b.srv.cfg.Fleet = members(ids[0]), members(ids[1])
	relay, owner := a, b
	if fleet.Own(fleet.File{URL: origin.FileURL(), ETag: origin.ETag(), Size: size, Slice: 1 << 20}, ids).Owner(fleet.Run(0)) == ids[0] {
		relay, owner = b, a
	}
	code, counts := progressBeats(t, relay, origin.FileURL(), "bytes=0-1048575")
	if code != http.StatusPartialContent {
		t.Fatalf("answer after the 102s: %d", code)
	}
	if counterValue(t, relay, "slget_serve_fleet_bytes_total") == 0 || counterValue(t, owner, "slget_serve_origin_bytes_total") == 0 {
		t.Fatal("the slice did not come through the owner: the test proves nothing")
	}
	if n := rises(t, counts); n < 3 {
		t.Fatalf("the relay's progress rose %d times while the owner's fill got its bytes: %v", n, counts)
	}
}

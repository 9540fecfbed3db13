// Load: the peer server under many concurrent clients for a minute, every
// answer checked, memory and file descriptors watched. Skipped with -short.

package peer

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/localcache"
)

// openFDs is the number of file descriptors this process has open.
func openFDs() int {
	d, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return -1
	}
	return len(d)
}

// TestLoad runs clients against a peer for a minute: ranges of every shape
// over 16 resources of 8 MiB (so fills, hits and evictions all go on, in a
// cache bounded to 64 MiB), each answer checked byte for byte. Zero errors
// are allowed; memory and descriptors must stay bounded; requests per
// second and latencies are reported.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("a minute of load; skipped with -short")
	}
	duration := time.Minute
	if s := os.Getenv("SLGET_LOAD_DURATION"); s != "" {
		if d, err := time.ParseDuration(s); err == nil {
			duration = d
		}
	}
	clients := 64
	if raceEnabled {
		clients = 16
	}
	const size, files = 8 * mib, 16
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size))
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1, MaxConns: 256},
		fast(localcache.Options{MaxSize: 64 * mib}))
	tr := p.client.Transport.(*http.Transport)
	tr.MaxIdleConnsPerHost = clients
	content := origin.Content()
	baseFDs := openFDs()
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	// Each client's answer holds at most a slice or two in the server and
	// 2 MiB twice in the client (the body and the bytes it is checked
	// against); each fill its run of slices; the rest is garbage. The
	// collector is told the bound, so that garbage is collected before it
	// is reached (the race detector's pacing let it pile up past it): what
	// the bound then catches is live memory the server keeps.
	fills := uint64(p.srv.cfg.MaxFills * p.srv.cfg.MaxRun)
	heapLimit := base.HeapInuse + uint64(clients)*8*mib + fills*mib
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(int64(heapLimit)))

	ctx, cancel := context.WithTimeout(context.Background(), duration)
	defer cancel()
	var (
		requests, bad atomic.Int64
		bytesIn       atomic.Int64
		mu            sync.Mutex
		lat           []time.Duration
		firstErr      error
	)
	var wg sync.WaitGroup
	for c := range clients {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(c), 9))
			var mine []time.Duration
			for ctx.Err() == nil {
				u := fmt.Sprintf("%s?f=%d", origin.FileURL(), r.IntN(files))
				start := r.Int64N(size)
				end := min(size, start+1+r.Int64N(2*mib))
				rng := fmt.Sprintf("bytes=%d-%d", start, end-1)
				switch r.IntN(10) {
				case 0:
					start, end, rng = size-1000, size, "bytes=-1000"
				case 1:
					end, rng = size, fmt.Sprintf("bytes=%d-", start)
				case 2:
					k := r.Int64N(size / mib)
					start, end, rng = k*mib, (k+1)*mib, fmt.Sprintf("bytes=%d-%d", k*mib, (k+1)*mib-1)
				}
				req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
				req.Header.Set("Range", rng)
				t0 := time.Now()
				resp, err := p.client.Do(req)
				var body []byte
				if err == nil {
					body, err = io.ReadAll(resp.Body)
					resp.Body.Close()
				}
				if ctx.Err() != nil {
					break // the minute is up: a request cut by it is not an error
				}
				mine = append(mine, time.Since(t0))
				requests.Add(1)
				bytesIn.Add(int64(len(body)))
				want := make([]byte, end-start)
				content.ReadAt(want, start)
				if err == nil && (resp.StatusCode != http.StatusPartialContent || !bytes.Equal(body, want)) {
					err = fmt.Errorf("%s %s: status %d, %d bytes, want [%d,%d)", u, rng, resp.StatusCode, len(body), start, end)
				}
				if err != nil {
					bad.Add(1)
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
				}
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		})
	}
	var maxHeap uint64
	maxFDs := 0
	tick := time.NewTicker(time.Second)
	began := time.Now()
	for done := false; !done; {
		select {
		case <-ctx.Done():
			done = true
		case <-tick.C:
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			maxHeap = max(maxHeap, m.HeapInuse)
			maxFDs = max(maxFDs, openFDs())
		}
	}
	tick.Stop()
	wg.Wait()
	elapsed := time.Since(began)
	tr.CloseIdleConnections()

	slices.Sort(lat)
	q := func(f float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(f*float64(len(lat))))]
	}
	n := requests.Load()
	t.Logf("%d clients for %v: %d requests, %.0f requests/s, %.1f MB/s; latency p50 %v, p99 %v, max %v",
		clients, elapsed.Round(time.Second), n, float64(n)/elapsed.Seconds(), float64(bytesIn.Load())/elapsed.Seconds()/1e6,
		q(0.5).Round(time.Microsecond), q(0.99).Round(time.Microsecond), q(1).Round(time.Microsecond))
	t.Logf("heap in use: %d MiB at the start, %d MiB at most; file descriptors: %d at the start, %d at most; cache %d slices, %d MiB stored",
		base.HeapInuse>>20, maxHeap>>20, baseFDs, maxFDs, p.store.Stats().Slices, p.store.Stats().StoredBytes>>20)
	t.Logf("origin: %d requests; peer: %v fills, %v coalesced waits, %v evictions",
		len(origin.Requests()), counterValue(t, p, "slget_serve_fills_total"), counterValue(t, p, "slget_serve_coalesced_waiters_total"),
		counterValue(t, p, "slget_cache_evictions_total"))
	if bad.Load() != 0 {
		t.Errorf("%d of %d requests failed; the first: %v", bad.Load(), n, firstErr)
	}
	if n < int64(clients) {
		t.Errorf("only %d requests in %v", n, elapsed)
	}
	if maxHeap > heapLimit {
		t.Errorf("heap in use reached %d MiB, more than %d MiB", maxHeap>>20, heapLimit>>20)
	}
	// A connection is two descriptors here (client and server end); a
	// client keeps one busy and may have one idle; the fills keep theirs
	// to the origin, busy and idle, both ends here too.
	if limit := baseFDs + 4*clients + 8*p.srv.cfg.MaxFills + 64; maxFDs > limit {
		t.Errorf("%d file descriptors open at most, more than %d", maxFDs, limit)
	}
	if p.store.Stats().StoredBytes > 64*mib+16*mib {
		t.Errorf("the cache holds %d bytes, bound 64 MiB", p.store.Stats().StoredBytes)
	}
}

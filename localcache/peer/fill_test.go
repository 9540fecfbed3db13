// Tests of fills: runs of slices per origin request, stuck fills taken over,
// waiters that leave, a full disk, shutdown in the middle of a fill, and
// what cannot be cached.

package peer

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/localcache"
)

// TestSequentialReaderPrefetches: one client reading a 16-slice file from
// start to end costs the origin a request per run, not per slice.
func TestSequentialReaderPrefetches(t *testing.T) {
	const size = 16 * mib
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size))
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1, MaxRun: 8}, nil)
	resp, body := p.get(t, origin.FileURL())
	if resp.StatusCode != 200 || !bytes.Equal(body, contentRange(t, origin.Content(), 0, size)) {
		t.Fatalf("status %d, wrong bytes", resp.StatusCode)
	}
	fills, probes := fileRequests(origin)
	var got []string
	for _, r := range fills {
		got = append(got, r.Range)
	}
	sort.Strings(got) // the runs go out at once: in either order
	if want := "bytes=0-8388607 bytes=8388608-16777215"; strings.Join(got, " ") != want || len(probes) != 1 {
		t.Errorf("origin asked for %q (and %d probes), want %q and one probe", got, len(probes), want)
	}
	// Slice by slice, aligned, as slget asks: the runs again.
	origin.ResetLog()
	p2 := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1, MaxRun: 4}, nil)
	resp, body = p2.get(t, origin.FileURL(), "Range: bytes=0-8388607")
	if resp.StatusCode != 206 || !bytes.Equal(body, contentRange(t, origin.Content(), 0, 8*mib)) {
		t.Fatalf("second peer: status %d, wrong bytes", resp.StatusCode)
	}
	if fills, _ := fileRequests(origin); len(fills) != 2 {
		t.Errorf("8 slices in runs of 4: %d origin requests, want 2", len(fills))
	}
}

// TestStuckFillTakenOver: the origin stops sending in the middle of a
// fill; after LockAge the fill is given up and a new one brings the slice.
func TestStuckFillTakenOver(t *testing.T) {
	// File request 1 is the probe, 2 the first fill.
	origin := fetchtest.NewServer(t, fetchtest.WithSize(2*mib), fetchtest.WithStall(2, 100<<10))
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1, LockAge: 300 * time.Millisecond}, nil)
	start := time.Now()
	resp, body := p.get(t, origin.FileURL(), "Range: bytes=1000-1999")
	if resp.StatusCode != 206 || !bytes.Equal(body, contentRange(t, origin.Content(), 1000, 2000)) {
		t.Fatalf("status %d, wrong bytes: %s", resp.StatusCode, body)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("took %v", took)
	}
	fills, _ := fileRequests(origin)
	if len(covering(fills, 1000)) != 2 {
		t.Errorf("origin saw %d fills of slice 0, want 2 (the stuck one and the new one)", len(covering(fills, 1000)))
	}
}

// TestWaiterLeavesFillGoesOn: a requester that gives up does not cancel the
// fill; the slice lands in the cache.
func TestWaiterLeavesFillGoesOn(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(mib), fetchtest.WithFirstByteDelay(0, 500*time.Millisecond))
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1}, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, origin.FileURL(), nil)
	req.Header.Set("Range", "bytes=5-10")
	if resp, err := p.client.Do(req); err == nil {
		resp.Body.Close()
		t.Fatalf("the request finished before its deadline: %d", resp.StatusCode)
	}
	deadline := time.Now().Add(10 * time.Second)
	for p.store.Stats().Slices != 1 {
		if time.Now().After(deadline) {
			t.Fatal("the fill did not finish after its only requester left")
		}
		time.Sleep(20 * time.Millisecond)
	}
	origin.ResetLog()
	resp, body := p.get(t, origin.FileURL(), "Range: bytes=5-10")
	if !bytes.Equal(body, contentRange(t, origin.Content(), 5, 11)) || resp.Header.Get("X-Slget-From") != "cache" {
		t.Errorf("wrong bytes or not from the cache (%q)", resp.Header.Get("X-Slget-From"))
	}
	if fills, _ := fileRequests(origin); len(fills) != 0 {
		t.Errorf("origin saw %d more fills", len(fills))
	}
}

// TestDiskFullPassesThrough: every Put fails with ENOSPC; every request is
// still answered with the right bytes.
func TestDiskFullPassesThrough(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(3*mib+5))
	st := openStore(t, fast(localcache.Options{}))
	// The store's Put on a full disk (its own tests check that ENOSPC
	// gives ErrFull and leaves nothing behind).
	full := func(localcache.Key, localcache.PutMeta, []byte) error {
		return &localcache.Error{Dir: st.Dir(), Op: "put", Err: fmt.Errorf("%w: %w", localcache.ErrFull, syscall.ENOSPC)}
	}
	p := servePeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1}, st, func(s *Server) { s.storePut = full })
	for _, rng := range []string{"bytes=0-", "bytes=1048570-2097200", "bytes=-10"} {
		resp, body := p.get(t, origin.FileURL(), "Range: "+rng)
		br, _, _ := parseRange(rng)
		s, e, _ := br.resolve(3*mib + 5)
		if resp.StatusCode != 206 || !bytes.Equal(body, contentRange(t, origin.Content(), s, e)) {
			t.Errorf("%s: status %d, wrong bytes", rng, resp.StatusCode)
		}
	}
	if st.Stats().Slices != 0 {
		t.Errorf("%d slices cached on a full disk", st.Stats().Slices)
	}
	if n := counterValue(t, p, `slget_serve_uncached_slices_total{reason="full"}`); n < 4 {
		t.Errorf("uncached_slices_total{full} = %v, want at least 4", n)
	}
}

// TestShutdownInTheMiddleOfAFill stops the server while a slow fill runs:
// Serve returns, and the cache holds only whole, good slices.
func TestShutdownInTheMiddleOfAFill(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(4*mib), fetchtest.WithRateLimit(2*mib))
	st := openStore(t, fast(localcache.Options{}))
	p := servePeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1, ShutdownGrace: 300 * time.Millisecond,
		Client: testClientOptions()}, st)
	got := make(chan int64, 1)
	go func() {
		resp, err := p.client.Get(origin.FileURL())
		if err != nil {
			got <- -1
			return
		}
		n, _ := io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		got <- n
	}()
	// Wait until the fill is under way, then stop.
	deadline := time.Now().Add(10 * time.Second)
	for st.Stats().Slices < 1 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	p.cancel()
	select {
	case <-p.served:
		if p.serveErr != nil {
			t.Fatal(p.serveErr)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return after its context was done")
	}
	if n := <-got; n >= 4*mib {
		t.Errorf("the client got %d bytes of a fill cut by the shutdown", n)
	}
	rep, err := st.Verify(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if rep.TempRemoved != 0 || len(rep.Quarantined) != 0 || rep.OK != rep.Checked || rep.Checked == 0 || rep.Checked == 4 {
		t.Errorf("after the shutdown: %+v; want some good slices, not all, nothing half-written", rep)
	}
}

// TestHTTPSOrigin: GET https://origin/... through the peer, which makes the
// TLS connection itself and caches as for http.
func TestHTTPSOrigin(t *testing.T) {
	data := randomBytes(7, 2*mib+3)
	var hits int
	origin := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits++
		w.Header().Set("ETag", `"tls-1"`)
		http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(data))
	}))
	defer origin.Close()
	pool := x509.NewCertPool()
	pool.AddCert(origin.Certificate())
	opts := testClientOptions()
	opts.TLSConfig = &tls.Config{RootCAs: pool}
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1, Client: opts}, nil)
	for _, pass := range []string{"origin", "cache"} {
		resp, body := raw(t, p.addr, "GET "+origin.URL+"/file.bin HTTP/1.1", "Range: bytes=1000000-1100000")
		if resp.StatusCode != 206 || !bytes.Equal(body, data[1000000:1100001]) || resp.Header.Get("X-Slget-From") != pass {
			t.Errorf("%s: status %d, from %q, right bytes %v", pass, resp.StatusCode, resp.Header.Get("X-Slget-From"), bytes.Equal(body, data[1000000:1100001]))
		}
	}
	if hits != 2 {
		t.Errorf("the https origin answered %d requests, want 2 (probe, fill)", hits)
	}
}

// TestWeakETagPassesThrough: a resource without a strong ETag is passed
// through, range and all, and nothing is cached.
func TestWeakETagPassesThrough(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(2*mib), fetchtest.WithWeakETag())
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1}, nil)
	for range 2 {
		resp, body := p.get(t, origin.FileURL(), "Range: bytes=100-50000")
		if resp.StatusCode != 206 || !bytes.Equal(body, contentRange(t, origin.Content(), 100, 50001)) || resp.Header.Get("X-Slget-From") != "passthrough" {
			t.Errorf("status %d, from %q", resp.StatusCode, resp.Header.Get("X-Slget-From"))
		}
	}
	if p.store.Stats().Slices != 0 {
		t.Errorf("%d slices cached of a resource with a weak ETag", p.store.Stats().Slices)
	}
	passed := 0
	for _, r := range origin.Requests() {
		if r.Range == "bytes=100-50000" {
			passed++
		}
	}
	if passed != 2 {
		t.Errorf("the origin saw the requester's range %d times, want 2", passed)
	}
}

func TestConditionalsAndHead(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(2*mib))
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1}, nil)
	tag := origin.ETag()
	resp, _ := p.get(t, origin.FileURL(), "If-None-Match: "+tag)
	if resp.StatusCode != http.StatusNotModified || resp.Header.Get("ETag") != tag {
		t.Errorf("If-None-Match of the current tag: %d", resp.StatusCode)
	}
	resp, body := p.get(t, origin.FileURL(), "Range: bytes=0-9", `If-Range: "other"`)
	if resp.StatusCode != 200 || int64(len(body)) != 2*mib {
		t.Errorf("If-Range of another tag: %d with %d bytes, want the whole file", resp.StatusCode, len(body))
	}
	resp, body = p.get(t, origin.FileURL(), "Range: bytes=0-9", "If-Range: "+tag)
	if resp.StatusCode != 206 || len(body) != 10 {
		t.Errorf("If-Range of the current tag: %d with %d bytes", resp.StatusCode, len(body))
	}
	req, _ := http.NewRequest(http.MethodHead, origin.FileURL(), nil)
	hr, err := p.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	hr.Body.Close()
	if hr.StatusCode != 200 || hr.ContentLength != 2*mib || hr.Header.Get("ETag") != tag {
		t.Errorf("HEAD: %d, length %d", hr.StatusCode, hr.ContentLength)
	}
}

// TestDamagedSliceRefilled: a slice file damaged after the peer checked it
// (and sent it by sendfile) is caught at the next request, quarantined,
// and fetched again; the requester gets the right bytes.
func TestDamagedSliceRefilled(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(2*mib))
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1}, nil)
	want := contentRange(t, origin.Content(), 0, mib)
	for _, pass := range []string{"fill", "check", "sendfile"} {
		resp, body := p.get(t, origin.FileURL(), "Range: bytes=0-1048575")
		if !bytes.Equal(body, want) {
			t.Fatalf("%s: wrong bytes (status %d)", pass, resp.StatusCode)
		}
	}
	v := p.srv.versions.res[origin.FileURL()].current
	if len(p.store.StatRun(v.vk, 0, 1)) != 1 {
		t.Fatal("slice 0 is not in the cache")
	}
	path := onlySliceFile(t, p.store) // slice 0's: the only one fetched
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)-100] ^= 0x55
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	origin.ResetLog()
	resp, body := p.get(t, origin.FileURL(), "Range: bytes=0-1048575")
	if !bytes.Equal(body, want) {
		t.Fatalf("after the damage: wrong bytes (status %d, from %s)", resp.StatusCode, resp.Header.Get("X-Slget-From"))
	}
	if fills, _ := fileRequests(origin); len(fills) != 1 {
		t.Errorf("the damaged slice was fetched %d times, want once", len(fills))
	}
	q, _ := os.ReadDir(filepath.Join(p.store.Dir(), "quarantine"))
	if len(q) != 1 {
		t.Errorf("quarantine holds %d files, want the damaged one", len(q))
	}
}

// TestMetrics: /metrics in Prometheus' text format, counting what
// happened.
func TestMetrics(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(3*mib))
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1}, nil)
	p.get(t, origin.FileURL(), "Range: bytes=0-2097151") // 2 misses, one fill
	p.get(t, origin.FileURL(), "Range: bytes=10-20")     // 1 hit
	p.get(t, "http://not-allowed.example/x")
	code, text := p.metricsText(t)
	if code != 200 {
		t.Fatalf("/metrics: %d", code)
	}
	for _, name := range []string{"slget_serve_requests_total", "slget_serve_slice_hits_total", "slget_serve_slice_misses_total",
		"slget_serve_slice_waits_total", "slget_serve_fills_total", "slget_serve_coalesced_waiters_total", "slget_serve_sent_bytes_total", "slget_cache_evictions_total",
		"slget_cache_stored_bytes", "slget_cache_slices", "slget_serve_connections", "go_goroutines", "process_open_fds"} {
		if !strings.Contains(text, "\n"+name) && !strings.HasPrefix(text, name) {
			t.Errorf("/metrics lacks %s", name)
		}
	}
	for _, c := range []struct {
		name string
		want float64
	}{
		{"slget_serve_slice_misses_total", 2},
		{"slget_serve_slice_hits_total", 1},
		{"slget_serve_slice_waits_total", 0},
		{`slget_serve_fills_total{result="ok"}`, 1},
		{`slget_serve_requests_total{code="403"}`, 1},
		{"slget_cache_slices", 2},
		{"slget_cache_stored_bytes", 2 * mib},
	} {
		if got := counterValue(t, p, c.name); got != c.want {
			t.Errorf("%s = %v, want %v", c.name, got, c.want)
		}
	}
	// The first answer's second slice is sent as it came (origin), or
	// read back from the cache when its fill stored it before the answer
	// got to it: the bytes are the same, the label depends on the race.
	fromOrigin := counterValue(t, p, `slget_serve_sent_bytes_total{codec="identity",source="origin"}`)
	fromCache := counterValue(t, p, `slget_serve_sent_bytes_total{codec="identity",source="cache"}`)
	if fromOrigin+fromCache != 2*mib+11 || fromCache < 11 || fromOrigin < mib {
		t.Errorf("sent bytes: %v from the origin, %v from the cache; want %d in all, at least 11 from the cache", fromOrigin, fromCache, 2*mib+11)
	}
}

// Tests of what the server tells its operator: 502s and damaged slices in
// the log, damage counted apart from evictions, and coalesced waits that
// are waits on another request's fill.

package peer

import (
	"bytes"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// logBuffer keeps a server's log lines for a test to look at.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) lines(substr string) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, line := range strings.Split(l.b.String(), "\n") {
		if strings.Contains(line, substr) {
			out = append(out, line)
		}
	}
	return out
}

func (l *logBuffer) logger() *slog.Logger {
	return slog.New(slog.NewTextHandler(l, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

// A 502 is logged at Warn with the client, the URL without its query's
// secrets and the reason.
func TestBadGatewayLogged(t *testing.T) {
	var logs logBuffer
	p := startPeer(t, Config{Allow: []string{"127.0.0.1:1"}, ClientRate: -1, Logger: logs.logger()}, nil)
	resp, body := p.get(t, "http://127.0.0.1:1/file?token=s3cret", "Range: bytes=0-99")
	if resp.StatusCode != http.StatusBadGateway {
		t.Fatalf("status %d %q, want 502", resp.StatusCode, body)
	}
	got := logs.lines("answered 502")
	if len(got) != 1 {
		t.Fatalf("log lines of the 502: %q", got)
	}
	for _, want := range []string{"level=WARN", "client=127.0.0.1:", "url=", "127.0.0.1:1/file", "reason=", "origin failed"} {
		if !strings.Contains(got[0], want) {
			t.Errorf("the log line %q lacks %q", got[0], want)
		}
	}
	if strings.Contains(got[0], "s3cret") {
		t.Errorf("the log line shows the URL's token: %q", got[0])
	}
}

// A slice found damaged is logged, quarantined and counted in
// slget_serve_damaged_slices_total, not among the evictions.
func TestDamagedCountedApart(t *testing.T) {
	var logs logBuffer
	origin := fetchtest.NewServer(t, fetchtest.WithSize(2*mib))
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1, Logger: logs.logger(), HotBytes: -1}, nil)
	want := contentRange(t, origin.Content(), 0, mib)
	p.get(t, origin.FileURL(), "Range: bytes=0-1048575")
	path := onlySliceFile(t, p.store)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)-100] ^= 0x55
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, body := p.get(t, origin.FileURL(), "Range: bytes=0-1048575"); !bytes.Equal(body, want) {
		t.Fatal("wrong bytes after the damage")
	}
	if d := counterValue(t, p, "slget_serve_damaged_slices_total"); d != 1 {
		t.Errorf("damaged slices %v, want 1", d)
	}
	if e := counterValue(t, p, "slget_cache_evictions_total"); e != 0 {
		t.Errorf("evictions %v, want 0: a damaged slice is not an eviction", e)
	}
	if st := p.store.Stats(); st.Damaged != 1 {
		t.Errorf("store stats %+v, want Damaged 1", st)
	}
	if got := logs.lines("damaged slice"); len(got) != 1 || !strings.Contains(got[0], "level=WARN") || !strings.Contains(got[0], "slice=0") {
		t.Errorf("log lines of the damage: %q", got)
	}
}

// One request over many slices of a cold cache waits only on its own runs
// and prefetches: no coalesced wait, and every slice a miss. A second
// request that arrives while the first one's fill is under way waits on
// it: one coalesced wait, and its slice counts as a wait, not a miss.
func TestCoalescedCountsOthersFills(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(24*mib))
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1, MaxRun: 2}, nil)
	want := contentRange(t, origin.Content(), 0, 16*mib)
	if _, body := p.get(t, origin.FileURL(), "Range: bytes=0-16777215"); !bytes.Equal(body, want) {
		t.Fatal("wrong bytes")
	}
	if c := counterValue(t, p, "slget_serve_coalesced_waiters_total"); c != 0 {
		t.Errorf("one request alone: %v coalesced waits, want 0", c)
	}
	if m, w := counterValue(t, p, "slget_serve_slice_misses_total"), counterValue(t, p, "slget_serve_slice_waits_total"); m != 16 || w != 0 {
		t.Errorf("one request alone for 16 slices: %v misses, %v waits; want 16 and 0", m, w)
	}

	slow := fetchtest.NewServer(t, fetchtest.WithSize(2*mib), fetchtest.WithLatency(1500*time.Millisecond))
	q := startPeer(t, Config{Allow: []string{allowOrigin(slow.URL)}, ClientRate: -1}, nil)
	q.get(t, slow.FileURL(), "Range: bytes=0-0") // the version, known
	var wg sync.WaitGroup
	for k := range 2 {
		wg.Go(func() {
			if k == 1 {
				// The second comes once the first one's fill is out.
				for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
					if fills, _ := fileRequests(slow); len(fills) > 0 {
						break
					}
				}
			}
			req, _ := http.NewRequest(http.MethodGet, slow.FileURL(), nil)
			req.Header.Set("Range", fmt.Sprintf("bytes=%d-%d", mib, 2*mib-1))
			resp, err := q.client.Do(req)
			if err != nil {
				t.Error(err)
				return
			}
			var b bytes.Buffer
			b.ReadFrom(resp.Body)
			resp.Body.Close()
			if !bytes.Equal(b.Bytes(), contentRange(t, slow.Content(), mib, 2*mib)) {
				t.Error("wrong bytes")
			}
		})
	}
	wg.Wait()
	if fills, _ := fileRequests(slow); len(covering(fills, mib)) != 1 {
		t.Errorf("slice 1 fetched %d times, want once", len(covering(fills, mib)))
	}
	if c := counterValue(t, q, "slget_serve_coalesced_waiters_total"); c != 1 {
		t.Errorf("two requests, one fill: %v coalesced waits, want 1", c)
	}
	// Slice 0 (the probe's request) and slice 1 for the first request
	// are misses; slice 1 for the second, which waited, is a wait.
	m, w, h := counterValue(t, q, "slget_serve_slice_misses_total"), counterValue(t, q, "slget_serve_slice_waits_total"), counterValue(t, q, "slget_serve_slice_hits_total")
	if m != 2 || w != 1 || h != 0 {
		t.Errorf("two requests, one fill: %v misses, %v waits, %v hits; want 2, 1, 0", m, w, h)
	}
	if _, text := q.metricsText(t); !strings.Contains(text, "# HELP slget_serve_slice_waits_total Slices sent that the cache did not hold when asked for and that a fill started for another request") {
		t.Error("slget_serve_slice_waits_total has no help saying what it counts")
	}
}

// An asker's runs: slices of runs started for it, merged when adjacent,
// apart by version, in any order.
func TestAskerRuns(t *testing.T) {
	var a asker
	v, w := &version{}, &version{}
	for _, r := range [][2]int64{{8, 12}, {0, 4}, {4, 8}, {20, 24}, {16, 20}, {30, 31}} {
		a.started(v, r[0], r[1])
	}
	a.started(w, 12, 16)
	want := map[int64]bool{0: true, 7: true, 8: true, 11: true, 12: false, 15: false, 16: true, 23: true, 24: false, 29: false, 30: true, 31: false, -1: false}
	for i, ok := range want {
		if a.filled(v, i) != ok {
			t.Errorf("slice %d of v: filled %v, want %v", i, !ok, ok)
		}
	}
	if !a.filled(w, 12) || a.filled(w, 11) || len(a.runs[v]) != 3 {
		t.Errorf("runs %v", a.runs)
	}
	var none *asker
	none.started(v, 0, 1)
	if none.filled(v, 0) {
		t.Error("a nil asker filled a slice")
	}
}

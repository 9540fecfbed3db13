// Tests of the faults that pace a body: trickle, a held first byte and
// the fill of a caching proxy, and of the fault selectors they use.

package fetchtest_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// open sends a GET with a Range on its own connection and returns the
// response with its body unread, and when the headers arrived.
func open(t *testing.T, ctx context.Context, url, rng string) (*http.Response, time.Time) {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	if rng != "" {
		req.Header.Set("Range", rng)
	}
	c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp, time.Now()
}

// readFor reads body for d (the read in flight when d ends is waited for)
// and returns what arrived.
func readFor(body io.Reader, d time.Duration) []byte {
	var got []byte
	buf := make([]byte, 64<<10)
	for end := time.Now().Add(d); time.Now().Before(end); {
		n, err := body.Read(buf)
		got = append(got, buf[:n]...)
		if err != nil {
			break
		}
	}
	return got
}

func TestTrickle(t *testing.T) {
	const after, rate = 10_000, 20_000
	s := fetchtest.NewServer(t, fetchtest.WithSize(1<<20), fetchtest.WithTrickle(1, after, rate))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	resp, _ := open(t, ctx, s.FileURL(), "bytes=0-99999")
	if resp.StatusCode != 206 || resp.ContentLength != 100_000 {
		t.Fatalf("status %d, length %d", resp.StatusCode, resp.ContentLength)
	}
	first := make([]byte, after)
	if _, err := io.ReadFull(resp.Body, first); err != nil {
		t.Fatal(err)
	}
	got := readFor(resp.Body, time.Second)
	// One second at 20 kB/s, in pieces of 2 kB sent at 0, 100ms, ...: never
	// more than the rate allows (give or take a piece at each end of the
	// window), and a live trickle, not a stall.
	if len(got) > rate+3*rate/10 || len(got) < rate/10 {
		t.Errorf("%d bytes in the second after the first %d, want about %d", len(got), after, rate)
	}
	if !bytes.Equal(append(first, got...), s.Content().Bytes(0, int64(after+len(got)))) {
		t.Error("trickled bytes differ from the content")
	}
	cancel()

	// Request 2 is not slowed.
	resp2, body := mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-99999")
	if resp2.StatusCode != 206 || len(body) != 100_000 {
		t.Errorf("request 2: %d, %d bytes", resp2.StatusCode, len(body))
	}
}

func TestTrickleOnceOnRange(t *testing.T) {
	const slice = 64 << 10
	s := fetchtest.NewServer(t, fetchtest.WithSize(4*slice), fetchtest.WithFault(fetchtest.Once(
		fetchtest.OnRange(func(start, _ int64) bool { return start == 2*slice },
			fetchtest.Fault{TrickleRate: 1000}))))
	mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-65535")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	resp, _ := open(t, ctx, s.FileURL(), "bytes=131072-196607")
	if got := readFor(resp.Body, 500*time.Millisecond); len(got) > 1000 || len(got) == 0 {
		t.Errorf("trickled range: %d bytes in 500ms at 1000 B/s", len(got))
	}
	// The same range again, as an end-game duplicate would ask: full speed.
	resp2, body := mustGet(t, "GET", s.FileURL(), "Range", "bytes=131072-196607")
	if resp2.StatusCode != 206 || !bytes.Equal(body, s.Content().Bytes(2*slice, slice)) {
		t.Errorf("second copy: %d, %d bytes", resp2.StatusCode, len(body))
	}
}

func TestOnRange(t *testing.T) {
	var seen [][2]int64
	match := func(start, end int64) bool {
		seen = append(seen, [2]int64{start, end})
		return start >= 500
	}
	ff := fetchtest.OnRange(match, fetchtest.Fault{Status: 503})
	for _, tc := range []struct {
		rng  string
		want int
	}{
		{"", 0}, {"bytes=0-99", 0}, {"bytes=500-599", 503}, {"bytes=600-", 503},
		{"bytes=-100", 0}, {"bytes=500-599,700-799", 0}, {"items=500-599", 0},
	} {
		r, _ := http.NewRequest("GET", "http://x/file.bin", nil)
		if tc.rng != "" {
			r.Header.Set("Range", tc.rng)
		}
		if got := ff(r, 1).Status; got != tc.want {
			t.Errorf("Range %q: status %d, want %d", tc.rng, got, tc.want)
		}
	}
	if want := [][2]int64{{0, 100}, {500, 600}, {600, -1}}; len(seen) != 3 || seen[0] != want[0] || seen[1] != want[1] || seen[2] != want[2] {
		t.Errorf("match saw %v, want %v", seen, want)
	}
	once := fetchtest.Once(fetchtest.OnRequest(2, fetchtest.Fault{Status: 500}))
	r, _ := http.NewRequest("GET", "http://x/file.bin", nil)
	var got []int
	for n := 1; n <= 3; n++ {
		got = append(got, once(r, n).Status, once(r, 2).Status)
	}
	if want := []int{0, 500, 0, 0, 0, 0}; !slices.Equal(got, want) {
		t.Errorf("Once(OnRequest(2)) gave %v, want %v", got, want)
	}
}

func TestFirstByteDelay(t *testing.T) {
	const delay = time.Second // long beside a busy machine's hiccups
	s := fetchtest.NewServer(t, fetchtest.WithSize(1<<20), fetchtest.WithFirstByteDelay(1000, delay))
	ctx := context.Background()

	start := time.Now()
	resp, headers := open(t, ctx, s.FileURL(), "bytes=1000-1999")
	if d := headers.Sub(start); d >= delay {
		t.Errorf("headers took %v; they are not held", d)
	}
	body, err := io.ReadAll(resp.Body)
	if err != nil || !bytes.Equal(body, s.Content().Bytes(1000, 1000)) {
		t.Fatalf("%d bytes, %v", len(body), err)
	}
	// The delay starts when the server sends the headers, a moment before
	// the client has them.
	if d := time.Since(headers); d < delay-100*time.Millisecond {
		t.Errorf("first byte %v after the headers, want about %v", d, delay)
	}

	start = time.Now()
	resp, _ = open(t, ctx, s.FileURL(), "bytes=0-999")
	if _, err := io.ReadAll(resp.Body); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d >= delay {
		t.Errorf("range before the offset took %v; only ranges at 1000 or beyond are held", d)
	}
}

func TestFill(t *testing.T) {
	const rate, size = 1 << 20, 2 << 20 // the fill reaches the end after 2 s
	begin := time.Now()
	s := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithFill(rate))
	ctx := context.Background()

	resp, headers := open(t, ctx, s.FileURL(), "bytes=1048576-1049599") // at 1 MiB: 1 s into the fill
	if d := headers.Sub(begin); d >= time.Second {
		t.Errorf("headers after %v; the proxy answers at once", d)
	}
	body, err := io.ReadAll(resp.Body)
	if err != nil || !bytes.Equal(body, s.Content().Bytes(1<<20, 1024)) {
		t.Fatalf("%d bytes, %v", len(body), err)
	}
	if d := time.Since(begin); d < time.Second {
		t.Errorf("range at 1 MiB done %v after start, before the fill reached it (1 s)", d)
	}

	// The whole file cannot run ahead of the fill either.
	_, body = mustGet(t, "GET", s.FileURL())
	if d := time.Since(begin); d < 2*time.Second || !bytes.Equal(body, s.Content().Bytes(0, size)) {
		t.Errorf("whole file done %v after start (%d bytes), want at least 2 s", d, len(body))
	}
	// Once filled, every range is immediate.
	start := time.Now()
	mustGet(t, "GET", s.FileURL(), "Range", "bytes=2096128-2097151")
	if d := time.Since(start); d >= time.Second {
		t.Errorf("range after the fill took %v", d)
	}
}

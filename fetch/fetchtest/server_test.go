// Tests of Server with a plain http.Client: ranges, validators, the rate
// limit, changes, the request log and Close.

package fetchtest_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// get sends a request with the given headers (name, value, name, value...)
// and returns the response with its body read.
func get(t *testing.T, c *http.Client, method, url string, hdr ...string) (*http.Response, []byte, error) {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	if c == nil {
		c = http.DefaultClient
	}
	resp, err := c.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	return resp, body, err
}

// mustGet is get that fails the test on any error.
func mustGet(t *testing.T, method, url string, hdr ...string) (*http.Response, []byte) {
	t.Helper()
	resp, body, err := get(t, nil, method, url, hdr...)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

// lastRequest returns the last logged request.
func lastRequest(t *testing.T, s *fetchtest.Server) fetchtest.Request {
	t.Helper()
	log := s.Requests()
	if len(log) == 0 {
		t.Fatal("request log is empty")
	}
	return log[len(log)-1]
}

func TestRanges(t *testing.T) {
	const size = 1000
	s := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithSeed(3))
	c := s.Content()
	tests := []struct {
		name         string
		rng          string
		status       int
		contentRange string
		off, n       int64 // expected body
		start, end   int64
		open         bool
	}{
		{"no range", "", 200, "", 0, size, -1, -1, false},
		{"first slice", "bytes=0-255", 206, "bytes 0-255/1000", 0, 256, 0, 256, false},
		{"middle slice", "bytes=256-511", 206, "bytes 256-511/1000", 256, 256, 256, 512, false},
		{"last slice clipped", "bytes=768-1023", 206, "bytes 768-999/1000", 768, 232, 768, 1024, false},
		{"one byte", "bytes=999-999", 206, "bytes 999-999/1000", 999, 1, 999, 1000, false},
		{"open ended", "bytes=500-", 206, "bytes 500-999/1000", 500, 500, 500, -1, true},
		{"suffix", "bytes=-100", 206, "bytes 900-999/1000", 900, 100, 900, 1000, false},
		{"past EOF", "bytes=1000-1999", 416, "bytes */1000", 0, 0, 1000, 2000, false},
		{"open past EOF", "bytes=1000-", 416, "bytes */1000", 0, 0, 1000, -1, true},
		// http.ServeContent refuses other units rather than ignoring them.
		{"not bytes", "items=0-5", 416, "", 0, 0, -1, -1, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var hdr []string
			if tc.rng != "" {
				hdr = []string{"Range", tc.rng}
			}
			resp, body := mustGet(t, "GET", s.FileURL(), hdr...)
			if resp.StatusCode != tc.status {
				t.Fatalf("status = %d, want %d", resp.StatusCode, tc.status)
			}
			if got := resp.Header.Get("Content-Range"); got != tc.contentRange {
				t.Errorf("Content-Range = %q, want %q", got, tc.contentRange)
			}
			if tc.status != 416 {
				if !bytes.Equal(body, c.Bytes(tc.off, tc.n)) {
					t.Errorf("body (%d bytes) differs from content [%d, +%d)", len(body), tc.off, tc.n)
				}
				if got := resp.Header.Get("Accept-Ranges"); got != "bytes" {
					t.Errorf("Accept-Ranges = %q", got)
				}
				if got := resp.Header.Get("ETag"); got != s.ETag() {
					t.Errorf("ETag = %q, want %q", got, s.ETag())
				}
			}
			r := lastRequest(t, s)
			if r.Status != tc.status || r.ContentRange != tc.contentRange || r.Range != tc.rng {
				t.Errorf("logged status %d, Content-Range %q, Range %q", r.Status, r.ContentRange, r.Range)
			}
			if r.Start != tc.start || r.End != tc.end || r.Open != tc.open {
				t.Errorf("logged range [%d, %d) open=%v, want [%d, %d) open=%v",
					r.Start, r.End, r.Open, tc.start, tc.end, tc.open)
			}
			if r.BodyBytes != int64(len(body)) {
				t.Errorf("logged BodyBytes = %d, client got %d", r.BodyBytes, len(body))
			}
		})
	}
}

func TestHeaders(t *testing.T) {
	lm := time.Date(2025, 5, 6, 7, 8, 9, 0, time.UTC)
	s := fetchtest.NewServer(t,
		fetchtest.WithSize(10),
		fetchtest.WithPath("data/x.iso"),
		fetchtest.WithETag(`"abc"`),
		fetchtest.WithLastModified(lm),
		fetchtest.WithContentType("application/x-iso9660-image"),
		fetchtest.WithContentDisposition(`attachment; filename="x.iso"`),
	)
	if got, want := s.FileURL(), s.URL+"/data/x.iso"; got != want {
		t.Fatalf("FileURL = %q, want %q", got, want)
	}
	resp, _ := mustGet(t, "GET", s.FileURL())
	for k, want := range map[string]string{
		"ETag":                `"abc"`,
		"Last-Modified":       "Tue, 06 May 2025 07:08:09 GMT",
		"Content-Type":        "application/x-iso9660-image",
		"Content-Disposition": `attachment; filename="x.iso"`,
		"Content-Length":      "10",
	} {
		if got := resp.Header.Get(k); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}

	s = fetchtest.NewServer(t, fetchtest.WithSize(10), fetchtest.WithoutETag(),
		fetchtest.WithoutLastModified(), fetchtest.WithContentType(""))
	resp, _ = mustGet(t, "GET", s.FileURL())
	for _, k := range []string{"ETag", "Last-Modified", "Content-Type", "Content-Disposition"} {
		if v, ok := resp.Header[k]; ok {
			t.Errorf("%s sent: %q", k, v)
		}
	}
	if s.ETag() != "" {
		t.Errorf("ETag() = %q, want empty", s.ETag())
	}

	s = fetchtest.NewServer(t)
	if got, want := s.ETag(), `"1-800000"`; got != want {
		t.Errorf("default ETag = %q, want %q", got, want)
	}
	if got := s.Content(); got != (fetchtest.Content{Size: 8 << 20, Seed: 1}) {
		t.Errorf("default Content = %+v", got)
	}
	resp, _ = mustGet(t, "HEAD", s.FileURL())
	if resp.StatusCode != 200 || resp.ContentLength != 8<<20 {
		t.Errorf("HEAD: %d, length %d", resp.StatusCode, resp.ContentLength)
	}
	if got := resp.Header.Get("Last-Modified"); got != "Fri, 02 Jan 2026 03:04:05 GMT" {
		t.Errorf("default Last-Modified = %q", got)
	}
	if r := lastRequest(t, s); r.Method != "HEAD" || r.BodyBytes != 0 || s.BytesServed() != 0 {
		t.Errorf("HEAD logged as %+v, BytesServed %d", r, s.BytesServed())
	}
}

func TestIfRange(t *testing.T) {
	const size = 4096
	lm := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	strong := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithLastModified(lm))
	weak := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithWeakETag())
	lmDate := lm.Format(http.TimeFormat)
	tests := []struct {
		name    string
		s       *fetchtest.Server
		ifRange string
		status  int
	}{
		{"strong etag match", strong, strong.ETag(), 206},
		{"strong etag mismatch", strong, `"stale"`, 200},
		{"weak form of strong etag", strong, "W/" + strong.ETag(), 200},
		{"date match", strong, lmDate, 206},
		{"date mismatch", strong, lm.Add(time.Hour).Format(http.TimeFormat), 200},
		{"weak etag never matches", weak, weak.ETag(), 200},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := mustGet(t, "GET", tc.s.FileURL(), "Range", "bytes=100-199", "If-Range", tc.ifRange)
			if resp.StatusCode != tc.status {
				t.Fatalf("status = %d, want %d", resp.StatusCode, tc.status)
			}
			want := tc.s.Content().Bytes(100, 100)
			if tc.status == 200 {
				want = tc.s.Content().Bytes(0, size)
			}
			if !bytes.Equal(body, want) {
				t.Errorf("body differs (%d bytes)", len(body))
			}
			if r := lastRequest(t, tc.s); r.IfRange != tc.ifRange || r.Header.Get("If-Range") != tc.ifRange {
				t.Errorf("logged If-Range %q", r.IfRange)
			}
		})
	}
	if got := weak.ETag(); got[:3] != `W/"` {
		t.Errorf("weak ETag() = %q", got)
	}

	resp, _ := mustGet(t, "GET", strong.FileURL(), "If-None-Match", strong.ETag())
	if resp.StatusCode != http.StatusNotModified {
		t.Errorf("If-None-Match: status %d, want 304", resp.StatusCode)
	}
}

func TestNotFound(t *testing.T) {
	s := fetchtest.NewServer(t, fetchtest.WithSize(10))
	resp, _ := mustGet(t, "GET", s.URL+"/nope")
	if resp.StatusCode != 404 {
		t.Fatalf("status = %d", resp.StatusCode)
	}
	if r := lastRequest(t, s); r.Path != "/nope" || r.Status != 404 || r.N != 1 {
		t.Errorf("logged %+v", r)
	}
	if s.BytesServed() != 0 {
		t.Errorf("BytesServed = %d after a 404", s.BytesServed())
	}
}

func TestRateLimit(t *testing.T) {
	const n = 256 << 10
	s := fetchtest.NewServer(t, fetchtest.WithSize(n), fetchtest.WithRateLimit(1<<20))
	start := time.Now()
	_, body := mustGet(t, "GET", s.FileURL())
	d := time.Since(start)
	if len(body) != n {
		t.Fatalf("%d bytes", len(body))
	}
	// 256 KiB at 1 MiB/s is 250ms, minus a 10ms burst. The machine may be
	// busy, so the upper bound is generous.
	if d < 200*time.Millisecond || d > 750*time.Millisecond {
		t.Errorf("256 KiB at 1 MiB/s took %v, want about 250ms", d)
	}
}

func TestRateLimitPerConnection(t *testing.T) {
	const n = 128 << 10
	const conns = 8
	s := fetchtest.NewServer(t, fetchtest.WithSize(conns*n), fetchtest.WithRateLimit(1<<20))
	start := time.Now()
	var wg sync.WaitGroup
	for i := range conns {
		wg.Go(func() {
			c := &http.Client{Transport: &http.Transport{}}
			defer c.CloseIdleConnections()
			rng := fmt.Sprintf("bytes=%d-%d", i*n, (i+1)*n-1)
			resp, body, err := get(t, c, "GET", s.FileURL(), "Range", rng)
			if err != nil || resp.StatusCode != 206 || len(body) != n {
				t.Errorf("%s: %v", rng, err)
			}
		})
	}
	wg.Wait()
	// Eight connections at 1 MiB/s each: 128 KiB each takes 125ms, not
	// the 1 s of one shared limit.
	if d := time.Since(start); d < 100*time.Millisecond || d > 600*time.Millisecond {
		t.Errorf("%d x 128 KiB on %d connections took %v, want about 125ms", conns, conns, d)
	}
	seen := map[int]bool{}
	for _, r := range s.Requests() {
		seen[r.Conn] = true
	}
	if len(seen) != conns {
		t.Errorf("requests came on %d connections, want %d", len(seen), conns)
	}
}

func TestChangeAfter(t *testing.T) {
	const size = 2000
	s := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithChangeAfter(2))
	etag0, c0 := s.ETag(), s.Content()
	for range 2 {
		resp, body := mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-99", "If-Range", etag0)
		if resp.StatusCode != 206 || resp.Header.Get("ETag") != etag0 || !bytes.Equal(body, c0.Bytes(0, 100)) {
			t.Fatalf("before change: %d %q", resp.StatusCode, resp.Header.Get("ETag"))
		}
	}
	mustGet(t, "GET", s.URL+"/other") // does not count
	if s.ETag() != etag0 {
		t.Fatal("changed before the third file request")
	}
	resp, body := mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-99", "If-Range", etag0)
	c1 := s.Content()
	if resp.StatusCode != 200 {
		t.Fatalf("stale If-Range after change: status %d, want 200", resp.StatusCode)
	}
	if resp.Header.Get("ETag") == etag0 || resp.Header.Get("ETag") != s.ETag() {
		t.Errorf("ETag after change = %q (before %q, ETag() %q)", resp.Header.Get("ETag"), etag0, s.ETag())
	}
	if c1.Seed == c0.Seed || c1.Size != size || !bytes.Equal(body, c1.Bytes(0, size)) {
		t.Errorf("content after change: %+v", c1)
	}
	if bytes.Equal(c0.Bytes(0, 100), c1.Bytes(0, 100)) {
		t.Error("content did not change")
	}
	if got := resp.Header.Get("Last-Modified"); got != "Fri, 02 Jan 2026 04:04:05 GMT" {
		t.Errorf("Last-Modified after change = %q", got)
	}
	// Only once.
	mustGet(t, "GET", s.FileURL())
	if s.Content() != c1 {
		t.Error("changed again")
	}
}

func TestChange(t *testing.T) {
	s := fetchtest.NewServer(t, fetchtest.WithSize(100), fetchtest.WithETag(`W/"v1"`),
		fetchtest.WithChangeSize(50))
	if got := s.ETag(); got != `W/"v1"` {
		t.Fatalf("ETag = %q", got)
	}
	s.Change()
	if got := s.ETag(); got != `W/"v1-1"` {
		t.Errorf("after Change: ETag = %q", got)
	}
	if s.Content().Size != 50 {
		t.Errorf("after Change: size %d, want 50", s.Content().Size)
	}
	resp, body := mustGet(t, "GET", s.FileURL())
	if resp.ContentLength != 50 || !bytes.Equal(body, s.Content().Bytes(0, 50)) {
		t.Errorf("after Change: served %d bytes", len(body))
	}
	s.Change()
	if got := s.ETag(); got != `W/"v1-2"` {
		t.Errorf("after second Change: ETag = %q", got)
	}
}

func TestConnIDs(t *testing.T) {
	s := fetchtest.NewServer(t, fetchtest.WithSize(1000))
	c1 := &http.Client{Transport: &http.Transport{}}
	c2 := &http.Client{Transport: &http.Transport{}}
	defer c1.CloseIdleConnections()
	defer c2.CloseIdleConnections()
	for _, c := range []*http.Client{c1, c1, c2, c1} {
		if _, _, err := get(t, c, "GET", s.FileURL(), "Range", "bytes=0-99"); err != nil {
			t.Fatal(err)
		}
	}
	log := s.Requests()
	if len(log) != 4 {
		t.Fatalf("%d requests logged", len(log))
	}
	got := fmt.Sprint(log[0].Conn, log[1].Conn, log[2].Conn, log[3].Conn)
	if got != "1 1 2 1" {
		t.Errorf("Conn ids %s, want 1 1 2 1", got)
	}
	for i, r := range log {
		if r.N != i+1 || r.Method != "GET" || r.Path != "/file.bin" || r.Header.Get("Range") != "bytes=0-99" {
			t.Errorf("log[%d] = %+v", i, r)
		}
	}
	if s.BytesServed() != 400 {
		t.Errorf("BytesServed = %d", s.BytesServed())
	}
	s.ResetLog()
	if len(s.Requests()) != 0 || s.BytesServed() != 0 {
		t.Error("ResetLog did not empty the log")
	}
	if _, _, err := get(t, c2, "GET", s.FileURL()); err != nil {
		t.Fatal(err)
	}
	if r := lastRequest(t, s); r.N != 1 || r.Conn != 2 {
		t.Errorf("after ResetLog: N %d Conn %d, want 1 2", r.N, r.Conn)
	}
}

func TestRequestsIsACopy(t *testing.T) {
	s := fetchtest.NewServer(t, fetchtest.WithSize(10))
	mustGet(t, "GET", s.FileURL(), "X-A", "1")
	log := s.Requests()
	log[0].Status = 999
	log[0].Header.Set("X-A", "2")
	if r := s.Requests()[0]; r.Status != 200 || r.Header.Get("X-A") != "1" {
		t.Errorf("log changed through a copy: %+v", r)
	}
}

func TestAligned(t *testing.T) {
	const slice, size = 100, 950
	tests := []struct {
		start, end int64
		open       bool
		want       bool
	}{
		{0, 100, false, true},
		{100, 300, false, true},
		{900, 950, false, true},  // ends at size-1
		{900, 1000, false, true}, // asked a whole slice past the end
		{0, 99, false, false},
		{1, 100, false, false},
		{100, -1, true, false},
		{-1, -1, false, false},
		{100, 100, false, false},
	}
	for _, tc := range tests {
		r := fetchtest.Request{Start: tc.start, End: tc.end, Open: tc.open}
		if got := r.Aligned(slice, size); got != tc.want {
			t.Errorf("[%d, %d) open=%v: Aligned = %v, want %v", tc.start, tc.end, tc.open, got, tc.want)
		}
	}
}

func TestConcurrentRanges(t *testing.T) {
	const size, slice = 4 << 20, 256 << 10
	s := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithSeed(77))
	c := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 8}}
	defer c.CloseIdleConnections()
	var wg sync.WaitGroup
	for i := range int64(size / slice) {
		wg.Go(func() {
			rng := fmt.Sprintf("bytes=%d-%d", i*slice, (i+1)*slice-1)
			resp, body, err := get(t, c, "GET", s.FileURL(), "Range", rng)
			if err != nil || resp.StatusCode != 206 || !bytes.Equal(body, s.Content().Bytes(i*slice, slice)) {
				t.Errorf("%s: %v", rng, err)
			}
		})
	}
	wg.Go(func() { s.Requests(); s.BytesServed(); s.ETag() })
	wg.Wait()
	for _, r := range s.Requests() {
		if !r.Aligned(slice, size) {
			t.Errorf("request %d not aligned: [%d, %d)", r.N, r.Start, r.End)
		}
	}
	if s.BytesServed() != size {
		t.Errorf("BytesServed = %d, want %d", s.BytesServed(), size)
	}
}

func TestStartErrors(t *testing.T) {
	for _, opts := range [][]fetchtest.Option{
		{fetchtest.WithSize(-1)},
		{fetchtest.WithRateLimit(-1)},
		{fetchtest.WithRedirects(-1)},
		{fetchtest.WithRedirects(1), fetchtest.WithPath("/redirect/x")},
		{fetchtest.WithRedirectLoop(0)},
		{fetchtest.WithRedirectLoop(2), fetchtest.WithRedirectTo("http://127.0.0.2/")},
		{fetchtest.WithHost("localhost")},
		{fetchtest.WithFill(-1)},
	} {
		if s, err := fetchtest.Start(opts...); err == nil {
			s.Close()
			t.Errorf("Start with %d options: no error", len(opts))
		}
	}
}

func TestEmptyFile(t *testing.T) {
	s := fetchtest.NewServer(t, fetchtest.WithSize(0))
	resp, body := mustGet(t, "GET", s.FileURL())
	if resp.StatusCode != 200 || len(body) != 0 || resp.ContentLength != 0 {
		t.Errorf("empty file: %d, %d bytes", resp.StatusCode, len(body))
	}
	if got := s.Content().SHA256(); got != "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" {
		t.Errorf("SHA256 of empty = %s", got)
	}
}

func BenchmarkServe(b *testing.B) {
	const size = 64 << 20
	s := fetchtest.NewServer(b, fetchtest.WithSize(size))
	c := &http.Client{Transport: &http.Transport{}}
	defer c.CloseIdleConnections()
	buf := make([]byte, 256<<10)
	b.SetBytes(size)
	for b.Loop() {
		resp, err := c.Get(s.FileURL())
		if err != nil {
			b.Fatal(err)
		}
		n, err := io.CopyBuffer(io.Discard, resp.Body, buf)
		resp.Body.Close()
		if err != nil || n != size {
			b.Fatalf("%d bytes, %v", n, err)
		}
	}
}

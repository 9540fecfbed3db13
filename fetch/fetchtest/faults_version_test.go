// Tests of the faults about which version a response claims: an edge out
// of step, a 416 at an unchanged size, a dropped Range, Retry-After.

package fetchtest_test

import (
	"bytes"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestOutOfStep(t *testing.T) {
	s := fetchtest.NewServer(t, fetchtest.WithSize(1000), fetchtest.WithOutOfStep(2))
	etag, lm := s.ETag(), s.LastModified()
	edge := strings.TrimSuffix(etag, `"`) + `-edge"`
	for n := 1; n <= 3; n++ {
		resp, body := mustGet(t, "GET", s.FileURL(), "Range", "bytes=100-199",
			"If-Match", etag, "If-Unmodified-Since", lm.Format(http.TimeFormat))
		wantETag, wantLM := etag, lm
		if n == 2 {
			wantETag, wantLM = edge, lm.Add(-time.Hour)
		}
		if resp.StatusCode != 206 || resp.Header.Get("ETag") != wantETag {
			t.Fatalf("request %d: %d, ETag %q, want 206 %q", n, resp.StatusCode, resp.Header.Get("ETag"), wantETag)
		}
		if got := resp.Header.Get("Last-Modified"); got != wantLM.Format(http.TimeFormat) {
			t.Errorf("request %d: Last-Modified %q", n, got)
		}
		if resp.Header.Get("Content-Range") != "bytes 100-199/1000" || !bytes.Equal(body, s.Content().Bytes(100, 100)) {
			t.Errorf("request %d: Content-Range %q; same size and bytes expected", n, resp.Header.Get("Content-Range"))
		}
		if r := lastRequest(t, s); r.ETag != wantETag {
			t.Errorf("request %d: logged ETag %q", n, r.ETag)
		}
	}
	if s.ETag() != etag {
		t.Errorf("the origin's ETag moved to %q", s.ETag())
	}
}

func TestOtherValidatorChecksPreconditions(t *testing.T) {
	s := fetchtest.NewServer(t, fetchtest.WithSize(1000),
		fetchtest.WithFault(func(_ *http.Request, n int) fetchtest.Fault {
			return fetchtest.Fault{OtherValidator: n <= 3}
		}))
	etag := s.ETag()
	edge := strings.TrimSuffix(etag, `"`) + `-edge"`
	resp, body := mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-9", "If-Match", etag)
	if resp.StatusCode != 412 || resp.Header.Get("ETag") != edge || len(body) != 0 {
		t.Errorf("If-Match of the origin at the edge: %d %q, want 412 %q", resp.StatusCode, resp.Header.Get("ETag"), edge)
	}
	resp, _ = mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-9", "If-Match", edge)
	if resp.StatusCode != 206 {
		t.Errorf("If-Match of the edge at the edge: %d, want 206", resp.StatusCode)
	}
	resp, _ = mustGet(t, "GET", s.FileURL(), "If-None-Match", edge)
	if resp.StatusCode != 304 {
		t.Errorf("If-None-Match of the edge at the edge: %d, want 304", resp.StatusCode)
	}

	weak := fetchtest.NewServer(t, fetchtest.WithSize(1000), fetchtest.WithWeakETag(),
		fetchtest.WithFault(fetchtest.OnRequest(1, fetchtest.Fault{OtherValidator: true})))
	resp, _ = mustGet(t, "GET", weak.FileURL(), "Range", "bytes=0-9")
	if want := `W/"1-3e8-edge"`; resp.Header.Get("ETag") != want {
		t.Errorf("weak edge ETag %q, want %q", resp.Header.Get("ETag"), want)
	}
}

func TestIgnorePreconditions(t *testing.T) {
	// An origin that changed and does not check If-Match: 206 of the new
	// version, which only the ETag tells apart.
	s := fetchtest.NewServer(t, fetchtest.WithSize(1000), fetchtest.WithChangeAfter(1),
		fetchtest.WithFault(fetchtest.OnRequest(2, fetchtest.Fault{IgnorePreconditions: true})))
	old := s.ETag()
	mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-9", "If-Match", old)
	resp, body := mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-9", "If-Match", old)
	if resp.StatusCode != 206 || resp.Header.Get("ETag") == old || !bytes.Equal(body, s.Content().Bytes(0, 10)) {
		t.Errorf("%d, ETag %q (old %q)", resp.StatusCode, resp.Header.Get("ETag"), old)
	}
	if r := lastRequest(t, s); r.IfMatch != old {
		t.Errorf("the log shows If-Match %q as sent, want %q", r.IfMatch, old)
	}
	resp, _ = mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-9", "If-Match", old)
	if resp.StatusCode != 412 {
		t.Errorf("request 3: %d, want 412", resp.StatusCode)
	}
}

func TestUnsatisfiable(t *testing.T) {
	s := fetchtest.NewServer(t, fetchtest.WithSize(1000), fetchtest.WithUnsatisfiable(2))
	for n, want := range []int{206, 416, 206} {
		resp, body := mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-99", "If-Match", s.ETag())
		if resp.StatusCode != want {
			t.Fatalf("request %d: %d, want %d", n+1, resp.StatusCode, want)
		}
		if want == 416 {
			if got := resp.Header.Get("Content-Range"); got != "bytes */1000" {
				t.Errorf("416 Content-Range %q, want bytes */1000", got)
			}
			if r := lastRequest(t, s); r.Status != 416 || r.ContentRange != "bytes */1000" || bytes.Equal(body, s.Content().Bytes(0, 100)) {
				t.Errorf("logged %d %q", r.Status, r.ContentRange)
			}
		}
	}
	if s.Content().Size != 1000 || s.BytesServed() != 200 {
		t.Errorf("size %d, BytesServed %d", s.Content().Size, s.BytesServed())
	}
}

func TestFullOnRangeAt(t *testing.T) {
	const size = 5000
	s := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithFullOnRangeAt(2))
	for n, want := range []int{206, 200, 206} {
		resp, body := mustGet(t, "GET", s.FileURL(), "Range", "bytes=100-199", "If-Match", s.ETag())
		wantBody := s.Content().Bytes(100, 100)
		if want == 200 {
			wantBody = s.Content().Bytes(0, size)
		}
		if resp.StatusCode != want || !bytes.Equal(body, wantBody) {
			t.Errorf("request %d: %d with %d bytes, want %d", n+1, resp.StatusCode, len(body), want)
		}
	}
	// Request 4 has no Range: the fault is only for request 2 anyway.
	s = fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithFullOnRangeAt(1))
	if resp, _ := mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-9", "If-Match", `"other"`); resp.StatusCode != 412 {
		t.Errorf("a dropped Range still checks If-Match: %d", resp.StatusCode)
	}
}

func TestRetryAfterForms(t *testing.T) {
	date := time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC).Format(http.TimeFormat)
	s := fetchtest.NewServer(t, fetchtest.WithSize(10),
		fetchtest.WithFault(fetchtest.OnRequest(1, fetchtest.Fault{Status: 503, RetryAfter: "120"})),
		fetchtest.WithFault(fetchtest.OnRequest(2, fetchtest.Fault{Status: 429, RetryAfter: date})),
		fetchtest.WithFault(fetchtest.OnRequest(3, fetchtest.Fault{Status: 503, RetryAfterDate: 5 * time.Second, RetryAfter: "1"})),
		fetchtest.WithFault(fetchtest.OnRequest(4, fetchtest.Fault{Status: 503, RetryAfterDate: -time.Hour})),
	)
	for n, want := range []string{"120", date} {
		resp, _ := mustGet(t, "GET", s.FileURL())
		if got := resp.Header.Get("Retry-After"); got != want {
			t.Errorf("request %d: Retry-After %q, want %q", n+1, got, want)
		}
	}
	before := time.Now()
	resp, _ := mustGet(t, "GET", s.FileURL())
	at, err := http.ParseTime(resp.Header.Get("Retry-After"))
	if err != nil || resp.StatusCode != 503 {
		t.Fatalf("request 3: %d, Retry-After %q: %v", resp.StatusCode, resp.Header.Get("Retry-After"), err)
	}
	if d := at.Sub(before); d < 5*time.Second || d > 7*time.Second {
		t.Errorf("Retry-After date is %v after the request, want 5s (rounded up to the second)", d)
	}
	resp, _ = mustGet(t, "GET", s.FileURL())
	if at, err := http.ParseTime(resp.Header.Get("Retry-After")); err != nil || !at.Before(time.Now()) {
		t.Errorf("request 4: Retry-After %q, want a date in the past", resp.Header.Get("Retry-After"))
	}
}

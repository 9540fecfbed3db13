// Tests of If-Match and If-Unmodified-Since on ranges, and of the request
// headers the log shows.

package fetchtest_test

import (
	"bytes"
	"net/http"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestPreconditionsOnRanges(t *testing.T) {
	const size = 4096
	lm := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	strong := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithLastModified(lm))
	weak := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithWeakETag())
	noLM := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithoutLastModified())
	noETag := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithoutETag())
	date := func(d time.Duration) string { return lm.Add(d).Format(http.TimeFormat) }
	tests := []struct {
		name   string
		s      *fetchtest.Server
		hdr    []string
		status int
	}{
		{"if-match current", strong, []string{"If-Match", strong.ETag()}, 206},
		{"if-match stale", strong, []string{"If-Match", `"stale"`}, 412},
		{"if-match in a list", strong, []string{"If-Match", `"a", ` + strong.ETag()}, 206},
		{"if-match star", strong, []string{"If-Match", "*"}, 206},
		{"if-match weak form of strong etag", strong, []string{"If-Match", "W/" + strong.ETag()}, 412},
		{"if-match weak etag never matches", weak, []string{"If-Match", weak.ETag()}, 412},
		{"if-match without etag", noETag, []string{"If-Match", `"1-1000"`}, 412},
		{"ius equal", strong, []string{"If-Unmodified-Since", date(0)}, 206},
		{"ius later", strong, []string{"If-Unmodified-Since", date(time.Hour)}, 206},
		{"ius earlier", strong, []string{"If-Unmodified-Since", date(-time.Second)}, 412},
		{"ius not a date is ignored", strong, []string{"If-Unmodified-Since", "yesterday"}, 206},
		{"ius without last-modified is ignored", noLM, []string{"If-Unmodified-Since", date(-time.Hour)}, 206},
		// RFC 9110 13.2.2: If-Unmodified-Since is not evaluated when If-Match is present.
		{"if-match wins over ius", strong, []string{"If-Match", strong.ETag(), "If-Unmodified-Since", date(-time.Hour)}, 206},
		{"if-match fails whatever ius says", strong, []string{"If-Match", `"x"`, "If-Unmodified-Since", date(time.Hour)}, 412},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			hdr := append([]string{"Range", "bytes=1024-2047"}, tc.hdr...)
			served := tc.s.BytesServed()
			resp, body := mustGet(t, "GET", tc.s.FileURL(), hdr...)
			if resp.StatusCode != tc.status {
				t.Fatalf("status = %d, want %d", resp.StatusCode, tc.status)
			}
			if tc.status == 206 {
				if !bytes.Equal(body, tc.s.Content().Bytes(1024, 1024)) {
					t.Error("206 body differs from the content")
				}
				return
			}
			if len(body) != 0 || resp.Header.Get("Content-Range") != "" {
				t.Errorf("412 sent %d body bytes, Content-Range %q", len(body), resp.Header.Get("Content-Range"))
			}
			if r := lastRequest(t, tc.s); r.Status != 412 || r.BodyBytes != 0 || tc.s.BytesServed() != served {
				t.Errorf("logged status %d, %d body bytes, BytesServed +%d", r.Status, r.BodyBytes, tc.s.BytesServed()-served)
			}
		})
	}
}

func TestPreconditionsAfterChange(t *testing.T) {
	s := fetchtest.NewServer(t, fetchtest.WithSize(1000), fetchtest.WithChangeAfter(1))
	etag, lm := s.ETag(), s.LastModified().Format(http.TimeFormat)
	resp, _ := mustGet(t, "GET", s.FileURL(), "Range", "bytes=0-99", "If-Match", etag)
	if resp.StatusCode != 206 {
		t.Fatalf("before the change: %d", resp.StatusCode)
	}
	for _, hdr := range [][]string{{"If-Match", etag}, {"If-Unmodified-Since", lm}} {
		resp, body := mustGet(t, "GET", s.FileURL(), "Range", "bytes=100-199", hdr[0], hdr[1])
		if resp.StatusCode != 412 || len(body) != 0 {
			t.Errorf("%s of the old version: %d with %d bytes, want 412", hdr[0], resp.StatusCode, len(body))
		}
		if got := resp.Header.Get("ETag"); got != s.ETag() {
			t.Errorf("412 carries ETag %q, want the new %q", got, s.ETag())
		}
	}
	// A server that drops ranges still checks If-Match.
	full := fetchtest.NewServer(t, fetchtest.WithSize(1000), fetchtest.WithFullOnRange(0))
	resp, _ = mustGet(t, "GET", full.FileURL(), "Range", "bytes=0-99", "If-Match", `"old"`)
	if resp.StatusCode != 412 {
		t.Errorf("FullBody with a stale If-Match: %d, want 412", resp.StatusCode)
	}
}

func TestRequestHeadersLogged(t *testing.T) {
	s := fetchtest.NewServer(t, fetchtest.WithSize(100))
	lm := s.LastModified().Format(http.TimeFormat)
	want := map[string]string{
		"Authorization":       "Bearer secret",
		"Cookie":              "session=abc",
		"If-Match":            s.ETag(),
		"If-Unmodified-Since": lm,
		"Accept-Encoding":     "identity",
		"User-Agent":          "slget/test",
		"Range":               "bytes=0-9",
	}
	var hdr []string
	for k, v := range want {
		hdr = append(hdr, k, v)
	}
	resp, _ := mustGet(t, "GET", s.FileURL(), hdr...)
	if resp.StatusCode != 206 {
		t.Fatalf("status %d", resp.StatusCode)
	}
	r := lastRequest(t, s)
	host := s.URL[len("http://"):]
	want["Host"] = host
	for k, v := range want {
		if got := r.Header.Get(k); got != v {
			t.Errorf("logged %s = %q, want %q", k, got, v)
		}
	}
	if r.Host != host || r.IfMatch != s.ETag() || r.IfUnmodifiedSince != lm {
		t.Errorf("logged Host %q, IfMatch %q, IfUnmodifiedSince %q", r.Host, r.IfMatch, r.IfUnmodifiedSince)
	}
	if r.ETag != s.ETag() || r.ContentRange != "bytes 0-9/100" {
		t.Errorf("logged ETag sent %q, Content-Range %q", r.ETag, r.ContentRange)
	}

	// A client that sends a Host of its own is logged with it.
	req, _ := http.NewRequest("GET", s.FileURL(), nil)
	req.Host = "mirror.example"
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if r := lastRequest(t, s); r.Host != "mirror.example" || r.Header.Get("Host") != "mirror.example" {
		t.Errorf("logged Host %q / %q", r.Host, r.Header.Get("Host"))
	}
}

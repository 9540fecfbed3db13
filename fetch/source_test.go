// Tests of one version end to end (If-Match, ETag, size), of Origin.Open's
// checks, and of the probe: redirects, no ranges, no length, headers.

package fetch_test

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/segment"
)

// Point 3: with a strong ETag, every ranged request after the probe pins
// the version with If-Match carrying exactly that ETag, and none sends
// If-Range (which makes nginx's slice module start at slice 0).
func TestIfMatchStrongETag(t *testing.T) {
	const slice, size = 64 * kib, 1 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithETag(`"v1"`))
	res := mustDownload(t, srv, slice, fetch.Config{Connections: 4})
	if res.probe.Validator.ETag != `"v1"` || res.probe.Validator.Strength() != fetch.StrongETag {
		t.Errorf("validator %v, want strong ETag \"v1\"", res.probe.Validator)
	}
	if w := res.probe.Validator.Warning(); w != "" {
		t.Errorf("warning %q for a strong ETag", w)
	}
	reqs := fileGets(srv.Requests(), "/file.bin")
	if len(reqs) < 2 {
		t.Fatalf("only %d requests", len(reqs))
	}
	if h := reqs[0].Header.Get("If-Match"); h != "" {
		t.Errorf("probe sent If-Match %q before knowing the version", h)
	}
	for _, r := range reqs {
		if r.IfRange != "" {
			t.Errorf("request %d sent If-Range %q", r.N, r.IfRange)
		}
	}
	for _, r := range reqs[1:] {
		if h := r.Header.Get("If-Match"); h != `"v1"` {
			t.Errorf("request %d (%s) sent If-Match %q, want the ETag", r.N, r.Range, h)
		}
	}
	if n := len(res.warn.all()); n != 0 {
		t.Errorf("warnings: %q", res.warn.all())
	}
}

// Point 3: the resource changes mid-download (new ETag): Run stops with a
// *ChangedError that says so, and no byte of the new version was written.
func TestChangedETagMidDownload(t *testing.T) {
	const slice, size = 64 * kib, 2 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(8*mib), fetchtest.WithChangeAfter(3))
	res, err := download(t, srv, slice, fetch.Config{Connections: 8, Retry: fetch.RetryPolicy{Wait: time.Millisecond}})
	var ce *fetch.ChangedError
	if !errors.As(err, &ce) {
		t.Fatalf("err = %v, want a *ChangedError", err)
	}
	if !strings.Contains(err.Error(), "changed") || !strings.Contains(ce.Reason, "ETag") {
		t.Errorf("message %q does not say that the remote file changed and why", err)
	}
	if fetch.Retryable(err) {
		t.Error("a changed resource is retryable")
	}
	if bad := res.out.badWrites(); len(bad) > 0 {
		t.Errorf("%d writes of the new version, first at %s", len(bad), bad[0])
	}
	if res.d.Stats().Retries != 0 {
		t.Errorf("retries %d after a change", res.d.Stats().Retries)
	}
	// The origin answered If-Match with the old ETag by 412: no byte of
	// the new version was even sent.
	saw412 := false
	for _, r := range fileGets(srv.Requests(), "/file.bin") {
		if r.Status == http.StatusPreconditionFailed {
			saw412 = true
		}
	}
	if !saw412 {
		t.Errorf("no 412 in the log:\n%s", dumpLog(srv.Requests()))
	}
}

// Point 3: a 206 with another total size (the server honours no validator,
// so no precondition can catch it) is a change.
func TestChangedSizeOn206(t *testing.T) {
	const slice, size = 64 * kib, 1 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithoutETag(), fetchtest.WithoutLastModified(),
		fetchtest.WithChangeSize(size+slice), fetchtest.WithChangeAfter(1))
	res, err := download(t, srv, slice, fetch.Config{Connections: 2})
	var ce *fetch.ChangedError
	if !errors.As(err, &ce) || !strings.Contains(ce.Reason, "size") {
		t.Fatalf("err = %v, want a *ChangedError about the size", err)
	}
	if res.probe.Validator.Strength() != fetch.SizeOnly {
		t.Errorf("strength %d, want SizeOnly", res.probe.Validator.Strength())
	}
	if bad := res.out.badWrites(); len(bad) > 0 {
		t.Errorf("%d writes of the new version", len(bad))
	}
	saw := false
	for _, r := range fileGets(srv.Requests(), "/file.bin")[1:] {
		if r.Status == http.StatusPartialContent && strings.HasSuffix(r.ContentRange, "/1114112") {
			saw = true
		}
	}
	if !saw {
		t.Errorf("no 206 with the new total in the log:\n%s", dumpLog(srv.Requests()))
	}
}

// Point 3: a weak ETag falls back to Last-Modified: the strength says so,
// there is a warning, and If-Unmodified-Since carries the date.
func TestWeakETagUsesLastModified(t *testing.T) {
	const slice, size = 64 * kib, 1 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithWeakETag())
	res := mustDownload(t, srv, slice, fetch.Config{Connections: 4})
	v := res.probe.Validator
	if !strings.HasPrefix(v.ETag, "W/") || v.Strength() != fetch.LastModified || v.Warning() == "" {
		t.Errorf("validator %v: strength %d, warning %q; want LastModified with a warning", v, v.Strength(), v.Warning())
	}
	date := srv.LastModified().UTC().Format(http.TimeFormat)
	for _, r := range fileGets(srv.Requests(), "/file.bin")[1:] {
		if h := r.Header.Get("If-Unmodified-Since"); h != date || r.Header.Get("If-Match") != "" {
			t.Errorf("request %d sent If-Unmodified-Since %q, If-Match %q; want %q and none", r.N, h, r.Header.Get("If-Match"), date)
		}
		if r.Status != http.StatusPartialContent {
			t.Errorf("request %d got %d", r.N, r.Status)
		}
	}
}

// Point 3: with a weak ETag, a change is caught by Last-Modified.
func TestWeakETagChangeCaught(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1*mib), fetchtest.WithWeakETag(), fetchtest.WithChangeAfter(1))
	_, err := download(t, srv, 64*kib, fetch.Config{Connections: 2})
	var ce *fetch.ChangedError
	if !errors.As(err, &ce) {
		t.Fatalf("err = %v, want a *ChangedError", err)
	}
}

// A weak ETag alone (no Last-Modified) cannot pin a range, but a weak tag
// that changes still means another version (RFC 9110's weak comparison):
// a file replaced by new bytes of the same size is a *ChangedError, and no
// byte of the new version is written.
func TestWeakETagOnlyChangeCaught(t *testing.T) {
	const slice, size = 64 * kib, 1 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithETag(`W/"v1"`), fetchtest.WithoutLastModified(),
		fetchtest.WithChangeAfter(1))
	res, err := download(t, srv, slice, fetch.Config{Connections: 4, Retry: fetch.RetryPolicy{Wait: time.Millisecond}})
	var ce *fetch.ChangedError
	if !errors.As(err, &ce) || !ce.Confirmed || !strings.Contains(ce.Reason, `W/"v1"`) {
		t.Fatalf("err = %v, want a confirmed *ChangedError naming the weak ETag\n%s", err, dumpLog(srv.Requests()))
	}
	if res.probe.Validator.Strength() != fetch.SizeOnly {
		t.Errorf("strength %d, want SizeOnly (a weak ETag pins nothing)", res.probe.Validator.Strength())
	}
	if bad := res.out.badWrites(); len(bad) > 0 {
		t.Errorf("%d writes of the new version, first at %s", len(bad), bad[0])
	}
	for _, r := range fileGets(srv.Requests(), "/file.bin") {
		if r.Header.Get("If-Match") != "" || r.Header.Get("If-Range") != "" {
			t.Errorf("request %d pinned a weak ETag: %v", r.N, r.Header)
		}
	}
}

// Point 3: no ETag, no Last-Modified: SizeOnly with the louder warning, no
// precondition at all, and still a correct download.
func TestNoValidatorsSizeOnly(t *testing.T) {
	const slice, size = 64 * kib, 1 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithoutETag(), fetchtest.WithoutLastModified())
	res := mustDownload(t, srv, slice, fetch.Config{Connections: 4})
	v := res.probe.Validator
	if v.Strength() != fetch.SizeOnly || !strings.Contains(v.Warning(), "only the size") {
		t.Errorf("validator %v: strength %d, warning %q", v, v.Strength(), v.Warning())
	}
	for _, r := range fileGets(srv.Requests(), "/file.bin") {
		if r.IfRange != "" || r.Header.Get("If-Match") != "" || r.Header.Get("If-Unmodified-Since") != "" {
			t.Errorf("request %d sent a precondition with nothing to validate: %v", r.N, r.Header)
		}
	}
}

// refuse412 answers 412 (with no validators, as nginx's own 412 does) to
// every request that carries the given precondition header.
func refuse412(header string) fetchtest.FaultFunc {
	return func(r *http.Request, _ int) fetchtest.Fault {
		if r.Header.Get(header) != "" {
			return fetchtest.Fault{Status: http.StatusPreconditionFailed}
		}
		return fetchtest.Fault{}
	}
}

// Point 3: a server that refuses If-Match (412) although nothing changed,
// but honours If-Unmodified-Since: the Origin falls back to the date once
// and the download is right.
func TestIfMatchRefusedFallsBackToDate(t *testing.T) {
	const slice, size = 64 * kib, 2 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(16*mib), fetchtest.WithFault(refuse412("If-Match")))
	mustDownload(t, srv, slice, fetch.Config{Connections: 8})
	date := srv.LastModified().UTC().Format(http.TimeFormat)
	for _, r := range fileGets(srv.Requests(), "/file.bin")[1:] {
		if r.Status == http.StatusPartialContent && r.Header.Get("If-Unmodified-Since") != date {
			t.Errorf("request %d got 206 with If-Unmodified-Since %q, want the date", r.N, r.Header.Get("If-Unmodified-Since"))
		}
	}
}

// Point 3: a 412 that carries the very ETag asked for is a server that
// mishandles If-Match: the Origin warns once and falls back; the next
// response is still checked.
func TestIfMatchRefusedWithSameETagWarns(t *testing.T) {
	const slice, size = 64 * kib, 1 * mib
	content := fetchtest.Content{Size: size, Seed: 3}
	var asked []string
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked = append(asked, r.Header.Get("If-Match"))
		mu.Unlock()
		w.Header().Set("ETag", `"same"`)
		if r.Header.Get("If-Match") != "" {
			w.WriteHeader(http.StatusPreconditionFailed)
			return
		}
		http.ServeContent(w, r, "", time.Time{}, io.NewSectionReader(content, 0, size))
	}))
	defer srv.Close()
	o := &fetch.Origin{Client: newClient(t, 1), URL: srv.URL, Validator: fetch.Validator{Size: size, ETag: `"same"`}}
	var warned []string
	o.Warn = func(s string) { warned = append(warned, s) }
	rc, err := o.Open(t.Context(), segment.Range{Start: slice, End: 2 * slice})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	b, err := io.ReadAll(rc)
	rc.Close()
	if err != nil || string(b) != string(content.Bytes(slice, slice)) {
		t.Fatalf("wrong body after the fallback (%v)", err)
	}
	if len(asked) != 2 || asked[0] != `"same"` || asked[1] != "" {
		t.Errorf("If-Match sent %q, want the ETag, then none", asked)
	}
	if len(warned) != 1 || !strings.Contains(warned[0], "If-Match") {
		t.Errorf("warnings %q, want one about If-Match", warned)
	}
}

// Point 3: a server that refuses every precondition: the Origin falls back
// to none (checking every response's ETag itself), and the download is
// right.
func TestPreconditionsRefusedFallsBackToNone(t *testing.T) {
	const slice, size = 64 * kib, 2 * mib
	fault := func(r *http.Request, n int) fetchtest.Fault {
		if r.Header.Get("If-Match") != "" || r.Header.Get("If-Unmodified-Since") != "" {
			return fetchtest.Fault{Status: http.StatusPreconditionFailed}
		}
		return fetchtest.Fault{}
	}
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(16*mib), fetchtest.WithFault(fault))
	mustDownload(t, srv, slice, fetch.Config{Connections: 8})
	for _, r := range fileGets(srv.Requests(), "/file.bin")[1:] {
		if r.Status == http.StatusPartialContent && (r.Header.Get("If-Match") != "" || r.Header.Get("If-Unmodified-Since") != "") {
			t.Errorf("request %d got 206 with a precondition the server refuses", r.N)
		}
	}
}

// Point 3: after falling back to no precondition, a change is still caught
// by the ETag of the 206.
func TestChangeCaughtWithoutPrecondition(t *testing.T) {
	const slice, size = 64 * kib, 1 * mib
	// Probe (1), If-Match refused (2), no precondition (3): the change comes
	// just before 3.
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithoutLastModified(),
		fetchtest.WithFault(refuse412("If-Match")), fetchtest.WithChangeAfter(2))
	res, err := download(t, srv, slice, fetch.Config{Connections: 1})
	var ce *fetch.ChangedError
	if !errors.As(err, &ce) || !strings.Contains(ce.Reason, "ETag") {
		t.Fatalf("err = %v, want a *ChangedError about the ETag\n%s", err, dumpLog(srv.Requests()))
	}
	if bad := res.out.badWrites(); len(bad) > 0 {
		t.Errorf("%d writes of the new version", len(bad))
	}
}

// Point 3: a server that drops ranges altogether after the probe (200, same
// ETag) ends the download with ErrNoRanges.
func TestRangesDroppedMidway(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1*mib), fetchtest.WithFullOnRange(1))
	res, err := download(t, srv, 64*kib, fetch.Config{Connections: 2, Retry: fetch.RetryPolicy{Wait: time.Millisecond}})
	if !errors.Is(err, fetch.ErrNoRanges) {
		t.Fatalf("err = %v, want ErrNoRanges", err)
	}
	if bad := res.out.badWrites(); len(bad) > 0 {
		t.Errorf("%d wrong writes", len(bad))
	}
}

// Origin.Open checks each response on its own.
func TestOriginOpen(t *testing.T) {
	const size = 100_000
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithETag(`"e"`),
		fetchtest.WithFault(func(r *http.Request, _ int) fetchtest.Fault {
			switch r.Header.Get("X-Fault") {
			case "shift":
				return fetchtest.Fault{ShiftRange: 1}
			case "503":
				return fetchtest.Fault{Status: 503, RetryAfter: "7"}
			case "503date":
				return fetchtest.Fault{Status: 503, RetryAfter: time.Now().Add(5 * time.Second).UTC().Format(http.TimeFormat)}
			case "cut":
				return fetchtest.Fault{CutAfter: 10}
			}
			return fetchtest.Fault{}
		}))
	content := srv.Content()
	good := fetch.Validator{Size: size, ETag: `"e"`, LastModified: srv.LastModified().UTC().Format(http.TimeFormat)}
	r := segment.Range{Start: 65536, End: size}
	tests := []struct {
		name  string
		v     fetch.Validator
		fault string
		check func(t *testing.T, body io.ReadCloser, err error)
	}{
		{"ok", good, "", func(t *testing.T, body io.ReadCloser, err error) {
			if err != nil {
				t.Fatal(err)
			}
			b, err := io.ReadAll(body)
			if err != nil || string(b) != string(content.Bytes(r.Start, r.Len())) {
				t.Errorf("body %d bytes, %v; want the range's bytes", len(b), err)
			}
		}},
		{"other ETag", fetch.Validator{Size: size, ETag: `"old"`}, "", func(t *testing.T, _ io.ReadCloser, err error) {
			var ce *fetch.ChangedError
			if !errors.As(err, &ce) {
				t.Errorf("err = %v, want ChangedError", err)
			}
		}},
		{"other size", fetch.Validator{Size: size + 1, ETag: `"e"`}, "", func(t *testing.T, _ io.ReadCloser, err error) {
			var ce *fetch.ChangedError
			if !errors.As(err, &ce) || !strings.Contains(ce.Reason, "size") {
				t.Errorf("err = %v, want ChangedError about the size", err)
			}
		}},
		{"shifted", good, "shift", func(t *testing.T, _ io.ReadCloser, err error) {
			var re *fetch.RangeError
			if !errors.As(err, &re) || re.Asked != r.Header() {
				t.Errorf("err = %v, want RangeError for %s", err, r.Header())
			}
		}},
		{"503", good, "503", func(t *testing.T, _ io.ReadCloser, err error) {
			var he *fetch.HTTPError
			if !errors.As(err, &he) || he.Status != 503 || he.RetryAfter != 7*time.Second {
				t.Errorf("err = %v, want HTTPError 503 with Retry-After 7s", err)
			}
		}},
		{"503 with a date", good, "503date", func(t *testing.T, _ io.ReadCloser, err error) {
			var he *fetch.HTTPError
			if !errors.As(err, &he) || he.Status != 503 || he.RetryAfter < 3*time.Second || he.RetryAfter > 5*time.Second {
				t.Errorf("err = %v, want HTTPError 503 with Retry-After about 4-5s", err)
			}
		}},
		{"cut", good, "cut", func(t *testing.T, body io.ReadCloser, err error) {
			if err != nil {
				t.Fatal(err)
			}
			b, err := io.ReadAll(body)
			if len(b) != 10 || !errors.Is(err, fetch.ErrShortBody) || !fetch.Retryable(err) {
				t.Errorf("read %d bytes, %v; want 10 and ErrShortBody", len(b), err)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := fetch.NewClient(fetch.ClientOptions{Header: http.Header{"X-Fault": {tc.fault}}})
			if err != nil {
				t.Fatal(err)
			}
			defer c.CloseIdle()
			o := fetch.NewOrigin(c, &fetch.Probe{FinalURL: srv.FileURL(), Validator: tc.v})
			body, err := o.Open(t.Context(), r)
			if body.ReadCloser != nil {
				defer body.Close()
				if body.From != segment.FromOrigin {
					t.Errorf("From = %v", body.From)
				}
			}
			tc.check(t, body.ReadCloser, err)
		})
	}
	// A range past the end of the resource is a change (it shrank).
	c := newClient(t, 1)
	o := fetch.NewOrigin(c, &fetch.Probe{FinalURL: srv.FileURL(), Validator: fetch.Validator{Size: 2 * size}})
	_, err := o.Open(t.Context(), segment.Range{Start: size + 10, End: size + 20})
	var ce *fetch.ChangedError
	if !errors.As(err, &ce) {
		t.Errorf("range past the end: err = %v, want ChangedError", err)
	}
}

// Point 6: redirects are followed at the probe only; FinalURL is the file
// and every later request goes there directly.
func TestRedirectsFollowedOnce(t *testing.T) {
	const slice, size = 64 * kib, 1 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRedirects(3),
		fetchtest.WithContentDisposition(`attachment; filename="../../etc/passwd"`))
	res := mustDownload(t, srv, slice, fetch.Config{Connections: 4})
	p := res.probe
	if p.URL != srv.FileURL() || !strings.Contains(p.URL, "/redirect/1") {
		t.Errorf("Probe.URL = %q, want the URL as given %q", p.URL, srv.FileURL())
	}
	if want := srv.URL + "/file.bin"; p.FinalURL != want {
		t.Errorf("Probe.FinalURL = %q, want %q", p.FinalURL, want)
	}
	if p.Filename != "passwd" {
		t.Errorf("Probe.Filename = %q, want \"passwd\"", p.Filename)
	}
	if p.ContentType != "application/octet-stream" {
		t.Errorf("Probe.ContentType = %q", p.ContentType)
	}
	reqs := srv.Requests()
	hops := 0
	for i, r := range reqs {
		if strings.HasPrefix(r.Path, "/redirect/") {
			hops++
			if i >= 3 {
				t.Errorf("request %d went to %s after the probe", r.N, r.Path)
			}
		}
	}
	if hops != 3 {
		t.Errorf("%d redirect hops, want 3:\n%s", hops, dumpLog(reqs))
	}
	checkAligned(t, fileGets(reqs, "/file.bin"), slice, size)
}

// Point 4: a server that ignores Range answers the probe with 200: the
// probe says so, and StreamTo writes the body on that one connection.
func TestNoRangesStream(t *testing.T) {
	const size = 1*mib + 3
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithNoRanges())
	p, err := newClient(t, 1).Probe(t.Context(), srv.FileURL(), 64*kib)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Body.Close()
	if p.Ranged || p.Validator.Size != size {
		t.Fatalf("probe: ranged %v, size %d; want unranged, %d", p.Ranged, p.Validator.Size, size)
	}
	want := srv.Content()
	out := newMemFile(-1, &want)
	var written atomic.Int64
	n, err := fetch.StreamTo(t.Context(), p.Body, out, &written, fetch.StreamRules{Stall: time.Second})
	if err != nil || n != size || written.Load() != size {
		t.Fatalf("StreamTo = %d, %v (written %d); want %d", n, err, written.Load(), size)
	}
	if out.sum() != want.SHA256() {
		t.Error("wrong bytes")
	}
	if reqs := srv.Requests(); len(reqs) != 1 {
		t.Errorf("%d requests, want the probe only", len(reqs))
	}
}

// Point 4: no length (chunked, no ranges): Size -1, one stream, right bytes.
func TestNoLengthStream(t *testing.T) {
	const size = 700_001
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithNoLength())
	p, err := newClient(t, 1).Probe(t.Context(), srv.FileURL(), 64*kib)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Body.Close()
	if p.Ranged || p.Validator.Size != -1 {
		t.Fatalf("probe: ranged %v, size %d; want unranged, -1", p.Ranged, p.Validator.Size)
	}
	want := srv.Content()
	out := newMemFile(-1, &want)
	var written atomic.Int64
	n, err := fetch.StreamTo(t.Context(), p.Body, out, &written, fetch.StreamRules{Stall: time.Second})
	if err != nil || n != size {
		t.Fatalf("StreamTo = %d, %v; want %d", n, err, size)
	}
	if out.sum() != want.SHA256() {
		t.Error("wrong bytes")
	}
}

// An empty resource: Go's ServeContent answers a ranged GET of it with 200
// (not 416), so it is one (empty) stream; and a Downloader over a plan of no
// slices finishes at once.
func TestEmptyResource(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(0))
	p, err := newClient(t, 1).Probe(t.Context(), srv.FileURL(), 64*kib)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Body.Close()
	if p.Validator.Size != 0 {
		t.Fatalf("probe: size %d, want 0", p.Validator.Size)
	}
	var written atomic.Int64
	out := newMemFile(-1, nil)
	if n, err := fetch.StreamTo(t.Context(), p.Body, out, &written, fetch.StreamRules{Stall: time.Second}); n != 0 || err != nil {
		t.Errorf("StreamTo = %d, %v", n, err)
	}
	plan, err := segment.NewPlan(0, 64*kib)
	if err != nil {
		t.Fatal(err)
	}
	d := fetch.NewDownloader(fetch.Config{}, plan, nil, fetch.NewOrigin(newClient(t, 1), p), newMemFile(0, nil))
	if err := d.Run(t.Context(), http.NoBody); err != nil {
		t.Errorf("Run over no slices: %v", err)
	}
}

// The user's headers are sent, but can never replace Range or If-Range.
func TestClientHeaders(t *testing.T) {
	const slice, size = 64 * kib, 256 * kib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	c, err := fetch.NewClient(fetch.ClientOptions{
		UserAgent: "test-agent/1",
		Header:    http.Header{"Range": {"bytes=5-"}, "If-Range": {`"x"`}, "X-Token": {"abc"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseIdle()
	p, err := c.Probe(t.Context(), srv.FileURL(), slice)
	if err != nil {
		t.Fatal(err)
	}
	plan, _ := segment.NewPlan(p.Validator.Size, slice)
	out := newMemFile(size, nil)
	if err := fetch.NewDownloader(fetch.Config{Connections: 2}, plan, nil, fetch.NewOrigin(c, p), out).Run(t.Context(), p.Body); err != nil {
		t.Fatal(err)
	}
	reqs := fileGets(srv.Requests(), "/file.bin")
	checkAligned(t, reqs, slice, size)
	for _, r := range reqs {
		if r.Header.Get("X-Token") != "abc" || r.Header.Get("User-Agent") != "test-agent/1" {
			t.Errorf("request %d headers %v", r.N, r.Header)
		}
		if r.Header.Get("Accept-Encoding") != "identity" {
			t.Errorf("request %d Accept-Encoding %q", r.N, r.Header.Get("Accept-Encoding"))
		}
		if r.IfRange == `"x"` {
			t.Errorf("request %d sent the user's If-Range", r.N)
		}
	}
	if _, err := fetch.NewClient(fetch.ClientOptions{Proxy: "not a url"}); err == nil {
		t.Error("NewClient accepted a bad proxy")
	}
}

func TestParseURL(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"http://h/f#frag", "http://h/f"},
		{"https://h:8443/a/b?x=1", "https://h:8443/a/b?x=1"},
	} {
		u, err := fetch.ParseURL(tc.in)
		if err != nil || u.String() != tc.want {
			t.Errorf("ParseURL(%q) = %v, %v; want %q", tc.in, u, err, tc.want)
		}
	}
	for _, in := range []string{"", "ftp://h/f", "h/f", "http:///f", "http://[::1", "file:///etc/passwd"} {
		if _, err := fetch.ParseURL(in); err == nil {
			t.Errorf("ParseURL(%q) succeeded", in)
		}
	}
}

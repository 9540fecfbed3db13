// Secrets tried through Client.Do beyond
// TestSecretsStayWithTheirHostAcrossARedirect: a target that
// wants the credentials gets them only where the caller trusts redirects,
// and a URL's password and signature are redacted in the journal, the
// status, the result and every error.

package slget_test

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

// A redirect to another host name whose file wants the credentials: with
// LocationTrusted the probe and every range carry them and the file
// comes; without, none reaches that host and Do returns its 401.
func TestCredentialsATargetWantsFollowOnlyWhenTrusted(t *testing.T) {
	const size = 3 << 20
	b := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithHost("127.0.0.2"),
		fetchtest.WithFault(func(r *http.Request, _ int) fetchtest.Fault {
			if r.Header.Get("Authorization") != "Bearer tok-123" {
				return fetchtest.Fault{Status: http.StatusUnauthorized}
			}
			return fetchtest.Fault{}
		}))
	a := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRedirects(1), fetchtest.WithRedirectTo(b.FileURL()))
	for _, trusted := range []bool{true, false} {
		b.ResetLog()
		hc, err := slget.NewHTTPClient(slget.HTTPOptions{
			Header:          http.Header{"Authorization": {"Bearer tok-123"}, "Cookie": {"sid=cookie-456"}},
			LocationTrusted: trusted,
		})
		if err != nil {
			t.Fatal(err)
		}
		c := newClient(t, &slget.Client{HTTP: hc, Connections: 3, Slice: 256 << 10, Retry: slget.RetryPolicy{MaxTries: 2}})
		dir := t.TempDir()
		path := filepath.Join(dir, "file.bin")
		ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
		_, err = c.Do(ctx, &slget.Request{URL: a.FileURL(), Path: path})
		cancel()
		if trusted {
			if err != nil || fileSHA256(path) != b.Content().SHA256() {
				t.Fatalf("LocationTrusted: %v, or not the file's bytes", err)
			}
		} else {
			var he *slget.HTTPError
			if !errors.As(err, &he) || he.Status != http.StatusUnauthorized {
				t.Fatalf("without LocationTrusted: %v (%T), want an *HTTPError of 401", err, err)
			}
			if got := dirNames(t, dir); len(got) != 0 {
				t.Errorf("without LocationTrusted the folder holds %q", got)
			}
		}
		if len(b.Requests()) == 0 {
			t.Fatal("the redirect's target got no request")
		}
		for _, q := range b.Requests() {
			auth, cookie := q.Header.Get("Authorization"), q.Header.Get("Cookie")
			if trusted && (auth != "Bearer tok-123" || cookie != "sid=cookie-456") {
				t.Errorf("LocationTrusted: %s %q lacks the credentials: Authorization %q, Cookie %q", q.Method, q.Range, auth, cookie)
			}
			if !trusted && (auth != "" || cookie != "") {
				t.Errorf("without LocationTrusted: %s %q carried Authorization %q, Cookie %q", q.Method, q.Range, auth, cookie)
			}
		}
	}
}

// A URL with a password and a signed query: the stopped download's
// journal holds neither and only its owner may read it, ReadStatus
// shows the URL redacted, the resumed download's Result too, and neither
// an error of the server nor one of the URL itself repeats them.
func TestURLSecretsAreRedacted(t *testing.T) {
	const size, slice = 4 << 20, 256 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(1<<20))
	u, err := url.Parse(srv.FileURL() + "?X-Amz-Expires=60&X-Amz-Signature=sig-s3cret")
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.UserPassword("joe", "s3cret-pw")
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	c := newClient(t, &slget.Client{Connections: 4, Slice: slice})
	noSecret := func(what, s string) {
		t.Helper()
		if strings.Contains(s, "s3cret") {
			t.Errorf("%s holds a secret: %q", what, s)
		}
	}

	ctx, cancel := context.WithCancel(t.Context())
	go func() {
		for srv.BytesServed() < 4*slice && ctx.Err() == nil {
			time.Sleep(5 * time.Millisecond)
		}
		cancel()
	}()
	_, err = c.Do(ctx, &slget.Request{URL: u.String(), Path: path})
	cancel()
	var ie *slget.InterruptedError
	if !errors.As(err, &ie) {
		t.Fatalf("the stopped run: %v, want it interrupted", err)
	}
	noSecret("the stopped run's error", err.Error())
	j, err := os.ReadFile(path + ".slget")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(j), "s3cret") {
		t.Error("the journal holds the password or the URL's signature")
	}
	if fi, err := os.Stat(path + ".slget"); err != nil || fi.Mode().Perm()&0o077 != 0 {
		t.Errorf("the journal is readable by others: %v %v", fi.Mode(), err)
	}
	st, err := slget.ReadStatus(path)
	if err != nil {
		t.Fatal(err)
	}
	noSecret("ReadStatus's URLs", st.URL+" "+st.FinalURL)
	if !strings.Contains(st.URL, "joe:***@") || !strings.Contains(st.URL, "X-Amz-Signature=***") {
		t.Errorf("ReadStatus's URL %q is not the redacted one", st.URL)
	}

	res, err := c.Do(t.Context(), &slget.Request{URL: u.String(), Path: path})
	if err != nil || fileSHA256(path) != srv.Content().SHA256() || res.Resumed == 0 {
		t.Fatalf("the resumed run: %v, resumed %d bytes, or not the file's bytes", err, res.Resumed)
	}
	noSecret("the Result's URLs", res.URL+" "+res.FinalURL)

	missing := strings.Replace(u.String(), "/file.bin", "/missing", 1)
	_, err = c.Do(t.Context(), &slget.Request{URL: missing, Path: filepath.Join(dir, "missing")})
	var he *slget.HTTPError
	if !errors.As(err, &he) || he.Status != http.StatusNotFound {
		t.Fatalf("a missing file: %v (%T), want an *HTTPError of 404", err, err)
	}
	noSecret("a 404's error", err.Error())
	_, err = c.Do(t.Context(), &slget.Request{URL: "http://joe:s3cret-pw@127.0.0.1:1:1/x", Path: filepath.Join(dir, "x")})
	if err == nil {
		t.Fatal("an unparsable URL was taken")
	}
	noSecret("an unparsable URL's error", err.Error())
}

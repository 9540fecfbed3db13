// Secrets as the command handles them: --header and --location-trusted
// reach the library (a target that wants the credentials answers only
// with the flag), and a URL's password is never printed, by a download,
// an error or slget status. What the library keeps of them (which host
// gets which header, the journal, ReadStatus) is tested in the root
// package (TestSecretsStayWithTheirHostAcrossARedirect,
// TestURLSecretsAreRedacted).

package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// redirector answers every request with a redirect to target.
func redirector(t *testing.T, target string) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, target, http.StatusFound)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// A redirect to another host name that answers 401 without both
// credentials: exit 0 with --location-trusted, exit 24 without, and a
// URL's password not printed.
func TestLocationTrustedToAnotherHostName(t *testing.T) {
	b := fetchtest.NewServer(t, fetchtest.WithSize(1<<20), fetchtest.WithHost("127.0.0.2"),
		fetchtest.WithFault(func(r *http.Request, _ int) fetchtest.Fault {
			if r.Header.Get("Authorization") != "Bearer tok-123" || r.Header.Get("Cookie") != "sid=cookie-456" {
				return fetchtest.Fault{Status: http.StatusUnauthorized}
			}
			return fetchtest.Fault{}
		}))
	a := redirector(t, b.FileURL()).URL + "/file.bin"
	// The failing run's URL has a password too: its message must not
	// print it.
	u, _ := url.Parse(a)
	u.User = url.UserPassword("joe", "s3cret-pw")
	for _, tc := range []struct {
		flags []string
		url   string
		code  int
	}{
		{[]string{"--location-trusted"}, a, 0},
		{nil, u.String(), exitAuth},
	} {
		dir := t.TempDir()
		r := runSlget(t, append(tc.flags, "-d", dir, "-x", "3", "--slice", "256k",
			"--header", "Authorization: Bearer tok-123", "--header", "Cookie: sid=cookie-456", tc.url)...)
		if r.code != tc.code {
			t.Errorf("%q: exit %d, want %d", tc.flags, r.code, tc.code)
		}
		if tc.code == 0 && fileSHA(t, filepath.Join(dir, "file.bin")) != b.Content().SHA256() {
			t.Errorf("%q: wrong bytes", tc.flags)
		}
		if strings.Contains(r.stderr+r.stdout, "s3cret") {
			t.Errorf("%q: the password is printed: %s", tc.flags, r.stderr)
		}
	}
}

// A password and a signature in the URL are printed by no run: stopped,
// resumed with --json, of a missing file, of an unparsable URL, nor by
// slget status with or without --json, which show the URL redacted.
func TestPasswordIsRedacted(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(4<<20), fetchtest.WithRateLimit(1<<20))
	dir := t.TempDir()
	u, _ := url.Parse(srv.FileURL() + "?X-Amz-Expires=60&X-Amz-Signature=sig-s3cret")
	u.User = url.UserPassword("joe", "s3cret-pw")
	path := filepath.Join(dir, "file.bin")
	// Stopped once a megabyte came: the journal is there, with the URL.
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for srv.BytesServed() < 1<<20 && ctx.Err() == nil {
			time.Sleep(5 * time.Millisecond)
		}
		cancel()
	}()
	r := slgetCtx(t, ctx, "-x", "4", "--slice", "256k", "-d", dir, u.String())
	cancel()
	if r.code != exitUnfinished {
		t.Fatalf("exit %d", r.code)
	}
	st := runSlget(t, "status", path)
	js := runSlget(t, "status", "--json", path)
	done := runSlget(t, "--json", "-x", "4", "--slice", "256k", "-d", dir, u.String())
	bad := runSlget(t, "-d", dir, strings.Replace(u.String(), "/file.bin", "/missing", 1))
	unparsable := runSlget(t, "-d", dir, "http://joe:s3cret-pw@127.0.0.1:1:1/x")
	for _, out := range []string{r.stderr, st.stdout, js.stdout, done.stdout, done.stderr, bad.stderr, unparsable.stderr} {
		if strings.Contains(out, "s3cret") {
			t.Errorf("a secret is printed: %q", out)
		}
	}
	if !strings.Contains(st.stdout, "joe:***@") || !strings.Contains(st.stdout, "X-Amz-Signature=***") {
		t.Errorf("status does not show the redacted URL: %q", st.stdout)
	}
	if done.code != 0 || bad.code == 0 || unparsable.code == 0 {
		t.Errorf("exits %d, %d, %d; want 0 for the resumed run and failures for the others", done.code, bad.code, unparsable.code)
	}
}

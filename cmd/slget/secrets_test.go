// Secrets stay with their host: --header credentials and a URL's password
// never go to another host after a redirect, and a password never appears
// in a message, a journal or slget status.

package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// redirector answers every request with a redirect to target, and records
// the headers it was sent.
func redirector(t *testing.T, target string) (*httptest.Server, *[]http.Header) {
	var seen []http.Header
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen = append(seen, r.Header.Clone())
		http.Redirect(w, r, target, http.StatusFound)
	}))
	t.Cleanup(srv.Close)
	return srv, &seen
}

func TestCredentialsStayWithTheirHost(t *testing.T) {
	// B is another host (another port is another origin, as for curl).
	b := fetchtest.NewServer(t, fetchtest.WithSize(3<<20))
	a, aSeen := redirector(t, b.FileURL())
	dir := t.TempDir()
	u, _ := url.Parse(a.URL + "/file.bin")
	u.User = url.UserPassword("joe", "s3cret-pw")
	r := runSlget(t, "-x", "3", "--slice", "256k", "-d", dir, "--header", "Authorization: Bearer tok-123", "--header", "Cookie: sid=cookie-456", u.String())
	if r.code != 0 {
		t.Fatalf("exit %d", r.code)
	}
	if got := fileSHA(t, filepath.Join(dir, "file.bin")); got != b.Content().SHA256() {
		t.Fatal("wrong bytes")
	}
	if len(*aSeen) == 0 || (*aSeen)[0].Get("Authorization") != "Bearer tok-123" || (*aSeen)[0].Get("Cookie") != "sid=cookie-456" {
		t.Fatalf("the host the credentials were given for did not get them: %v", *aSeen)
	}
	for _, q := range b.Requests() {
		if q.Header.Get("Authorization") != "" || q.Header.Get("Cookie") != "" {
			t.Errorf("request %d to the other host carried credentials: %v", q.N, q.Header)
		}
	}
	if strings.Contains(r.stderr+r.stdout, "s3cret-pw") {
		t.Errorf("the password is printed: %s", r.stderr)
	}

	// curl's --location-trusted: the user says the other host may have them.
	b.ResetLog()
	dir2 := t.TempDir()
	r = runSlget(t, "--location-trusted", "-x", "3", "--slice", "256k", "-d", dir2, "--header", "Authorization: Bearer tok-123", a.URL+"/file.bin")
	if r.code != 0 {
		t.Fatalf("exit %d", r.code)
	}
	for _, q := range b.Requests() {
		if q.Header.Get("Authorization") != "Bearer tok-123" {
			t.Errorf("--location-trusted: request %d lacks the Authorization header", q.N)
		}
	}
}

func TestPasswordIsRedacted(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(8<<20), fetchtest.WithRateLimit(1<<20))
	dir := t.TempDir()
	u, _ := url.Parse(srv.FileURL() + "?X-Amz-Expires=60&X-Amz-Signature=sig-s3cret")
	u.User = url.UserPassword("joe", "s3cret-pw")
	path := filepath.Join(dir, "file.bin")
	// Interrupted: the journal is there, with the URL in it.
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(800*time.Millisecond, cancel)
	r := slgetCtx(t, ctx, "-x", "4", "--slice", "256k", "-d", dir, u.String())
	cancel()
	if r.code != exitUnfinished {
		t.Fatalf("exit %d", r.code)
	}
	j, err := os.ReadFile(journalPath(path))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(j), "s3cret") {
		t.Error("the journal holds the password or the URL's signature")
	}
	if fi, _ := os.Stat(journalPath(path)); fi.Mode().Perm()&0o077 != 0 {
		t.Errorf("the journal is readable by others: %v", fi.Mode())
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
	if done.code != 0 || fileSHA(t, path) != srv.Content().SHA256() {
		t.Fatalf("resume with a password in the URL: exit %d", done.code)
	}
}

// --location-trusted to another host name (not only another port, where
// net/http keeps the headers by itself): the redirected probe and every
// ranged request carry the user's Authorization and Cookie, so a target
// that wants them answers 200, not 401. Without the flag they stay behind.
func TestLocationTrustedToAnotherHostName(t *testing.T) {
	const size = 3 << 20
	b := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithHost("127.0.0.2"),
		fetchtest.WithFault(func(r *http.Request, _ int) fetchtest.Fault {
			if r.Header.Get("Authorization") != "Bearer tok-123" {
				return fetchtest.Fault{Status: http.StatusUnauthorized}
			}
			return fetchtest.Fault{}
		}))
	a, _ := redirector(t, b.FileURL())
	args := []string{"-x", "3", "--slice", "256k", "--header", "Authorization: Bearer tok-123", "--header", "Cookie: sid=cookie-456", a.URL + "/file.bin"}

	dir := t.TempDir()
	r := runSlget(t, append([]string{"--location-trusted", "-d", dir}, args...)...)
	if r.code != 0 {
		t.Fatalf("--location-trusted: exit %d, want 0", r.code)
	}
	if got := fileSHA(t, filepath.Join(dir, "file.bin")); got != b.Content().SHA256() {
		t.Fatal("wrong bytes")
	}
	for _, q := range b.Requests() {
		if q.Header.Get("Authorization") != "Bearer tok-123" || q.Header.Get("Cookie") != "sid=cookie-456" {
			t.Errorf("--location-trusted: request %d lacks the credentials: %v", q.N, q.Header)
		}
	}

	b.ResetLog()
	r = runSlget(t, append([]string{"-d", t.TempDir()}, args...)...)
	if r.code != exitAuth {
		t.Errorf("without --location-trusted: exit %d, want %d", r.code, exitAuth)
	}
	for _, q := range b.Requests() {
		if q.Header.Get("Authorization") != "" || q.Header.Get("Cookie") != "" {
			t.Errorf("without --location-trusted: request %d to the other host carried credentials: %v", q.N, q.Header)
		}
	}
}

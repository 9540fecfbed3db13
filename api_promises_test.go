// The promises of DESIGN.md tried through Client.Do, where they are kept,
// not through the command: nothing overwritten unasked, nothing left by a
// failed probe, secrets kept with their host across a redirect, and
// another URL's partial download left alone.

package slget_test

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

// dirNames lists dir.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

func TestNothingOverwrittenUnasked(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(3<<20))
	c := newClient(t, &slget.Client{Connections: 2, Slice: 256 << 10})
	mine := []byte("a file of the user's, not slget's\n")
	for _, tc := range []struct {
		name  string
		req   slget.Request
		names []string // what the folder holds after
		saved string   // where the download went; "" for nowhere
	}{
		{"refused", slget.Request{}, []string{"f.bin"}, ""},
		{"AutoRename", slget.Request{AutoRename: true}, []string{"f.1.bin", "f.bin"}, "f.1.bin"},
		{"AllowOverwrite", slget.Request{AllowOverwrite: true}, []string{"f.bin"}, "f.bin"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "f.bin")
			if err := os.WriteFile(path, mine, 0o644); err != nil {
				t.Fatal(err)
			}
			req := tc.req
			req.URL, req.Path = srv.FileURL(), path
			res, err := c.Do(t.Context(), &req)
			if got := dirNames(t, dir); !slices.Equal(got, tc.names) {
				t.Errorf("the folder holds %q, want %q", got, tc.names)
			}
			if tc.saved == "" {
				var ee *slget.ExistsError
				if !errors.As(err, &ee) || ee.Path != path {
					t.Fatalf("Do: %v, want an *ExistsError for %s", err, path)
				}
			} else {
				if err != nil {
					t.Fatal(err)
				}
				if want := filepath.Join(dir, tc.saved); res.Path != want || fileSHA256(want) != srv.Content().SHA256() {
					t.Fatalf("saved as %s, want %s with the file's bytes", res.Path, want)
				}
			}
			if tc.saved != "f.bin" {
				if b, _ := os.ReadFile(path); string(b) != string(mine) {
					t.Errorf("the user's file now holds %d other bytes", len(b))
				}
			}
		})
	}
}

func TestAFailedProbeLeavesNothing(t *testing.T) {
	for _, code := range []int{http.StatusNotFound, http.StatusForbidden, http.StatusGone} {
		srv := fetchtest.NewServer(t, fetchtest.WithStatusFor(code, 100, ""))
		c := newClient(t, &slget.Client{Retry: slget.RetryPolicy{MaxTries: 2}})
		dir := t.TempDir()
		ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
		_, err := c.Do(ctx, &slget.Request{URL: srv.FileURL(), Path: filepath.Join(dir, "f.bin")})
		cancel()
		var he *slget.HTTPError
		if !errors.As(err, &he) || he.Status != code {
			t.Fatalf("%d: Do: %v (%T), want an *HTTPError with status %d", code, err, err, code)
		}
		if got := dirNames(t, dir); len(got) != 0 {
			t.Errorf("%d: the folder holds %q after a failed probe", code, got)
		}
	}
}

func TestSecretsStayWithTheirHostAcrossARedirect(t *testing.T) {
	const size = 2 << 20
	b := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithHost("127.0.0.2"))
	a := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRedirects(1), fetchtest.WithRedirectTo(b.FileURL()))
	for _, trusted := range []bool{false, true} {
		a.ResetLog()
		b.ResetLog()
		hc, err := slget.NewHTTPClient(slget.HTTPOptions{
			Header:          http.Header{"Authorization": {"Bearer s3cret-token"}, "Cookie": {"session=s3cret-cookie"}, "X-Trace": {"t1"}},
			LocationTrusted: trusted,
		})
		if err != nil {
			t.Fatal(err)
		}
		c := newClient(t, &slget.Client{HTTP: hc, Connections: 2, Slice: 256 << 10})
		get(t, c, a, nil) // a's file URL redirects to b
		for _, r := range a.Requests() {
			if r.Header.Get("Authorization") != "Bearer s3cret-token" || r.Header.Get("Cookie") != "session=s3cret-cookie" {
				t.Errorf("the host they were given for got Authorization %q, Cookie %q", r.Header.Get("Authorization"), r.Header.Get("Cookie"))
			}
		}
		if len(b.Requests()) == 0 {
			t.Fatal("the redirect's target got no request")
		}
		for _, r := range b.Requests() {
			auth, cookie := r.Header.Get("Authorization"), r.Header.Get("Cookie")
			if leaked := auth != "" || cookie != ""; leaked != trusted {
				t.Errorf("LocationTrusted %v: %s %s on the other host carried Authorization %q, Cookie %q", trusted, r.Method, r.Range, auth, cookie)
			}
			if r.Header.Get("X-Trace") != "t1" {
				t.Errorf("a header that is no secret did not follow the redirect")
			}
		}
	}
}

// A partial download of another URL under the output name is neither
// resumed nor replaced.
func TestAnotherURLsPartialDownloadIsLeftAlone(t *testing.T) {
	const slice = 64 << 10
	first := fetchtest.NewServer(t, fetchtest.WithSize(2<<20), fetchtest.WithSeed(1), fetchtest.WithRateLimit(1<<20))
	second := fetchtest.NewServer(t, fetchtest.WithSize(2<<20), fetchtest.WithSeed(2), fetchtest.WithPath("/other.bin"))
	c := newClient(t, &slget.Client{Connections: 1, Slice: slice})
	dir := t.TempDir()
	path := filepath.Join(dir, "f.bin")
	st := stoppedDownload(t, c, first, path, 4*slice)
	journal, err := os.ReadFile(st.Journal)
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Do(t.Context(), &slget.Request{URL: second.FileURL(), Path: path})
	var ee *slget.ExistsError
	if !errors.As(err, &ee) {
		t.Fatalf("another URL at the same name: %v, want an *ExistsError", err)
	}
	res, err := c.Do(t.Context(), &slget.Request{URL: second.FileURL(), Path: path, AutoRename: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Path != filepath.Join(dir, "f.1.bin") || fileSHA256(res.Path) != second.Content().SHA256() {
		t.Fatalf("saved as %s", res.Path)
	}
	if again, err := os.ReadFile(st.Journal); err != nil || string(again) != string(journal) {
		t.Fatalf("the first URL's journal was touched: %v", err)
	}
	// and the first URL's download still resumes where it stopped.
	res, err = c.Do(t.Context(), &slget.Request{URL: first.FileURL(), Path: path})
	if err != nil || res.Resumed != st.BytesWritten || fileSHA256(path) != first.Content().SHA256() {
		t.Fatalf("the first download's resume: %v, resumed %d of the %d written", err, res.Resumed, st.BytesWritten)
	}
}

// Given both a URL with a password and an Authorization header of its own,
// a program's header is what every host it trusts gets: the first host (as
// net/http does it) and, with LocationTrusted, the redirect's target for the
// probe and every range alike.
func TestTheCallersAuthorizationWinsOverTheURLsPassword(t *testing.T) {
	const size = 2 << 20
	b := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithHost("127.0.0.2"))
	a := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRedirects(1), fetchtest.WithRedirectTo(b.FileURL()))
	hc, err := slget.NewHTTPClient(slget.HTTPOptions{Header: http.Header{"Authorization": {"Bearer s3cret-token"}}, LocationTrusted: true})
	if err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(a.FileURL())
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.UserPassword("joe", "pw")
	path := filepath.Join(t.TempDir(), "file.bin")
	c := newClient(t, &slget.Client{HTTP: hc, Connections: 2, Slice: 256 << 10})
	if _, err := c.Do(t.Context(), &slget.Request{URL: u.String(), Path: path}); err != nil {
		t.Fatal(err)
	}
	if got, want := fileSHA256(path), b.Content().SHA256(); got != want {
		t.Fatalf("SHA-256 %s, want %s", got, want)
	}
	if len(b.Requests()) < 2 {
		t.Fatalf("the redirect's target got %d requests, want the probe and the ranges", len(b.Requests()))
	}
	for _, srv := range []*fetchtest.Server{a, b} {
		for _, r := range srv.Requests() {
			if got := r.Header.Get("Authorization"); got != "Bearer s3cret-token" {
				t.Errorf("%s %s %q carried Authorization %q, want the program's own", r.Method, r.Path, r.Range, got)
			}
		}
	}
}

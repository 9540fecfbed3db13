// The user's credentials and the sources a server names, as the command
// handles them: --header "Authorization: …", --header "Cookie: …" and a
// URL's password given for a URL that is a Metalink, or for an origin
// whose Link headers name a Metalink and a duplicate, reach no mirror on
// another host (127.0.0.2), and the file still comes exact from there.
// The scope of those sources is tried across namespaces
// (TestServerNamesClientLoopbackAcrossNamespaces).

package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

// docHost serves doc as a Metalink at every path on host and keeps the
// headers of each request.
type docHost struct {
	*httptest.Server
	mu   sync.Mutex
	seen []http.Header
}

func newDocHost(t *testing.T, host, doc string) *docHost {
	d := &docHost{}
	d.Server = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		d.mu.Lock()
		d.seen = append(d.seen, r.Header.Clone())
		d.mu.Unlock()
		w.Header().Set("Content-Type", "application/metalink4+xml")
		io.WriteString(w, doc)
	}))
	ln, err := net.Listen("tcp", host+":0")
	if err != nil {
		t.Fatal(err)
	}
	d.Listener.Close()
	d.Listener = ln
	d.Start()
	t.Cleanup(d.Close)
	return d
}

func (d *docHost) headers() []http.Header {
	d.mu.Lock()
	defer d.mu.Unlock()
	return append([]http.Header(nil), d.seen...)
}

func TestCredentialsStayWithTheirHost(t *testing.T) {
	creds := []string{"--header", "Authorization: Bearer tok-123", "--header", "Cookie: sid=cookie-456"}
	for _, trusted := range []bool{false, true} {
		flags := creds
		if trusted { // it trusts redirects, not the hosts a server names
			flags = append(flags[:len(flags):len(flags)], "--location-trusted")
		}
		t.Run(fmt.Sprintf("location-trusted=%v", trusted), func(t *testing.T) { credentialsStay(t, flags) })
	}
}

// credentialsStay is TestCredentialsStayWithTheirHost with flags.
func credentialsStay(t *testing.T, creds []string) {
	withPassword := func(u string) string { return strings.Replace(u, "http://", "http://user:pa55@", 1) }
	hostB := func(t *testing.T) *fetchtest.Server {
		return fetchtest.NewServer(t, fetchtest.WithSize(mirSize), fetchtest.WithSeed(1), fetchtest.WithHost("127.0.0.2"), fetchtest.WithPath("/f.iso"))
	}
	noCreds := func(t *testing.T, srvs ...*fetchtest.Server) {
		t.Helper()
		for _, b := range srvs {
			if b.BytesServed() == 0 {
				t.Errorf("%s sent nothing: the test proves nothing", b.FileURL())
			}
			for _, r := range b.Requests() {
				if v := r.Header.Get("Authorization") + r.Header.Get("Cookie"); v != "" {
					t.Errorf("%s (another host) got %s %s with the user's credentials %q", b.FileURL(), r.Method, r.Path, v)
				}
			}
		}
	}
	hadCreds := func(t *testing.T, h http.Header) {
		t.Helper()
		if h.Get("Authorization") != "Bearer tok-123" || h.Get("Cookie") != "sid=cookie-456" {
			t.Errorf("the host the credentials were given for did not get them: %v", h)
		}
	}

	t.Run("metalink URL", func(t *testing.T) {
		b := hostB(t)
		a := newDocHost(t, "127.0.0.1", metalink4("f.iso", b, b.FileURL()))
		dir := t.TempDir()
		r := runSlget(t, append(creds, "-d", dir, withPassword(a.URL+"/f.meta4"))...)
		if r.code != 0 || fileSHA(t, filepath.Join(dir, "f.iso")) != b.Content().SHA256() {
			t.Fatalf("exit %d, or not the file", r.code)
		}
		noCreds(t, b)
		if hs := a.headers(); len(hs) == 0 {
			t.Error("host A was asked nothing")
		} else {
			hadCreds(t, hs[0])
		}
	})
	t.Run("Link describedby and duplicate", func(t *testing.T) {
		b, dup := hostB(t), hostB(t)
		doc := newDocHost(t, "127.0.0.2", metalink4("f.iso", b, b.FileURL()))
		origin := fetchtest.NewServer(t, fetchtest.WithSize(mirSize), fetchtest.WithSeed(1), fetchtest.WithPath("/f.iso"), fetchtest.WithRateLimit(1<<20),
			fetchtest.WithHeader("Link", "<"+dup.FileURL()+">; rel=duplicate; pri=1"),
			fetchtest.WithHeader("Link", "<"+doc.URL+"/f.meta4>; rel=describedby; type=\"application/metalink4+xml\""))
		dir := t.TempDir()
		r := runSlget(t, append(creds, "-d", dir, withPassword(origin.FileURL()))...)
		if r.code != 0 || fileSHA(t, filepath.Join(dir, "f.iso")) != b.Content().SHA256() {
			t.Fatalf("exit %d, or not the file", r.code)
		}
		noCreds(t, b, dup)
		for _, h := range doc.headers() {
			if v := h.Get("Authorization") + h.Get("Cookie"); v != "" {
				t.Errorf("the Metalink on another host was asked with the user's credentials %q", v)
			}
		}
		hadCreds(t, origin.Requests()[0].Header)
	})
}

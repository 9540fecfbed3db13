// Tests of the rule that keeps the sources a server names out of the
// user's network: an origin taken as public (the test servers are all on
// loopback) names loopback addresses in its Link headers, by address and
// by name, and a Metalink; none of them is sent a request, each is named
// in a warning, and the mirrors the user gave stay in use. The real
// thing, across network namespaces, is in cmd/slget
// (TestServerNamesClientLoopbackAcrossNamespaces).

package slget_test

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

	"github.com/slget/slget"
	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
)

// trap is a server on loopback that counts what it is sent.
type trap struct {
	*httptest.Server
	mu   sync.Mutex
	seen []string
}

func newTrap(t *testing.T) *trap {
	tr := &trap{}
	tr.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tr.mu.Lock()
		tr.seen = append(tr.seen, r.Method+" "+r.URL.Path)
		tr.mu.Unlock()
		http.NotFound(w, r)
	}))
	t.Cleanup(tr.Close)
	return tr
}

func (tr *trap) requests() []string {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return append([]string(nil), tr.seen...)
}

// A public origin names the user's loopback in Link headers: by address
// (rel=duplicate, rel=describedby) and by a name that resolves there
// (localhost). Nothing is sent there; each is named with why; the file
// comes whole from the origin and the mirror the user gave.
func TestPublicOriginNamesLoopback(t *testing.T) {
	admin := newTrap(t)
	_, port, _ := net.SplitHostPort(admin.Listener.Addr().String())
	byAddr := admin.URL + "/admin/x"
	byName := "http://localhost:" + port + "/admin/y"
	meta := admin.URL + "/admin/f.meta4"
	opts := []fetchtest.Option{fetchtest.WithSize(mirrorSize), fetchtest.WithSeed(7)}
	mine := fetchtest.NewServer(t, append(opts, fetchtest.WithHost("127.0.0.2"))...)
	origin := fetchtest.NewServer(t, append(opts,
		fetchtest.WithHeader("Link", duplicate(byAddr, 1)+", "+duplicate(byName, 2)),
		fetchtest.WithHeader("Link", "<"+meta+">; rel=describedby; type=\"application/metalink4+xml\""))...)
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
	slget.SetOriginScope(c, fetch.ScopePublic)
	res, w := get(t, c, origin, &slget.Request{Mirrors: []string{mine.FileURL()}})

	if got := admin.requests(); len(got) != 0 {
		t.Errorf("the user's loopback was sent %q", got)
	}
	for _, u := range []string{byAddr, byName} {
		if w.count("mirror "+u+" left out: ") != 1 || !strings.Contains(res.Mirrors[u].Dropped, "loopback") {
			t.Errorf("no line says why %s is left out:\n%s\n%+v", u, w, res.Mirrors[u])
		}
	}
	if w.count("the Metalink "+meta+" that the origin names is not used: ") != 1 || w.count("loopback address") != 3 {
		t.Errorf("no line says why the Metalink is not used:\n%s", w)
	}
	if mine.BytesServed() == 0 {
		t.Errorf("the mirror the user gave sent nothing:\n%s", w)
	}
}

// A private origin may name private addresses but not loopback ones.
func TestPrivateOriginNamesLoopback(t *testing.T) {
	admin := newTrap(t)
	origin := fetchtest.NewServer(t, fetchtest.WithSize(mirrorSize), fetchtest.WithSeed(7),
		fetchtest.WithHeader("Link", duplicate(admin.URL+"/admin/x", 1)))
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
	slget.SetOriginScope(c, fetch.ScopePrivate)
	_, w := get(t, c, origin, nil)
	if got := admin.requests(); len(got) != 0 {
		t.Errorf("the user's loopback was sent %q", got)
	}
	if w.count("127.0.0.1 is a loopback address, more private than the private server that named this source") != 1 {
		t.Errorf("no line says why:\n%s", w)
	}
}

// A URL that is a Metalink, from a public server, lists mirrors on the
// user's loopback, by name and by address: the download of its file (the
// Request a program makes of the answer, with its NamedBy) sends them
// nothing and fails, naming why.
func TestMetalinkURLNamesLoopback(t *testing.T) {
	admin := newTrap(t)
	_, port, _ := net.SplitHostPort(admin.Listener.Addr().String())
	file := fetchtest.NewServer(t, fetchtest.WithSize(mirrorSize), fetchtest.WithSeed(7), fetchtest.WithPath("/f.iso"))
	byName := "http://localhost:" + port + "/admin/f.iso"
	doc := docServer(t, "application/metalink4+xml", meta4("f.iso", file, byName, admin.URL+"/admin/f.iso"))
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
	slget.SetOriginScope(c, fetch.ScopePublic)
	dir := t.TempDir()
	ans := metalinkAnswer(t, c, doc.URL+"/f.meta4", dir)
	if ans.Err != nil || len(ans.Files) != 1 || len(ans.Files[0].URLs) != 2 {
		t.Fatalf("answer %+v", ans)
	}
	f := ans.Files[0]
	_, err := c.Do(t.Context(), &slget.Request{URL: f.URLs[0], Mirrors: f.URLs[1:], Path: filepath.Join(dir, f.Name), NamedBy: ans.NamedBy})
	if got := admin.requests(); len(got) != 0 {
		t.Errorf("the user's loopback was sent %q", got)
	}
	if !fetch.IsScopeError(err) || !strings.Contains(fmt.Sprint(err), "is a loopback address") {
		t.Errorf("Do: %v; want the loopback named", err)
	}
}

// docHost serves a Metalink at every path and keeps the headers of each
// request.
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

// The user's credentials (Authorization and Cookie headers, a URL's
// password) given for the URL of a Metalink go to its host alone, never to
// the mirrors it lists on another host, whoever reads the document: the
// program from a MetalinkAnswer, or the download itself from the origin's
// Link rel=describedby; nor to a Link rel=duplicate on another host. The
// file still comes exact from those mirrors.
func TestCredentialsStayWithTheDocumentsHost(t *testing.T) {
	hdr := http.Header{"Authorization": {"Bearer tok-123"}, "Cookie": {"session=s3cret"}}
	h, err := slget.NewHTTPClient(slget.HTTPOptions{Header: hdr})
	if err != nil {
		t.Fatal(err)
	}
	opts := []fetchtest.Option{fetchtest.WithSize(mirrorSize), fetchtest.WithSeed(7), fetchtest.WithPath("/f.iso")}
	check := func(t *testing.T, hostA *fetchtest.Server, hostB ...*fetchtest.Server) {
		t.Helper()
		for _, b := range hostB {
			if b.BytesServed() == 0 {
				t.Errorf("%s sent nothing: the test proves nothing", b.FileURL())
			}
			for _, r := range b.Requests() {
				if v := r.Header.Get("Authorization") + r.Header.Get("Cookie"); v != "" {
					t.Errorf("%s (host B) got %s %s with credentials %q", b.FileURL(), r.Method, r.Path, v)
				}
			}
		}
		if hostA != nil {
			if r := hostA.Requests(); len(r) == 0 || r[0].Header.Get("Authorization") == "" || r[0].Header.Get("Cookie") == "" {
				t.Errorf("host A did not get the user's credentials")
			}
		}
	}
	withPassword := func(u string) string { return strings.Replace(u, "http://", "http://user:pa55@", 1) }

	t.Run("metalink URL", func(t *testing.T) {
		b := fetchtest.NewServer(t, append(opts, fetchtest.WithHost("127.0.0.2"))...)
		a := newDocHost(t, "127.0.0.1", meta4("f.iso", b, b.FileURL()))
		c := newClient(t, &slget.Client{HTTP: h, Connections: 4, Slice: 256 << 10})
		dir := t.TempDir()
		ans := metalinkAnswer(t, c, withPassword(a.URL+"/f.meta4"), dir)
		if ans.Err != nil || len(ans.Files) != 1 {
			t.Fatalf("answer %+v", ans)
		}
		f := ans.Files[0]
		getFrom(t, c, b, dir, slget.Request{Path: filepath.Join(dir, f.Name), Checksum: f.Checksum, Pieces: f.Pieces, NamedBy: ans.NamedBy}, f.URLs...)
		check(t, nil, b)
		if hs := a.headers(); len(hs) == 0 || hs[0].Get("Authorization") == "" || hs[0].Get("Cookie") == "" {
			t.Errorf("host A did not get the user's credentials: %v", hs)
		}
	})
	t.Run("describedby and duplicate", func(t *testing.T) {
		b := fetchtest.NewServer(t, append(opts, fetchtest.WithHost("127.0.0.2"))...)
		dup := fetchtest.NewServer(t, append(opts, fetchtest.WithHost("127.0.0.2"))...)
		doc := newDocHost(t, "127.0.0.2", meta4("f.iso", b, b.FileURL()))
		origin := fetchtest.NewServer(t, append(opts, fetchtest.WithRateLimit(1<<20),
			fetchtest.WithHeader("Link", duplicate(dup.FileURL(), 1)),
			fetchtest.WithHeader("Link", "<"+doc.URL+"/f.meta4>; rel=describedby; type=\"application/metalink4+xml\""))...)
		c := newClient(t, &slget.Client{HTTP: h, Connections: 4, Slice: 256 << 10})
		dir := t.TempDir()
		res, w := getFrom(t, c, origin, dir, slget.Request{Path: filepath.Join(dir, "f.iso")}, withPassword(origin.FileURL()))
		t.Logf("%+v\n%s", res.Mirrors, w)
		check(t, origin, b, dup)
		for _, h := range doc.headers() {
			if v := h.Get("Authorization") + h.Get("Cookie"); v != "" {
				t.Errorf("the Metalink on host B was asked with credentials %q", v)
			}
		}
	})
}

// Tests of the mirrors an origin names: Link rel=duplicate with
// Repr-Digest (a stale duplicate and a refusing one left out by name, the
// user's credentials kept from other hosts), and rel=describedby to a
// Metalink.

package slget_test

import (
	"crypto/sha1"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

// duplicate is a Link header value naming u as a mirror of priority pri.
func duplicate(u string, pri int) string {
	return fmt.Sprintf("<%s>; rel=duplicate; pri=%d; geo=de", u, pri)
}

func TestLinkDuplicatesWithReprDigest(t *testing.T) {
	opts := []fetchtest.Option{fetchtest.WithSize(mirrorSize), fetchtest.WithSeed(7), fetchtest.WithReprDigest()}
	// The mirrors are on another host than the origin (127.0.0.2).
	good := fetchtest.NewServer(t, append(opts, fetchtest.WithHost("127.0.0.2"), fetchtest.WithPath("/pub/f.iso"))...)
	stale := fetchtest.NewServer(t, fetchtest.WithHost("127.0.0.2"), fetchtest.WithSize(mirrorSize), fetchtest.WithSeed(8), fetchtest.WithReprDigest())
	refusing := fetchtest.NewServer(t, append(opts, fetchtest.WithHost("127.0.0.2"), fetchtest.WithFault(func(*http.Request, int) fetchtest.Fault { return fetchtest.Fault{Status: 403} }))...)
	// The origin is slow: the mirror carries most of the file.
	origin := fetchtest.NewServer(t, append(opts, fetchtest.WithRateLimit(1<<20),
		fetchtest.WithHeader("Link", duplicate(stale.FileURL(), 1)+", "+duplicate(good.FileURL(), 2)),
		fetchtest.WithHeader("Link", duplicate(refusing.FileURL(), 3)))...)
	h, err := slget.NewHTTPClient(slget.HTTPOptions{Header: http.Header{"Authorization": {"Bearer tok-123"}}})
	if err != nil {
		t.Fatal(err)
	}
	c := newClient(t, &slget.Client{HTTP: h, Connections: 4, Slice: 256 << 10})
	res, w := get(t, c, origin, nil)

	if n := good.BytesServed(); n == 0 {
		t.Fatalf("the mirror the origin names sent nothing\n%s", w)
	}
	if got, want := origin.BytesServed()+good.BytesServed(), int64(mirrorSize); got < want {
		t.Errorf("origin %d + mirror %d bytes < %d", origin.BytesServed(), good.BytesServed(), want)
	}
	for _, srv := range []*fetchtest.Server{origin, good} {
		if st := res.Mirrors[srv.FileURL()]; st.Bytes == 0 || st.Dropped != "" {
			t.Errorf("Result.Mirrors[%s] = %+v", srv.FileURL(), st)
		}
	}
	t.Logf("bytes: origin %d, mirror %d", origin.BytesServed(), good.BytesServed())
	// The mirror that sent the origin's Repr-Digest is proven by it: no
	// slice of it is compared with another's.
	if w.count("differs from the same slice") != 0 {
		t.Errorf("a slice was compared:\n%s", w)
	}
	if stale.BytesServed() != 0 {
		t.Errorf("the stale mirror sent %d bytes of its file", stale.BytesServed())
	}
	if w.count("mirror "+stale.FileURL()+" left out: its Repr-Digest (sha-256=") != 1 {
		t.Errorf("no line names the stale mirror and its digest:\n%s", w)
	}
	if w.count("mirror "+refusing.FileURL()+" left out: ") != 1 || !strings.Contains(res.Mirrors[refusing.FileURL()].Dropped, "403") {
		t.Errorf("no line names the refusing mirror:\n%s\n%+v", w, res.Mirrors)
	}
	for _, srv := range []*fetchtest.Server{good, stale, refusing} {
		for _, r := range srv.Requests() {
			if r.Header.Get("Authorization") != "" {
				t.Fatalf("%s, named by the origin, got the user's Authorization", srv.FileURL())
			}
		}
	}
	if r := origin.Requests()[0]; r.Header.Get("Authorization") == "" {
		t.Errorf("the origin did not get the user's Authorization")
	}
}

func TestLinkDuplicateWithoutDigestCrossChecked(t *testing.T) {
	stale := fetchtest.NewServer(t, fetchtest.WithSize(mirrorSize), fetchtest.WithSeed(8))
	origin := fetchtest.NewServer(t, fetchtest.WithSize(mirrorSize), fetchtest.WithSeed(7),
		fetchtest.WithHeader("Link", duplicate(stale.FileURL(), 1)))
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
	res, w := get(t, c, origin, nil)
	if w.count("mirror "+stale.FileURL()+" dropped: slice") != 1 {
		t.Fatalf("no line names the stale mirror and its slice:\n%s", w)
	}
	if res.Mirrors[stale.FileURL()].Dropped == "" {
		t.Errorf("Result.Mirrors %+v", res.Mirrors)
	}
}

func TestLinkIgnored(t *testing.T) {
	other := fetchtest.NewServer(t, fetchtest.WithSize(mirrorSize), fetchtest.WithSeed(7))
	origin := fetchtest.NewServer(t, fetchtest.WithSize(mirrorSize), fetchtest.WithSeed(7),
		fetchtest.WithHeader("Link", duplicate(other.FileURL(), 1)))
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
	get(t, c, origin, &slget.Request{IgnoreLinks: true})
	if n := len(other.Requests()); n != 0 {
		t.Errorf("the mirror got %d requests with IgnoreLinks", n)
	}
}

// meta4 is a Metalink 4 document of srv's file at urls with SHA-1 pieces
// of 256 KiB.
func meta4(name string, srv *fetchtest.Server, urls ...string) string {
	c := srv.Content()
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?><metalink xmlns="urn:ietf:params:xml:ns:metalink"><file name="%s"><size>%d</size><hash type="sha-256">%s</hash><pieces length="262144" type="sha-1">`, name, c.Size, c.SHA256())
	for off := int64(0); off < c.Size; off += 262144 {
		fmt.Fprintf(&b, "<hash>%x</hash>", sha1.Sum(c.Bytes(off, min(262144, c.Size-off))))
	}
	b.WriteString("</pieces>")
	for i, u := range urls {
		fmt.Fprintf(&b, `<url priority="%d">%s</url>`, i+1, u)
	}
	b.WriteString("</file></metalink>")
	return b.String()
}

func TestLinkDescribedByMetalink(t *testing.T) {
	opts := []fetchtest.Option{fetchtest.WithSize(mirrorSize), fetchtest.WithSeed(7), fetchtest.WithPath("/f.iso")}
	good := fetchtest.NewServer(t, opts...)
	stale := fetchtest.NewServer(t, fetchtest.WithSize(mirrorSize), fetchtest.WithSeed(8), fetchtest.WithPath("/f.iso"))
	var doc string
	ml := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/metalink4+xml")
		fmt.Fprint(w, doc)
	}))
	defer ml.Close()
	origin := fetchtest.NewServer(t, append(opts, fetchtest.WithRateLimit(1<<20),
		fetchtest.WithHeader("Link", "<"+ml.URL+"/f.iso.meta4>; rel=describedby; type=\"application/metalink4+xml\""))...)
	doc = meta4("f.iso", good, stale.FileURL(), good.FileURL())
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
	res, w := get(t, c, origin, nil)
	if good.BytesServed() == 0 {
		t.Fatalf("the Metalink's mirror sent nothing\n%s", w)
	}
	if w.count("mirror "+stale.FileURL()+" dropped: piece ") != 1 {
		t.Errorf("no line names the stale mirror and its piece:\n%s", w)
	}
	t.Logf("bytes: origin %d, good %d, stale %d", origin.BytesServed(), good.BytesServed(), stale.BytesServed())
	if !strings.Contains(res.Verified, "sha-256") {
		t.Errorf("the Metalink's sha-256 was not checked: %+v", res)
	}
}

// An origin that names more mirrors than are probed: the best ten by pri.
func TestLinkDuplicatesCapped(t *testing.T) {
	var mu sync.Mutex
	asked := map[string]bool{}
	mirror := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked[r.URL.Query().Get("m")] = true
		mu.Unlock()
		http.NotFound(w, r)
	}))
	defer mirror.Close()
	var links []string
	for i := 30; i > 0; i-- { // worst first: the order is pri's
		links = append(links, duplicate(fmt.Sprintf("%s/f?m=%d", mirror.URL, i), i))
	}
	origin := fetchtest.NewServer(t, fetchtest.WithSize(mirrorSize), fetchtest.WithSeed(7),
		fetchtest.WithHeader("Link", strings.Join(links, ", ")))
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
	res, w := get(t, c, origin, nil)
	if w.count("the origin names more than 10 mirrors") != 1 {
		t.Errorf("no line says the list was cut:\n%s", w)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(asked) != 10 || len(res.Mirrors) != 11 {
		t.Fatalf("%d mirrors asked, %d in the Result: %v", len(asked), len(res.Mirrors), asked)
	}
	for m := range asked {
		if n, _ := strconv.Atoi(m); n > 10 {
			t.Errorf("mirror %s asked: not among the best ten", m)
		}
	}
}

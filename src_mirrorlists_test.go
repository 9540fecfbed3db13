// Downloads from the lists of mirrors a program is given, through
// ReadMetalink and Client.Do: Metalink 4 and 3 documents whose first
// mirror is stale (caught by its first piece) or refuses, a list of
// mirrors (aria2's tab-separated line) with a stale one among them, and
// documents that cannot be used.

package slget_test

import (
	"context"
	"crypto/sha1"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

const listSize = 3<<20 + 4321

// meta3 is a Metalink 3 document (as MirrorBrain writes them) of srv's
// file at urls, best first, with SHA-1 pieces of 256 KiB.
func meta3(name string, srv *fetchtest.Server, urls ...string) string {
	c := srv.Content()
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>
<metalink version="3.0" xmlns="http://www.metalinker.org/" type="dynamic" generator="mirrorbrain 2.19.0">
<files><file name="%s"><size>%d</size><verification><hash type="sha256">%s</hash><pieces length="262144" type="sha1">`, name, c.Size, c.SHA256())
	for i, off := 0, int64(0); off < c.Size; i, off = i+1, off+262144 {
		fmt.Fprintf(&b, `<hash piece="%d">%x</hash>`, i, sha1.Sum(c.Bytes(off, min(262144, c.Size-off))))
	}
	b.WriteString("</pieces></verification><resources>")
	for i, u := range urls {
		fmt.Fprintf(&b, `<url type="http" location="de" preference="%d">%s</url>`, 100-i, u)
	}
	b.WriteString("</resources></file></files></metalink>\n")
	return b.String()
}

// sentRanges is the body bytes srv sent in answers of 206.
func sentRanges(srv *fetchtest.Server) int64 {
	var n int64
	for _, r := range srv.Requests() {
		if r.Method == http.MethodGet && r.Status == http.StatusPartialContent {
			n += r.BodyBytes
		}
	}
	return n
}

// getFrom downloads the file at urls (the first as Request.URL, the rest
// its Mirrors) into dir as name, and fails t unless it ends with want's
// bytes.
func getFrom(t *testing.T, c *slget.Client, want *fetchtest.Server, dir string, req slget.Request, urls ...string) (*slget.Result, *warnings) {
	t.Helper()
	w := &warnings{}
	req.URL, req.Mirrors, req.Events = urls[0], urls[1:], w.event
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	res, err := c.Do(ctx, &req)
	if err != nil {
		t.Fatalf("Do: %v\nwarnings:\n%s", err, w)
	}
	if got := fileSHA256(req.Path); got != want.Content().SHA256() {
		t.Fatalf("SHA-256 %s, want %s\nwarnings:\n%s", got, want.Content().SHA256(), w)
	}
	return res, w
}

// A Metalink whose first mirror has other bytes: it is dropped at its
// first piece and named, a mirror that refuses is left out and named, and
// the rest proves the file with the document's whole-file hash. Metalink 4
// (stale, refusing, good) and 3 (stale, slow, fast: both good ones carry
// some, and each one's count is what it sent).
func TestMetalinkStaleFirstMirror(t *testing.T) {
	for _, tc := range []struct {
		name  string
		conns int
		doc   func(good *fetchtest.Server, urls ...string) string
	}{
		{"metalink 4", 0, func(good *fetchtest.Server, urls ...string) string { return meta4("f.iso", good, urls...) }},
		{"metalink 3", 2, func(good *fetchtest.Server, urls ...string) string { return meta3("f.iso", good, urls...) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stale := fetchtest.NewServer(t, fetchtest.WithSize(listSize), fetchtest.WithSeed(2))
			good := fetchtest.NewServer(t, fetchtest.WithSize(listSize), fetchtest.WithSeed(1), fetchtest.WithRateLimit(4<<20))
			other := fetchtest.NewServer(t, fetchtest.WithSize(listSize), fetchtest.WithFault(func(*http.Request, int) fetchtest.Fault { return fetchtest.Fault{Status: 403} }))
			if tc.conns != 0 { // a slow mirror of the same file, not one that refuses
				other = fetchtest.NewServer(t, fetchtest.WithSize(listSize), fetchtest.WithSeed(1), fetchtest.WithRateLimit(1<<20))
			}
			files, err := slget.ReadMetalink(strings.NewReader(tc.doc(good, stale.FileURL(), other.FileURL(), good.FileURL())))
			if err != nil || len(files) != 1 || files[0].Name != "f.iso" {
				t.Fatalf("ReadMetalink: %+v, %v", files, err)
			}
			f := files[0]
			c := newClient(t, &slget.Client{Connections: tc.conns})
			dir := t.TempDir()
			res, w := getFrom(t, c, good, dir, slget.Request{Path: filepath.Join(dir, f.Name), Checksum: f.Checksum, Pieces: f.Pieces}, f.URLs...)
			// Which of its pieces fails first is a race among the bodies
			// it sends at once: the line names the mirror and one piece.
			if w.count("mirror "+stale.FileURL()+" dropped: piece ") != 1 || w.count("does not match its sha-1 digest") != 1 || res.Mirrors[stale.FileURL()].Dropped == "" {
				t.Errorf("no line names the stale mirror and its piece (%+v):\n%s", res.Mirrors, w)
			}
			if res.Verified == "" {
				t.Errorf("the Metalink's whole-file hash was not checked")
			}
			if tc.conns == 0 {
				if w.count("mirror "+other.FileURL()+" left out") != 1 {
					t.Errorf("no line names the refusing mirror:\n%s", w)
				}
				if res.Mirrors[good.FileURL()].Bytes < listSize || sentRanges(good) < listSize {
					t.Errorf("by mirror %+v, the good one sent %d: want all from it", res.Mirrors, sentRanges(good))
				}
				return
			}
			for _, srv := range []*fetchtest.Server{good, other} {
				if n := res.Mirrors[srv.FileURL()].Bytes; n == 0 || n != sentRanges(srv) {
					t.Errorf("%s: Result.Mirrors says %d bytes, it sent %d", srv.FileURL(), n, sentRanges(srv))
				}
			}
			if sentRanges(good)+sentRanges(other) < listSize {
				t.Errorf("fast %d + slow %d bytes < %d", sentRanges(good), sentRanges(other), listSize)
			}
		})
	}
}

// A list of mirrors (aria2's tab-separated line) with a stale one: it is
// named and dropped at its first slice, compared with another mirror's,
// and the slow one still carries some.
func TestMirrorListWithAStaleOne(t *testing.T) {
	fast := fetchtest.NewServer(t, fetchtest.WithSize(listSize), fetchtest.WithSeed(1), fetchtest.WithRateLimit(4<<20))
	slow := fetchtest.NewServer(t, fetchtest.WithSize(listSize), fetchtest.WithSeed(1), fetchtest.WithRateLimit(1<<20))
	stale := fetchtest.NewServer(t, fetchtest.WithSize(listSize), fetchtest.WithSeed(9))
	c := newClient(t, &slget.Client{Connections: 2, Slice: 256 << 10})
	dir := t.TempDir()
	_, w := getFrom(t, c, fast, dir, slget.Request{Path: filepath.Join(dir, "x.bin")}, fast.FileURL(), stale.FileURL(), slow.FileURL())
	if w.count("mirror "+stale.FileURL()+" dropped: slice ") != 1 {
		t.Errorf("no line names the stale mirror and its slice:\n%s", w)
	}
	if sentRanges(slow) == 0 || sentRanges(stale) > 256<<10+1 {
		t.Errorf("slow sent %d, stale %d: want the slow one to carry some, the stale one one slice at most", sentRanges(slow), sentRanges(stale))
	}
}

// Documents that cannot be used are a *slget.MetalinkError: a path for a
// name, no http(s) URL, only hashes that cannot be checked, no end.
func TestMetalinkRefused(t *testing.T) {
	for name, doc := range map[string]string{
		"path":   `<metalink xmlns="urn:ietf:params:xml:ns:metalink"><file name="../../x"><url>http://127.0.0.1:1/x</url></file></metalink>`,
		"nourl":  `<metalink xmlns="urn:ietf:params:xml:ns:metalink"><file name="x"><url>ftp://a/x</url></file></metalink>`,
		"hash":   `<metalink xmlns="urn:ietf:params:xml:ns:metalink"><file name="x"><hash type="crc32">0</hash><url>http://127.0.0.1:1/x</url></file></metalink>`,
		"broken": `<metalink xmlns="urn:ietf:params:xml:ns:metalink"><file name="x">`,
	} {
		files, err := slget.ReadMetalink(strings.NewReader(doc))
		var pe *slget.MetalinkError
		if !errors.As(err, &pe) || files != nil {
			t.Errorf("%s: %v, %+v; want a *slget.MetalinkError and no files", name, err, files)
		}
	}
}

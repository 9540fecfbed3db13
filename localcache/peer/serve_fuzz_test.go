// Fuzz targets of the peer server's request handling: Range, URL and
// headers, from the parsers up to whole answers.

package peer

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/localcache"
)

// FuzzServeRequest sends requests built from fuzzed parts (method, path,
// Range, If-Match, If-Range, Accept-Encoding, one more header) through the
// whole handler in front of a real origin. Whatever comes in, the answer
// is never a 5xx (the origin is healthy), and a 200 or 206 holds exactly
// the bytes of the file its headers name.
func FuzzServeRequest(f *testing.F) {
	for _, s := range [][7]string{
		{"GET", "/file", "bytes=0-99", "", "", "", ""},
		{"GET", "/file", "bytes=1048570-1048600", "", "", "zstd", ""},
		{"GET", "/file", "bytes=-5", "*", "", "", ""},
		{"GET", "/file", "bytes=5-", `"x", "y"`, "", "gzip;q=0, zstd;q=0.5", ""},
		{"HEAD", "/file", "bytes=0-0", "", `"nope"`, "", "X-Slget-Slice: 4096"},
		{"GET", "/../../etc/passwd", "", "", "", "", ""},
		{"GET", "/file?a=%2e%2e", "bytes=0-1,2-3", "", "", "", ""},
		{"POST", "/file", "", "", "", "", ""},
		{"GET", "/file", "bytes=99999999999999999999-", "W/\"a\"", "", "", "Via: 1.1 x"},
		{"GET", "/file", "bytes=2097151-2097151", "", "Mon, 02 Jan 2006 15:04:05 GMT", "zstd", "Cookie: a=b"},
		{"GET", "/file", "bytes=65536-131071", "", "", "identity", "Accept: " + slicesType},
		{"GET", "/file", "", `"x-zstd"`, "", "", "If-None-Match: \"a-zstd\""},
	} {
		f.Add(s[0], s[1], s[2], s[3], s[4], s[5], s[6])
	}
	origin := fetchtest.NewServer(f, fetchtest.WithSize(2*mib+100), fetchtest.WithPath("/file"))
	st := openStore(f, fast(localcache.Options{SliceSize: 64 << 10}))
	srv, err := NewServer(Config{Store: st, Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1, Client: testClientOptions()})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { srv.Close() })
	content := origin.Content()
	f.Fuzz(func(t *testing.T, method, path, rng, ifMatch, ifRange, accept, extra string) {
		var b strings.Builder
		fmt.Fprintf(&b, "%s %s%s HTTP/1.1\r\nHost: %s\r\n", method, origin.URL, path, allowOrigin(origin.URL))
		for _, h := range [][2]string{{"Range", rng}, {"If-Match", ifMatch}, {"If-Range", ifRange}, {"Accept-Encoding", accept}} {
			if h[1] != "" {
				fmt.Fprintf(&b, "%s: %s\r\n", h[0], h[1])
			}
		}
		if extra != "" {
			b.WriteString(extra + "\r\n")
		}
		b.WriteString("\r\n")
		req, err := http.ReadRequest(bufio.NewReader(strings.NewReader(b.String())))
		if err != nil {
			return // net/http would have answered 400 itself
		}
		req.RemoteAddr = "192.0.2.1:1234"
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		resp := rec.Result()
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode >= 500 {
			t.Fatalf("%q: status %d: %s", b.String(), resp.StatusCode, body)
		}
		if method != http.MethodGet || (resp.StatusCode != 200 && resp.StatusCode != 206) || resp.Header.Get("X-Slget-From") == "" {
			return
		}
		if cl := resp.Header.Get("Content-Length"); cl != fmt.Sprint(len(body)) {
			t.Fatalf("%q: Content-Length %s, body %d bytes", b.String(), cl, len(body))
		}
		if resp.Header.Get("Content-Encoding") != "" || resp.Header.Get("Content-Type") == slicesType {
			return // zstd: TestZstdBetweenPeers checks the frames
		}
		start, end := int64(0), content.Size
		if resp.StatusCode == 206 {
			cr, err := fetch.ParseContentRange(resp.Header.Get("Content-Range"))
			if err != nil || cr.Total != content.Size {
				t.Fatalf("%q: Content-Range %q: %v", b.String(), resp.Header.Get("Content-Range"), err)
			}
			start, end = cr.First, cr.Last+1
		}
		want := make([]byte, end-start)
		content.ReadAt(want, start)
		if !bytes.Equal(body, want) {
			t.Fatalf("%q: the body is not bytes [%d,%d) of the file", b.String(), start, end)
		}
	})
}

// FuzzParseRange: any header value parses or fails without panicking, and
// a range that parses resolves within the file or not at all.
func FuzzParseRange(f *testing.F) {
	for _, s := range []string{"bytes=0-0", "bytes=5-", "bytes=-5", "bytes=-0", "bytes=1-2,3-4", "Bytes = 7 - 9", "bytes=9-7", "bytes=--", "bytes=" + strings.Repeat("9", 19) + "-"} {
		f.Add(s, int64(1000))
	}
	f.Fuzz(func(t *testing.T, v string, size int64) {
		if size < 0 {
			size = -size
		}
		br, ok, err := parseRange(v)
		if err != nil || !ok {
			return
		}
		start, end, sat := br.resolve(size)
		if sat && (start < 0 || end > size || start >= end) {
			t.Fatalf("%q of %d bytes resolved to [%d,%d)", v, size, start, end)
		}
	})
}

// FuzzHeaders: the parsers of If-Match, Accept-Encoding and authorization
// never panic, and agree with themselves.
func FuzzHeaders(f *testing.F) {
	for _, s := range []string{`"a"`, `W/"a", "b"`, `*`, `"a`, `,,"x",`, "zstd", "zstd;q=0", "Basic Zm9vOmJhcg==", "Bearer t"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		l, ok := parseETags([]string{v})
		if !ok {
			t.Fatal("a present header parsed as absent")
		}
		for _, tag := range l.tags {
			if !l.matchWeak(tag) {
				t.Fatalf("%q: tag %q does not match itself", v, tag)
			}
			if !strings.HasPrefix(tag, "W/") && !l.matchStrong(tag) {
				t.Fatalf("%q: strong tag %q does not match itself", v, tag)
			}
		}
		acceptsZstd([]string{v})
		tokenOK(v, "secret")
		if tok := strings.TrimSpace(v); tok != "" && !strings.ContainsAny(tok, " \t\n\r\v\f\u0085\u00a0") && !tokenOK("Bearer "+tok, tok) {
			t.Fatalf("the token %q is refused in Bearer", tok)
		}
	})
}

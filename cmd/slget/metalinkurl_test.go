// Tests of Metalinks reached through a URL (.meta4 path, or the media
// type; --follow-metalink=false saves them) and of a Metalink 3 document
// through -M.

package main

import (
	"crypto/sha1"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// metalink3 is a Metalink 3 document (as MirrorBrain writes them) for
// want's content at the urls, best first, with SHA-1 pieces of 256 KiB.
func metalink3(name string, want *fetchtest.Server, urls ...string) string {
	c := want.Content()
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

// docServer serves doc at every path with the Content-Type ct.
func docServer(t *testing.T, ct, doc string) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", ct)
		http.ServeContent(w, r, "", time.Time{}, strings.NewReader(doc))
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestMetalinkURLFollowed(t *testing.T) {
	for name, tc := range map[string]struct{ path, ct string }{
		"meta4 path": {"/f.iso.meta4", "application/octet-stream"},
		"media type": {"/download?id=7", "application/metalink4+xml"},
	} {
		t.Run(name, func(t *testing.T) {
			stale := fetchtest.NewServer(t, fetchtest.WithSize(mirSize), fetchtest.WithSeed(2))
			good := fetchtest.NewServer(t, fetchtest.WithSize(mirSize), fetchtest.WithSeed(1))
			doc := docServer(t, tc.ct, metalink4("f.iso", good, stale.FileURL(), good.FileURL()))
			dir := t.TempDir()
			r := runSlget(t, "-d", dir, "--json", doc.URL+tc.path)
			if r.code != 0 {
				t.Fatalf("exit %d\n%s", r.code, r.stderr)
			}
			if fileSHA(t, filepath.Join(dir, "f.iso")) != good.Content().SHA256() {
				t.Fatal("wrong bytes")
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				t.Errorf("files: %v; want f.iso alone, the Metalink not saved", entries)
			}
			if !strings.Contains(r.stderr, "mirror "+stale.FileURL()+" dropped: piece 0") {
				t.Errorf("no line names the stale mirror:\n%s", r.stderr)
			}
			var res result
			if err := json.Unmarshal([]byte(r.stdout), &res); err != nil {
				t.Fatal(err)
			}
			if res.ByMirror[good.FileURL()] != servedGET(good) || servedGET(good) < mirSize || res.Dropped[stale.FileURL()] == "" || res.Verified == "" {
				t.Errorf("bytes by mirror %v (good served %d), dropped %v, verified %q", res.ByMirror, servedGET(good), res.Dropped, res.Verified)
			}
		})
	}
}

func TestMetalinkURLSavedWhenAsked(t *testing.T) {
	good := fetchtest.NewServer(t, fetchtest.WithSize(mirSize), fetchtest.WithSeed(1))
	text := metalink4("f.iso", good, good.FileURL())
	doc := docServer(t, "application/metalink4+xml", text)
	dir := t.TempDir()
	r := runSlget(t, "-d", dir, "--follow-metalink=false", doc.URL+"/f.iso.meta4")
	if r.code != 0 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	if got, err := os.ReadFile(filepath.Join(dir, "f.iso.meta4")); err != nil || string(got) != text {
		t.Fatalf("the Metalink was not saved as it is: %v", err)
	}
	if n := len(good.Requests()); n != 0 {
		t.Errorf("its mirror got %d requests", n)
	}
}

func TestMetalinkURLBroken(t *testing.T) {
	doc := docServer(t, "application/metalink4+xml", `<metalink xmlns="urn:ietf:params:xml:ns:metalink"><file name="../x"><url>http://127.0.0.1:1/x</url></file></metalink>`)
	dir := t.TempDir()
	r := runSlget(t, "-d", dir, doc.URL+"/x.meta4")
	if r.code != exitMetalink || !strings.Contains(r.stderr, doc.URL+"/x.meta4") || !strings.Contains(r.stderr, "nothing downloaded") {
		t.Errorf("exit %d, %q", r.code, r.stderr)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("files written: %v", entries)
	}
}

func TestMetalink3File(t *testing.T) {
	stale := fetchtest.NewServer(t, fetchtest.WithSize(mirSize), fetchtest.WithSeed(2))
	fast := fetchtest.NewServer(t, fetchtest.WithSize(mirSize), fetchtest.WithSeed(1), fetchtest.WithRateLimit(4<<20))
	slow := fetchtest.NewServer(t, fetchtest.WithSize(mirSize), fetchtest.WithSeed(1), fetchtest.WithRateLimit(1<<20))
	dir := t.TempDir()
	ml := writeFile(t, filepath.Join(dir, "vlc.metalink"), metalink3("vlc.exe", fast, stale.FileURL(), fast.FileURL(), slow.FileURL()))
	r := runSlget(t, "-M", ml, "-d", dir, "-x", "2", "--json")
	if r.code != 0 || fileSHA(t, filepath.Join(dir, "vlc.exe")) != fast.Content().SHA256() {
		t.Fatalf("exit %d or wrong bytes\n%s", r.code, r.stderr)
	}
	var res result
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.stderr, "mirror "+stale.FileURL()+" dropped: piece 0 (bytes 0-262143") || res.Dropped[stale.FileURL()] == "" {
		t.Errorf("no line names the stale mirror and its piece:\n%s", r.stderr)
	}
	for _, srv := range []*fetchtest.Server{fast, slow} {
		if res.ByMirror[srv.FileURL()] == 0 || res.ByMirror[srv.FileURL()] != servedGET(srv) {
			t.Errorf("%s: --json says %d bytes, it served %d", srv.FileURL(), res.ByMirror[srv.FileURL()], servedGET(srv))
		}
	}
	if servedGET(fast)+servedGET(slow) < mirSize || res.Verified == "" {
		t.Errorf("fast %d + slow %d bytes, verified %q", servedGET(fast), servedGET(slow), res.Verified)
	}
	t.Logf("bytes: fast %d, slow %d, stale %d", servedGET(fast), servedGET(slow), servedGET(stale))
}

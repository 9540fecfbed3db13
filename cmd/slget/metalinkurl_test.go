// Tests of Metalinks reached through a URL as the command handles them: its
// files downloaded and --json, --follow-metalink=false, and exit code 20
// for one that cannot be used. The flow is tried in the root package
// (TestMetalinkURLFollowed; Metalink 3 documents in
// TestMetalinkStaleFirstMirror).

package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// docServer serves doc at every path with the Content-Type ct.
func docServer(t *testing.T, ct, doc string) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", ct)
		http.ServeContent(w, r, "", time.Time{}, strings.NewReader(doc))
	}))
	t.Cleanup(srv.Close)
	return srv
}

// A URL that answers with a Metalink: its file is downloaded from the
// mirrors it lists, the document is not saved, and --json says what each
// mirror did. (How the URL is known for a Metalink, by path or media type,
// and the download from its mirrors are tried in the root:
// TestMetalinkURLFollowed.)
func TestMetalinkURLFollowed(t *testing.T) {
	stale := fetchtest.NewServer(t, fetchtest.WithSize(mirSize), fetchtest.WithSeed(2))
	good := fetchtest.NewServer(t, fetchtest.WithSize(mirSize), fetchtest.WithSeed(1))
	doc := docServer(t, "application/metalink4+xml", metalink4("f.iso", good, stale.FileURL(), good.FileURL()))
	dir := t.TempDir()
	r := runSlget(t, "-d", dir, "--json", doc.URL+"/download?id=7")
	if r.code != 0 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	if fileSHA(t, filepath.Join(dir, "f.iso")) != good.Content().SHA256() {
		t.Fatal("wrong bytes")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("files: %v; want f.iso alone, the Metalink not saved", entries)
	}
	var res result
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil {
		t.Fatal(err)
	}
	if res.ByMirror[good.FileURL()] != servedGET(good) || servedGET(good) < mirSize || res.Dropped[stale.FileURL()] == "" || res.Verified == "" {
		t.Errorf("bytes by mirror %v (good served %d), dropped %v, verified %q", res.ByMirror, servedGET(good), res.Dropped, res.Verified)
	}
}

// --follow-metalink=false saves the document as a file.
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

// A Metalink URL that cannot be used is exit code 20, named, with nothing
// downloaded.
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

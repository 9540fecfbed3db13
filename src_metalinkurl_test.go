// A URL that is a Metalink, through Client.Do: with FollowMetalink it is
// known by its path (.meta4) or its media type, nothing is saved and the
// *MetalinkAnswer lists the files to download from their mirrors; without
// it the document is saved as any file; one that cannot be used says why.

package slget_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget"
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

// metalinkAnswer asks c for url with FollowMetalink into dir and returns
// the *MetalinkAnswer it must end with; dir must stay empty.
func metalinkAnswer(t *testing.T, c *slget.Client, url, dir string) *slget.MetalinkAnswer {
	t.Helper()
	_, err := c.Do(t.Context(), &slget.Request{URL: url, Dir: dir, FollowMetalink: true})
	var ans *slget.MetalinkAnswer
	if !errors.As(err, &ans) {
		t.Fatalf("Do: %v, want a *MetalinkAnswer", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("files: %v; want none, the Metalink not saved", entries)
	}
	return ans
}

func TestMetalinkURLFollowed(t *testing.T) {
	for name, tc := range map[string]struct{ path, ct string }{
		"meta4 path": {"/f.iso.meta4", "application/octet-stream"},
		"media type": {"/download?id=7", "application/metalink4+xml"},
	} {
		t.Run(name, func(t *testing.T) {
			stale := fetchtest.NewServer(t, fetchtest.WithSize(listSize), fetchtest.WithSeed(2))
			good := fetchtest.NewServer(t, fetchtest.WithSize(listSize), fetchtest.WithSeed(1))
			doc := docServer(t, tc.ct, meta4("f.iso", good, stale.FileURL(), good.FileURL()))
			c := newClient(t, &slget.Client{})
			dir := t.TempDir()
			ans := metalinkAnswer(t, c, doc.URL+tc.path, dir)
			if ans.Err != nil || len(ans.Files) != 1 || ans.Files[0].Name != "f.iso" || len(ans.Files[0].URLs) != 2 {
				t.Fatalf("answer %+v", ans)
			}
			f := ans.Files[0]
			res, w := getFrom(t, c, good, dir, slget.Request{Path: filepath.Join(dir, f.Name), Checksum: f.Checksum, Pieces: f.Pieces}, f.URLs...)
			// Which of its pieces fails first is a race among the bodies it
			// sends at once: the line names the mirror and one piece.
			if w.count("mirror "+stale.FileURL()+" dropped: piece ") != 1 {
				t.Errorf("no line names the stale mirror:\n%s", w)
			}
			if n := res.Mirrors[good.FileURL()].Bytes; n != sentRanges(good) || n < listSize || res.Mirrors[stale.FileURL()].Dropped == "" || res.Verified == "" {
				t.Errorf("by mirror %+v (good sent %d), verified %q", res.Mirrors, sentRanges(good), res.Verified)
			}
		})
	}
}

// Without FollowMetalink, a Metalink is a file like any: saved as it is,
// its mirrors not asked.
func TestMetalinkURLSavedWhenAsked(t *testing.T) {
	good := fetchtest.NewServer(t, fetchtest.WithSize(listSize), fetchtest.WithSeed(1))
	text := meta4("f.iso", good, good.FileURL())
	doc := docServer(t, "application/metalink4+xml", text)
	c := newClient(t, &slget.Client{})
	dir := t.TempDir()
	res, err := c.Do(t.Context(), &slget.Request{URL: doc.URL + "/f.iso.meta4", Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(filepath.Join(dir, "f.iso.meta4")); err != nil || string(got) != text || res.Path != filepath.Join(dir, "f.iso.meta4") {
		t.Fatalf("the Metalink was not saved as it is at %s: %v", res.Path, err)
	}
	if n := len(good.Requests()); n != 0 {
		t.Errorf("its mirror got %d requests", n)
	}
}

// A Metalink URL that cannot be used: the answer says why (a
// *slget.MetalinkError), and nothing is written.
func TestMetalinkURLBroken(t *testing.T) {
	doc := docServer(t, "application/metalink4+xml", `<metalink xmlns="urn:ietf:params:xml:ns:metalink"><file name="../x"><url>http://127.0.0.1:1/x</url></file></metalink>`)
	ans := metalinkAnswer(t, newClient(t, &slget.Client{}), doc.URL+"/x.meta4", t.TempDir())
	var pe *slget.MetalinkError
	if !errors.As(ans.Err, &pe) || ans.Files != nil || ans.URL != doc.URL+"/x.meta4" {
		t.Errorf("answer %+v, want a *slget.MetalinkError and no files", ans)
	}
}

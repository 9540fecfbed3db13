// Tests of a cache in front that stores only whole answers and puts an Age
// on the misses it passes on, as Traffic Server does: the Age counts the
// seconds the origin took, so a probe that took a second (or crossed one)
// through a cold cache carries "Age: 1". It is not taken for a hit: the
// file comes in one whole answer, which fills the cache, and later
// downloads cost the origin nothing.

package slget_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

// ageFront is a cache in front of an origin that stores only a whole 200
// answer, as Traffic Server with its defaults does.
type ageFront struct {
	mu     sync.Mutex
	body   []byte      // the stored answer's body; nil while none is stored
	header http.Header // its headers
}

// startAgeFront stands an ageFront in front of origin and returns the
// file's URL through it. A stored answer serves every request, ranges
// included, with an Age of 5; a look (only-if-cached) at a cache that
// holds nothing gets 504; every other request is passed on, and its
// answer gets "Age: 1" (the second the origin's answer took, as the cache
// counts it). A whole answer is stored once all of it has come, before
// its last bytes are passed on.
func startAgeFront(t *testing.T, origin *fetchtest.Server) string {
	t.Helper()
	u, err := url.Parse(origin.FileURL())
	if err != nil {
		t.Fatal(err)
	}
	u.Path = ""
	f := &ageFront{}
	rp := httputil.NewSingleHostReverseProxy(u)
	rp.ModifyResponse = func(resp *http.Response) error {
		resp.Header.Set("Age", "1")
		resp.Header.Set("Server", "ATS/9.2.9")
		if resp.StatusCode == http.StatusOK && resp.Request.Header.Get("Range") == "" && resp.ContentLength > 0 {
			h := resp.Header.Clone()
			h.Del("Content-Length")
			resp.Body = &storeWhole{ReadCloser: resp.Body, want: resp.ContentLength, store: func(b []byte) { f.store(b, h) }}
		}
		return nil
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		body, header := f.body, f.header
		f.mu.Unlock()
		switch {
		case body != nil:
			for k, v := range header {
				w.Header()[k] = v
			}
			w.Header().Set("Age", "5")
			http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
		case strings.Contains(r.Header.Get("Cache-Control"), "only-if-cached"):
			http.Error(w, "not cached", http.StatusGatewayTimeout)
		default:
			rp.ServeHTTP(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/file.bin"
}

func (f *ageFront) store(body []byte, header http.Header) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.body, f.header = body, header
}

// storeWhole passes a whole answer's body on, and stores it once all of
// it has been read.
type storeWhole struct {
	io.ReadCloser
	buf   bytes.Buffer
	want  int64
	store func([]byte)
}

func (s *storeWhole) Read(p []byte) (int, error) {
	n, err := s.ReadCloser.Read(p)
	had := int64(s.buf.Len())
	s.buf.Write(p[:n])
	if had < s.want && int64(s.buf.Len()) == s.want {
		s.store(bytes.Clone(s.buf.Bytes()))
	}
	return n, err
}

// A probe through a cold cache that says "Age: 1" is no hit: the first
// download takes the file in one whole answer (which the cache stores),
// and the second costs the origin nothing. Taken for a hit, the Age sent
// both downloads to ranges the cache passed on and stored none of.
func TestCacheFrontAgeIsNoHit(t *testing.T) {
	const size, slice = 8 << 20, 1 << 20
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithCacheControl("max-age=3600"))
	front := startAgeFront(t, origin)
	c := &slget.Client{Connections: 4, Slice: slice}
	for i, want := range []struct {
		most  int64 // the origin's bytes
		whole int   // whole answers asked of the origin
	}{{size + slice, 1}, {0, 0}} {
		origin.ResetLog()
		path := filepath.Join(t.TempDir(), "file.bin")
		if _, err := c.Do(context.Background(), &slget.Request{URL: front, Path: path}); err != nil {
			t.Fatal(err)
		}
		if fileSHA256(path) != origin.Content().SHA256() {
			t.Fatalf("download %d: wrong bytes", i+1)
		}
		var asked []string
		whole := 0
		for _, r := range origin.Requests() {
			asked = append(asked, r.Method+" "+r.Range)
			if r.Method == http.MethodGet && r.Range == "" {
				whole++
			}
		}
		if got := origin.BytesServed(); got > want.most || whole != want.whole {
			t.Errorf("download %d cost the origin %d bytes in %d whole answers, want at most %d in %d; it was asked %q",
				i+1, got, whole, want.most, want.whole, asked)
		}
	}
}

// Tests of the message when a probe's range is answered with the whole
// file: through a cache that shows itself (Apache mod_cache revalidating
// an expired copy answers so), it says the cache did it, this time; from a
// server that shows no cache, it says the server takes no ranges.

package slget_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

// wholeFront stands in front of origin as a cache that answers ranges
// with the whole file: the Range is dropped on the way, and the answer
// carries header (a cache's own headers).
func wholeFront(t *testing.T, origin *fetchtest.Server, header http.Header) string {
	t.Helper()
	u, err := url.Parse(origin.FileURL())
	if err != nil {
		t.Fatal(err)
	}
	u.Path = ""
	rp := httputil.NewSingleHostReverseProxy(u)
	rp.ModifyResponse = func(resp *http.Response) error {
		for k, v := range header {
			resp.Header[k] = v
		}
		return nil
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Header.Del("Range")
		r.Header.Del("If-Range")
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/file.bin"
}

func TestWholeAnswerMessage(t *testing.T) {
	const noRanges = "the server does not answer ranged requests; downloading on one connection (no resume)"
	const apache = "the cache in front (Apache httpd) answered the whole file this time; downloading it over one connection (no resume)"
	for _, tc := range []struct {
		name   string
		header http.Header // nil: no front, an origin without ranges
		want   string
	}{
		{"Apache revalidating", http.Header{"Server": {"Apache/2.4.62 (Debian)"}, "X-Cache": {"REVALIDATE from h"}}, apache},
		{"Apache with an Age", http.Header{"Server": {"Apache"}, "Age": {"0"}}, apache},
		{"squid", http.Header{"Via": {"1.1 h (squid/6.10)"}, "X-Cache": {"MISS from h"}}, "the cache in front (squid) answered the whole file this time; downloading it over one connection (no resume)"},
		{"Traffic Server", http.Header{"Server": {"ATS/9.2.5"}, "Age": {"0"}}, "the cache in front (Apache Traffic Server) answered the whole file this time; downloading it over one connection (no resume)"},
		{"Apache alone, an origin", http.Header{"Server": {"Apache/2.4.62"}}, noRanges},
		{"no cache", nil, noRanges},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := []fetchtest.Option{fetchtest.WithSize(1<<20 + 3)}
			if tc.header == nil {
				opts = append(opts, fetchtest.WithNoRanges())
			}
			origin := fetchtest.NewServer(t, opts...)
			u := origin.FileURL()
			if tc.header != nil {
				u = wholeFront(t, origin, tc.header)
			}
			var mu sync.Mutex
			var warned []string
			req := &slget.Request{URL: u, Path: filepath.Join(t.TempDir(), "file.bin"), Events: func(ev slget.Event) {
				if w, ok := ev.(*slget.Warning); ok {
					mu.Lock()
					warned = append(warned, w.Message)
					mu.Unlock()
				}
			}}
			c := &slget.Client{Connections: 4, Slice: 256 << 10}
			if _, err := c.Do(context.Background(), req); err != nil {
				t.Fatal(err)
			}
			if fileSHA256(req.Path) != origin.Content().SHA256() {
				t.Fatal("wrong bytes")
			}
			mu.Lock()
			defer mu.Unlock()
			found := false
			for _, m := range warned {
				found = found || m == tc.want
				if m != tc.want && (strings.Contains(m, "ranged requests") || strings.Contains(m, "whole file this time")) {
					t.Errorf("said %q, want %q", m, tc.want)
				}
			}
			if !found {
				t.Errorf("warnings %q, want %q", warned, tc.want)
			}
		})
	}
}

// Tests of CacheFront, the cache a Client is told stands in front of the
// origin: its names, as the command's --cache-front takes them, and what a
// download does with it behind a cache that shows nothing of itself.

package slget_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

func TestParseCacheFront(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want slget.CacheFront
		ok   bool
	}{
		{"", slget.CacheFrontAuto, true},
		{"auto", slget.CacheFrontAuto, true},
		{"apache", slget.CacheFrontApache, true},
		{" Apache ", slget.CacheFrontApache, true},
		{"httpd", slget.CacheFrontApache, true},
		{"squid", slget.CacheFrontAuto, false},
		{"apache2x", slget.CacheFrontAuto, false},
	} {
		got, err := slget.ParseCacheFront(tc.in)
		if got != tc.want || (err == nil) != tc.ok {
			t.Errorf("ParseCacheFront(%q) = %v, %v; want %v, ok %v", tc.in, got, err, tc.want, tc.ok)
		}
		if err == nil {
			if back, _ := slget.ParseCacheFront(got.String()); back != got {
				t.Errorf("%v does not read back from its String %q", got, got.String())
			}
		}
	}
}

// silentFront stands in front of origin as Apache httpd's mod_cache does
// with its defaults, holding nothing: it adds no header, passes every
// request on, and answers a look (only-if-cached) with 504.
func silentFront(t *testing.T, origin *fetchtest.Server) string {
	t.Helper()
	u, err := url.Parse(origin.FileURL())
	if err != nil {
		t.Fatal(err)
	}
	u.Path = ""
	rp := httputil.NewSingleHostReverseProxy(u)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.Header.Get("Cache-Control"), "only-if-cached") {
			http.Error(w, "not cached", http.StatusGatewayTimeout)
			return
		}
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/file.bin"
}

// Behind a cache that shows nothing, a Client told CacheFrontApache takes
// the file in one whole answer (the one a cache that stores only whole
// answers keeps); without it, in ranges. Told so with no cache there (the
// origin answers the look with the range), it takes ranges.
func TestCacheFrontApacheWholeAnswer(t *testing.T) {
	for _, tc := range []struct {
		name   string
		front  slget.CacheFront
		silent bool
		whole  bool
	}{
		{"told, a silent cache", slget.CacheFrontApache, true, true},
		{"not told, a silent cache", slget.CacheFrontAuto, true, false},
		{"told, no cache", slget.CacheFrontApache, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			origin := fetchtest.NewServer(t, fetchtest.WithSize(8<<20))
			u := origin.FileURL()
			if tc.silent {
				u = silentFront(t, origin)
			}
			c := &slget.Client{Connections: 4, Slice: 1 << 20, CacheFront: tc.front}
			path := filepath.Join(t.TempDir(), "file.bin")
			if _, err := c.Do(context.Background(), &slget.Request{URL: u, Path: path}); err != nil {
				t.Fatal(err)
			}
			if fileSHA256(path) != origin.Content().SHA256() {
				t.Fatal("wrong bytes")
			}
			whole := 0
			for _, r := range origin.Requests() {
				if r.Method == http.MethodGet && r.Range == "" {
					whole++
				}
			}
			if (whole == 1) != tc.whole || whole > 1 {
				t.Errorf("%d whole answers asked of the origin, want one: %v", whole, tc.whole)
			}
		})
	}
}

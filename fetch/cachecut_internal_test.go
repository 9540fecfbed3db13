// Tests of what a CutError says of the cache (CacheSignals.Said and
// Varnish), and their fuzz target.

package fetch

import (
	"net/http"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCacheNamed(t *testing.T) {
	for _, c := range []struct {
		h       http.Header
		says    string
		varnish bool
	}{
		{http.Header{"Via": {"1.1 varnish (Varnish/7.1)"}, "X-Varnish": {"32770"}}, "Via: 1.1 varnish (Varnish/7.1); X-Varnish: 32770", true},
		{http.Header{"X-Varnish": {"5"}, "Server": {"nginx"}}, "X-Varnish: 5", true},
		{http.Header{"Server": {"squid/5.7"}, "X-Cache": {"MISS from h"}}, "X-Cache: MISS from h; Server: squid/5.7", false},
		{http.Header{"Server": {"ATS/9.2.0"}}, "Server: ATS/9.2.0", false},
		{http.Header{"Server": {"nginx/1.22"}}, "", false},
		{http.Header{"Server": {"Apache/2.4.71 (Debian)"}}, "", false}, // a cache for the probe, not for the message
		{http.Header{"Age": {"0"}}, "", false},
		{http.Header{"X-Served-By": {"cache-lhr7331"}, "X-Cache": {"MISS"}}, "X-Cache: MISS; X-Served-By: cache-lhr7331", false},
		{http.Header{"Via": {"1.1 a", "1.1 b\x00"}}, "Via: 1.1 a, 1.1 b", false},
		{http.Header{}, "", false},
	} {
		says, varnish := cacheNamed(c.h)
		if says != c.says || varnish != c.varnish {
			t.Errorf("cacheNamed(%v) = %q, %v; want %q, %v", c.h, says, varnish, c.says, c.varnish)
		}
	}
}

func FuzzCacheNamed(f *testing.F) {
	f.Add("1.1 varnish (Varnish/7.1)", "32770", "varnish")
	f.Add("", "", "squid/5.7")
	f.Add("1.1 a\x00b", strings.Repeat("x", 300), "")
	f.Fuzz(func(t *testing.T, via, xv, server string) {
		h := http.Header{}
		for name, v := range map[string]string{"Via": via, "X-Varnish": xv, "Server": server} {
			if v != "" {
				h.Set(name, v)
			}
		}
		says, varnish := cacheNamed(h)
		if varnish && says == "" {
			t.Fatal("varnish named, yet nothing said")
		}
		if strings.ContainsFunc(says, func(r rune) bool { return r < ' ' || r == 0x7f }) {
			t.Fatalf("a control character in %q", says)
		}
		if utf8.ValidString(via+xv+server) && !utf8.ValidString(says) {
			t.Fatalf("valid headers said as invalid UTF-8: %q", says)
		}
		if len(says) > 3*(len("X-Varnish: ")+130) {
			t.Fatalf("%d bytes said", len(says))
		}
	})
}

// A long header is cut between characters, not inside one.
func TestCacheNamedCutsBetweenCharacters(t *testing.T) {
	says, _ := cacheNamed(http.Header{"Via": {"1.1 " + strings.Repeat("é", 100)}})
	if !utf8.ValidString(says) || !strings.HasSuffix(says, "…") {
		t.Errorf("%q", says)
	}
}

// cacheNamed is what a CutError takes from the headers h.
func cacheNamed(h http.Header) (said string, varnish bool) {
	s := cacheSignalsOf(h)
	return s.Said(), s.Varnish()
}

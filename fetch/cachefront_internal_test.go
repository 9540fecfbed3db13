// Tests of what an answer's headers say of a cache in front: the answers
// of the caches slget was tried behind, and a fuzz test of the reading.

package fetch

import (
	"net/http"
	"testing"
)

func TestCacheSignalsOf(t *testing.T) {
	for _, tc := range []struct {
		name     string
		h        http.Header
		any, hit bool
		squid    bool
		product  string
	}{
		{"no cache (Go's file server)", http.Header{"Etag": {`"x"`}}, false, false, false, "a cache"},
		{"nginx as origin", http.Header{"Server": {"nginx/1.22.1"}}, false, false, false, "a cache"},
		{"Tomcat", http.Header{"Server": {"Apache-Coyote/1.1"}}, false, false, false, "a cache"},
		{"Apache httpd, a miss", http.Header{"Server": {"Apache/2.4.71 (Debian)"}}, true, false, false, "Apache httpd"},
		{"Apache httpd, an Age", http.Header{"Server": {"Apache/2.4.71 (Debian)"}, "Age": {"3"}}, true, false, false, "Apache httpd"},
		{"Traffic Server, a miss", http.Header{"Server": {"ATS/9.2.9"}, "Age": {"0"}}, true, false, false, "Apache Traffic Server"},
		// An Age is not a hit: Traffic Server passing a miss on to an
		// origin that took 1.5 s to answer says the first, a hit the
		// second.
		{"Traffic Server, a slow miss", http.Header{"Server": {"ATS/9.2.9"}, "Age": {"2"}}, true, false, false, "Apache Traffic Server"},
		{"Traffic Server, an Age", http.Header{"Server": {"ATS/9.2.9"}, "Age": {"8"}}, true, false, false, "Apache Traffic Server"},
		{"squid, a miss", http.Header{"Via": {"1.1 slget-test (squid/5.7)"}, "X-Cache": {"MISS from slget-test"},
			"X-Cache-Lookup": {"HIT from slget-test:3128"}}, true, false, true, "squid"},
		{"squid, a hit", http.Header{"Via": {"1.1 slget-test (squid/5.7)"}, "X-Cache": {"HIT from slget-test"}}, true, true, true, "squid"},
		{"squid without Via", http.Header{"X-Cache": {"MISS from slget-test"}, "X-Cache-Lookup": {"MISS from slget-test:3128"}}, true, false, true, "squid"},
		{"Apache httpd CacheHeader on, a miss, the origin's Server", http.Header{"Server": {"nginx/1.22.1"}, "X-Cache": {"MISS from localhost"}}, true, false, false, "Apache httpd"},
		{"Apache httpd CacheHeader on, a miss", http.Header{"Server": {"Apache/2.4.71 (Debian)"}, "X-Cache": {"MISS from localhost"}}, true, false, false, "Apache httpd"},
		{"Apache httpd CacheHeader on, a hit", http.Header{"Server": {"nginx/1.22.1"}, "X-Cache": {"HIT from localhost"}, "Age": {"0"}}, true, true, false, "Apache httpd"},
		{"Apache httpd CacheHeader on, revalidated", http.Header{"X-Cache": {"REVALIDATE from localhost"}, "Via": {"1.1 localhost:8080"}}, true, false, false, "Apache httpd"},
		{"Apache httpd CacheDetailHeader on", http.Header{"Server": {"nginx/1.22.1"}, "X-Cache-Detail": {`"cache miss: attempting entity save" from localhost`}}, true, false, false, "Apache httpd"},
		{"Apache httpd ProxyVia Full", http.Header{"Via": {"1.1 localhost:8080 (Apache/2.4.71)"}, "X-Cache": {"MISS from localhost"}}, true, false, false, "Apache httpd"},
		{"squid in front of Apache httpd", http.Header{"Server": {"Apache/2.4.71"}, "Via": {"1.1 slget-test (squid/5.7)"}, "X-Cache": {"MISS from slget-test"}}, true, false, true, "squid"},
		{"varnish, streaming a miss", http.Header{"Via": {"1.1 varnish (Varnish/7.1)"}, "X-Varnish": {"32770"}, "Age": {"0"}}, true, false, false, "Varnish"},
		{"Cache-Status hit", http.Header{"Cache-Status": {"ExampleCache; hit"}}, true, true, false, "a cache"},
		{"Cache-Status miss", http.Header{"Cache-Status": {"ExampleCache; fwd=miss"}}, true, false, false, "a cache"},
		{"nginx X-Cache-Status", http.Header{"X-Cache-Status": {"HIT"}}, true, true, false, "a cache"},
		{"a bad Age", http.Header{"Age": {"-3"}}, false, false, false, "a cache"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := cacheSignalsOf(tc.h)
			if s.Any() != tc.any || s.Hit() != tc.hit || s.Squid() != tc.squid || s.Name() != tc.product {
				t.Errorf("%+v: Any %v Hit %v Squid %v Name %q; want %v %v %v %q", s, s.Any(), s.Hit(), s.Squid(), s.Name(), tc.any, tc.hit, tc.squid, tc.product)
			}
		})
	}
}

// FuzzCacheSignals reads cache headers from the network: it never panics,
// a hit is always a sign of a cache, and no sign shows without a header.
func FuzzCacheSignals(f *testing.F) {
	f.Add("1.1 slget-test (squid/5.7)", "0", "MISS from x", "", "ATS/9.2.9")
	f.Add("", "12", "", "ExampleCache; hit", "Apache/2.4")
	f.Add("", "99999999999999999999", "HIT", "", "")
	f.Add("", "", "REVALIDATE from localhost", "", "nginx/1.22.1")
	f.Fuzz(func(t *testing.T, via, age, xcache, status, server string) {
		resp, ok := readHeaders(200, "Via: "+via, "Age: "+age, "X-Cache: "+xcache, "Cache-Status: "+status, "Server: "+server)
		if !ok {
			return
		}
		s := cacheSignalsOf(resp.Header)
		if s.Hit() && !s.Any() {
			t.Errorf("%+v: a hit without a sign of a cache", s)
		}
		if s.Age < -1 {
			t.Errorf("Age %d", s.Age)
		}
		_ = s.Name()
		if s.Squid() && s.Apache() {
			t.Errorf("%+v: taken for squid and Apache httpd at once", s)
		}
		if empty := (CacheSignals{Age: -1}); cacheSignalsOf(http.Header{}) != empty {
			t.Errorf("signals without headers: %+v", cacheSignalsOf(http.Header{}))
		}
	})
}

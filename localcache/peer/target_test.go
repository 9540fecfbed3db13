// Tests of the key a proxy request's URL becomes: the scheme's default
// port spelled out or not is one resource, as cache purge takes it out.

package peer

import (
	"net/http/httptest"
	"testing"
)

func TestTargetDefaultPort(t *testing.T) {
	for _, c := range []struct{ in, key, hostPort string }{
		{"http://H.example:80/x", "http://h.example/x", "h.example:80"},
		{"http://h.example/x", "http://h.example/x", "h.example:80"},
		{"https://h.example:443/x?q", "https://h.example/x?q", "h.example:443"},
		{"https://h.example:80/x", "https://h.example:80/x", "h.example:80"},
		{"http://h.example:8080/x", "http://h.example:8080/x", "h.example:8080"},
		{"http://[::1]:80/x", "http://[::1]/x", "[::1]:80"},
	} {
		tg, err := parseTarget(httptest.NewRequest("GET", c.in, nil))
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if tg.String() != c.key || tg.hostPort != c.hostPort {
			t.Errorf("%s: key %s for %s, want %s for %s", c.in, tg.String(), tg.hostPort, c.key, c.hostPort)
		}
	}
}

// Tests of which requests the daemon answers: programs, pages on the
// loopback, and the pages of other sites, those whose name was rebound to
// the loopback (DNS rebinding) among them.

package aria2rpc

import (
	"net/http/httptest"
	"testing"
)

func TestOriginOK(t *testing.T) {
	type hdr map[string]string
	for _, tc := range []struct {
		name    string
		host    string
		h       hdr
		anyHost bool
		want    bool
	}{
		{"a program (curl, aria2.js in node)", "127.0.0.1:6800", nil, false, true},
		{"a program naming localhost", "localhost:6800", nil, false, true},
		{"a program over IPv6", "[::1]:6800", nil, false, true},
		{"a front end on the loopback", "127.0.0.1:6800", hdr{"Origin": "http://localhost:8080"}, false, true},
		{"another site", "127.0.0.1:6800", hdr{"Origin": "https://evil.example"}, false, false},
		{"another site's <script> (JSONP)", "127.0.0.1:6800", hdr{"Sec-Fetch-Site": "cross-site", "Referer": "https://evil.example/x"}, false, false},
		{"a rebound name, same-origin GET without Origin", "evil.example:6800", hdr{"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "cors"}, false, false},
		{"a rebound name, a program's headers", "evil.example:6800", nil, false, false},
		{"a rebound name with Origin", "evil.example:6800", hdr{"Origin": "http://evil.example:6800"}, false, false},
		{"listening on all: a program by the LAN address", "192.168.1.5:6800", nil, true, true},
		{"listening on all: a same-origin page of a rebound name", "evil.example:6800", hdr{"Sec-Fetch-Site": "same-origin"}, true, false},
		{"listening on all: another site", "192.168.1.5:6800", hdr{"Origin": "https://evil.example"}, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &Server{AnyHost: tc.anyHost}
			r := httptest.NewRequest("GET", "http://"+tc.host+"/jsonrpc", nil)
			r.Host = tc.host
			for k, v := range tc.h {
				r.Header.Set(k, v)
			}
			if got := s.originOK(r); got != tc.want {
				t.Errorf("originOK = %v, want %v", got, tc.want)
			}
			s.AllowOriginAll = true
			if !s.originOK(r) {
				t.Error("refused with AllowOriginAll")
			}
		})
	}
}

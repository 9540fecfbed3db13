// Tests of the peer server's defences: --allow, the token, credentials,
// CONNECT, paths from requests, header size, request rate, loops.

package peer

import (
	"bytes"
	"encoding/base64"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/localcache"
)

func TestHostNotAllowed(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(mib))
	p := startPeer(t, Config{Allow: []string{"127.0.0.1:1", "example.com"}, ClientRate: -1}, nil)
	for _, u := range []string{origin.FileURL(), strings.Replace(origin.FileURL(), "127.0.0.1", "localhost", 1)} {
		resp, body := p.get(t, u, "Range: bytes=0-99")
		if resp.StatusCode != http.StatusForbidden || !bytes.Contains(body, []byte("not among the origins this peer may fetch from")) {
			t.Errorf("%s: status %d %q, want 403 saying the origin is not allowed", u, resp.StatusCode, body)
		}
	}
	if n := len(origin.Requests()); n != 0 {
		t.Errorf("the origin saw %d requests for hosts not allowed", n)
	}
}

// TestRedirectNotAllowed: an allowed origin that redirects to one that is
// not: the second sees nothing.
func TestRedirectNotAllowed(t *testing.T) {
	other := fetchtest.NewServer(t, fetchtest.WithSize(mib))
	origin := fetchtest.NewServer(t, fetchtest.WithSize(mib), fetchtest.WithRedirectTo(other.FileURL()))
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1}, nil)
	resp, body := p.get(t, origin.FileURL(), "Range: bytes=0-99")
	if resp.StatusCode != http.StatusBadGateway || !bytes.Contains(body, []byte("not among the origins this peer may fetch from")) {
		t.Errorf("status %d %q, want 502 saying the redirect's host is not allowed", resp.StatusCode, body)
	}
	if n := len(other.Requests()); n != 0 {
		t.Errorf("the origin redirected to saw %d requests", n)
	}
}

func TestToken(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(mib))
	const token = "s3cret-token"
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, Token: token, ClientRate: -1}, nil)
	line := "GET " + origin.FileURL() + " HTTP/1.1"
	basic := func(user, pw string) string {
		return "Proxy-Authorization: Basic " + base64.StdEncoding.EncodeToString([]byte(user+":"+pw))
	}
	for _, tc := range []struct {
		name   string
		header string
		status int
	}{
		{"none", "", http.StatusProxyAuthRequired},
		{"wrong basic", basic("x", "wrong"), http.StatusProxyAuthRequired},
		{"token as user", basic(token, ""), http.StatusProxyAuthRequired},
		{"wrong bearer", "Proxy-Authorization: Bearer nope", http.StatusProxyAuthRequired},
		{"token in Authorization", "Authorization: Bearer " + token, http.StatusProxyAuthRequired},
		{"basic", basic("anyone", token), http.StatusPartialContent},
		{"bearer", "Proxy-Authorization: Bearer " + token, http.StatusPartialContent},
	} {
		h := []string{"Range: bytes=0-9"}
		if tc.header != "" {
			h = append(h, tc.header)
		}
		resp, body := raw(t, p.addr, line, h...)
		if resp.StatusCode != tc.status {
			t.Errorf("%s: status %d, want %d: %s", tc.name, resp.StatusCode, tc.status, body)
		}
		if tc.status == http.StatusProxyAuthRequired && resp.Header.Get("Proxy-Authenticate") == "" {
			t.Errorf("%s: 407 without Proxy-Authenticate", tc.name)
		}
	}
	if n := len(origin.Requests()); n != 2 { // the probe and one fill, for the two good requests
		t.Errorf("the origin saw %d requests, want 2", n)
	}
	if code, _ := p.metricsText(t); code != http.StatusUnauthorized {
		t.Errorf("/metrics without the token: %d, want 401", code)
	}
	if code, _ := p.metricsText(t, "Authorization: Bearer "+token); code != http.StatusOK {
		t.Errorf("/metrics with the token: %d, want 200", code)
	}
	if resp, _ := raw(t, p.addr, "GET /healthz HTTP/1.1"); resp.StatusCode != http.StatusOK {
		t.Errorf("/healthz: %d, want 200 without a token", resp.StatusCode)
	}
}

func TestCredentialsNotForwarded(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(mib))
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1}, nil)
	withUser := strings.Replace(origin.FileURL(), "http://", "http://user:pw@", 1)
	for _, tc := range []struct {
		url, header string
	}{
		{origin.FileURL(), "Authorization: Basic dXNlcjpwdw=="},
		{origin.FileURL(), "Cookie: session=1"},
		{withUser, ""},
	} {
		h := []string{"Range: bytes=0-9"}
		if tc.header != "" {
			h = append(h, tc.header)
		}
		resp, body := raw(t, p.addr, "GET "+tc.url+" HTTP/1.1", h...)
		if resp.StatusCode != http.StatusForbidden || !bytes.Contains(body, []byte("credentials")) {
			t.Errorf("%s %s: status %d %q, want 403 about credentials", tc.url, tc.header, resp.StatusCode, body)
		}
	}
	if n := len(origin.Requests()); n != 0 {
		t.Errorf("the origin saw %d requests", n)
	}
}

func TestConnectRefused(t *testing.T) {
	p := startPeer(t, Config{Allow: []string{"example.com"}, ClientRate: -1}, nil)
	resp, body := raw(t, p.addr, "CONNECT example.com:443 HTTP/1.1", "Host: example.com:443")
	if resp.StatusCode != http.StatusMethodNotAllowed || !bytes.Contains(body, []byte("GET https://")) {
		t.Errorf("CONNECT: status %d %q, want 405 saying to send GET https://", resp.StatusCode, body)
	}
}

// TestPathsNeverReachTheFilesystem sends URLs and headers built to escape a
// directory, to an origin that answers every path with the same file:
// whatever the peer caches, it caches under hashed names in its own tree,
// and nothing appears anywhere else.
func TestPathsNeverReachTheFilesystem(t *testing.T) {
	origin := newBytesOrigin(t, randomBytes(1, 2*mib+10), "application/octet-stream")
	parent := t.TempDir()
	dir := filepath.Join(parent, "cache")
	st := openAt(t, dir, fast(localcache.Options{}))
	sentinel := filepath.Join(parent, "sentinel")
	os.WriteFile(sentinel, []byte("keep"), 0o600)
	p := servePeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1}, st)
	o := origin.URL
	lines := []string{
		"GET " + o + "/../../../../../../etc/passwd HTTP/1.1",
		"GET " + o + "/%2e%2e/%2e%2e/%2e%2e/sentinel HTTP/1.1",
		"GET " + o + "/..%2f..%2f..%2fsentinel HTTP/1.1",
		"GET " + o + "/%2E%2E%5C%2E%2E%5Csentinel HTTP/1.1",
		"GET " + o + "/..\\..\\..\\sentinel HTTP/1.1",
		"GET " + o + "//" + parent + "/sentinel HTTP/1.1",
		"GET " + o + "/" + dir + "/index.db HTTP/1.1",
		"GET " + o + "/file%00.iso HTTP/1.1",
		"GET " + o + "/C:/Windows/win.ini HTTP/1.1",
		"GET " + o + "/slices/../index.db HTTP/1.1",
		"GET " + o + "/?path=../../sentinel HTTP/1.1",
		"GET " + o + "/a#/../../sentinel HTTP/1.1",
		"GET /../../sentinel HTTP/1.1",
		"GET " + parent + "/sentinel HTTP/1.1",
		"GET file://" + parent + "/sentinel HTTP/1.1",
		"GET http://..%2f..%2f/x HTTP/1.1",
		"GET http://127.0.0.1%00.evil/x HTTP/1.1",
		"GET " + o + "/\x00/x HTTP/1.1",
		"GET " + o + "/a\\b HTTP/1.1",
	}
	for _, l := range lines {
		for _, extra := range [][]string{
			{"Host: " + allowOrigin(o)},
			{"Host: " + allowOrigin(o), "Range: bytes=1048570-1048580", "If-Match: \"../../x\"", "X-Slget-Slice: ../1"},
			{"Host: ..%2f..%2f" + filepath.Base(parent)},
		} {
			resp, body := raw(t, p.addr, l, extra...)
			if resp.StatusCode >= 500 {
				t.Errorf("%q: status %d %q", l, resp.StatusCode, body)
			}
		}
	}
	if b, err := os.ReadFile(sentinel); err != nil || string(b) != "keep" {
		t.Fatalf("the file beside the cache changed: %q %v", b, err)
	}
	names, _ := os.ReadDir(parent)
	if len(names) != 2 {
		t.Errorf("the cache's parent holds %d entries, want the cache and the sentinel", len(names))
	}
	ok := regexp.MustCompile(`^(lock|owner|index\.db|slices|quarantine|slices/[0-9a-f]{2}|slices/[0-9a-f]{2}/[0-9a-f]{2}|slices/[0-9a-f]{2}/[0-9a-f]{2}/[0-9a-f]{64})$`)
	files := 0
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		rel, _ := filepath.Rel(dir, path)
		if rel == "." {
			return nil
		}
		if !ok.MatchString(filepath.ToSlash(rel)) {
			t.Errorf("unexpected entry in the cache: %s", rel)
		}
		if d.Type().IsRegular() && strings.HasPrefix(rel, "slices") {
			files++
		}
		return nil
	})
	if files == 0 {
		t.Error("nothing was cached: the test sent nothing the peer accepted")
	}
	if q, _ := os.ReadDir(filepath.Join(dir, "quarantine")); len(q) != 0 {
		t.Errorf("quarantine holds %d entries", len(q))
	}
}

func TestOversizedHeaders(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(mib))
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1, MaxHeaderBytes: 8 << 10}, nil)
	line := "GET " + origin.FileURL() + " HTTP/1.1"
	resp, _ := raw(t, p.addr, line, "X-Big: "+strings.Repeat("a", 64<<10))
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("one 64 KiB header: status %d, want 431", resp.StatusCode)
	}
	var many []string
	for i := range 2000 {
		many = append(many, "X-H"+strings.Repeat("x", i%7)+": v")
	}
	resp, _ = raw(t, p.addr, line, many...)
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("2000 headers: status %d, want 431", resp.StatusCode)
	}
	if n := len(origin.Requests()); n != 0 {
		t.Errorf("the origin saw %d requests", n)
	}
	if resp, _ := raw(t, p.addr, line, "Range: bytes=0-9"); resp.StatusCode != http.StatusPartialContent {
		t.Errorf("a normal request after them: %d", resp.StatusCode)
	}
}

func TestRatePerClient(t *testing.T) {
	p := startPeer(t, Config{Allow: []string{"example.com"}, ClientRate: 2, ClientBurst: 5}, nil)
	var limited int
	for range 20 {
		resp, _ := raw(t, p.addr, "GET /healthz HTTP/1.1")
		if resp.StatusCode == http.StatusTooManyRequests {
			limited++
			if resp.Header.Get("Retry-After") == "" {
				t.Error("429 without Retry-After")
			}
		}
	}
	if limited < 10 {
		t.Errorf("%d of 20 quick requests limited, want at least 10 (rate 2/s, burst 5)", limited)
	}
}

func TestOwnRequestLoop(t *testing.T) {
	p := startPeer(t, Config{Allow: []string{"example.com"}, ClientRate: -1}, nil)
	resp, _ := raw(t, p.addr, "GET http://example.com/x HTTP/1.1", "Via: 1.1 "+p.srv.viaToken)
	if resp.StatusCode != http.StatusLoopDetected {
		t.Errorf("a request carrying the peer's own Via: %d, want 508", resp.StatusCode)
	}
}

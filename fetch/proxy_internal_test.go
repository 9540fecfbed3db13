// Tests of proxy strings: the forms curl and aria2c accept, and clear errors
// for the rest.

package fetch

import (
	"strings"
	"testing"
)

func TestParseProxy(t *testing.T) {
	for _, tc := range []struct {
		in   string
		kind proxyKind
		url  string // without credentials
	}{
		{"127.0.0.1:3128", proxyHTTP, "http://127.0.0.1:3128"},
		{"proxy.example:8080", proxyHTTP, "http://proxy.example:8080"},
		{"proxy.example", proxyHTTP, "http://proxy.example:1080"}, // curl's default port
		{"http://proxy.example", proxyHTTP, "http://proxy.example:1080"},
		{"HTTP://Proxy.Example:3128/", proxyHTTP, "http://Proxy.Example:3128"},
		{"https://proxy.example", proxyHTTPS, "https://proxy.example:443"},
		{"socks5://127.0.0.1", proxySOCKS5, "socks5://127.0.0.1:1080"},
		{"socks5h://127.0.0.1:9050", proxySOCKS5H, "socks5h://127.0.0.1:9050"},
		{"socks5h://u:p@[::1]:9050", proxySOCKS5H, "socks5h://[::1]:9050"},
		{"[::1]:3128", proxyHTTP, "http://[::1]:3128"},
		{" user:pw@10.0.0.1:3128 ", proxyHTTP, "http://10.0.0.1:3128"},
	} {
		p, err := parseProxy(tc.in, "proxy")
		if err != nil {
			t.Errorf("parseProxy(%q): %v", tc.in, err)
			continue
		}
		if p.kind != tc.kind || p.redacted() != tc.url {
			t.Errorf("parseProxy(%q) = kind %d %s, want kind %d %s", tc.in, p.kind, p.redacted(), tc.kind, tc.url)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"", "empty"},
		{"not a url", "invalid character"},
		{"ftp://proxy:21", `does not speak "ftp"`},
		{"socks4://proxy:1080", `does not speak "socks4"`},
		{"http://proxy:3128/path", "no path"},
		{"http://proxy:99999", `port "99999"`},
		{"http://proxy:", "empty port"},
		{"http://:3128", "no host"},
		{"http://user:s3cret@proxy:x", "invalid port"},
	} {
		_, err := parseProxy(tc.in, "proxy")
		if err == nil {
			t.Errorf("parseProxy(%q) succeeded", tc.in)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, tc.want) || !strings.Contains(msg, proxySyntax) {
			t.Errorf("parseProxy(%q): %q does not say %q and the syntax", tc.in, msg, tc.want)
		}
		if strings.Contains(msg, "s3cret") {
			t.Errorf("parseProxy(%q): the message shows the password: %q", tc.in, msg)
		}
	}
}

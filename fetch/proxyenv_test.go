// Tests of proxies from the environment: curl's variables and its no_proxy
// rules, as a table, a fuzz target, and against curl itself.

package fetch_test

import (
	"net/netip"
	"strings"
	"testing"

	"github.com/slget/slget/fetch"
)

// noProxyCases are (no_proxy, host, excluded) as curl decides them.
var noProxyCases = []struct {
	list, host string
	want       bool
}{
	{"", "example.com", false},
	{"*", "example.com", true},
	{"*", "127.0.0.1", true},
	{"*,example.com", "other.org", false}, // "*" counts only alone
	{"example.com", "example.com", true},
	{"example.com", "EXAMPLE.com", true},
	{"Example.COM", "example.com", true},
	{"example.com", "www.example.com", true},
	{"example.com", "a.b.example.com", true},
	{"example.com", "notexample.com", false},
	{"example.com", "example.com.evil", false},
	{".example.com", "example.com", true},
	{".example.com", "www.example.com", true},
	{"example.com.", "www.example.com", true},
	{"example.com", "example.com.", true},
	{"www.example.com", "example.com", false},
	{"com", "example.com", true},
	{"other.org,example.com", "example.com", true},
	{"other.org, example.com", "example.com", true},
	{" other.org ,, ,example.com ", "example.com", true},
	{"other.org example.com", "example.com", true}, // blanks separate, as in curl 7.88
	{"other.org\texample.com", "example.com", true},
	{"other.org  ,  example.com", "example.com", true},
	{"example.com other.org", "example.com", true},
	{"example.com other.org", "other.org", true},
	{",,,", "example.com", false},
	{" ", "example.com", false},
	{"example.com:443", "example.com", false},
	{"localhost", "localhost", true},
	{"localhost", "127.0.0.1", false}, // no magic for loopback
	{"127.0.0.1", "127.0.0.1", true},
	{"127.0.0.1", "127.0.0.2", false},
	{"127.0.0.0/8", "127.9.9.9", true},
	{"127.0.0.0/8", "128.0.0.1", false},
	{"10.0.0.0/8,192.168.0.0/16", "192.168.3.4", true},
	{"192.168.1.7/24", "192.168.1.200", true},
	{"192.168.1.0/32", "192.168.1.0", true},
	{"192.168.1.0/0", "192.168.1.1", false}, // /0 means exact, as in curl
	{"192.168.1.0/33", "192.168.1.0", false},
	{"0.0.0.0/1", "100.1.1.1", true},
	{"1.2.3.4", "www.1.2.3.4", true}, // a name, so a suffix match, as in curl
	{".0.0.1", "127.0.0.1", false},   // no suffix matching for addresses
	{"127.0.0.1", "localhost", false},
	{"::1", "::1", true},
	{"::1", "[::1]", true},
	{"[::1]", "::1", false}, // entries are written without brackets
	{"fd00::/8", "fd12:3456::1", true},
	{"fd00::/8", "fe80::1", false},
	{"2001:db8::/32", "2001:db8:ffff::1", true},
	{"2001:db8::/129", "2001:db8::", false},
	{"127.0.0.1", "::ffff:127.0.0.1", false},
}

func TestNoProxyMatch(t *testing.T) {
	for _, tc := range noProxyCases {
		if got := fetch.NoProxyMatch(tc.list, tc.host); got != tc.want {
			t.Errorf("NoProxyMatch(%q, %q) = %v, want %v", tc.list, tc.host, got, tc.want)
		}
	}
}

func TestProxyEnv(t *testing.T) {
	type want struct{ http, https string } // the variable used, "" for direct
	for _, tc := range []struct {
		name string
		env  map[string]string
		host string
		want want
	}{
		{"nothing", nil, "example.com", want{"", ""}},
		{"lower case", map[string]string{"http_proxy": "h", "https_proxy": "s"}, "example.com", want{"http_proxy", "https_proxy"}},
		{"HTTP_PROXY is not read", map[string]string{"HTTP_PROXY": "h"}, "example.com", want{"", ""}},
		{"HTTPS_PROXY is", map[string]string{"HTTPS_PROXY": "s"}, "example.com", want{"", "HTTPS_PROXY"}},
		{"lower case first", map[string]string{"https_proxy": "s", "HTTPS_PROXY": "S"}, "example.com", want{"", "https_proxy"}},
		{"all_proxy fills in", map[string]string{"all_proxy": "a", "https_proxy": "s"}, "example.com", want{"all_proxy", "https_proxy"}},
		{"ALL_PROXY", map[string]string{"ALL_PROXY": "A"}, "example.com", want{"ALL_PROXY", "ALL_PROXY"}},
		{"all_proxy first", map[string]string{"all_proxy": "a", "ALL_PROXY": "A"}, "example.com", want{"all_proxy", "all_proxy"}},
		{"empty is unset", map[string]string{"https_proxy": "", "HTTPS_PROXY": "S"}, "example.com", want{"", "HTTPS_PROXY"}},
		{"loopback is proxied", map[string]string{"all_proxy": "a"}, "127.0.0.1", want{"all_proxy", "all_proxy"}},
		{"localhost is proxied", map[string]string{"all_proxy": "a"}, "localhost", want{"all_proxy", "all_proxy"}},
		{"no_proxy", map[string]string{"all_proxy": "a", "no_proxy": "example.com"}, "www.example.com", want{"", ""}},
		{"NO_PROXY", map[string]string{"all_proxy": "a", "NO_PROXY": "example.com"}, "example.com", want{"", ""}},
		{"no_proxy first", map[string]string{"all_proxy": "a", "no_proxy": "other.org", "NO_PROXY": "example.com"}, "example.com", want{"all_proxy", "all_proxy"}},
	} {
		env := fetch.ProxyEnvFrom(func(k string) string { return tc.env[k] })
		got := want{env.ProxyFor("http", tc.host).Name, env.ProxyFor("https", tc.host).Name}
		if got != tc.want {
			t.Errorf("%s: http → %q, https → %q; want %q, %q", tc.name, got.http, got.https, tc.want.http, tc.want.https)
		}
		if v := env.ProxyFor("HTTPS", tc.host); v.Name != tc.want.https || v.Value != tc.env[v.Name] {
			t.Errorf("%s: scheme in capitals → %+v", tc.name, v)
		}
	}
}

// AnsweringProxy names the proxy that answers a URL's requests itself (an
// HTTP or HTTPS proxy for http://), and no proxy that only tunnels.
func TestAnsweringProxy(t *testing.T) {
	for _, tc := range []struct {
		proxy string
		env   map[string]string
		url   string
		want  string
	}{
		{"", nil, "http://example.com/f", ""},
		{"http://user:pw@127.0.0.1:3128", nil, "http://example.com/f", "http://127.0.0.1:3128"},
		{"127.0.0.1:3128", nil, "http://example.com/f", "http://127.0.0.1:3128"},
		{"https://proxy.example:8443", nil, "http://example.com/f", "https://proxy.example:8443"},
		{"http://127.0.0.1:3128", nil, "https://example.com/f", ""}, // CONNECT: a tunnel
		{"socks5://127.0.0.1:1080", nil, "http://example.com/f", ""},
		{"socks5h://127.0.0.1:1080", nil, "http://example.com/f", ""},
		{"", map[string]string{"http_proxy": "http://10.0.0.1:3128"}, "http://example.com/f", "http://10.0.0.1:3128"},
		{"", map[string]string{"http_proxy": "http://10.0.0.1:3128", "no_proxy": "example.com"}, "http://example.com/f", ""},
		{"", map[string]string{"https_proxy": "http://10.0.0.1:3128"}, "http://example.com/f", ""},
		{"", map[string]string{"http_proxy": "::bad::"}, "http://example.com/f", ""},
		{"http://127.0.0.1:3128", nil, "not a url\x7f", ""},
	} {
		c, err := fetch.NewClient(fetch.ClientOptions{Proxy: tc.proxy, Getenv: func(k string) string { return tc.env[k] }})
		if err != nil {
			t.Fatalf("proxy %q: %v", tc.proxy, err)
		}
		if got := c.AnsweringProxy(tc.url); got != tc.want {
			t.Errorf("proxy %q, env %v: AnsweringProxy(%q) = %q, want %q", tc.proxy, tc.env, tc.url, got, tc.want)
		}
	}
}

func FuzzNoProxyMatch(f *testing.F) {
	for _, tc := range noProxyCases {
		f.Add(tc.list, tc.host)
	}
	f.Add("a,,b ,  c\t,d", "c")
	f.Add("1.2.3.4/99999999999999999999", "1.2.3.4")
	f.Add("::/0", "::")
	f.Fuzz(func(t *testing.T, list, host string) {
		got := fetch.NoProxyMatch(list, host)
		if list == "*" && host != "" && !got {
			t.Fatalf("%q does not match %q", list, host)
		}
		if got && list != "*" {
			// A match needs an entry equal to the host or a suffix of it
			// after a dot, or an address block that holds it.
			if _, err := netip.ParseAddr(strings.Trim(host, "[]")); err != nil {
				h := strings.ToLower(strings.TrimSuffix(host, "."))
				ok := false
				for _, e := range strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
					e = strings.ToLower(strings.TrimPrefix(strings.TrimSuffix(e, "."), "."))
					if h == e || strings.HasSuffix(h, "."+e) {
						ok = true
					}
				}
				if !ok {
					t.Fatalf("NoProxyMatch(%q, %q): no entry explains the match", list, host)
				}
			}
		}
		// Adding an entry after a comma never removes a match.
		if got && !fetch.NoProxyMatch(list+",x.invalid", host) && list != "*" {
			t.Fatalf("NoProxyMatch(%q, %q) but not with one more entry", list, host)
		}
		// A bracketed IPv6 host is the same host without brackets.
		if ip, err := netip.ParseAddr(host); err == nil && ip.Is6() && ip.Zone() == "" {
			if fetch.NoProxyMatch(list, "["+host+"]") != got {
				t.Fatalf("NoProxyMatch(%q, %q) differs with brackets", list, host)
			}
		}
	})
}

// Proxies: parsing a proxy string as curl and aria2c accept it, and choosing
// the proxy (or none) for each request.

package fetch

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
)

// proxyKind is the protocol slget speaks to a proxy.
type proxyKind int

const (
	proxyHTTP    proxyKind = iota + 1 // absolute-form requests for http://, CONNECT for https://
	proxyHTTPS                        // the same, inside TLS to the proxy
	proxySOCKS5                       // SOCKS5, names resolved here (curl's socks5://)
	proxySOCKS5H                      // SOCKS5, names resolved by the proxy (socks5h://)
)

// proxyConf is one parsed proxy.
type proxyConf struct {
	kind proxyKind
	url  *url.URL // scheme://[user:password@]host:port, the port always present
}

// isHTTP says whether p is an HTTP or HTTPS proxy, not a SOCKS5 one.
func (p *proxyConf) isHTTP() bool { return p.kind == proxyHTTP || p.kind == proxyHTTPS }

// redacted is the proxy URL without credentials.
func (p *proxyConf) redacted() string {
	return p.url.Scheme + "://" + p.url.Host
}

// proxyLabel names a proxy in messages: "SOCKS5 proxy 127.0.0.1:1080".
func proxyLabel(k proxyKind, hostport string) string {
	switch k {
	case proxyHTTPS:
		return "HTTPS proxy " + hostport
	case proxySOCKS5, proxySOCKS5H:
		return "SOCKS5 proxy " + hostport
	}
	return "HTTP proxy " + hostport
}

// proxySyntax is the form every proxy error message shows.
const proxySyntax = "[http://|https://|socks5://|socks5h://][USER:PASSWORD@]HOST[:PORT]"

// parseProxy parses a proxy as curl does: a bare HOST:PORT means an HTTP
// proxy, and a missing port is curl's default (1080, or 443 for https://).
// from names where the string was given, for the error message.
func parseProxy(s, from string) (*proxyConf, error) {
	bad := func(why string) error {
		return fmt.Errorf("%s %q: %s; want %s", from, redactProxy(s), why, proxySyntax)
	}
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, bad("empty")
	}
	if !strings.Contains(s, "://") {
		s = "http://" + s
	}
	u, err := url.Parse(s)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // url.Error repeats the whole string, password included
		}
		return nil, bad(err.Error())
	}
	p := &proxyConf{url: u}
	port := "1080"
	switch strings.ToLower(u.Scheme) {
	case "http":
		p.kind = proxyHTTP
	case "https":
		p.kind, port = proxyHTTPS, "443"
	case "socks5":
		p.kind = proxySOCKS5
	case "socks5h":
		p.kind = proxySOCKS5H
	default:
		return nil, bad(fmt.Sprintf("slget does not speak %q to proxies", u.Scheme))
	}
	u.Scheme = strings.ToLower(u.Scheme)
	if u.Opaque != "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return nil, bad("a proxy has no path, query or fragment")
	}
	u.Path, u.RawPath = "", ""
	host := u.Hostname()
	if host == "" {
		return nil, bad("no host")
	}
	if strings.Contains(host, ":") && !strings.HasPrefix(u.Host, "[") {
		// "::1" reads as host ":" and port 1.
		return nil, bad("an IPv6 address goes in brackets, as [::1]:1080")
	}
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return nil, bad(fmt.Sprintf("port %q is not a number from 1 to 65535", p))
		}
		port = p
	}
	if strings.HasSuffix(u.Host, ":") {
		return nil, bad("empty port")
	}
	u.Host = net.JoinHostPort(host, port)
	if _, _, err := net.SplitHostPort(u.Host); err != nil {
		return nil, bad(fmt.Sprintf("%q is not a host name or address", host)) // "]", "a]b": url.Parse lets them through
	}
	return p, nil
}

// redactProxy hides the password of a proxy string that may not parse.
func redactProxy(s string) string {
	at := strings.LastIndexByte(s, '@')
	if at < 0 {
		return s
	}
	start := 0
	if i := strings.Index(s, "://"); i >= 0 && i < at {
		start = i + 3
	}
	if c := strings.IndexByte(s[start:at], ':'); c >= 0 {
		return s[:start+c+1] + "xxxxx" + s[at:]
	}
	return s
}

// router chooses the proxy for a request: the one given, else the
// environment's as curl reads it. It is immutable after newRouter.
type router struct {
	fixed *proxyConf // the proxy option; nil: the environment decides
	env   ProxyEnv
	// The environment's proxies, parsed once, by variable name.
	parsed map[string]*proxyConf
	errs   map[string]error
}

// newRouter returns the router for an explicit proxy string ("" for the
// environment's proxies).
func newRouter(explicit string, env ProxyEnv) (*router, error) {
	r := &router{env: env, parsed: map[string]*proxyConf{}, errs: map[string]error{}}
	if explicit != "" {
		p, err := parseProxy(explicit, "proxy")
		if err != nil {
			return nil, err
		}
		r.fixed = p
		return r, nil
	}
	// A bad variable is an error only for the requests that would use it,
	// as with curl.
	for _, v := range []EnvVar{env.HTTP, env.HTTPS, env.All} {
		if v.Value == "" {
			continue
		}
		p, err := parseProxy(v.Value, "proxy from $"+v.Name)
		if err != nil {
			r.errs[v.Name] = err
			continue
		}
		r.parsed[v.Name] = p
	}
	return r, nil
}

// direct reports whether every request goes straight to its server: no
// proxy given, and none in the environment.
func (r *router) direct() bool { return r.fixed == nil && len(r.parsed) == 0 && len(r.errs) == 0 }

// route returns the proxy for a request to scheme://host, nil for a direct
// connection.
func (r *router) route(scheme, host string) (*proxyConf, error) {
	if r.fixed != nil {
		return r.fixed, nil
	}
	v := r.env.ProxyFor(scheme, host)
	if v.Value == "" {
		return nil, nil
	}
	if err := r.errs[v.Name]; err != nil {
		return nil, err
	}
	return r.parsed[v.Name], nil
}

// Proxies from the environment, read as curl reads them.

package fetch

import (
	"net/netip"
	"strings"
)

// EnvVar is one environment variable: its name and value ("" when unset or
// empty, which curl treats alike).
type EnvVar struct{ Name, Value string }

// ProxyEnv is the proxy configuration of an environment, read as curl reads
// it (which aria2c also follows). Unlike Go's http.ProxyFromEnvironment it
// makes no exception for localhost or loopback addresses: only the no_proxy
// list does.
type ProxyEnv struct {
	// HTTP is http_proxy, in lower case only: a CGI program gets
	// HTTP_PROXY from a request's Proxy header, so curl ignores it.
	HTTP EnvVar
	// HTTPS is https_proxy, else HTTPS_PROXY.
	HTTPS EnvVar
	// All is all_proxy, else ALL_PROXY: the proxy of a scheme that has no
	// variable of its own.
	All EnvVar
	// No is no_proxy, else NO_PROXY: see noProxyMatch.
	No EnvVar
}

// proxyEnvFrom reads the proxy variables through getenv (os.Getenv, or a
// map's lookup in tests).
func proxyEnvFrom(getenv func(string) string) ProxyEnv {
	first := func(names ...string) EnvVar {
		for _, n := range names {
			if v := getenv(n); v != "" {
				return EnvVar{Name: n, Value: v}
			}
		}
		return EnvVar{Name: names[0]}
	}
	return ProxyEnv{
		HTTP:  first("http_proxy"),
		HTTPS: first("https_proxy", "HTTPS_PROXY"),
		All:   first("all_proxy", "ALL_PROXY"),
		No:    first("no_proxy", "NO_PROXY"),
	}
}

// ProxyFor returns the variable whose value is the proxy for a request to
// scheme://host, or a zero EnvVar when the request goes direct: when host
// matches no_proxy, or no variable names a proxy for the scheme. host is a
// name or an IP address, with or without the brackets of IPv6, without a
// port.
func (e ProxyEnv) ProxyFor(scheme, host string) EnvVar {
	if noProxyMatch(e.No.Value, host) {
		return EnvVar{}
	}
	var v EnvVar
	switch strings.ToLower(scheme) {
	case "http":
		v = e.HTTP
	case "https":
		v = e.HTTPS
	}
	if v.Value == "" {
		v = e.All
	}
	if v.Value == "" {
		return EnvVar{}
	}
	return v
}

// noProxyMatch reports whether host is excluded from proxying by list, a
// no_proxy value, with curl's rules:
//
//   - "*" alone matches every host.
//   - Entries are separated by commas, blanks or both (curl 7.88 reads
//     "a b" as two entries; later versions read only "a").
//   - A name matches itself and its subdomains, case-insensitively:
//     "example.com" and ".example.com" both match example.com and
//     www.example.com, never notexample.com. Trailing dots are ignored.
//   - An IP host is matched only by an address (itself) or a CIDR block,
//     "10.0.0.0/8" or "fd00::/8", never by a name; a prefix of 0 means the
//     address alone, as in curl. IPv6 entries are written without brackets.
//   - A port in an entry is not understood: such an entry matches nothing.
func noProxyMatch(list, host string) bool {
	if list == "" || host == "" {
		return false
	}
	if list == "*" {
		return true
	}
	ip, isIP := hostIP(host)
	if !isIP {
		host = strings.TrimSuffix(host, ".")
	}
	sep := func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }
	for _, tok := range strings.FieldsFunc(list, sep) {
		if isIP && ipMatch(ip, tok) || !isIP && nameMatch(host, tok) {
			return true
		}
	}
	return false
}

// hostIP parses host as an IP address: dotted-quad IPv4 as inet_pton reads
// it, or IPv6 with or without brackets.
func hostIP(host string) (netip.Addr, bool) {
	if strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]") {
		a, err := netip.ParseAddr(host[1 : len(host)-1])
		return a, err == nil && a.Is6()
	}
	a, err := netip.ParseAddr(host)
	if err != nil || a.Zone() != "" {
		return netip.Addr{}, false
	}
	return a, true
}

// nameMatch is curl's match of a host name against one no_proxy entry.
func nameMatch(host, tok string) bool {
	tok = strings.TrimSuffix(tok, ".")
	tok = strings.TrimPrefix(tok, ".")
	switch {
	case len(tok) == len(host):
		return strings.EqualFold(tok, host)
	case len(tok) < len(host):
		return host[len(host)-len(tok)-1] == '.' && strings.EqualFold(tok, host[len(host)-len(tok):])
	}
	return false
}

// ipMatch is curl's match of an address against one no_proxy entry: an
// address, or a CIDR block (a prefix of 0 means an exact match, as in curl).
func ipMatch(ip netip.Addr, tok string) bool {
	addr, bitsText, hasBits := strings.Cut(tok, "/")
	net, err := netip.ParseAddr(addr)
	if err != nil || net.Zone() != "" || net.Is4() != ip.Is4() {
		return false
	}
	bits := 0
	if hasBits {
		// curl reads the prefix with atoi: digits up to the first other
		// character, nothing at all meaning 0.
		for i := 0; i < len(bitsText) && bitsText[i] >= '0' && bitsText[i] <= '9'; i++ {
			bits = min(bits*10+int(bitsText[i]-'0'), 1000)
		}
	}
	if bits > ip.BitLen() {
		return false
	}
	if bits == 0 {
		return net == ip
	}
	p, err := net.Prefix(bits)
	return err == nil && p.Contains(ip)
}

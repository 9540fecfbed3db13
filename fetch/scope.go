// Scope: how far into the user's network an address reaches, and the rule
// that keeps a source a server names (a mirror in a Link header or a
// Metalink, a redirect from one) from reaching further than that server.
// The rule is checked on the address each connection dials, so a name
// that resolves (or rebinds) to 127.0.0.1 is loopback.

package fetch

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
)

// Scope is how private an address is. The zero value is unknown: no
// limit.
type Scope int8

const (
	// ScopeLoopback is this machine: 127.0.0.0/8, ::1, and the addresses
	// that dial it (0.0.0.0/8, ::).
	ScopeLoopback Scope = iota + 1
	// ScopePrivate is the user's network: RFC 1918 and RFC 6598 ranges,
	// IPv6 unique-local and site-local, link-local, multicast.
	ScopePrivate
	// ScopePublic is every other address.
	ScopePublic
)

func (s Scope) String() string {
	switch s {
	case ScopeLoopback:
		return "loopback"
	case ScopePrivate:
		return "private"
	case ScopePublic:
		return "public"
	}
	return "unknown"
}

// Allows reports whether a source that a server of scope s named may be
// reached at an address of scope a: a public server names only public
// addresses, a private one no loopback address; a loopback server, or
// one of unknown scope, any address.
func (s Scope) Allows(a Scope) bool { return s <= ScopeLoopback || a >= s }

// AddrScope is the scope of ip. An IPv4 address written in IPv6 (mapped,
// compatible or NAT64 well-known prefix) is the IPv4 address's.
func AddrScope(ip netip.Addr) Scope {
	ip = embeddedV4(ip.WithZone(""))
	switch {
	case !ip.IsValid():
		return 0
	case ip.IsLoopback(), ip.IsUnspecified(), ip.Is4() && ip.As4()[0] == 0:
		return ScopeLoopback
	case ip.IsPrivate(), ip.IsLinkLocalUnicast(), ip.IsMulticast(), cgnat.Contains(ip), siteLocal.Contains(ip),
		ip == netip.AddrFrom4([4]byte{255, 255, 255, 255}):
		return ScopePrivate
	}
	return ScopePublic
}

var (
	cgnat     = netip.MustParsePrefix("100.64.0.0/10")
	siteLocal = netip.MustParsePrefix("fec0::/10")
	nat64     = netip.MustParsePrefix("64:ff9b::/96")
	compat    = netip.MustParsePrefix("::/96")
)

// embeddedV4 is the IPv4 address ip carries in its last 32 bits when it
// is IPv4-mapped, IPv4-compatible (::a.b.c.d) or in NAT64's well-known
// prefix; else ip.
func embeddedV4(ip netip.Addr) netip.Addr {
	if ip.Is4In6() {
		return ip.Unmap()
	}
	if ip.Is6() && (nat64.Contains(ip) || compat.Contains(ip) && ip != netip.IPv6Unspecified() && ip != netip.IPv6Loopback()) {
		b := ip.As16()
		return netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]})
	}
	return ip
}

// ScopeError is a connection not made: its address is more private than
// the server that named the source allows.
type ScopeError struct {
	Addr  string // the address that would have been dialled, or the host of the URL
	Scope Scope  // its scope
	Limit Scope  // the scope of the server that named the source
}

func (e *ScopeError) Error() string {
	return fmt.Sprintf("%s is a %s address, more private than the %s server that named this source: a server may not aim slget at the user's network", e.Addr, e.Scope, e.Limit)
}

func (e *ScopeError) retryable() bool { return false }

// check returns a *ScopeError when addr (host:port or an address) is out
// of the limit s; a host that is not an address passes.
func (s Scope) check(addr string) error {
	host := addr
	if h, _, err := net.SplitHostPort(addr); err == nil {
		host = h
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return nil
	}
	if a := AddrScope(ip); !s.Allows(a) {
		return &ScopeError{Addr: host, Scope: a, Limit: s}
	}
	return nil
}

// control is a net.Dialer's Control that refuses an address out of the
// limit s, after the name was resolved, just before connecting.
func (s Scope) control(_, address string, _ syscall.RawConn) error { return s.check(address) }

// checkName refuses a host the dialer cannot check (one a proxy resolves)
// when it is an address out of s, or a name of this machine.
func (s Scope) checkName(hostport string) error {
	host, _, err := net.SplitHostPort(hostport)
	if err != nil {
		host = hostport
	}
	h := strings.TrimSuffix(strings.ToLower(host), ".")
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		if !s.Allows(ScopeLoopback) {
			return &ScopeError{Addr: host, Scope: ScopeLoopback, Limit: s}
		}
		return nil
	}
	return s.check(host)
}

// Within returns a Client for the sources a server of scope s named (a
// mirror in its Link header or its Metalink): its connections, redirects
// included, reach no address more private than s allows (see
// Scope.Allows), checked on each address dialled; a refused one fails
// with a *ScopeError, never retried. The user's credentials go only to
// the host of the URL given for them, even with LocationTrusted, which
// trusts where a redirect leads, not the hosts a server names. It shares
// c's settings and idle connections' owner (CloseIdle closes them too).
// It is c itself when it would change nothing, or when c was not made by
// NewClient.
func (c *Client) Within(s Scope) *Client {
	t, ok := c.root, c.root != nil
	if !ok {
		t, ok = c.HTTP.Transport.(*transport)
	}
	if s <= ScopeLoopback {
		s = 0 // no limit
	}
	if !ok || s <= c.limit && !c.trusted {
		return c
	}
	s = max(s, c.limit)
	cc := new(Client)
	*cc = *c
	cc.limit, cc.root, cc.trusted = s, t, false
	cc.HTTP = &http.Client{Transport: t.within(s), CheckRedirect: cc.checkRedirect, Jar: c.HTTP.Jar, Timeout: c.HTTP.Timeout}
	return cc
}

// scopeOfAnswer is the scope of the server that answered a request for
// u over a connection to remote: remote's, when the connection went to
// the server; through a proxy, which dials for slget, the URL's host's
// when it is an address, else public.
func (c *Client) scopeOfAnswer(u *url.URL, remote net.Addr) Scope {
	direct := c.router == nil || c.router.direct()
	if !direct {
		p, err := c.router.route(u.Scheme, u.Hostname())
		direct = err == nil && p == nil
	}
	if direct && remote != nil {
		if ap, err := netip.ParseAddrPort(remote.String()); err == nil {
			return AddrScope(ap.Addr())
		}
	}
	if ip, err := netip.ParseAddr(u.Hostname()); err == nil {
		return AddrScope(ip)
	}
	if ScopePublic.checkName(u.Host) != nil {
		return ScopeLoopback
	}
	return ScopePublic
}

// IsScopeError reports whether err is a connection refused by the scope
// rule.
func IsScopeError(err error) bool {
	var se *ScopeError
	return errors.As(err, &se)
}

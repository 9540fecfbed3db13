// Connection set-up, phase by phase under one limit: DNS, TCP, the SOCKS5
// or CONNECT handshake with a proxy, TLS. Every failure is a *PhaseError.

package fetch

import (
	"context"
	"crypto/tls"
	"errors"
	"net"
	"net/netip"
	"os"
	"strconv"
	"time"
)

// route is where one request goes: its target and the proxy in the way.
type route struct {
	scheme string     // of the request: "http" or "https"
	addr   string     // the target's host:port
	proxy  *proxyConf // nil: direct
}

// proxyAnswers says whether r's proxy answers the request itself: an
// HTTP(S) proxy for an http:// request, which the Transport sends to it in
// absolute form. Otherwise the server answers, directly or through a
// tunnel (CONNECT or SOCKS5).
func (r *route) proxyAnswers() bool {
	return r.scheme == "http" && r.proxy != nil && r.proxy.isHTTP()
}

// routeKey carries a request's *route in its context, from the
// RoundTripper to the dial functions the http.Transport calls.
type routeKey struct{}

// routeFrom returns the route the RoundTripper put in ctx for a dial to
// addr, or a direct one without it. When the Transport dials the server
// itself (not an HTTP proxy), addr is the server's, in the ASCII form the
// Transport made of it.
func routeFrom(ctx context.Context, scheme, addr string) *route {
	r, ok := ctx.Value(routeKey{}).(*route)
	if !ok {
		return &route{scheme: scheme, addr: addr}
	}
	if r.proxyAnswers() {
		return r // addr is the proxy's
	}
	rr := *r
	rr.addr = addr
	return &rr
}

// dialer sets up connections for an http.Transport, each under one limit
// for all its phases.
type dialer struct {
	net       net.Dialer // its Resolver may be set; its Timeout is not used
	limit     time.Duration
	tls       *tls.Config // for the servers and https:// proxies; nil: defaults
	roots     *roots      // ClientOptions.CAs, shared by the copies of this dialer; nil: none
	userAgent string      // sent with CONNECT
	h2        bool        // offer h2 by ALPN to servers (never to a proxy)
	// scope, if set, is the scope of the server that named the sources
	// this dialer connects to: no address more private is dialled
	// (Scope.Allows).
	scope Scope
}

// DialContext is the Transport's plain dial: to the server of an http://
// request (directly or through SOCKS5), or to the HTTP proxy that the
// Transport then sends the absolute-form request to.
func (d *dialer) DialContext(ctx context.Context, _, addr string) (net.Conn, error) {
	return d.setup(ctx, routeFrom(ctx, "http", addr), false)
}

// DialTLSContext is the Transport's TLS dial: to the server of an https://
// request, through whatever proxy its route has, or to an https:// proxy
// for an http:// request.
func (d *dialer) DialTLSContext(ctx context.Context, _, addr string) (net.Conn, error) {
	return d.setup(ctx, routeFrom(ctx, "https", addr), true)
}

// setup runs the phases of r under the limit.
func (d *dialer) setup(parent context.Context, r *route, wantTLS bool) (net.Conn, error) {
	ctx, cancel := context.WithTimeout(parent, d.limit)
	defer cancel()
	c, phase, err := d.phases(ctx, r, wantTLS)
	if err == nil {
		return c, nil
	}
	pe := &PhaseError{Phase: phase, Addr: r.addr, Err: err}
	if r.proxy != nil {
		pe.Proxy = r.proxy.redacted()
	}
	if parent.Err() == nil && (errors.Is(ctx.Err(), context.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded)) {
		pe.Limit = d.limit
	}
	return nil, pe
}

// phases connects along r and returns the connection, or the phase that
// failed and why.
func (d *dialer) phases(ctx context.Context, r *route, wantTLS bool) (net.Conn, Phase, error) {
	p := r.proxy
	if p == nil {
		c, ph, err := d.tcp(ctx, r.addr, d.scope)
		if err != nil || !wantTLS {
			return c, ph, err
		}
		return d.tlsClient(ctx, c, r.addr, PhaseTLS)
	}
	var tunnelHost string // the host:port SOCKS5 asks for: a name or, for socks5://, an address
	if p.kind == proxySOCKS5 {
		// curl's socks5://: names are resolved here, before the proxy is
		// reached.
		ip, err := d.lookup(ctx, r.addr)
		if err != nil {
			return nil, PhaseDNS, err
		}
		tunnelHost = ip
	}
	// The proxy dials the server: what can be checked here is an address
	// (or a name of this machine) in the URL, or the one resolved for
	// socks5://.
	if err := d.scope.checkName(r.addr); err != nil {
		return nil, PhaseTCP, err
	}
	if err := d.scope.check(tunnelHost); err != nil {
		return nil, PhaseTCP, err
	}
	c, ph, err := d.tcp(ctx, p.url.Host, 0) // the user's proxy
	if err != nil {
		return nil, ph, err
	}
	if p.kind == proxyHTTPS {
		if c, ph, err = d.tlsClient(ctx, c, p.url.Host, PhaseProxyTLS); err != nil {
			return nil, ph, err
		}
	}
	switch {
	case r.proxyAnswers():
		// The Transport sends the request itself, in absolute form.
		return c, 0, nil
	case p.isHTTP():
		var tunnel net.Conn
		err = withDeadline(ctx, c, func() error {
			var err error
			tunnel, err = httpConnect(c, r.addr, p, d.userAgent)
			return err
		})
		if err == nil {
			c = tunnel
		}
		ph = PhaseCONNECT
	default:
		host, portText, _ := net.SplitHostPort(r.addr)
		if tunnelHost != "" {
			host = tunnelHost
		}
		port, _ := strconv.Atoi(portText)
		err = withDeadline(ctx, c, func() error { return socks5Connect(c, host, port, p.url.User) })
		ph = PhaseSOCKS
	}
	if err != nil {
		c.Close()
		return nil, ph, err
	}
	if !wantTLS {
		return c, 0, nil
	}
	return d.tlsClient(ctx, c, r.addr, PhaseTLS)
}

// tcp resolves and connects to addr, to none of its addresses that the
// limit refuses; a failure is PhaseDNS or PhaseTCP.
func (d *dialer) tcp(ctx context.Context, addr string, limit Scope) (net.Conn, Phase, error) {
	nd := &d.net
	if limit > ScopeLoopback {
		scoped := d.net
		scoped.Control = limit.control
		nd = &scoped
	}
	c, err := nd.DialContext(ctx, "tcp", addr)
	if err != nil {
		var de *net.DNSError
		if errors.As(err, &de) {
			return nil, PhaseDNS, err
		}
		return nil, PhaseTCP, err
	}
	return c, 0, nil
}

// lookup resolves the host of addr to one address, IPv4 first: a SOCKS5
// proxy gets one address and no second try, and IPv4 is what proxies
// reach most surely.
func (d *dialer) lookup(ctx context.Context, addr string) (string, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return "", err
	}
	if _, err := netip.ParseAddr(host); err == nil {
		return host, nil
	}
	res := d.net.Resolver
	if res == nil {
		res = net.DefaultResolver
	}
	ips, err := res.LookupNetIP(ctx, "ip", host)
	if err != nil {
		return "", err
	}
	for _, ip := range ips {
		if ip.Is4() || ip.Is4In6() {
			return ip.Unmap().String(), nil
		}
	}
	if len(ips) == 0 {
		return "", &net.DNSError{Err: "no addresses", Name: host, IsNotFound: true}
	}
	return ips[0].String(), nil
}

// tlsClient runs the TLS handshake on c with the server at addr (the
// server, or an https:// proxy). A server is offered h2 when d.h2; a
// proxy only http/1.1 (a CONNECT over HTTP/2 is another protocol).
func (d *dialer) tlsClient(ctx context.Context, c net.Conn, addr string, ph Phase) (net.Conn, Phase, error) {
	cfg := &tls.Config{}
	if d.tls != nil {
		cfg = d.tls.Clone()
	}
	host, _, _ := net.SplitHostPort(addr)
	if cfg.ServerName == "" || ph == PhaseProxyTLS {
		cfg.ServerName = host
	}
	d.roots.hold(cfg)
	cfg.NextProtos = []string{"http/1.1"}
	if d.h2 && ph == PhaseTLS {
		cfg.NextProtos = []string{"h2", "http/1.1"}
	}
	tc := tls.Client(c, cfg)
	if err := tc.HandshakeContext(ctx); err != nil {
		c.Close()
		return nil, ph, err
	}
	return tc, 0, nil
}

// withDeadline runs f, which talks over c, with c's deadline at ctx's and
// ctx's end interrupting it; c's deadline is cleared after.
func withDeadline(ctx context.Context, c net.Conn, f func() error) error {
	if dl, ok := ctx.Deadline(); ok {
		c.SetDeadline(dl)
	}
	stop := context.AfterFunc(ctx, func() { c.SetDeadline(time.Unix(1, 0)) })
	err := f()
	if !stop() {
		// ctx ended: c's deadline is in the past, and f's error (if any)
		// is a timeout.
		if err == nil {
			err = ctx.Err()
		}
		return err
	}
	c.SetDeadline(time.Time{})
	return err
}

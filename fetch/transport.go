// The Client's RoundTripper: it routes each request (proxy or direct) for
// the dial functions, and names the phase of a response-header timeout.

package fetch

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"sync"
	"sync/atomic"
	"time"
)

// transport wraps the http.Transport that does the work.
//
// An http.Transport hands its dial functions no request, only an address,
// and for an http:// request through an HTTP proxy that address is the
// proxy's. So the route is chosen here, once per request, and travels to
// the dial functions in the request's context (the Transport keeps the
// context's values for the dial). Transport.Proxy reads it too: only an
// http:// request through an HTTP(S) proxy is left to the Transport, which
// sends it in absolute form as curl does; everything else (SOCKS5, CONNECT
// for https://) is done by the dialer, under the connect limit.
//
// Two Transports share the dialer's settings: base offers HTTP/2 by ALPN,
// so requests to a server that takes it are streams of one connection;
// h1 speaks HTTP/1.1 only, one request per connection at a time, for a
// request whose context asks for a connection of its own (OwnConnection):
// the ranges of a big file, where N TCP connections can be faster than N
// streams (a server or path that limits each connection, one congestion
// window for all).
type transport struct {
	base          *http.Transport
	h1            *http.Transport
	router        *router
	headerTimeout time.Duration
	h2            bool      // base offers h2
	first         firstConn // with h2, HTTPS requests to base wait for a host's first connection
	// dial and conns made base; within makes from them the transports
	// whose every connection is held to a scope, kept in scoped.
	dial   *dialer
	conns  int
	scoped *scopedTransports
}

// scopedTransports are a transport's children held to a scope, made when
// first asked for: their connections (and so the idle ones they keep for
// the next request) were each dialled under the scope's rule.
type scopedTransports struct {
	mu sync.Mutex
	by map[Scope]*transport
}

// within returns the transport whose connections reach no address more
// private than s allows; t itself when s allows every address.
func (t *transport) within(s Scope) *transport {
	if s <= ScopeLoopback || t.scoped == nil || t.dial == nil {
		return t
	}
	t.scoped.mu.Lock()
	defer t.scoped.mu.Unlock()
	if st := t.scoped.by[s]; st != nil {
		return st
	}
	d := *t.dial
	d.scope = s
	d1 := d
	d1.h2 = false
	st := &transport{base: newHTTPTransport(&d, t.conns, t.headerTimeout), h1: newHTTPTransport(&d1, t.conns, t.headerTimeout),
		router: t.router, headerTimeout: t.headerTimeout, h2: d.h2}
	if t.scoped.by == nil {
		t.scoped.by = map[Scope]*transport{}
	}
	t.scoped.by[s] = st
	return st
}

// remoteKey is the context key of an *atomic.Pointer[net.Addr] that
// RoundTrip sets to the remote address of each connection a request gets
// (the last: the final answer's, after redirects). It takes the place of
// a second GotConn hook, which net/http would join to RoundTrip's own
// through reflection on every request.
type remoteKey struct{}

func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	p, err := t.router.route(req.URL.Scheme, req.URL.Hostname())
	if err != nil {
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, err
	}
	r := &route{scheme: req.URL.Scheme, addr: canonicalAddr(req.URL), proxy: p}
	tr := t.base
	if ownConnection(req.Context()) {
		tr = t.h1
	}
	connUp := func() {}
	if tr == t.base && t.h2 && r.scheme == "https" {
		wait, done := t.first.enter(r.addr)
		if wait != nil {
			select {
			case <-wait:
			case <-req.Context().Done():
				if req.Body != nil {
					req.Body.Close()
				}
				return nil, req.Context().Err()
			}
		}
		if done != nil {
			connUp = done
			defer done() // the set-up failed
		}
	}
	var gotConn atomic.Bool
	var note connNote // written by GotConn before RoundTrip returns
	remote, _ := req.Context().Value(remoteKey{}).(*atomic.Pointer[net.Addr])
	ctx := context.WithValue(req.Context(), routeKey{}, r)
	ctx = httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{
		GotConn: func(i httptrace.GotConnInfo) {
			gotConn.Store(true)
			note.noteConn(gotConnInfo{Conn: i.Conn, Reused: i.Reused})
			if remote != nil {
				a := i.Conn.RemoteAddr()
				remote.Store(&a)
			}
			connUp()
		},
	})
	rreq := req.WithContext(ctx)
	resp, err := tr.RoundTrip(rreq)
	if err != nil && note.reused && leftOver(req, err) {
		// What the connection's previous answer left on it (leftOver).
		resp, err = onNewConnection(tr, rreq)
	}
	if err == nil {
		return resp, nil
	}
	// The Transport wraps a failed dial to a proxy in a *net.OpError
	// "proxyconnect"; the PhaseError says it better.
	var pe *PhaseError
	if errors.As(err, &pe) {
		return nil, pe
	}
	// A timeout once the connection was there is the wait for the headers.
	var ne net.Error
	if gotConn.Load() && req.Context().Err() == nil && errors.As(err, &ne) && ne.Timeout() {
		pe := &PhaseError{Phase: PhaseHeaders, Addr: r.addr, Limit: t.headerTimeout, Err: err}
		if p != nil {
			pe.Proxy = p.redacted()
		}
		return nil, pe
	}
	if r.proxyAnswers() && req.Context().Err() == nil {
		// The proxy answers for the server here: say so, or a bare "EOF"
		// points at the server.
		return nil, fmt.Errorf("%w (through the proxy %s)", err, p.redacted())
	}
	return nil, err
}

// CloseIdleConnections closes the Transports' idle connections.
func (t *transport) CloseIdleConnections() {
	t.base.CloseIdleConnections()
	t.h1.CloseIdleConnections()
	if t.scoped != nil {
		t.scoped.mu.Lock()
		defer t.scoped.mu.Unlock()
		for _, st := range t.scoped.by {
			st.CloseIdleConnections()
		}
	}
}

// ownConnKey marks a request context whose requests go on HTTP/1.1
// connections, one request at a time on each.
type ownConnKey struct{}

// OwnConnection returns ctx with its requests sent over HTTP/1.1, each on
// a TCP connection no other request uses at the same time, even to a
// server that speaks HTTP/2.
func OwnConnection(ctx context.Context) context.Context {
	return context.WithValue(ctx, ownConnKey{}, true)
}

func ownConnection(ctx context.Context) bool {
	own, _ := ctx.Value(ownConnKey{}).(bool)
	return own
}

// proxyFunc is the Transport's Proxy: the proxy of an http:// request
// through an HTTP(S) proxy, nil for every other route.
func proxyFunc(req *http.Request) (*url.URL, error) {
	if r, ok := req.Context().Value(routeKey{}).(*route); ok && r.proxyAnswers() {
		return r.proxy.url, nil
	}
	return nil, nil
}

// canonicalAddr is the host:port of u, with the scheme's default port.
func canonicalAddr(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = "80"
		if u.Scheme == "https" {
			port = "443"
		}
	}
	return net.JoinHostPort(u.Hostname(), port)
}

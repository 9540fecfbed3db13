// Client: the HTTP client slget uses for probes and ranged GETs.

package fetch

import (
	"crypto/tls"
	"fmt"
	"net"
	"net/http"
	"os"
	"time"
)

// ClientOptions configures NewClient. The zero value is usable: proxies from
// the environment, default timeouts, slget's User-Agent.
type ClientOptions struct {
	// Connections is the number of parallel connections to allow per host;
	// zero means 4.
	Connections int
	// ConnectTimeout bounds the whole set-up of a connection: DNS, TCP, the
	// SOCKS5 or CONNECT handshake with a proxy, and TLS. Zero means 15s. A
	// set-up that runs out of it fails with a *PhaseError naming the phase.
	ConnectTimeout time.Duration
	// Timeout bounds the wait for response headers; zero means 60s.
	Timeout time.Duration
	// Proxy is the proxy for every request:
	// [http://|https://|socks5://|socks5h://][USER:PASSWORD@]HOST[:PORT].
	// A bare HOST:PORT is an HTTP proxy; the port defaults to 1080 (443
	// for https://), as in curl. socks5:// resolves names here, socks5h://
	// lets the proxy resolve them. "" means the environment's proxies, read
	// as curl reads them (see ProxyEnv).
	Proxy string
	// Getenv reads the environment for the proxy variables when Proxy is
	// ""; nil means os.Getenv. It is read once, by NewClient.
	Getenv func(key string) string
	// Resolver looks up names; nil means the system's.
	Resolver *net.Resolver
	// Header is sent with every request (after slget's own headers are set,
	// so it may override User-Agent but never Range or If-Range).
	Header http.Header
	// UserAgent replaces the default "slget/VERSION".
	UserAgent string
	// TLSConfig, if non-nil, is used for HTTPS (tests use it for their CA).
	// Its NextProtos is replaced: slget speaks HTTP/1.1 only.
	TLSConfig *tls.Config
}

// Client wraps an *http.Client with slget's headers.
type Client struct {
	HTTP      *http.Client
	header    http.Header
	userAgent string
}

// Version is reported in the default User-Agent.
const Version = "0.1.0"

// NewClient returns a Client for the given options.
func NewClient(o ClientOptions) (*Client, error) {
	conns := o.Connections
	if conns <= 0 {
		conns = 4
	}
	ct := o.ConnectTimeout
	if ct <= 0 {
		ct = 15 * time.Second
	}
	rt := o.Timeout
	if rt <= 0 {
		rt = 60 * time.Second
	}
	getenv := o.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	router, err := newRouter(o.Proxy, ProxyEnvFrom(getenv))
	if err != nil {
		return nil, err
	}
	ua := o.UserAgent
	if ua == "" {
		ua = "slget/" + Version
	}
	connectUA := ua
	for k, vs := range o.Header {
		if http.CanonicalHeaderKey(k) == "User-Agent" && len(vs) > 0 {
			connectUA = vs[0] // what the requests themselves carry
		}
	}
	d := &dialer{
		net:       net.Dialer{KeepAlive: 30 * time.Second, Resolver: o.Resolver},
		limit:     ct,
		tls:       o.TLSConfig,
		userAgent: connectUA,
	}
	tr := &http.Transport{
		Proxy:                 proxyFunc,
		DialContext:           d.DialContext,
		DialTLSContext:        d.DialTLSContext,
		ResponseHeaderTimeout: rt,
		MaxIdleConns:          4 * conns,
		MaxIdleConnsPerHost:   2 * conns,
		IdleConnTimeout:       90 * time.Second,
		DisableCompression:    true, // bytes on disk must be the bytes of the representation
		// HTTP/1.1 only: see the package caveats. The dialer offers only
		// http/1.1 in TLS, and no other protocol is taken up.
		ForceAttemptHTTP2: false,
		TLSNextProto:      map[string]func(string, *tls.Conn) http.RoundTripper{},
		WriteBufferSize:   16 << 10,
		ReadBufferSize:    64 << 10,
	}
	return &Client{
		HTTP: &http.Client{
			Transport: &transport{base: tr, router: router, headerTimeout: rt},
			CheckRedirect: func(req *http.Request, via []*http.Request) error {
				if len(via) >= 10 {
					return fmt.Errorf("stopped after 10 redirects")
				}
				return nil
			},
		},
		header:    o.Header.Clone(),
		userAgent: ua,
	}, nil
}

// CloseIdle closes idle connections.
func (c *Client) CloseIdle() { c.HTTP.CloseIdleConnections() }

// newRequest builds a GET with slget's headers and the user's.
func (c *Client) newRequest(req *http.Request) {
	req.Header.Set("User-Agent", c.userAgent)
	req.Header.Set("Accept-Encoding", "identity")
	for k, vs := range c.header {
		switch http.CanonicalHeaderKey(k) {
		case "Range", "If-Range":
			continue
		}
		req.Header.Del(k)
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
}

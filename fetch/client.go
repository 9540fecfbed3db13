// Client: the HTTP client slget uses for probes and ranged GETs.

package fetch

import (
	"crypto/tls"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"time"
)

// ClientOptions configures NewClient. The zero value is usable: proxies from
// the environment, default timeouts, slget's User-Agent.
type ClientOptions struct {
	// Connections is the number of parallel connections to allow per host;
	// zero means 4.
	Connections int
	// ConnectTimeout bounds TCP and TLS set-up; zero means 15s.
	ConnectTimeout time.Duration
	// Timeout bounds the wait for response headers; zero means 60s.
	Timeout time.Duration
	// Proxy is a proxy URL for every request ("" means the usual
	// HTTP_PROXY, HTTPS_PROXY and NO_PROXY environment variables).
	Proxy string
	// Header is sent with every request (after slget's own headers are set,
	// so it may override User-Agent but never Range or If-Range).
	Header http.Header
	// UserAgent replaces the default "slget/VERSION".
	UserAgent string
	// TLSConfig, if non-nil, is used for HTTPS (tests use it for their CA).
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
	proxy := http.ProxyFromEnvironment
	if o.Proxy != "" {
		u, err := url.Parse(o.Proxy)
		if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https" && u.Scheme != "socks5") {
			return nil, fmt.Errorf("proxy %q: want a URL like http://host:port", o.Proxy)
		}
		proxy = http.ProxyURL(u)
	}
	dialer := &net.Dialer{Timeout: ct, KeepAlive: 30 * time.Second}
	tr := &http.Transport{
		Proxy:                 proxy,
		DialContext:           dialer.DialContext,
		TLSHandshakeTimeout:   ct,
		ResponseHeaderTimeout: rt,
		MaxIdleConns:          4 * conns,
		MaxIdleConnsPerHost:   2 * conns,
		IdleConnTimeout:       90 * time.Second,
		DisableCompression:    true, // bytes on disk must be the bytes of the representation
		// HTTP/1.1 only: see the package caveats.
		ForceAttemptHTTP2: false,
		TLSNextProto:      map[string]func(string, *tls.Conn) http.RoundTripper{},
		TLSClientConfig:   o.TLSConfig,
		WriteBufferSize:   16 << 10,
		ReadBufferSize:    64 << 10,
	}
	ua := o.UserAgent
	if ua == "" {
		ua = "slget/" + Version
	}
	return &Client{
		HTTP: &http.Client{
			Transport: tr,
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

// Client: the HTTP client slget uses for probes and ranged GETs.

package fetch

import (
	"crypto/tls"
	"errors"
	"fmt"
	"github.com/slget/slget/internal/version"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
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
	// so it may override User-Agent but never the headers of ReservedHeader).
	// Authorization and Cookie go only to the host of the URL the user gave
	// (as curl does), unless LocationTrusted.
	Header http.Header
	// LocationTrusted sends Authorization, Cookie and a URL's user and
	// password to every host a redirect leads to, and after a redirect from
	// https to http (curl's --location-trusted). False keeps them with the
	// host they were given for.
	LocationTrusted bool
	// MaxRedirects is how many redirects a probe follows; zero means 10,
	// a negative value none.
	MaxRedirects int
	// UserAgent replaces the default "slget/VERSION".
	UserAgent string
	// TLSConfig, if non-nil, is used for HTTPS (tests use it for their CA).
	// Its NextProtos is replaced: slget offers h2 and http/1.1 by ALPN to
	// a server, http/1.1 alone to an https:// proxy.
	TLSConfig *tls.Config
	// CAs holds CA certificates (PEM) trusted for HTTPS besides the
	// system's roots (aria2's --ca-certificate); nil means the system's
	// alone. The system's are read only when a server's chain does not
	// verify to these (see roots). Unused when TLSConfig sets RootCAs
	// or InsecureSkipVerify.
	CAs []byte
	// NoHTTP2 offers only http/1.1 to HTTPS servers. False offers h2 as
	// well: requests to a server that takes it share one connection as
	// streams (see H1 in Origin for ranges that want connections of
	// their own).
	NoHTTP2 bool
}

// Client wraps an *http.Client with slget's headers.
type Client struct {
	HTTP      *http.Client
	header    http.Header
	userAgent []string // the User-Agent header's value, made once
	// identity is the Accept-Encoding of every request, made once: the
	// bytes as stored, so that a range means the file's bytes.
	identity  []string
	trusted   bool // LocationTrusted
	redirects int
	router    *router
	limit     Scope      // of Within: the scope its connections are held to
	root      *transport // of Within: the transport of the Client it was made from
}

// NewClient returns a Client for the given options.
func NewClient(o ClientOptions) (*Client, error) {
	conns := orDefault(o.Connections, 4)
	ct := orDefault(o.ConnectTimeout, 15*time.Second)
	rt := orDefault(o.Timeout, 60*time.Second)
	getenv := o.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	router, err := newRouter(o.Proxy, proxyEnvFrom(getenv))
	if err != nil {
		return nil, err
	}
	ua := o.UserAgent
	if ua == "" {
		ua = "slget/" + version.Version
	}
	connectUA := ua
	for k, vs := range o.Header {
		if http.CanonicalHeaderKey(k) == "User-Agent" && len(vs) > 0 {
			connectUA = vs[0] // what the requests themselves carry
		}
	}
	roots, err := newRoots(o.CAs)
	if err != nil {
		return nil, err
	}
	d := &dialer{
		roots:     roots,
		net:       net.Dialer{KeepAlive: 30 * time.Second, Resolver: o.Resolver},
		limit:     ct,
		tls:       o.TLSConfig,
		userAgent: connectUA,
		h2:        !o.NoHTTP2,
	}
	d1 := *d
	d1.h2 = false
	tr := newHTTPTransport(d, conns, rt)
	h1 := newHTTPTransport(&d1, conns, rt)
	c := &Client{
		header:    o.Header.Clone(),
		userAgent: []string{ua},
		identity:  []string{"identity"},
		trusted:   o.LocationTrusted,
		redirects: o.MaxRedirects,
		router:    router,
	}
	if c.redirects == 0 {
		c.redirects = 10
	}
	c.HTTP = &http.Client{Transport: &transport{base: tr, h1: h1, h2: d.h2, router: router, headerTimeout: rt,
		dial: d, conns: conns, scoped: &scopedTransports{}}, CheckRedirect: c.checkRedirect}
	return c, nil
}

// newHTTPTransport is an http.Transport that dials through d: HTTP/2
// where d offers h2 and the server takes it, HTTP/1.1 otherwise.
func newHTTPTransport(d *dialer, conns int, headerTimeout time.Duration) *http.Transport {
	tr := &http.Transport{
		Proxy:                 proxyFunc,
		DialContext:           d.DialContext,
		DialTLSContext:        d.DialTLSContext,
		ResponseHeaderTimeout: headerTimeout,
		MaxIdleConns:          4 * conns,
		MaxIdleConnsPerHost:   2 * conns,
		IdleConnTimeout:       90 * time.Second,
		DisableCompression:    true, // bytes on disk must be the bytes of the representation
		WriteBufferSize:       16 << 10,
		ReadBufferSize:        64 << 10,
	}
	if !d.h2 {
		// No protocol but HTTP/1.1 is taken up, whatever TLS says.
		tr.TLSNextProto = map[string]func(string, *tls.Conn) http.RoundTripper{}
		return tr
	}
	tr.ForceAttemptHTTP2 = true // the dial is ours, and offers h2 by ALPN
	tr.HTTP2 = &http.HTTP2Config{
		// A connection that brings no frame for this long is asked for a
		// ping, and closed without an answer: every stream on it is
		// then cut at once, and new requests go on a new connection
		// instead of queueing behind a dead one. (A stream that stalls
		// alone is cut by the download's stall and speed rules, as an
		// HTTP/1.1 connection is.)
		SendPingTimeout: 15 * time.Second,
		PingTimeout:     10 * time.Second,
	}
	return tr
}

// AnsweringProxy returns the proxy (without credentials) that answers the
// requests for rawURL itself: an HTTP or HTTPS proxy for an http:// URL,
// which may cache, fill a cache first or refuse. It returns "" when the
// server answers: a direct connection, or a tunnel through a SOCKS5 proxy
// or CONNECT (https:// URLs), where a proxy only relays bytes.
func (c *Client) AnsweringProxy(rawURL string) string {
	if c.router == nil || c.router.direct() {
		return "" // no proxy configured: nothing to look up
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return ""
	}
	p, err := c.router.route(u.Scheme, u.Hostname())
	if err != nil || !(&route{scheme: u.Scheme, proxy: p}).proxyAnswers() {
		return ""
	}
	return p.redacted()
}

// CloseIdle closes idle connections.
func (c *Client) CloseIdle() { c.HTTP.CloseIdleConnections() }

// ReservedHeader reports whether slget sets the header name itself on
// every request (ranges, preconditions, encoding), so a user's --header
// must not.
func ReservedHeader(name string) bool {
	switch http.CanonicalHeaderKey(name) {
	case "Range", "If-Range", "If-Match", "If-None-Match", "If-Modified-Since", "If-Unmodified-Since",
		"Accept-Encoding", "Te", "Host", "Content-Length", "Transfer-Encoding", "Connection":
		return true
	}
	return false
}

// secretHeader reports whether a header carries credentials that belong to
// one host.
func secretHeader(name string) bool {
	switch http.CanonicalHeaderKey(name) {
	case "Authorization", "Cookie":
		return true
	}
	return false
}

// sameOrigin reports whether credentials given for given may go to u: the
// same host and port, and not from https down to http.
func sameOrigin(given, u *url.URL) bool {
	if given == nil {
		return false
	}
	if given.Scheme == "https" && u.Scheme != "https" {
		return false
	}
	return strings.EqualFold(given.Host, u.Host)
}

// newRequest sets slget's headers and the user's on req. given is the URL
// the user gave: the credentials (Authorization and Cookie headers, the
// URL's user and password) go only to its host, unless LocationTrusted.
func (c *Client) newRequest(req *http.Request, given *url.URL) {
	// The values are shared by every request, never changed in place: a
	// Set replaces them and an Add copies them (their capacity is their
	// length), as net/http's own writers do.
	req.Header["User-Agent"] = c.userAgent
	req.Header["Accept-Encoding"] = c.identity
	trusted := c.trusted || sameOrigin(given, req.URL)
	for k, vs := range c.header {
		if ReservedHeader(k) || (secretHeader(k) && !trusted) {
			continue
		}
		req.Header.Del(k)
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	if trusted {
		c.userinfo(req, given)
	}
}

// credentials sets on req, a redirect the user trusts, the credentials of
// first, the request that began the chain: its Authorization and Cookie
// headers (the user's, or the Basic credentials newRequest made of a URL's
// user and password), and the user and password of its URL.
func (c *Client) credentials(req, first *http.Request) {
	for k, vs := range first.Header {
		if !secretHeader(k) {
			continue
		}
		req.Header.Del(k)
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	c.userinfo(req, first.URL)
}

// userinfo sends the user and password of given as Basic credentials with
// req, unless req's own URL carries some (net/http sends those) or req has
// an Authorization header already: the user's own header wins over a URL's
// password on every host it goes to, as net/http lets it win on the first.
func (c *Client) userinfo(req *http.Request, given *url.URL) {
	if given != nil && given.User != nil && req.URL.User == nil && req.Header.Get("Authorization") == "" {
		pw, _ := given.User.Password()
		req.SetBasicAuth(given.User.Username(), pw)
	}
}

// checkRedirect follows a redirect unless it loops or goes on too long,
// and keeps the user's credentials with their host (net/http keeps them on
// a redirect to a subdomain; curl does not, and neither does slget). With
// LocationTrusted they follow the redirect wherever it goes: net/http has
// dropped them on the way to another host, and a URL's user and password
// never follow by themselves, so they are set again.
func (c *Client) checkRedirect(req *http.Request, via []*http.Request) error {
	chain := func() []string {
		var ch []string
		for _, v := range via {
			ch = append(ch, Redact(v.URL.String()))
		}
		return append(ch, Redact(req.URL.String()))
	}
	for _, v := range via {
		if v.URL.String() == req.URL.String() {
			return &RedirectError{URL: Redact(via[0].URL.String()), Chain: chain(), Loop: true}
		}
	}
	if c.redirects < 0 || len(via) > c.redirects {
		return &RedirectError{URL: Redact(via[0].URL.String()), Chain: chain(), Max: max(c.redirects, 0)}
	}
	switch {
	case c.trusted:
		c.credentials(req, via[0])
	case !sameOrigin(via[0].URL, req.URL):
		for k := range req.Header {
			if secretHeader(k) {
				req.Header.Del(k)
			}
		}
	}
	return nil
}

// RedirectError is a probe that could not follow its redirects to the end.
type RedirectError struct {
	URL   string   // the URL given, with its password redacted
	Chain []string // the URLs visited, the one refused last
	Loop  bool     // the chain came back to a URL it had visited
	Max   int      // else: the most redirects allowed
}

func (e *RedirectError) Error() string {
	if e.Loop {
		return fmt.Sprintf("%s: redirect loop: %s", e.URL, strings.Join(e.Chain, " → "))
	}
	return fmt.Sprintf("%s: more than %d redirects (%s → …)", e.URL, e.Max, strings.Join(e.Chain[:min(len(e.Chain), 3)], " → "))
}

// redirectError unwraps net/http's error for a redirect chain that
// checkRedirect stopped, so the message starts with the URL given.
func redirectError(err error) error {
	var re *RedirectError
	if errors.As(err, &re) {
		return re
	}
	return err
}

// Redact returns a URL string with the secrets in it masked as "***": the
// password of its user info, and the values of query parameters that hold
// signatures, tokens or keys (a signed URL's X-Amz-Signature, a token=).
// It is for messages and records. A string that does not parse as a URL
// has everything between "://" and the last "@" before the path masked.
func Redact(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		// A URL that does not parse may hold a password with a '/', '?',
		// '#' or '@' written raw: everything up to its last '@' goes.
		if i := strings.Index(s, "://"); i >= 0 {
			rest := s[i+3:]
			if at := strings.LastIndex(rest, "@"); at >= 0 {
				return s[:i+3] + "***" + rest[at:]
			}
		}
		return s
	}
	changed := false
	if u.User != nil {
		if _, has := u.User.Password(); has {
			u.User = url.UserPassword(u.User.Username(), "***")
			changed = true
		}
	}
	if u.RawQuery != "" {
		q := strings.Split(u.RawQuery, "&")
		for i, kv := range q {
			k, _, hasValue := strings.Cut(kv, "=")
			if hasValue && secretParam(k) {
				q[i] = k + "=***"
				changed = true
			}
		}
		u.RawQuery = strings.Join(q, "&")
	}
	if !changed {
		return s
	}
	return strings.Replace(u.String(), ":%2A%2A%2A@", ":***@", 1)
}

// secretParam reports whether a query parameter's name says it holds a
// secret.
func secretParam(name string) bool {
	n := strings.ToLower(name)
	for _, w := range []string{"sig", "token", "key", "secret", "password", "passwd", "auth", "credential", "session"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// orDefault is v, or d when v is zero or less: an option's zero value
// meaning its default.
func orDefault[T int | int64 | time.Duration](v, d T) T {
	if v <= 0 {
		return d
	}
	return v
}

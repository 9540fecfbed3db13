// The options a program fills: for the HTTP client (HTTPOptions), retries
// (RetryPolicy), peers (PeerOptions) and the slice cache (CacheOptions),
// the root's own types, turned into the form of the package that uses
// them where they are handed over.

package slget

import (
	"crypto/tls"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/localcache"
)

// HTTPClient makes a Client's requests: connections per host, timeouts,
// proxies, headers, redirects and TLS. Build one with NewHTTPClient; one
// HTTPClient may serve many Clients.
type HTTPClient struct {
	f *fetch.Client
}

// NewHTTPClient builds an HTTPClient for Client.HTTP. It fails for a
// Proxy it cannot use.
func NewHTTPClient(o HTTPOptions) (*HTTPClient, error) {
	f, err := fetch.NewClient(o.fetch())
	if err != nil {
		return nil, err
	}
	return &HTTPClient{f: f}, nil
}

// CloseIdle closes the connections the client keeps open between
// requests; those in use are not touched.
func (h *HTTPClient) CloseIdle() { h.f.CloseIdle() }

// HTTPOptions configure an HTTPClient; the zero value is usable, and each
// field says what its zero means.
type HTTPOptions struct {
	// Connections is the number of parallel connections to allow per host;
	// zero means 4. (Client.Connections is how many a download opens.)
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
	// lets the proxy resolve them. "" means the environment's proxies
	// (http_proxy, https_proxy, all_proxy, no_proxy), read as curl reads
	// them.
	Proxy string
	// Getenv reads the environment for the proxy variables when Proxy is
	// ""; nil means os.Getenv. It is read once, by NewHTTPClient.
	Getenv func(key string) string
	// Resolver looks up names; nil means the system's.
	Resolver *net.Resolver
	// Header is sent with every request (after slget's own headers are set,
	// so it may override User-Agent but never the headers of
	// ReservedHeader). Authorization and Cookie go only to the host of the
	// URL the user gave (as curl does), unless LocationTrusted.
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
	// TLSConfig, if non-nil, is used for HTTPS (a CA in its RootCAs). Its
	// NextProtos is replaced: slget offers h2 and http/1.1 by ALPN to a
	// server, http/1.1 alone to an https:// proxy.
	TLSConfig *tls.Config
	// CAs holds CA certificates (PEM) trusted for HTTPS besides the
	// system's roots; nil means the system's alone. The system's are read
	// only when a server's chain does not verify to these, so a run that
	// needs them never parses them. Unused when TLSConfig sets RootCAs or
	// InsecureSkipVerify.
	CAs []byte
	// NoHTTP2 offers only http/1.1 to HTTPS servers. False offers h2 as
	// well: requests to a server that takes it share one connection as
	// streams (see Client.HTTP2Streams for ranges that want connections
	// of their own).
	NoHTTP2 bool
}

func (o HTTPOptions) fetch() fetch.ClientOptions {
	return fetch.ClientOptions{
		Connections: o.Connections, ConnectTimeout: o.ConnectTimeout, Timeout: o.Timeout,
		Proxy: o.Proxy, Getenv: o.Getenv, Resolver: o.Resolver, Header: o.Header,
		LocationTrusted: o.LocationTrusted, MaxRedirects: o.MaxRedirects, UserAgent: o.UserAgent,
		TLSConfig: o.TLSConfig, CAs: o.CAs, NoHTTP2: o.NoHTTP2,
	}
}

// RetryPolicy says how long a failing request is tried again (a time
// budget, or exactly MaxTries) and how long to wait between tries; the zero
// value is usable: at least five tries, and more for two minutes from the
// first failure.
type RetryPolicy struct {
	// MaxTries, when positive, is exactly how many tries a failing request
	// gets, however long they take; Budget is then not used. Zero means
	// the time rule of Budget.
	MaxTries int
	// Budget is how long a request that fails as a server that is away
	// does (refused or reset connections, timeouts, stalls, cut bodies,
	// 5xx, 429) is tried again, from the end of its first failed try; the
	// wait before the last try is cut to end with it. A request always
	// gets at least five tries, however fast they fail, and a server that
	// answers wrongly (another range, the whole file, another version, a
	// garbled answer) gets five and no more. Zero means two minutes;
	// negative means no limit (until the context ends), as aria2c's
	// --max-tries=0.
	Budget time.Duration
	// Wait is the first wait, doubled each try, with jitter; zero means 1s.
	// A 429 or 503 with Retry-After waits as the server asks.
	Wait time.Duration
	// MaxWait caps the doubling; zero means 10s, so that a server back
	// from an outage is seen again soon.
	MaxWait time.Duration
}

func (p RetryPolicy) fetch() fetch.RetryPolicy {
	return fetch.RetryPolicy{MaxTries: p.MaxTries, Budget: p.Budget, Wait: p.Wait, MaxWait: p.MaxWait}
}

// retry is the Client's RetryPolicy in fetch's form.
func (c *Client) retry() fetch.RetryPolicy { return c.Retry.fetch() }

// PeerOptions configure the connections to a Client's Peers.
type PeerOptions struct {
	// ConnectTimeout bounds the TCP connection to the peer; zero means 5s.
	// A peer is on the LAN: one that does not answer should cost little
	// before the origin is asked instead.
	ConnectTimeout time.Duration
	// Timeout bounds the wait for response headers, counted again from
	// each "102 Processing" the peer sends while a fill keeps it busy
	// and shows the fill moved on (a 102 without progress counts for
	// nothing); zero means 60s. (A download's stall timeout bounds it
	// too.)
	Timeout time.Duration
	// MaxWait bounds the whole wait for one answer's headers, however
	// much progress the peer's 102s show: past it the request is given
	// up with a *PeerError and the slices asked elsewhere. Zero means
	// four times Timeout.
	MaxWait time.Duration
	// Connections is how many idle connections are kept to each peer;
	// zero means 4.
	Connections int
	// UserAgent replaces the default "slget/VERSION".
	UserAgent string
	// Token is the fleet's token (a serve's --token): the fleet key is
	// derived from it for a peer whose address has no token of its own
	// (http://slget:TOKEN@HOST:PORT wins); "" means none. The token itself
	// is never sent: each request carries a MAC made with the key, and
	// each answer must carry the peer's, or nothing of it is taken.
	Token string
}

func (o PeerOptions) fetch() fetch.PeerOptions {
	return fetch.PeerOptions{ConnectTimeout: o.ConnectTimeout, Timeout: o.Timeout, MaxWait: o.MaxWait,
		Connections: o.Connections, UserAgent: o.UserAgent, Token: o.Token, Proofs: peerProof}
}

// CacheOptions configure OpenCache; nil means the defaults. A Cache a
// program opens is bounded by MaxSize but not swept for slices left
// unread: `slget serve` and `slget cache` do that.
type CacheOptions struct {
	// SliceSize is the cache's slice size in bytes, from MinSlice to
	// MaxSlice. Zero means the size the cache was created with, or
	// DefaultSlice (1 MiB) for a new cache. A nonzero size that differs
	// from an existing cache's fails with ErrCacheSliceSize.
	SliceSize int64
	// MaxSize bounds the stored bytes of all slices (compressed sizes;
	// file headers and file system blocks not counted): the least
	// recently used slices are removed first to keep under it. Zero means
	// no bound.
	MaxSize int64
	// NoSync turns off fsync of slice files and of the index. For tests
	// and benchmarks: after a crash the index may be rebuilt and the
	// newest slices lost.
	NoSync bool
}

// store is o in localcache's form; nil for nil.
func (o *CacheOptions) store() *localcache.Options {
	if o == nil {
		return nil
	}
	return &localcache.Options{SliceSize: o.SliceSize, MaxSize: o.MaxSize, NoSync: o.NoSync}
}

// CacheFront names a cache between slget and the origin that the answers
// through it may not show (Client.CacheFront).
type CacheFront int

const (
	// CacheFrontAuto: a cache in front is known by what its answers show
	// (Via, Age, X-Cache, Cache-Status, a Server that names a cache), or
	// by a proxy.
	CacheFrontAuto CacheFront = iota
	// CacheFrontApache: Apache httpd's mod_cache (mod_cache_disk or
	// mod_cache_socache) is in front, which stores only a whole 200
	// answer read to its end, and passes ranges it does not hold on to
	// the origin. With its defaults (no CacheHeader) an answer through it
	// names no cache, and the origin's own Server passes through: without
	// this, ranges through it cost the origin the whole file for every
	// download. With it, a download that finds the file neither in the
	// probe's answer nor in the cache's (asked with only-if-cached) takes
	// it in one whole answer, which fills the cache; later ones take
	// ranges from the cache.
	CacheFrontApache
)

// ParseCacheFront reads a CacheFront by name: "auto" or "" (Auto), or
// "apache" (Apache).
func ParseCacheFront(s string) (CacheFront, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "auto":
		return CacheFrontAuto, nil
	case "apache", "apache-httpd", "httpd":
		return CacheFrontApache, nil
	}
	return CacheFrontAuto, fmt.Errorf("cache-front %q: want auto or apache", s)
}

// String is the name ParseCacheFront reads.
func (f CacheFront) String() string {
	if f == CacheFrontApache {
		return "apache"
	}
	return "auto"
}

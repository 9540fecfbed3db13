// Client: the settings and shared state of a program's downloads (its HTTP
// client, connections, slice size, limits, cache and peers).

package slget

import (
	"context"
	"fmt"
	"os"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fleet"
	"github.com/slget/slget/internal/osfile"
	"github.com/slget/slget/segment"
)

// Client downloads files. The zero value is usable: the connections found
// per download (AutoConnections), 1 MiB slices, the defaults of HTTPOptions for everything else. A Client is safe for
// concurrent use, and its downloads at once never pick the same output
// name. Set its fields before the first Do.
type Client struct {
	// HTTP makes the requests (see NewHTTPClient for headers, proxies,
	// TLS and timeouts); nil means one with the defaults and Connections.
	HTTP *HTTPClient
	// Connections is how many connections a download opens to its
	// server: exactly this many, or with zero (AutoConnections) as many
	// as pay: a download starts with 4 and doubles them while each added
	// one brings more than a few percent more throughput, up to
	// MaxConnections, and keeps to fewer when the server answers 429 or
	// 503 (its connection limit, not a failed try), resets connections,
	// or answers later with no gain. It is from 0 to ConnectionLimit: a
	// value outside is a *RequestError from Do, before any request.
	Connections int
	// MaxConnections caps the connections of AutoConnections per
	// download; zero means DefaultMaxConnections (16). It does not
	// bound a fixed Connections. It is from 0 to ConnectionLimit, as
	// Connections.
	MaxConnections int
	// HTTP2Streams runs the connections of a ranged download as streams
	// of one HTTP/2 connection when the server speaks HTTP/2 (offered by
	// ALPN on HTTPS unless HTTPOptions.NoHTTP2). False, the default,
	// opens them as HTTP/1.1 connections of their own, which share no
	// congestion window and no per-connection limit. Probes, and
	// downloads of one connection (small files), use HTTP/2 either way.
	HTTP2Streams bool
	// Slice is the slice size of new downloads; zero means DefaultSlice
	// (1 MiB). Any other value is from MinSlice to MaxSlice: one outside
	// is a *RequestError from Do, before any request.
	Slice int64
	Retry RetryPolicy
	// StallTimeout replaces a connection that brings no bytes for this
	// long (the probe's included); zero means 30s.
	StallTimeout time.Duration
	// LowestSpeed replaces a connection slower than this many bytes per
	// second over 10s (a stream without ranges included); zero means no
	// limit.
	LowestSpeed int64
	// RateLimit caps each download at this many bytes per second; zero
	// means no cap.
	RateLimit int64
	// TotalRateLimit caps all the downloads of the Client together at
	// this many bytes per second; zero means no cap.
	TotalRateLimit int64
	// CacheFront says which cache stands in front of the origin when its
	// answers may not show one (Apache httpd's mod_cache with its
	// defaults); zero (CacheFrontAuto) knows a cache only by what its
	// answers show.
	CacheFront CacheFront

	// Cache, if set, is the local slice cache (see OpenCache): the slices
	// of a download found in it are copied into the partial file instead
	// of being fetched, and the slices fetched from the origin are stored
	// in it after they are committed (those from peers only once a
	// Checksum has proved the whole file). Only a resource with a strong
	// ETag uses it, and only in the cache's slice size. A full disk never
	// fails a download: the rest is then not stored. The Client does not
	// close it.
	Cache *Cache
	// Peers are slget peers (`slget serve`), as http://HOST:PORT or
	// http://slget:TOKEN@HOST:PORT (or with PeerOptions.Token), asked for
	// each run of slices before the origin, in proxy form pinned with
	// If-Match to the version the Client's own probe of the origin found.
	// A download first checks their /healthz (at most every 2s) and asks
	// only those that answer, each run of slices of the peer that owns
	// it among them first, as the serves of a fleet rank themselves,
	// then of the others in that order. A peer that misses, is slow,
	// refuses or fails leaves the slices to the origin; one whose slice
	// fails its checksum is dropped for the rest of the download and the
	// slice fetched from the origin. A peer that sends consistent wrong
	// bytes (with checksums that match them) is caught only by a
	// Request.Checksum, which then fetches the slices that came from peers
	// again from the origin: without one, the file has its bytes. Only a
	// resource with a strong ETag is asked of peers. A download also reads
	// the fleet (GET /fleet) of the peers whose answers prove the fleet
	// key, and keeps the members they name in reserve: asked after them
	// for each run, and in their place while none of them answers (its
	// own serve killed, stopped or restarting).
	Peers []string
	// PeerOptions configure the connections to Peers.
	PeerOptions PeerOptions
	// MorePeers, if set, is asked for peers beyond Peers (http://HOST:PORT
	// each) when a download starts and at each health check while it runs
	// (every 2s): the members mDNS finds, a fleet file, a serve's
	// membership. A member that joins, or answers again after a restart,
	// is taken into the downloads under way and owns its share of their
	// runs within about one check. It is called from one goroutine at a
	// time per download, and should answer at once.
	MorePeers func() []string
	// FleetOf, if set, is the address of the Client's own serve
	// (http://HOST:PORT, a member of the fleet): a download's peers and
	// their health are what that serve knows (its GET /fleet, signed with
	// the fleet key of PeerOptions), read every 2s, instead of the Client
	// checking every member itself: a fleet of N hosts is then N requests
	// every 2s, not N². Peers and MorePeers are not used with it.
	FleetOf string

	httpOnce   sync.Once
	sharedOnce sync.Once
	sh         *shared
	peersOnce  sync.Once
	members    membership
	down       fleet.Quiet // what was said of the peers that do not answer
	peersErr   error
	peerMu     sync.Mutex
	peerByAddr map[string]*fetch.Peer // Peers and those found later, by address
	learnKey   *fleet.Key             // of a given peer's token, for the members found later

	// originScope, if set, is the scope every origin counts as
	// (SetOriginScope, for the tests).
	originScope fetch.Scope
}

// shared is what a Client and its clones have in common.
type shared struct {
	mu    sync.Mutex
	taken map[string]bool // output paths of the downloads running now
	// saidNoXattr: a download already said that its file system keeps no
	// extended attributes (noXattrOnce).
	saidNoXattr bool
	dirs        dirSyncs // fsyncs of the folders renames go to, shared
	// datasync makes a complete partial file's data durable before its
	// rename; nil means syncer's. Tests set it.
	datasync func(*os.File) error
	// syncer makes the data and folder syncs without holding a thread
	// of the Go scheduler while the disk works (see osfile.Syncer).
	syncer    osfile.Syncer
	buffers   fetch.Buffers // the read buffers of the downloads' connections
	totalOnce sync.Once
	total     *rate.Limiter
}

func (c *Client) shared() *shared {
	c.sharedOnce.Do(func() {
		if c.sh == nil {
			c.sh = &shared{}
			c.sh.dirs.syncer = &c.sh.syncer
		}
	})
	return c.sh
}

// Clone returns a copy of c whose settings can be changed for some
// downloads (another slice size, other headers through another HTTP
// client). c and its clones never pick the same output name at once, and
// share one TotalRateLimit (c's), the Cache and the Peers.
func (c *Client) Clone() *Client {
	return &Client{
		HTTP: c.httpClient(), Connections: c.Connections, Slice: c.Slice, Retry: c.Retry, StallTimeout: c.StallTimeout,
		LowestSpeed: c.LowestSpeed, RateLimit: c.RateLimit, TotalRateLimit: c.TotalRateLimit,
		Cache: c.Cache, Peers: c.Peers, PeerOptions: c.PeerOptions, MorePeers: c.MorePeers, FleetOf: c.FleetOf,
		sh: c.shared(), originScope: c.originScope,
	}
}

// Get downloads url into the current directory (or to path, if not "")
// with a zero Client, resuming a partial download of it if there is one.
func Get(ctx context.Context, url, path string) (*Result, error) {
	var c Client
	// Nobody can reach c afterwards: its idle connections would otherwise
	// hold a descriptor and two goroutines each until the idle timeout.
	defer func() {
		if c.HTTP != nil {
			c.HTTP.CloseIdle()
		}
	}()
	return c.Do(ctx, &Request{URL: url, Path: path})
}

// http is the Client's HTTP client in fetch's form, made on first use.
func (c *Client) http() *fetch.Client {
	c.httpOnce.Do(func() {
		if c.HTTP == nil {
			c.HTTP, _ = NewHTTPClient(HTTPOptions{Connections: max(c.connections(nil), c.maxConnections(nil))}) // zero options cannot fail
		}
	})
	return c.HTTP.f
}

// httpClient is Client.HTTP, made on first use.
func (c *Client) httpClient() *HTTPClient {
	c.http()
	return c.HTTP
}

// total is the limiter all downloads share, or nil.
func (c *Client) total() *rate.Limiter {
	sh := c.shared()
	sh.totalOnce.Do(func() {
		if c.TotalRateLimit > 0 {
			sh.total = newLimiter(c.TotalRateLimit)
		}
	})
	return sh.total
}

// AutoConnections, as Client.Connections (its zero value), lets each
// download find how many connections pay, up to Client.MaxConnections.
const AutoConnections = 0

// DefaultMaxConnections is the cap of AutoConnections when
// Client.MaxConnections is zero.
const DefaultMaxConnections = 16

// ConnectionLimit bounds Client.Connections, Client.MaxConnections and
// Request.Connections: each is from 0 to 64.
const ConnectionLimit = 64

// checkBounds refuses, before any request, a setting outside the bounds
// its doc gives: a *RequestError naming the field and the bounds.
func (c *Client) checkBounds(r *Request) error {
	out := func(field string, v int64, lo, hi int64) error {
		return &RequestError{Err: fmt.Errorf("%s %d: want 0 (the default) or %d to %d", field, v, lo, hi)}
	}
	if c.Slice != 0 && (c.Slice < MinSlice || c.Slice > MaxSlice) {
		return out("Client.Slice", c.Slice, MinSlice, MaxSlice)
	}
	for _, f := range []struct {
		name string
		v    int
	}{{"Client.Connections", c.Connections}, {"Client.MaxConnections", c.MaxConnections}, {"Request.Connections", r.Connections}} {
		if f.v < 0 || f.v > ConnectionLimit {
			return &RequestError{Err: fmt.Errorf("%s %d: want 0 to %d", f.name, f.v, ConnectionLimit)}
		}
	}
	return nil
}

// AutoStartConnections is how many connections a download of
// AutoConnections starts with: what the fixed default was before.
const AutoStartConnections = 4

// connections is how many connections a download starts with.
func (c *Client) connections(r *Request) int {
	switch {
	case r != nil && r.Connections > 0:
		return r.Connections
	case c.Connections > 0:
		return c.Connections
	}
	return min(AutoStartConnections, c.maxConnections(r))
}

// maxConnections is the most a download may grow to (fetch's
// Config.MaxConnections): zero when its count is fixed.
func (c *Client) maxConnections(r *Request) int {
	switch {
	case r != nil && r.Connections > 0, c.Connections > 0:
		return 0
	case c.MaxConnections > 0:
		return c.MaxConnections
	}
	return DefaultMaxConnections
}

func (c *Client) slice() int64 {
	if c.Slice > 0 {
		return c.Slice
	}
	return segment.DefaultSlice
}

// CloseIdle closes the idle connections of the Client: to origins and to
// peers. Call it when the Client is no longer used.
func (c *Client) CloseIdle() {
	c.http().CloseIdle() // through the Once that sets HTTP: a first Do may be setting it now
	c.setUpPeers()
	if r, ok := c.members.(interface{ CloseIdle() }); ok {
		r.CloseIdle()
	}
	c.peerMu.Lock()
	defer c.peerMu.Unlock()
	for _, p := range c.peerByAddr {
		p.CloseIdle()
	}
	c.shared().syncer.Close() // its ring, until the next sync
}

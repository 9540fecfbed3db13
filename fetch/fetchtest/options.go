// Options: how a Server describes and serves its one file.

package fetchtest

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"
)

// Option configures a Server; pass options to Start or NewServer. Options
// are applied in order, so a later option overrides an earlier one of the
// same kind (except WithFault, which accumulates).
type Option func(*config)

// Defaults used when no option says otherwise.
const (
	defaultSize        = 8 << 20
	defaultSeed        = 1
	defaultPath        = "/file.bin"
	defaultContentType = "application/octet-stream"
	defaultHost        = "127.0.0.1"
)

// defaultLastModified is the Last-Modified of every server that is not told
// otherwise; a fixed date keeps test output reproducible.
func defaultLastModified() time.Time {
	return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
}

// config is what the options build. Start copies it into the Server and
// never changes it afterwards.
type config struct {
	host         string                  // IP address to listen on
	port         int                     // see WithPort
	handlers     map[string]http.Handler // see WithHandler
	size         int64
	seed         uint64
	path         string
	etag         string // explicit ETag with quotes, without W/; "" derives one
	weak         bool
	noETag       bool
	lastMod      time.Time // zero means none
	contentType  string    // "" means no Content-Type header
	digest       digestMode
	disposition  string // "" means no Content-Disposition header
	cacheControl string // "" means no Cache-Control header
	noRanges     bool
	noLength     bool
	rate         int64 // bytes per second per connection; 0 means unlimited
	latency      time.Duration
	fill         int64 // bytes per second of WithFill; 0 means none
	redirects    int
	redirectTo   string // where the last hop goes; "" means the file
	loop         bool   // the last hop goes back to the first
	changeAfter  int    // 0 means never
	changeSize   int64
	resize       bool // Change sets the size to changeSize
	inPlace      bool // Change also changes the bytes of answers in flight
	faults       []FaultFunc
	connLimit    int         // see WithConnLimit
	damage       int64       // WithDamage's offset plus one; 0 means none
	otherFrom    int64       // WithOtherBytesFrom's offset plus one; 0 means none
	extra        [][2]string // WithHeader's name and value, in order
}

func defaultConfig() config {
	return config{
		host:        defaultHost,
		size:        defaultSize,
		seed:        defaultSeed,
		path:        defaultPath,
		lastMod:     defaultLastModified(),
		contentType: defaultContentType,
	}
}

// validate reports the first option that cannot be served.
func (c *config) validate() error {
	if err := c.validateListen(); err != nil {
		return err
	}
	switch {
	case net.ParseIP(c.host) == nil:
		return fmt.Errorf("fetchtest: host %q is not an IP address", c.host)
	case c.size < 0:
		return fmt.Errorf("fetchtest: negative size %d", c.size)
	case c.resize && c.changeSize < 0:
		return fmt.Errorf("fetchtest: negative change size %d", c.changeSize)
	case c.rate < 0:
		return fmt.Errorf("fetchtest: negative rate limit %d", c.rate)
	case c.fill < 0:
		return fmt.Errorf("fetchtest: negative fill rate %d", c.fill)
	case c.redirects < 0:
		return fmt.Errorf("fetchtest: negative redirect count %d", c.redirects)
	case c.loop && c.redirects < 1:
		return errors.New("fetchtest: a redirect loop needs at least one hop")
	case c.loop && c.redirectTo != "":
		return errors.New("fetchtest: a redirect loop never reaches WithRedirectTo")
	case c.changeAfter < 0:
		return fmt.Errorf("fetchtest: negative change-after count %d", c.changeAfter)
	case !strings.HasPrefix(c.path, "/"):
		return fmt.Errorf("fetchtest: path %q does not start with /", c.path)
	case c.redirects > 0 && strings.HasPrefix(c.path, redirectPrefix):
		return errors.New("fetchtest: file path collides with the redirect chain")
	}
	return nil
}

// WithSize sets the size of the file in bytes (default 8 MiB). Zero serves an
// empty file.
func WithSize(n int64) Option { return func(c *config) { c.size = n } }

// WithSeed sets the seed of the Content (default 1).
func WithSeed(seed uint64) Option { return func(c *config) { c.seed = seed } }

// WithPath sets the URL path of the file (default "/file.bin"). A path
// without a leading slash gets one.
func WithPath(p string) Option {
	return func(c *config) {
		if !strings.HasPrefix(p, "/") {
			p = "/" + p
		}
		c.path = p
	}
}

// WithETag sets the ETag header value, quotes included (`"v1"`); a W/ prefix
// makes it weak. Change keeps it unique by inserting a counter before the
// closing quote (`"v1-1"`, `"v1-2"`, ...). By default the ETag is strong and
// derived from the seed and size in hex (`"1-800000"`).
func WithETag(etag string) Option {
	return func(c *config) {
		c.noETag = false
		if rest, ok := strings.CutPrefix(etag, "W/"); ok {
			c.weak = true
			etag = rest
		}
		c.etag = etag
	}
}

// WithWeakETag sends the ETag as W/"...", which must never satisfy If-Range.
func WithWeakETag() Option { return func(c *config) { c.weak = true } }

// WithoutETag sends no ETag header.
func WithoutETag() Option { return func(c *config) { c.noETag = true } }

// WithLastModified sets the Last-Modified time (default 2026-01-02 03:04:05
// UTC). HTTP dates have one-second resolution; t is truncated to the second.
func WithLastModified(t time.Time) Option {
	return func(c *config) { c.lastMod = t.UTC().Truncate(time.Second) }
}

// WithoutLastModified sends no Last-Modified header.
func WithoutLastModified() Option { return func(c *config) { c.lastMod = time.Time{} } }

// WithContentType sets the Content-Type (default application/octet-stream).
// The empty string sends no Content-Type at all (and nothing is sniffed).
func WithContentType(ct string) Option { return func(c *config) { c.contentType = ct } }

// WithContentDisposition sends v verbatim as the Content-Disposition header
// of file responses.
func WithContentDisposition(v string) Option { return func(c *config) { c.disposition = v } }

// WithCacheControl sends v verbatim as the Cache-Control header of file
// responses ("max-age=3600" lets a cache in front that wants an explicit
// lifetime, as Apache Traffic Server does by default, store the file).
func WithCacheControl(v string) Option { return func(c *config) { c.cacheControl = v } }

// WithNoRanges makes the server ignore Range and If-Range: every GET gets 200
// and the full body, and no Accept-Ranges header is sent.
func WithNoRanges() Option { return func(c *config) { c.noRanges = true } }

// WithNoLength makes the server answer every file request with 200 and a
// chunked body without Content-Length, ignoring Range and conditional
// headers.
func WithNoLength() Option { return func(c *config) { c.noLength = true } }

// WithRateLimit throttles every TCP connection to bytesPerSec (like nginx
// limit_rate), headers included. Each connection has its own token bucket
// holding 10ms worth of bytes (at least 1 KiB), so a transfer of a few
// hundred milliseconds or more runs within a few percent of the rate. Zero
// means unlimited.
func WithRateLimit(bytesPerSec int64) Option { return func(c *config) { c.rate = bytesPerSec } }

// WithLatency delays the response headers of every request (file, redirect
// hop or 404) by d.
func WithLatency(d time.Duration) Option { return func(c *config) { c.latency = d } }

// WithRedirects makes FileURL start a chain of n 302 redirects:
// /redirect/1 -> /redirect/2 -> ... -> /redirect/n -> the file path. Every
// hop is logged; hops are not file requests (they do not count for faults or
// WithChangeAfter). It replaces WithRedirectLoop.
func WithRedirects(n int) Option { return func(c *config) { c.redirects, c.loop = n, false } }

// WithRedirectLoop makes FileURL start a chain of n 302 redirects whose
// last hop goes back to the first: /redirect/1 -> /redirect/2 ->
// /redirect/1 -> ... for n = 2, a hop to itself for n = 1. The file path
// itself still serves the file. It replaces WithRedirects.
func WithRedirectLoop(n int) Option { return func(c *config) { c.redirects, c.loop = n, true } }

// WithRedirectTo makes the last hop of the WithRedirects chain (one hop if
// none was asked for) redirect to location instead of the file path:
// usually another Server's FileURL, a mirror on another host (see
// WithHost). A mirror given WithNoRanges or WithFullOnRange is a
// redirect to a host that drops ranges.
func WithRedirectTo(location string) Option { return func(c *config) { c.redirectTo = location } }

// WithHost sets the IP address the server listens on (default 127.0.0.1),
// which is also the host of URL. On Linux every 127.x.y.z address is
// loopback, so a second Server on 127.0.0.2 is another host to a client:
// one that headers like Authorization and Cookie must not follow to.
func WithHost(ip string) Option { return func(c *config) { c.host = ip } }

// WithFill makes the server behave like a caching proxy that fetches the
// whole file from its start at bytesPerSec once, from Start on, and serves
// every request from that fill (squid with range_offset_limit none): the
// byte at offset o of the file is not sent before o/bytesPerSec seconds
// after Start. A range at offset o gets its headers at once and its first
// byte after that wait, and no response runs ahead of the fill. Zero means
// no fill.
func WithFill(bytesPerSec int64) Option { return func(c *config) { c.fill = bytesPerSec } }

// digestMode is which digest of the whole file the server sends.
type digestMode int

const (
	noDigest    digestMode = iota
	reprDigest             // Repr-Digest: sha-256=:BASE64: (RFC 9530)
	wrongDigest            // Repr-Digest of other bytes
	oldDigest              // Digest: SHA-256=BASE64 (RFC 3230)
)

// WithReprDigest sends Repr-Digest (RFC 9530), the SHA-256 of the whole
// current file, with every answer (206s included: it describes the
// representation, not the part sent).
func WithReprDigest() Option { return func(c *config) { c.digest = reprDigest } }

// WithWrongReprDigest sends a Repr-Digest that no version of the file
// has: an origin whose digest and bytes disagree.
func WithWrongReprDigest() Option { return func(c *config) { c.digest = wrongDigest } }

// WithLegacyDigest sends the older Digest header (RFC 3230) with the
// SHA-256 of the whole file.
func WithLegacyDigest() Option { return func(c *config) { c.digest = oldDigest } }

// WithChangeAfter calls Change once, just before the file request number
// n+1 is served (requests for other paths do not count). Zero means never.
func WithChangeAfter(n int) Option { return func(c *config) { c.changeAfter = n } }

// WithInPlaceChanges makes Change rewrite the file in place, as cp new old
// does under a server that sends with sendfile: answers in flight keep the
// headers of the version they started with, but their next bytes are the
// new version's (at the same offsets). Without it, an answer in flight
// keeps serving the version it started with.
func WithInPlaceChanges() Option { return func(c *config) { c.inPlace = true } }

// WithChangeSize makes Change also set the size to newSize.
func WithChangeSize(newSize int64) Option {
	return func(c *config) { c.changeSize, c.resize = newSize, true }
}

// WithFault adds a fault injector. It is called for every file request, in
// the order the WithFault options were given, until one returns a non-zero
// Fault. It may be given several times.
func WithFault(f FaultFunc) Option {
	return func(c *config) {
		if f != nil {
			c.faults = append(c.faults, f)
		}
	}
}

// Options: how a Server describes and serves its one file.

package fetchtest

import (
	"errors"
	"fmt"
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
)

// defaultLastModified is the Last-Modified of every server that is not told
// otherwise; a fixed date keeps test output reproducible.
func defaultLastModified() time.Time {
	return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
}

// config is what the options build. Start copies it into the Server and
// never changes it afterwards.
type config struct {
	size        int64
	seed        uint64
	path        string
	etag        string // explicit ETag with quotes, without W/; "" derives one
	weak        bool
	noETag      bool
	lastMod     time.Time // zero means none
	contentType string    // "" means no Content-Type header
	disposition string    // "" means no Content-Disposition header
	noRanges    bool
	noLength    bool
	rate        int64 // bytes per second per connection; 0 means unlimited
	latency     time.Duration
	redirects   int
	changeAfter int // 0 means never
	changeSize  int64
	resize      bool // Change sets the size to changeSize
	faults      []FaultFunc
}

func defaultConfig() config {
	return config{
		size:        defaultSize,
		seed:        defaultSeed,
		path:        defaultPath,
		lastMod:     defaultLastModified(),
		contentType: defaultContentType,
	}
}

// validate reports the first option that cannot be served.
func (c *config) validate() error {
	switch {
	case c.size < 0:
		return fmt.Errorf("fetchtest: negative size %d", c.size)
	case c.resize && c.changeSize < 0:
		return fmt.Errorf("fetchtest: negative change size %d", c.changeSize)
	case c.rate < 0:
		return fmt.Errorf("fetchtest: negative rate limit %d", c.rate)
	case c.redirects < 0:
		return fmt.Errorf("fetchtest: negative redirect count %d", c.redirects)
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
// WithChangeAfter).
func WithRedirects(n int) Option { return func(c *config) { c.redirects = n } }

// WithChangeAfter calls Change once, just before the file request number
// n+1 is served (requests for other paths do not count). Zero means never.
func WithChangeAfter(n int) Option { return func(c *config) { c.changeAfter = n } }

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

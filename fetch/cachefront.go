// Cache in front: what an answer shows of a cache between slget and the
// origin (Via, Age, X-Cache, Cache-Status, Server), and the request that
// learns whether that cache holds a range it was asked for.

package fetch

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/slget/slget/segment"
)

// CacheSignals is what one answer's headers say of a cache in front of the
// origin. The zero value shows none. The one reader of cache headers: the
// probe's detection and the message of a CutError both use it. Each value
// is cleaned for messages: no control characters, at most 120 bytes.
type CacheSignals struct {
	Via    string // the Via headers, joined by ", "
	Age    int64  // the Age header in seconds; -1 without one
	Lookup string // X-Varnish, X-Cache, X-Cache-Detail, X-Cache-Status, X-Cache-Lookup, Cache-Status, CF-Cache-Status, X-Served-By, as "Name: value" joined by "; "
	Server string // the Server header, when it names a cache (or Apache httpd, which may be one)
}

// cacheLookupHeaders are the headers caches add to say how, or by which
// node, they answered, in the order they are said.
var cacheLookupHeaders = []string{"X-Varnish", "X-Cache", "X-Cache-Detail", "X-Cache-Status", "X-Cache-Lookup", "Cache-Status", "CF-Cache-Status", "X-Served-By"}

// cacheServer reports whether a Server header names a product that may
// hold the file: Apache Traffic Server, squid, Varnish, one that calls
// itself a cache, or Apache httpd (mod_cache answers as the server when the
// origin behind names none; an origin's own Server header passes through
// instead).
func cacheServer(v string) bool {
	v = strings.ToLower(strings.TrimSpace(v))
	return cacheProduct(v) || v == "apache" || strings.HasPrefix(v, "apache/")
}

// cacheProduct reports whether a lower-case Server header names a cache
// and only a cache.
func cacheProduct(v string) bool {
	return strings.HasPrefix(v, "ats/") || strings.Contains(v, "trafficserver") ||
		strings.Contains(v, "squid") || strings.Contains(v, "varnish") || strings.Contains(v, "cache")
}

// cacheSignalsOf reads the cache signals of an answer's headers.
func cacheSignalsOf(h http.Header) CacheSignals {
	s := CacheSignals{Via: forMessage(strings.Join(h.Values("Via"), ", ")), Age: -1}
	if a := strings.TrimSpace(h.Get("Age")); a != "" {
		if n, err := strconv.ParseInt(a, 10, 64); err == nil && n >= 0 {
			s.Age = n
		}
	}
	var lookups []string
	for _, k := range cacheLookupHeaders {
		if v := forMessage(strings.Join(h.Values(k), ", ")); v != "" {
			lookups = append(lookups, k+": "+v)
		}
	}
	s.Lookup = strings.Join(lookups, "; ")
	if v := h.Get("Server"); cacheServer(v) {
		s.Server = forMessage(v)
	}
	return s
}

// forMessage cleans a header value for a message: without control
// characters and surrounding space, at most 120 bytes, cut between
// characters.
func forMessage(v string) string {
	v = strings.TrimSpace(strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return -1
		}
		return r
	}, v))
	if len(v) > 120 {
		cut := 120
		for cut > 0 && !utf8.RuneStart(v[cut]) {
			cut-- // not inside a character
		}
		v = v[:cut] + "…"
	}
	return v
}

// Said is what the headers say of the cache, for a message: "Via: 1.1
// varnish (Varnish/7.1); X-Varnish: 32770"; "" when they name no cache. An
// Age alone, or a Server that names Apache httpd (an origin as often as a
// cache), names none.
func (s CacheSignals) Said() string {
	var parts []string
	if s.Via != "" {
		parts = append(parts, "Via: "+s.Via)
	}
	if s.Lookup != "" {
		parts = append(parts, s.Lookup)
	}
	if s.Server != "" && cacheProduct(strings.ToLower(s.Server)) {
		parts = append(parts, "Server: "+s.Server)
	}
	return strings.Join(parts, "; ")
}

// Varnish reports whether the headers name Varnish.
func (s CacheSignals) Varnish() bool {
	return strings.Contains(s.Lookup, "X-Varnish:") || strings.Contains(strings.ToLower(s.Via+" "+s.Lookup+" "+s.Server), "varnish")
}

// Any reports whether the answer shows any sign of a cache.
func (s CacheSignals) Any() bool {
	return s.Via != "" || s.Age >= 0 || s.Lookup != "" || s.Server != ""
}

// Hit reports whether the answer says it came from the cache's store: a
// lookup header that says HIT. An Age does not say so: a cache that
// passes a miss on counts the time the origin took to answer in its Age
// (RFC 9111, section 4.2.3), in whole seconds, and adds the origin's own
// Age. Traffic Server says "Age: 2" of a range it passed on to an origin
// that took 1.5 s, and "Age: 1" of one whose answer crossed a second.
func (s CacheSignals) Hit() bool {
	l := strings.ToLower(s.Lookup)
	for _, f := range strings.Split(l, ";") {
		f = strings.TrimSpace(f)
		// "X-Cache: HIT from squid"; Cache-Status (RFC 9211) says "hit";
		// X-Cache-Lookup speaks of the lookup, not of the answer.
		if strings.HasPrefix(f, "x-cache-lookup:") {
			continue
		}
		if strings.Contains(f, ": hit") || strings.HasSuffix(f, "hit") {
			return true
		}
	}
	return false
}

// Squid reports whether the cache is squid: its Via or Server names it,
// or an X-Cache in squid's form ("MISS from HOST") comes with squid's
// X-Cache-Lookup, or with a Via that names no Apache httpd. Apache httpd's
// mod_cache with CacheHeader on sends the same X-Cache, but no Via (unless
// ProxyVia) and no X-Cache-Lookup: see Apache.
func (s CacheSignals) Squid() bool {
	if s.squidNamed() {
		return true
	}
	return s.xCacheFrom() && !s.Apache()
}

// squidNamed reports whether the Via or the Server names squid.
func (s CacheSignals) squidNamed() bool {
	return strings.Contains(strings.ToLower(s.Via+" "+s.Server), "squid")
}

// xCacheFrom reports whether an X-Cache says "WORD from HOST", as squid's
// and Apache httpd's do.
func (s CacheSignals) xCacheFrom() bool {
	for _, f := range strings.Split(s.Lookup, "; ") {
		if strings.HasPrefix(f, "X-Cache: ") && strings.Contains(f, " from ") {
			return true
		}
	}
	return false
}

// Apache reports whether the answer shows Apache httpd (which may be a
// cache with mod_cache, storing only whole 200 answers), and not squid:
// its X-Cache-Detail (CacheDetailHeader on), its Server or Via, an X-Cache
// word only mod_cache says (REVALIDATE, INVALIDATE), or an X-Cache in the
// form "MISS from HOST" (CacheHeader on) without squid's Via and
// X-Cache-Lookup. A squid with `via off` built without cache digests sends
// the same X-Cache alone, and is taken for Apache httpd: one whole answer
// through it costs the origin the file once, as ranges through it do.
func (s CacheSignals) Apache() bool {
	if s.squidNamed() {
		return false
	}
	l := strings.ToLower(s.Server)
	switch {
	case strings.Contains(s.Lookup, "X-Cache-Detail: "),
		l == "apache" || strings.HasPrefix(l, "apache/"),
		strings.Contains(strings.ToLower(s.Via), "(apache/"),
		strings.Contains(s.Lookup, "X-Cache: REVALIDATE from ") || strings.Contains(s.Lookup, "X-Cache: INVALIDATE from "):
		return true
	}
	return s.xCacheFrom() && s.Via == "" && !strings.Contains(s.Lookup, "X-Cache-Lookup: ")
}

// Name is a short name of the cache for messages: the product when the
// answer names one, else what shows it.
func (s CacheSignals) Name() string {
	l := strings.ToLower(s.Via + " " + s.Server)
	switch {
	case s.Squid():
		return "squid"
	case strings.Contains(l, "trafficserver") || strings.Contains(l, "traffic_server") || strings.HasPrefix(strings.ToLower(s.Server), "ats/"):
		return "Apache Traffic Server"
	case s.Varnish():
		return "Varnish"
	case s.Apache():
		return "Apache httpd"
	case s.Via != "":
		return "Via: " + s.Via
	}
	return "a cache"
}

// Holding is what a cache in front says of a range it was asked for.
type Holding int

// The answers of Origin.Holds.
const (
	HoldUnknown Holding = iota // the answer says neither (no cache, or one that ignores only-if-cached)
	HoldYes                    // the cache answered the range from what it holds or is filling
	HoldNo                     // the cache holds none of it (504, as only-if-cached asks)
	// HoldWhole: the cache answered with the whole file of the pinned
	// version instead of the range: it holds or fills the whole answer,
	// and serves no range of it until it is complete (squid filling an
	// object it will store).
	HoldWhole
)

// Holds asks the cache in front, with Cache-Control: only-if-cached, for
// the range r of the version being downloaded; a cache that honours it
// never asks the origin. HoldYes needs the exact range of the pinned
// version, HoldWhole its whole answer. At most 64 KiB of the answer is
// read. The caller asks for the first byte: the one request of slget
// that is less than a slice, which only-if-cached keeps from the origin,
// and which a cache answers from whatever it holds of slice 0.
func (o *Origin) Holds(ctx context.Context, r segment.Range) (Holding, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, o.URL, nil)
	if err != nil {
		return HoldUnknown, err
	}
	o.Client.newRequest(req, o.Given)
	req.Header.Set("Range", r.Header())
	req.Header.Set("Cache-Control", "only-if-cached")
	resp, err := o.Client.HTTP.Do(req)
	if err != nil {
		return HoldUnknown, roundTripErr(err)
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	switch resp.StatusCode {
	case http.StatusGatewayTimeout:
		return HoldNo, nil
	case http.StatusPartialContent:
		cr, err := ParseContentRange(resp.Header.Get("Content-Range"))
		got := validatorOf(resp.Header, cr.Total)
		if ok, _ := checkRangeResponse(resp, err, cr, r, o.Validator.Size); ok && o.Validator.Differs(got) == "" {
			return HoldYes, nil
		}
	case http.StatusOK:
		if identity(resp.Header.Get("Content-Encoding")) && o.Validator.Differs(validatorOf(resp.Header, resp.ContentLength)) == "" {
			return HoldWhole, nil
		}
	}
	return HoldUnknown, nil
}

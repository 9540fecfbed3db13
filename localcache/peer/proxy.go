// Request parsing for the peer server: the origin URL of a proxy request, its
// Range, its version pin, its encodings and its credentials. Pure functions
// of the request: nothing here touches the network or the disk.

package peer

import (
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// maxRangeHeader bounds the Range header a request may carry: one range of
// two 18-digit numbers fits many times over.
const maxRangeHeader = 256

// target is the origin resource a proxy request asks for.
type target struct {
	url      *url.URL // absolute, http or https, no userinfo or fragment
	hostPort string   // lower-case host and explicit port, for the allowed origins
	host     string   // lower-case host without port
}

// String is the URL as the cache keys it.
func (t target) String() string { return t.url.String() }

// Errors of parsing, each answered with its own status (see statusOf).
var (
	errNotProxy    = errors.New("send the origin's absolute URL (GET http://host/path), as to a forward proxy")
	errBadURL      = errors.New("the URL is not an absolute http:// or https:// URL with a host")
	errCredentials = errors.New("the peer cache does not forward credentials (userinfo in the URL, Authorization or Cookie): fetch private files directly")
	errMultiRange  = errors.New("one range per request, please")
	errBadRange    = errors.New("malformed Range header")
)

// parseTarget returns the origin a proxy request asks for. r.URL is in
// absolute form for a proxy request ("GET http://host/path"); anything
// else is errNotProxy.
func parseTarget(r *http.Request) (target, error) {
	if r.URL == nil || !r.URL.IsAbs() {
		return target{}, errNotProxy
	}
	u := *r.URL
	if u.Scheme != "http" && u.Scheme != "https" {
		return target{}, errBadURL
	}
	if u.User != nil {
		return target{}, errCredentials
	}
	if u.Opaque != "" || u.Host == "" || strings.ContainsAny(u.Host, "\\@ \x00") {
		return target{}, errBadURL
	}
	u.Fragment, u.RawFragment = "", ""
	u.Host = strings.ToLower(u.Host)
	host, port, err := net.SplitHostPort(u.Host)
	if err != nil {
		host, port = u.Host, ""
		if strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]") {
			host = host[1 : len(host)-1]
		}
	}
	if host == "" {
		return target{}, errBadURL
	}
	def := "80"
	if u.Scheme == "https" {
		def = "443"
	}
	switch n, err := strconv.Atoi(port); {
	case port == "":
		port = def
	case err != nil || n < 1 || n > 65535:
		return target{}, errBadURL
	case port == def:
		// http://h:80/x is http://h/x: one key, as cache purge finds it.
		u.Host = strings.TrimSuffix(u.Host, ":"+port)
	}
	if u.Path == "" {
		u.Path = "/"
	}
	return target{url: &u, host: host, hostPort: net.JoinHostPort(host, port)}, nil
}

// allowList is the set of origins fills may come from: "host" allows the
// host on the default port of either scheme (80, 443), "host:port" that
// port only. Names are compared in lower case, exactly: no wildcards, no
// suffixes.
type allowList map[string]bool

func newAllowList(entries []string) (allowList, error) {
	a := make(allowList)
	for _, e := range entries {
		e = strings.ToLower(strings.TrimSpace(e))
		if e == "" || strings.ContainsAny(e, "/@ *\\") {
			return nil, errors.New("allowed origin " + strconv.Quote(e) + ": want a host name or host:port, without scheme, path or wildcard")
		}
		if h, p, err := net.SplitHostPort(e); err == nil {
			if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 || h == "" {
				return nil, errors.New("allowed origin " + strconv.Quote(e) + ": the port is not between 1 and 65535")
			}
			a[net.JoinHostPort(h, p)] = true
			continue
		}
		e = strings.TrimSuffix(strings.TrimPrefix(e, "["), "]")
		a[net.JoinHostPort(e, "80")] = true
		a[net.JoinHostPort(e, "443")] = true
	}
	return a, nil
}

func (a allowList) allows(hostPort string) bool { return a[hostPort] }

// hostPortOf is the host:port of u, with the scheme's default port.
func hostPortOf(u *url.URL) string {
	host, port := strings.ToLower(u.Hostname()), u.Port()
	if port == "" {
		port = "80"
		if u.Scheme == "https" {
			port = "443"
		}
	}
	return net.JoinHostPort(host, port)
}

// byteRange is a parsed Range header: a single range, resolved against a
// size by resolve.
type byteRange struct {
	first, last int64 // last -1: open-ended ("bytes=N-")
	suffix      int64 // > 0: the last suffix bytes ("bytes=-N"); first and last unused
}

// parseRange parses a Range header value. ok is false when there is none.
// Several ranges are errMultiRange, anything that is not "bytes=A-B",
// "bytes=A-" or "bytes=-N" is errBadRange. It never panics.
func parseRange(v string) (br byteRange, ok bool, err error) {
	if v == "" {
		return byteRange{}, false, nil
	}
	if len(v) > maxRangeHeader {
		return byteRange{}, true, errBadRange
	}
	unit, spec, found := strings.Cut(v, "=")
	if !found || !strings.EqualFold(strings.TrimSpace(unit), "bytes") {
		return byteRange{}, true, errBadRange
	}
	if strings.Contains(spec, ",") {
		return byteRange{}, true, errMultiRange
	}
	spec = strings.TrimSpace(spec)
	a, b, found := strings.Cut(spec, "-")
	if !found {
		return byteRange{}, true, errBadRange
	}
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	if a == "" {
		n, err := decimal(b)
		if err != nil {
			return byteRange{}, true, errBadRange
		}
		if n == 0 {
			// "bytes=-0" is valid syntax that no byte satisfies.
			return byteRange{suffix: 0, first: -1}, true, nil
		}
		return byteRange{suffix: n}, true, nil
	}
	first, err := decimal(a)
	if err != nil {
		return byteRange{}, true, errBadRange
	}
	if b == "" {
		return byteRange{first: first, last: -1}, true, nil
	}
	last, err := decimal(b)
	if err != nil || last < first {
		return byteRange{}, true, errBadRange
	}
	return byteRange{first: first, last: last}, true, nil
}

// resolve returns the byte range [start, end) of a resource of size bytes
// that br asks for, clipped to the size; ok is false when no byte of it is
// there (416).
func (br byteRange) resolve(size int64) (start, end int64, ok bool) {
	switch {
	case br.suffix > 0:
		if size == 0 {
			return 0, 0, false
		}
		return max(size-br.suffix, 0), size, true
	case br.first < 0 || br.first >= size:
		return 0, 0, false
	case br.last < 0 || br.last >= size:
		return br.first, size, true
	}
	return br.first, br.last + 1, true
}

// decimal parses a non-negative decimal of at most 18 digits.
func decimal(s string) (int64, error) {
	if s == "" || len(s) > 18 {
		return 0, errBadRange
	}
	var n int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, errBadRange
		}
		n = n*10 + int64(c-'0')
	}
	return n, nil
}

// etagList is a parsed If-Match or If-None-Match: a list of entity tags, or
// any ("*").
type etagList struct {
	any  bool
	tags []string // as sent, quotes (and W/) included
}

// parseETags parses the values of an If-Match or If-None-Match header.
// Entity tags are quoted strings, optionally W/-prefixed, separated by
// commas; whatever does not parse is left out, so a garbled list matches
// nothing.
func parseETags(values []string) (etagList, bool) {
	if len(values) == 0 {
		return etagList{}, false
	}
	var l etagList
	for _, v := range values {
		for v = strings.TrimSpace(v); v != ""; v = strings.TrimSpace(v) {
			if v[0] == ',' {
				v = v[1:]
				continue
			}
			if v[0] == '*' {
				l.any = true
				v = v[1:]
				continue
			}
			weak := strings.HasPrefix(v, "W/")
			rest := v
			if weak {
				rest = v[2:]
			}
			if rest == "" || rest[0] != '"' {
				// Not an entity tag: skip to the next comma.
				_, v, _ = strings.Cut(v, ",")
				continue
			}
			end := strings.IndexByte(rest[1:], '"')
			if end < 0 {
				break
			}
			tag := rest[:end+2]
			if weak {
				tag = "W/" + tag
			}
			l.tags = append(l.tags, tag)
			v = rest[end+2:]
		}
	}
	return l, true
}

// matchStrong reports whether etag, a strong entity tag, is in l by the
// strong comparison of If-Match: weak tags never match.
func (l etagList) matchStrong(etag string) bool {
	if l.any {
		return true
	}
	for _, t := range l.tags {
		if t == etag && !strings.HasPrefix(t, "W/") {
			return true
		}
	}
	return false
}

// matchWeak reports whether etag is in l by the weak comparison of
// If-None-Match.
func (l etagList) matchWeak(etag string) bool {
	if l.any {
		return true
	}
	e := strings.TrimPrefix(etag, "W/")
	for _, t := range l.tags {
		if strings.TrimPrefix(t, "W/") == e {
			return true
		}
	}
	return false
}

// pins returns the strong tags a requester pins with If-Match: nil for
// none or "*" (no pin), else the list (which may be empty if nothing in it
// parsed: then nothing matches).
func (l etagList) pins() []string {
	if l.any {
		return nil
	}
	out := make([]string, 0, len(l.tags))
	for _, t := range l.tags {
		if !strings.HasPrefix(t, "W/") {
			out = append(out, t)
			if p, ok := plainETag(t); ok {
				out = append(out, p) // the tag of a zstd answer pins its version
			}
		}
	}
	return out
}

// acceptsZstd reports whether an Accept-Encoding header lists zstd with a
// quality above zero.
func acceptsZstd(values []string) bool { return listsAbove0(values, "zstd") }

// listsAbove0 reports whether the values of a header of Accept's kind (a
// list of names with parameters) list want with a quality above zero.
func listsAbove0(values []string, want string) bool {
	for _, v := range values {
		for _, part := range strings.Split(v, ",") {
			name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
			if !strings.EqualFold(strings.TrimSpace(name), want) {
				continue
			}
			q := 1.0
			for _, p := range strings.Split(params, ";") {
				k, val, _ := strings.Cut(strings.TrimSpace(p), "=")
				if strings.EqualFold(strings.TrimSpace(k), "q") {
					f, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
					if err != nil {
						f = 0
					}
					q = f
				}
			}
			if q > 0 {
				return true
			}
		}
	}
	return false
}

// hasCredentials reports whether a request carries credentials meant for
// the origin, which the peer neither forwards nor caches under.
func hasCredentials(r *http.Request) bool {
	return r.Header.Get("Authorization") != "" || r.Header.Get("Cookie") != ""
}

// tokenOK reports whether an authorization header value carries token:
// "Bearer TOKEN", or "Basic base64(anyuser:TOKEN)". The comparison takes
// the same time whatever the value.
func tokenOK(header, token string) bool {
	scheme, cred, _ := strings.Cut(strings.TrimSpace(header), " ")
	cred = strings.TrimSpace(cred)
	var got string
	switch {
	case strings.EqualFold(scheme, "Bearer"):
		got = cred
	case strings.EqualFold(scheme, "Basic"):
		b, err := base64.StdEncoding.DecodeString(cred)
		if err != nil {
			return false
		}
		_, pw, ok := strings.Cut(string(b), ":")
		if !ok {
			return false
		}
		got = pw
	default:
		return false
	}
	return subtle.ConstantTimeCompare([]byte(got), []byte(token)) == 1
}

// clientIP is the address a request came from, without its port: the key
// of the per-client rate limit.
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// Probe: the first request of a download, a ranged GET of slice 0.

package fetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"github.com/slget/slget/segment"
)

// Probe is what the first request learned about the resource.
type Probe struct {
	URL         string    // as given
	FinalURL    string    // after redirects; every later request goes here
	Validator   Validator // Size is -1 when the server sent no length
	Ranged      bool      // the server answered 206: slices can be fetched in parallel
	Filename    string    // sanitised name from Content-Disposition, "" if none
	ContentType string
	// Digest is the origin's digest of the whole file (Repr-Digest, or
	// the older Digest), nil when it sent none that slget can check.
	Digest *Digest
	// Cache is what the answer shows of a cache in front of the origin.
	Cache CacheSignals
	// Links are the answer's Link header values, unparsed: the mirrors
	// it names (rel=duplicate) and its Metalink (rel=describedby).
	Links []string
	// HTTP2 says the answer came over HTTP/2 (offered by ALPN on HTTPS).
	HTTP2 bool
	// Scope is the scope of the address the answer came from: the sources
	// this server names are held to it (Client.Within). Through a proxy,
	// which dials for slget, it is the URL's host's when that is an
	// address, else public.
	Scope Scope
	// Body is slice 0 when Ranged (exactly Plan.SliceRange(0) bytes), else
	// the whole resource. The caller must close it.
	Body io.ReadCloser
	// given is the URL whose host alone gets the user's credentials (URL
	// as ParseURL read it, unless another was given), for NewOrigin; nil
	// when the probe did not parse it.
	given *url.URL
}

// ParseURL checks that s is an absolute http or https URL and returns it
// without its fragment.
func ParseURL(s string) (*url.URL, error) {
	u, err := url.Parse(s)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // without the URL, which may hold a password
		}
		return nil, fmt.Errorf("%q is not a valid URL: %v", Redact(s), err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("%q: only http:// and https:// URLs are supported", Redact(s))
	}
	if u.Hostname() == "" { // "http://:80/" would dial this machine
		return nil, fmt.Errorf("%q: the URL has no host", Redact(s))
	}
	if p := u.Port(); p != "" {
		if n, err := parseNum(p); err != nil || n < 1 || n > 65535 {
			return nil, fmt.Errorf("%q: port %s is not between 1 and 65535", Redact(s), p)
		}
	}
	u.Fragment, u.RawFragment = "", ""
	// What is returned must read back as itself: a journal stores it and
	// the next run parses it again. net/url accepts some hosts (an IPv6
	// zone with bytes that are not UTF-8) that it then writes in a form it
	// refuses.
	written := u.String()
	again, err := url.Parse(written)
	if err != nil || again.String() != written {
		why := "it does not read back the same once written"
		var ue *url.Error
		if errors.As(err, &ue) {
			why = ue.Err.Error()
		}
		return nil, fmt.Errorf("%q is not a valid URL: %s", Redact(s), why)
	}
	return u, nil
}

// Probe asks for the first slice of rawURL with Range: bytes=0-(slice-1),
// following redirects. It does not retry; see ProbeRetry.
func (c *Client) Probe(ctx context.Context, rawURL string, slice int64) (*Probe, error) {
	return c.ProbeSince(ctx, rawURL, slice, time.Time{})
}

// ErrNotModified is the error of ProbeSince when the resource has not
// changed since the time given (304).
var ErrNotModified = errors.New("the remote file is not newer than the local one")

// ProbeSince is Probe with If-Modified-Since: since (unless since is
// zero); a resource not modified since then gives ErrNotModified.
func (c *Client) ProbeSince(ctx context.Context, rawURL string, slice int64, since time.Time) (*Probe, error) {
	u, err := ParseURL(rawURL)
	if err != nil {
		return nil, err
	}
	return c.ProbeParsed(ctx, rawURL, u, slice, since)
}

// ProbeParsed is ProbeSince of rawURL that ParseURL has parsed as u: the
// caller that holds u already does not parse it again (nor does
// NewOrigin, given this Probe). u is not changed.
func (c *Client) ProbeParsed(ctx context.Context, rawURL string, u *url.URL, slice int64, since time.Time) (*Probe, error) {
	return c.ProbeParsedFor(ctx, rawURL, u, u, slice, since)
}

// ProbeParsedFor is ProbeParsed of a URL another server named (a mirror
// of a Metalink read from a URL): the user's credentials go only to
// given's host, and so do those of the Origin made of the Probe.
func (c *Client) ProbeParsedFor(ctx context.Context, rawURL string, u, given *url.URL, slice int64, since time.Time) (*Probe, error) {
	var opts []func(*http.Request)
	if !since.IsZero() {
		opts = append(opts, func(r *http.Request) { r.Header.Set("If-Modified-Since", since.UTC().Format(http.TimeFormat)) })
	}
	p, err := c.probe(ctx, u.String(), given, slice, opts...)
	if p != nil {
		p.URL, p.given = rawURL, given
	}
	return p, err
}

// ProbeRetry is Probe under the retry policy every slice has. onRetry, if
// not nil, is told about each failed try before the wait.
func (c *Client) ProbeRetry(ctx context.Context, rawURL string, slice int64, policy RetryPolicy, onRetry func(try int, err error, wait time.Duration)) (*Probe, error) {
	var p *Probe
	err := policy.Do(ctx, func() error {
		var err error
		p, err = c.Probe(ctx, rawURL, slice)
		return err
	}, onRetry)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// probe asks target for its first slice; given is the URL the user gave,
// whose host alone gets the user's credentials.
func (c *Client) probe(ctx context.Context, target string, given *url.URL, slice int64, opts ...func(*http.Request)) (*Probe, error) {
	asked := segment.Range{Start: 0, End: slice}
	ranged := func(r *http.Request) { r.Header.Set("Range", asked.Header()) }
	resp, p, err := c.ask(ctx, http.MethodGet, target, given, append([]func(*http.Request){ranged}, opts...)...)
	if err != nil {
		return nil, err
	}
	switch resp.StatusCode {
	case http.StatusPartialContent:
		cr, err := ParseContentRange(resp.Header.Get("Content-Range"))
		want := segment.Range{Start: 0, End: min(slice, cr.Total)}
		if err == nil && cr.Total < 0 {
			err = fmt.Errorf("no total size")
		}
		if ok, why := checkRangeResponse(resp, err, cr, want, cr.Total); !ok {
			resp.Body.Close()
			return nil, &RangeError{URL: p.FinalURL, Asked: asked.Header(), ContentRange: resp.Header.Get("Content-Range"), Reason: why}
		}
		p.Ranged = true
		p.Validator = validatorOf(resp.Header, cr.Total)
		p.Body = exactBody(resp.Body, want.Len())
	case http.StatusOK:
		if ce := resp.Header.Get("Content-Encoding"); !identity(ce) {
			resp.Body.Close()
			return nil, &RangeError{URL: p.FinalURL, Asked: asked.Header(), Reason: fmt.Sprintf("the whole file came encoded (Content-Encoding: %s), not as its own bytes", ce)}
		}
		p.Validator = validatorOf(resp.Header, resp.ContentLength)
		p.Body = resp.Body
		if resp.ContentLength >= 0 {
			p.Body = exactBody(resp.Body, resp.ContentLength)
		}
	case http.StatusNotModified:
		resp.Body.Close()
		return nil, ErrNotModified
	case http.StatusRequestedRangeNotSatisfiable:
		// Slice 0 of an empty resource: "bytes */0".
		cr, err := ParseContentRange(resp.Header.Get("Content-Range"))
		resp.Body.Close()
		if err != nil || cr.Total != 0 {
			return nil, &HTTPError{URL: p.FinalURL, Status: resp.StatusCode}
		}
		p.Ranged = true
		p.Validator = validatorOf(resp.Header, 0)
		p.Body = http.NoBody
	default:
		io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		resp.Body.Close()
		return nil, &HTTPError{URL: p.FinalURL, Status: resp.StatusCode, RetryAfter: retryAfter(resp.Header, time.Now())}
	}
	return p, nil
}

// ErrHeadNotEnough is the error of ProbeHead when the HEAD answer does not
// prove what a ranged download from other sources needs; the caller then
// probes with a GET, which also tells why.
var ErrHeadNotEnough = errors.New("the HEAD answer does not show a strong ETag, a length and byte ranges")

// ProbeHead asks for rawURL's headers alone, with HEAD, following
// redirects. It serves a download whose slices come first from a cache or
// peers: the origin tells the version (the strong ETag and the size) without
// sending slice 0, which a peer may already hold. Unless the answer is a
// 200 with a strong ETag, a length above zero, "Accept-Ranges: bytes" and
// no Content-Encoding, the error is ErrHeadNotEnough (a server that refuses
// HEAD, a URL signed for GET alone). The Probe has no Body, and the
// exact-range check every slice response gets stands in for the one a GET
// probe would have had.
func (c *Client) ProbeHead(ctx context.Context, rawURL string) (*Probe, error) {
	return c.ProbeHeadFor(ctx, rawURL, nil)
}

// ProbeHeadFor is ProbeHead of a URL another server named (a mirror in a
// Link header): the user's credentials go only to given's host; nil
// given is rawURL itself.
func (c *Client) ProbeHeadFor(ctx context.Context, rawURL string, given *url.URL) (*Probe, error) {
	u, err := ParseURL(rawURL)
	if err != nil {
		return nil, err
	}
	if given == nil {
		given = u
	}
	resp, p, err := c.ask(ctx, http.MethodHead, u.String(), given)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	p.URL, p.Ranged, p.Validator = rawURL, true, validatorOf(resp.Header, resp.ContentLength)
	if resp.StatusCode != http.StatusOK || resp.ContentLength <= 0 || !identity(resp.Header.Get("Content-Encoding")) ||
		!acceptsBytes(resp.Header) || p.Validator.Strength() != StrongETag {
		return nil, ErrHeadNotEnough
	}
	return p, nil
}

// acceptsBytes says whether h has "Accept-Ranges: bytes".
func acceptsBytes(h http.Header) bool {
	for _, v := range h.Values("Accept-Ranges") {
		for _, f := range strings.Split(v, ",") {
			if strings.EqualFold(strings.TrimSpace(f), "bytes") {
				return true
			}
		}
	}
	return false
}

// ask sends a method request for target, following redirects, with the
// user's headers (credentials only for given's host) and then opts, and
// returns the answer and a Probe of what any answer tells: the final URL,
// the type and the file name.
func (c *Client) ask(ctx context.Context, method, target string, given *url.URL, opts ...func(*http.Request)) (*http.Response, *Probe, error) {
	req, err := http.NewRequestWithContext(ctx, method, target, nil)
	if err != nil {
		return nil, nil, err
	}
	c.newRequest(req, given)
	req.Header.Set("Want-Repr-Digest", WantReprDigest)
	for _, o := range opts {
		o(req)
	}
	var remote atomic.Pointer[net.Addr] // of the last connection: the final answer's
	if _, ours := c.HTTP.Transport.(*transport); ours {
		req = req.WithContext(context.WithValue(ctx, remoteKey{}, &remote))
	} else {
		req = req.WithContext(httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{
			GotConn: func(ci httptrace.GotConnInfo) {
				a := ci.Conn.RemoteAddr()
				remote.Store(&a)
			},
		}))
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return nil, nil, roundTripErr(redirectError(err))
	}
	p := &Probe{
		URL:         target,
		FinalURL:    resp.Request.URL.String(),
		ContentType: resp.Header.Get("Content-Type"),
		Filename:    FilenameFromDisposition(resp.Header.Get("Content-Disposition")),
		Cache:       cacheSignalsOf(resp.Header),
		Links:       resp.Header.Values("Link"),
		HTTP2:       resp.ProtoMajor == 2,
	}
	var ra net.Addr
	if a := remote.Load(); a != nil {
		ra = *a
	}
	p.Scope = c.scopeOfAnswer(resp.Request.URL, ra)
	if d, ok := DigestOf(resp.Header); ok {
		p.Digest = &d
	}
	return resp, p, nil
}

// exactBody returns a reader of exactly n bytes of rc: an early EOF is
// ErrShortBody, and anything past n is never read.
func exactBody(rc io.ReadCloser, n int64) io.ReadCloser {
	return &exactReader{rc: rc, left: n}
}

type exactReader struct {
	rc   io.ReadCloser
	left int64
}

func (e *exactReader) Read(p []byte) (int, error) {
	n, err := readUpTo(e.rc, p, &e.left)
	switch {
	case err == io.ErrUnexpectedEOF && e.left > 0:
		return n, ErrShortBody // as Source promises
	case err == nil && e.left == 0:
		// Read the body's own end, so that net/http sees it read to EOF
		// and keeps the connection for the next request instead of
		// closing it. Its length is the range's, so the end is there
		// already and this does not wait.
		var one [1]byte
		e.rc.Read(one[:])
		return n, nil
	}
	return n, err
}

func (e *exactReader) Close() error { return e.rc.Close() }

// readUpTo reads into p at most *left more bytes of r and counts them off.
// It returns io.EOF once *left is used up; an io.EOF of r's before that is
// ErrShortBody.
func readUpTo(r io.Reader, p []byte, left *int64) (int, error) {
	if *left <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > *left {
		p = p[:*left]
	}
	n, err := r.Read(p)
	*left -= int64(n)
	if err == io.EOF && *left > 0 {
		err = ErrShortBody
	}
	return n, err
}

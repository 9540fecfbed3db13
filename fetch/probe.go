// Probe: the first request of a download, a ranged GET of slice 0.

package fetch

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
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
	// Body is slice 0 when Ranged (exactly Plan.SliceRange(0) bytes), else
	// the whole resource. The caller must close it.
	Body io.ReadCloser
}

// ParseURL checks that s is an absolute http or https URL and returns it
// without its fragment.
func ParseURL(s string) (*url.URL, error) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, fmt.Errorf("%q is not a valid URL: %v", s, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("%q: only http:// and https:// URLs are supported", s)
	}
	if u.Host == "" {
		return nil, fmt.Errorf("%q: the URL has no host", s)
	}
	u.Fragment, u.RawFragment = "", ""
	return u, nil
}

// Probe asks for the first slice of rawURL with Range: bytes=0-(slice-1),
// following redirects. It does not retry; see Retryable.
func (c *Client) Probe(ctx context.Context, rawURL string, slice int64) (*Probe, error) {
	u, err := ParseURL(rawURL)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, err
	}
	c.newRequest(req)
	asked := segment.Range{Start: 0, End: slice}
	req.Header.Set("Range", asked.Header())
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return nil, err
	}
	p := &Probe{
		URL:         rawURL,
		FinalURL:    resp.Request.URL.String(),
		ContentType: resp.Header.Get("Content-Type"),
		Filename:    FilenameFromDisposition(resp.Header.Get("Content-Disposition")),
	}
	switch resp.StatusCode {
	case http.StatusPartialContent:
		cr, err := ParseContentRange(resp.Header.Get("Content-Range"))
		if err != nil || cr.Total < 0 {
			resp.Body.Close()
			return nil, &RangeError{URL: p.FinalURL, Asked: asked.Header(), ContentRange: resp.Header.Get("Content-Range")}
		}
		want := segment.Range{Start: 0, End: min(slice, cr.Total)}
		if !cr.Matches(want, cr.Total) {
			resp.Body.Close()
			return nil, &RangeError{URL: p.FinalURL, Asked: asked.Header(), ContentRange: resp.Header.Get("Content-Range")}
		}
		p.Ranged = true
		p.Validator = validatorOf(resp.Header, cr.Total)
		p.Body = exactBody(resp.Body, want.Len())
	case http.StatusOK:
		p.Validator = validatorOf(resp.Header, resp.ContentLength)
		p.Body = resp.Body
		if resp.ContentLength >= 0 {
			p.Body = exactBody(resp.Body, resp.ContentLength)
		}
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
	if e.left <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > e.left {
		p = p[:e.left]
	}
	n, err := e.rc.Read(p)
	e.left -= int64(n)
	if err == io.ErrUnexpectedEOF && e.left > 0 {
		return n, ErrShortBody // as Source promises
	}
	if err == io.EOF {
		if e.left > 0 {
			return n, ErrShortBody
		}
		return n, io.EOF
	}
	if e.left == 0 && err == nil && n > 0 {
		return n, nil
	}
	return n, err
}

func (e *exactReader) Close() error { return e.rc.Close() }

// Source: where slice bytes come from; Origin is the HTTP origin itself.

package fetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/slget/slget/segment"
)

// A Source delivers exactly the bytes of a slice-aligned range of one
// version of the resource. Open returns a body of exactly r.Len() bytes
// (an early end reads as ErrShortBody) that says where its bytes came from,
// or an error; it never returns bytes of another version. The local cache
// and peers are Sources too, and a Source may answer one range from the
// cache and the next from the origin.
type Source interface {
	Open(ctx context.Context, r segment.Range) (Body, error)
}

// Precondition modes, from the best to the last resort.
//
// Every ranged request pins the version with a precondition: If-Match with
// a strong ETag, else If-Unmodified-Since with Last-Modified. A server whose
// file changed answers 412 instead of sending bytes of another version.
//
// Why not If-Range: nginx's slice module, given a request with If-Range,
// starts at slice 0 of the file whatever the Range says (it must see the
// first slice to evaluate If-Range), so every request for slice k makes the
// cache fetch or read slices 0 to k, and concurrent first requests each
// fetch the same slices from the origin. If-Match is evaluated by nginx
// against the slice it serves, is passed to origins without a cache, and
// when the file changed it costs a 412, not a whole body. Every 206 is still
// checked against the ETag (or Last-Modified) and the exact Content-Range,
// so a server that ignores the precondition cannot slip another version in.
const (
	pinETag int32 = iota
	pinDate
	pinNone
)

// Origin fetches ranges from the origin server at URL and checks that each
// response is the exact range of the version Validator describes.
type Origin struct {
	Client    *Client
	URL       string    // the final URL after the probe's redirects
	Given     *url.URL  // the URL the user gave: its host alone gets the user's credentials
	Validator Validator // the version being downloaded
	// Warn, if set, is told about fallbacks (a server that mishandles
	// If-Match).
	Warn func(string)
	// NoHead says the server answers HEAD without the version (the
	// probe's HEAD was not enough): Confirm asks with a GET at once.
	NoHead bool
	// H1 sends the ranged requests over HTTP/1.1, each on a TCP
	// connection of its own (OwnConnection), even to a server that speaks
	// HTTP/2; false lets them be streams of one HTTP/2 connection.
	H1 bool

	mode    atomic.Int32
	confirm singleflight.Group
}

// NewOrigin returns an Origin for the resource the probe found.
func NewOrigin(c *Client, p *Probe) *Origin {
	given := p.given // nil: the probe did not parse its URL (ProbeFor)
	if given == nil {
		given, _ = ParseURL(p.URL)
	}
	o := &Origin{Client: c, URL: p.FinalURL, Given: given, Validator: p.Validator}
	switch p.Validator.Strength() {
	case LastModified:
		o.mode.Store(pinDate)
	case SizeOnly:
		o.mode.Store(pinNone)
		if p.Validator.Unsettled && p.Validator.ETag == "" {
			// It cannot prove the same version, but a later change
			// still costs a 412 rather than a body.
			o.mode.Store(pinDate)
		}
	}
	return o
}

// precondition is the header that pins the version in the current mode.
func (o *Origin) precondition() (name, value string, mode int32) {
	m := o.mode.Load()
	switch m {
	case pinETag:
		return "If-Match", o.Validator.ETag, m
	case pinDate:
		if o.Validator.LastModified != "" {
			return "If-Unmodified-Since", o.Validator.LastModified, m
		}
	}
	return "", "", m
}

func (o *Origin) warn(s string) {
	if o.Warn != nil {
		o.Warn(s)
	}
}

// Open implements Source: one GET with Range and a precondition, checked.
// A response of another version is not taken at its word: a fresh probe
// must confirm the change (ChangedError) or the response was out of step
// (OutOfStepError, worth another try).
func (o *Origin) Open(ctx context.Context, r segment.Range) (Body, error) {
	if o.H1 {
		ctx = OwnConnection(ctx)
	}
	for {
		rc, retry, err := o.open(ctx, r)
		if retry {
			continue
		}
		var ce *ChangedError
		if errors.As(err, &ce) && !ce.Confirmed {
			err = o.confirmChange(ctx, r, ce)
		}
		if err != nil {
			return Body{}, err
		}
		return Body{ReadCloser: rc, From: segment.FromOrigin}, nil
	}
}

// confirmChange asks the origin afresh for the same range, without a
// precondition, which version it has now: one out-of-step answer (a CDN
// edge, a replica behind a load balancer) is not a change of the file, but
// the same range showing the new version again is. (Asking for slice 0
// instead would be answered from an nginx slice cache that still holds the
// old one.) Connections that see a mismatch at once share one request per
// range. Only the headers are read.
func (o *Origin) confirmChange(ctx context.Context, r segment.Range, seen *ChangedError) error {
	v, err, _ := o.confirm.Do(r.Header(), func() (any, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, o.URL, nil)
		if err != nil {
			return nil, err
		}
		o.Client.newRequest(req, o.Given)
		req.Header.Set("Range", r.Header())
		resp, err := o.Client.HTTP.Do(req)
		if err != nil {
			return nil, err
		}
		resp.Body.Close()
		got := validatorOf(resp.Header, o.Validator.Size)
		switch resp.StatusCode {
		case http.StatusPartialContent:
			if cr, err := ParseContentRange(resp.Header.Get("Content-Range")); err == nil && cr.Total >= 0 {
				got.Size = cr.Total
			}
		case http.StatusOK:
			if resp.ContentLength >= 0 {
				got.Size = resp.ContentLength
			}
		case http.StatusRequestedRangeNotSatisfiable:
			// The range again past the end: the file shrank when the
			// answer says so ("bytes */SIZE"); at the same size, or with
			// no size, the server refuses a range inside the file, which
			// is a wrong answer, not a new version.
			if total, ok := unsatisfiedTotal(resp.Header.Get("Content-Range")); ok && total != o.Validator.Size {
				got.Size = total
				return got, nil
			}
			return nil, &HTTPError{URL: o.URL, Status: resp.StatusCode}
		default:
			return nil, &HTTPError{URL: o.URL, Status: resp.StatusCode, RetryAfter: retryAfter(resp.Header, time.Now())}
		}
		return got, nil
	})
	var he *HTTPError
	if errors.As(err, &he) {
		// The same range fails afresh, with no version to compare: the
		// server's answer is wrong, not the file changed.
		return err
	}
	if err != nil {
		return fmt.Errorf("%w; and asking the server for its version again failed: %w", seen, err)
	}
	if why := o.Validator.Differs(v.(Validator)); why != "" {
		return &ChangedError{URL: o.URL, Reason: why, Confirmed: true}
	}
	return &OutOfStepError{URL: o.URL, Reason: seen.Reason}
}

// unsatisfiedTotal reads the size from a 416's Content-Range, "bytes
// */SIZE".
func unsatisfiedTotal(h string) (int64, bool) {
	rest, ok := strings.CutPrefix(h, "bytes */")
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseInt(rest, 10, 64)
	return n, err == nil && n >= 0
}

// open makes one request; retry is true when the precondition mode was just
// lowered and the same request should go again at once.
func (o *Origin) open(ctx context.Context, r segment.Range) (io.ReadCloser, bool, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, o.URL, nil)
	if err != nil {
		return nil, false, err
	}
	o.Client.newRequest(req, o.Given)
	req.Header.Set("Range", r.Header())
	name, value, mode := o.precondition()
	if name != "" {
		req.Header.Set(name, value)
	}
	resp, err := o.Client.HTTP.Do(req)
	if err != nil {
		return nil, false, roundTripErr(err)
	}
	got := validatorOf(resp.Header, -1)
	switch resp.StatusCode {
	case http.StatusPartialContent:
		cr, err := ParseContentRange(resp.Header.Get("Content-Range"))
		if err == nil && cr.Total >= 0 && cr.Total != o.Validator.Size {
			resp.Body.Close()
			return nil, false, &ChangedError{URL: o.URL, Reason: fmt.Sprintf("size was %d, now %d", o.Validator.Size, cr.Total)}
		}
		if ok, why := checkRangeResponse(resp, err, cr, r, o.Validator.Size); !ok {
			resp.Body.Close()
			return nil, false, &RangeError{URL: o.URL, Asked: r.Header(), ContentRange: resp.Header.Get("Content-Range"), Reason: why}
		}
		got.Size = cr.Total
		if why := o.Validator.Differs(got); why != "" {
			resp.Body.Close()
			return nil, false, &ChangedError{URL: o.URL, Reason: why}
		}
		return cutBody(exactBody(resp.Body, r.Len()), o.URL, r, resp.Header), false, nil
	case http.StatusOK:
		// A whole body where a range was asked: another version, or a server
		// that stopped doing ranges.
		resp.Body.Close()
		got.Size = resp.ContentLength
		if got.Size < 0 {
			got.Size = o.Validator.Size // unknown length: judge by the other validators
		}
		if why := o.Validator.Differs(got); why != "" {
			return nil, false, &ChangedError{URL: o.URL, Reason: why}
		}
		return nil, false, ErrNoRanges
	case http.StatusPreconditionFailed:
		io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		resp.Body.Close()
		// A 412 that shows another validator is a change. One that shows the
		// same is a server that mishandles the precondition: fall back to a
		// weaker one (each 206 is still checked). One that shows nothing
		// proves nothing either way: fall back too, and let the next
		// response tell.
		got.Size = o.Validator.Size
		if (got.ETag != "" || got.LastModified != "") && o.Validator.Differs(got) != "" {
			return nil, false, &ChangedError{URL: o.URL, Reason: "the server says the file no longer matches " + value + " (412): " + o.Validator.Differs(got)}
		}
		if mode == pinNone {
			return nil, false, &HTTPError{URL: o.URL, Status: resp.StatusCode}
		}
		next := pinNone
		if mode == pinETag && o.Validator.LastModified != "" {
			next = pinDate
		}
		// Several connections may see this at once: only the one that
		// lowers the mode warns.
		if o.mode.CompareAndSwap(mode, next) && got.ETag != "" {
			o.warn(fmt.Sprintf("the server refuses %s although its ETag matches; falling back to a weaker check (every response is still checked against the validator)", name))
		}
		return nil, true, nil
	case http.StatusRequestedRangeNotSatisfiable:
		resp.Body.Close()
		return nil, false, &ChangedError{URL: o.URL, Reason: "a range inside the file is now past its end (416 " + resp.Header.Get("Content-Range") + ")"}
	default:
		io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		resp.Body.Close()
		return nil, false, &HTTPError{URL: o.URL, Status: resp.StatusCode, RetryAfter: retryAfter(resp.Header, time.Now())}
	}
}

// checkRangeResponse reports whether a 206 answer to a request for r of a
// resource of size bytes is exactly that range in identity encoding, and if
// not, why (when the Content-Range does not already show it). crErr is the
// error of parsing its Content-Range.
func checkRangeResponse(resp *http.Response, crErr error, cr ContentRange, r segment.Range, size int64) (ok bool, why string) {
	switch {
	case crErr != nil && resp.Header.Get("Content-Range") == "" && isMultipart(resp.Header.Get("Content-Type")):
		return false, "the server sent a multipart/byteranges answer"
	case crErr != nil || !cr.Matches(r, size):
		return false, ""
	case !identity(resp.Header.Get("Content-Encoding")):
		return false, fmt.Sprintf("the body is encoded (Content-Encoding: %s), not the file's bytes", resp.Header.Get("Content-Encoding"))
	case resp.ContentLength >= 0 && resp.ContentLength != r.Len():
		return false, fmt.Sprintf("Content-Length %d for a range of %d bytes", resp.ContentLength, r.Len())
	}
	return true, ""
}

// identity reports whether a Content-Encoding value leaves the bytes as
// they are.
func identity(ce string) bool {
	return ce == "" || strings.EqualFold(strings.TrimSpace(ce), "identity")
}

func isMultipart(ct string) bool {
	return strings.HasPrefix(strings.ToLower(strings.TrimSpace(ct)), "multipart/byteranges")
}

// Source: where slice bytes come from; Origin is the HTTP origin itself.

package fetch

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/slget/slget/segment"
)

// A Source delivers exactly the bytes of a slice-aligned range of one
// version of the resource. Open returns a body of exactly r.Len() bytes
// (an early end reads as ErrShortBody) or an error; it never returns bytes
// of another version. The local cache and peers are Sources too.
type Source interface {
	Name() string // "origin", "cache", "peer": recorded as provenance
	Open(ctx context.Context, r segment.Range) (io.ReadCloser, error)
}

// If-Range modes, from the best to the last resort.
const (
	ifRangeETag int32 = iota
	ifRangeDate
	ifRangeNone
)

// Origin fetches ranges from the origin server at URL and checks that each
// response is the exact range of the version Validator describes.
type Origin struct {
	Client    *Client
	URL       string    // the final URL after the probe's redirects
	Validator Validator // the version being downloaded
	// Warn, if set, is told about fallbacks (a server that ignores If-Range).
	Warn func(string)

	mode atomic.Int32
}

// NewOrigin returns an Origin for the resource the probe found.
func NewOrigin(c *Client, p *Probe) *Origin {
	o := &Origin{Client: c, URL: p.FinalURL, Validator: p.Validator}
	if p.Validator.Strength() != StrongETag {
		o.mode.Store(ifRangeDate)
		if p.Validator.LastModified == "" {
			o.mode.Store(ifRangeNone)
		}
	}
	return o
}

// Name implements Source.
func (o *Origin) Name() string { return "origin" }

func (o *Origin) ifRange() (string, int32) {
	m := o.mode.Load()
	switch m {
	case ifRangeETag:
		return o.Validator.ETag, m
	case ifRangeDate:
		return o.Validator.LastModified, m
	}
	return "", m
}

func (o *Origin) warn(s string) {
	if o.Warn != nil {
		o.Warn(s)
	}
}

// Open implements Source: one GET with Range and If-Range, checked.
func (o *Origin) Open(ctx context.Context, r segment.Range) (io.ReadCloser, error) {
	for {
		rc, retry, err := o.open(ctx, r)
		if !retry {
			return rc, err
		}
	}
}

// open makes one request; retry is true when the If-Range mode was just
// lowered and the same request should go again at once.
func (o *Origin) open(ctx context.Context, r segment.Range) (io.ReadCloser, bool, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, o.URL, nil)
	if err != nil {
		return nil, false, err
	}
	o.Client.newRequest(req)
	req.Header.Set("Range", r.Header())
	ir, mode := o.ifRange()
	if ir != "" {
		req.Header.Set("If-Range", ir)
	}
	resp, err := o.Client.HTTP.Do(req)
	if err != nil {
		return nil, false, err
	}
	got := validatorOf(resp.Header, -1)
	switch resp.StatusCode {
	case http.StatusPartialContent:
		cr, err := ParseContentRange(resp.Header.Get("Content-Range"))
		if err == nil && cr.Total >= 0 && cr.Total != o.Validator.Size {
			resp.Body.Close()
			return nil, false, &ChangedError{URL: o.URL, Reason: fmt.Sprintf("size was %d, now %d", o.Validator.Size, cr.Total)}
		}
		if err != nil || !cr.Matches(r, o.Validator.Size) || (resp.ContentLength >= 0 && resp.ContentLength != r.Len()) {
			resp.Body.Close()
			return nil, false, &RangeError{URL: o.URL, Asked: r.Header(), ContentRange: resp.Header.Get("Content-Range")}
		}
		got.Size = cr.Total
		if why := o.Validator.differs(got); why != "" {
			resp.Body.Close()
			return nil, false, &ChangedError{URL: o.URL, Reason: why}
		}
		return exactBody(resp.Body, r.Len()), false, nil
	case http.StatusOK:
		// A whole body where a range was asked: the version changed (If-Range
		// did its job), or the server ignores If-Range of this kind.
		resp.Body.Close()
		got.Size = resp.ContentLength
		if why := o.Validator.differs(got); why != "" {
			if got.Size < 0 && o.Validator.differs(Validator{Size: o.Validator.Size, ETag: got.ETag, LastModified: got.LastModified}) == "" {
				why = "the server answered a ranged request with the whole file"
			}
			return nil, false, &ChangedError{URL: o.URL, Reason: why}
		}
		// Several connections may see this at once: only the one that
		// lowers the mode warns.
		switch mode {
		case ifRangeETag:
			if o.Validator.LastModified != "" {
				if o.mode.CompareAndSwap(mode, ifRangeDate) {
					o.warn("the server ignores If-Range with an ETag; falling back to If-Range with Last-Modified")
				}
			} else if o.mode.CompareAndSwap(mode, ifRangeNone) {
				o.warn("the server ignores If-Range; every response is still checked against the ETag")
			}
			return nil, true, nil
		case ifRangeDate:
			if o.mode.CompareAndSwap(mode, ifRangeNone) {
				o.warn("the server ignores If-Range; every response is still checked against the validator")
			}
			return nil, true, nil
		}
		return nil, false, ErrNoRanges
	case http.StatusRequestedRangeNotSatisfiable:
		resp.Body.Close()
		return nil, false, &ChangedError{URL: o.URL, Reason: "a range inside the file is now past its end"}
	default:
		io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		resp.Body.Close()
		return nil, false, &HTTPError{URL: o.URL, Status: resp.StatusCode, RetryAfter: retryAfter(resp.Header, time.Now())}
	}
}

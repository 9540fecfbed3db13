// Confirm: after the last byte, the origin is asked once more which version
// it serves, so that a file rewritten in place while its bytes were in flight
// is not taken for the version every request was pinned to.

package fetch

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/slget/slget/segment"
)

// Confirm asks the origin, after the last byte of a download, whether it
// still serves the version o pinned, and returns a *ChangedError when it
// does not.
//
// Why after the last byte: every request was pinned (If-Match), so a
// change before a request is a 412. But a server that sends a file with
// sendfile reads it while it sends: a file rewritten in place (cp new old)
// after the last request was made changes the bytes of answers in flight,
// whose headers were of the old version. Only a look after the last byte
// tells.
//
// It asks with HEAD. An answer that does not show the pinned validator (a
// server that refuses HEAD, a URL signed for GET alone, a HEAD without the
// ETag) is followed by a GET of the last slice with If-None-Match (or
// If-Modified-Since), as is a HEAD that fails: a 304 confirms at the cost
// of no body; an answer with a body is judged by its headers, and only its
// first slice is read.
// A failure to ask is returned as it is (the caller's retry policy
// decides): the bytes are not confirmed.
func (o *Origin) Confirm(ctx context.Context, last segment.Range) error {
	var got Validator
	ok, err := false, error(nil)
	if !o.NoHead {
		got, ok, err = o.headVersion(ctx)
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil || !ok {
		// A server that refuses HEAD, or drops the connection on it:
		// the GET tells, or fails with its own error.
		if got, err = o.conditionalVersion(ctx, last); err != nil {
			return err
		}
	}
	if why := o.Validator.Differs(got); why != "" {
		return &ChangedError{URL: o.URL, Confirmed: true, Reason: why + ", seen after the last byte: the file was rewritten while it was being sent"}
	}
	return nil
}

// headVersion asks for the version with HEAD; ok is false when the answer
// does not show what o pinned.
func (o *Origin) headVersion(ctx context.Context) (Validator, bool, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, o.URL, nil)
	if err != nil {
		return Validator{}, false, err
	}
	o.Client.newRequest(req, o.Given)
	resp, err := o.Client.HTTP.Do(req)
	if err != nil {
		return Validator{}, false, roundTripErr(err)
	}
	resp.Body.Close()
	got := validatorOf(resp.Header, resp.ContentLength)
	ok := resp.StatusCode == http.StatusOK && identity(resp.Header.Get("Content-Encoding")) && o.shows(got)
	return got, ok, nil
}

// shows reports whether got carries each validator o pinned: an answer
// without the ETag (or the Last-Modified) proves nothing either way.
func (o *Origin) shows(got Validator) bool {
	v := o.Validator
	return got.Size >= 0 && (v.ETag == "" || got.ETag != "") && (v.LastModified == "" || got.LastModified != "")
}

// conditionalVersion asks for the last slice with If-None-Match (or
// If-Modified-Since) the pinned version: 304 is the same version.
func (o *Origin) conditionalVersion(ctx context.Context, last segment.Range) (Validator, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, o.URL, nil)
	if err != nil {
		return Validator{}, err
	}
	o.Client.newRequest(req, o.Given)
	req.Header.Set("Range", last.Header())
	switch {
	case o.Validator.ETag != "":
		req.Header.Set("If-None-Match", o.Validator.ETag)
	case o.Validator.LastModified != "":
		req.Header.Set("If-Modified-Since", o.Validator.LastModified)
	}
	resp, err := o.Client.HTTP.Do(req)
	if err != nil {
		return Validator{}, roundTripErr(err)
	}
	defer resp.Body.Close()
	// A body is read to its end when it is no longer than the slice asked
	// for, so the connection can be used again; a longer one is cut.
	defer io.Copy(io.Discard, io.LimitReader(resp.Body, max(last.Len(), 64<<10)))
	got := validatorOf(resp.Header, o.Validator.Size)
	switch resp.StatusCode {
	case http.StatusNotModified:
		// The server compared for us; what it sent of the validator, if
		// anything, must still agree.
		if got.ETag == "" {
			got.ETag = o.Validator.ETag
		}
		if got.LastModified == "" {
			got.LastModified = o.Validator.LastModified
		}
		return got, nil
	case http.StatusPartialContent:
		cr, err := ParseContentRange(resp.Header.Get("Content-Range"))
		if err != nil || cr.Total < 0 {
			return Validator{}, &RangeError{URL: o.URL, Asked: last.Header(), ContentRange: resp.Header.Get("Content-Range"), Reason: "asking for the version after the last byte"}
		}
		got.Size = cr.Total
	case http.StatusOK:
		got.Size = resp.ContentLength
	default:
		return Validator{}, &HTTPError{URL: o.URL, Status: resp.StatusCode, RetryAfter: retryAfter(resp.Header, time.Now())}
	}
	if !o.shows(got) {
		return Validator{}, fmt.Errorf("%s: after the last byte, the server's answer shows no version to compare (neither HEAD nor GET carries the %s the download was pinned to)", Redact(o.URL), o.pinnedName())
	}
	return got, nil
}

// pinnedName names the validator o pinned.
func (o *Origin) pinnedName() string {
	if o.Validator.ETag != "" {
		return "ETag"
	}
	if o.Validator.LastModified != "" {
		return "Last-Modified"
	}
	return "size"
}

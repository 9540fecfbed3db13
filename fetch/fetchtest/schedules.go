// Schedules: With... shorthands that put a Fault on chosen file requests.

package fetchtest

import (
	"net/http"
	"time"
)

// Each shorthand adds one FaultFunc (see WithFault): when several are
// given, the first that picks a request decides its whole Fault. Build a
// Fault by hand with OnRequest, OnRange or Once to combine fields.

// WithStatusFor answers the first times file requests with status code (for
// example 503, 429 or 404), with a Retry-After header if retryAfter is not
// "". retryAfter is sent verbatim: seconds or an HTTP date; see
// Fault.RetryAfterDate for a date relative to the response.
func WithStatusFor(code int, times int, retryAfter string) Option {
	return WithFault(func(_ *http.Request, n int) Fault {
		if n <= times {
			return Fault{Status: code, RetryAfter: retryAfter}
		}
		return Fault{}
	})
}

// WithCutBody makes file request number nth (1-based) send only after body
// bytes and then lose its TCP connection (hijacked and closed), so the
// client sees an unexpected EOF. after == 0 cuts right after the headers.
func WithCutBody(nth int, after int64) Option {
	if after <= 0 {
		after = -1
	}
	return WithFault(OnRequest(nth, Fault{CutAfter: after}))
}

// WithStall makes file request number nth send after body bytes and then
// nothing more until the client goes away or the server is closed. after
// == 0 stalls right after the headers.
func WithStall(nth int, after int64) Option {
	if after <= 0 {
		after = -1
	}
	return WithFault(OnRequest(nth, Fault{StallAfter: after}))
}

// WithTrickle makes file request number nth send its first after body
// bytes at full speed and the rest at bytesPerSec: one slow but live
// connection. For a range instead of a request number, use
// WithFault(Once(OnRange(match, Fault{TrickleAfter: after, TrickleRate: bytesPerSec}))).
func WithTrickle(nth int, after, bytesPerSec int64) Option {
	return WithFault(OnRequest(nth, Fault{TrickleAfter: after, TrickleRate: bytesPerSec}))
}

// WithFirstByteDelay holds the first body byte of every ranged file request
// whose range starts at or beyond offset from for d after its headers.
// WithFill makes the delay grow with the offset instead.
func WithFirstByteDelay(from int64, d time.Duration) Option {
	return WithFault(OnRange(func(start, _ int64) bool { return start >= from }, Fault{FirstByteDelay: d}))
}

// WithFirstByteDelayAtStart is WithFirstByteDelay for the first requests
// file requests only: the runs a download gives the server at its start
// wait, so that another source takes the spans past from, and the ranges
// asked later (the slices fetched again from it) come at once.
func WithFirstByteDelayAtStart(from int64, requests int, d time.Duration) Option {
	hold := OnRange(func(start, _ int64) bool { return start >= from }, Fault{FirstByteDelay: d})
	return WithFault(func(r *http.Request, n int) Fault {
		if n > requests {
			return Fault{}
		}
		return hold(r, n)
	})
}

// WithFullOnRange makes every file request after the first after ones
// answer a ranged request with 200 and the full body, ignoring Range and
// If-Range. WithFullOnRange(0) does it from the first request on.
func WithFullOnRange(after int) Option {
	return WithFault(func(r *http.Request, n int) Fault {
		if n > after && r.Header.Get("Range") != "" {
			return Fault{FullBody: true}
		}
		return Fault{}
	})
}

// WithFullOnRangeAt makes file request number nth, if it asks for a range,
// answer 200 with the full body: a flaky edge that drops the Range once.
func WithFullOnRangeAt(nth int) Option {
	return WithFault(func(r *http.Request, n int) Fault {
		if n == nth && r.Header.Get("Range") != "" {
			return Fault{FullBody: true}
		}
		return Fault{}
	})
}

// WithWrongContentRange makes file request number nth answer a range with
// the bytes one past it (Content-Range and body shifted by +1).
func WithWrongContentRange(nth int) Option {
	return WithFault(OnRequest(nth, Fault{ShiftRange: 1}))
}

// WithOutOfStep makes file request number nth answer as a CDN edge out of
// step: the same bytes and size under another ETag and Last-Modified (see
// Fault.OtherValidator), with 206 for a range whatever If-Match or
// If-Unmodified-Since say.
func WithOutOfStep(nth int) Option {
	return WithFault(OnRequest(nth, Fault{OtherValidator: true, IgnorePreconditions: true}))
}

// WithUnsatisfiable makes file request number nth answer 416 with
// Content-Range: bytes */SIZE of the unchanged size, whatever it asked.
func WithUnsatisfiable(nth int) Option {
	return WithFault(OnRequest(nth, Fault{Unsatisfiable: true}))
}

// WithMultipartRange makes file request number nth, if answered with 206,
// send its range as a one-part multipart/byteranges body without a
// Content-Range header. nth <= 0 does it to every ranged request.
func WithMultipartRange(nth int) Option {
	return WithFault(func(_ *http.Request, n int) Fault {
		if nth <= 0 || n == nth {
			return Fault{Multipart: true}
		}
		return Fault{}
	})
}

// WithGzipBody makes file request number nth send its body gzip-compressed
// with Content-Encoding: gzip and, for a range, the Content-Range of the
// plain bytes. nth <= 0 does it to every file request.
func WithGzipBody(nth int) Option {
	return WithFault(func(_ *http.Request, n int) Fault {
		if nth <= 0 || n == nth {
			return Fault{GzipBody: true}
		}
		return Fault{}
	})
}

// WithContentEncoding makes file request number nth send the header
// Content-Encoding: encoding over its unchanged identity body. nth <= 0
// does it to every file request.
func WithContentEncoding(nth int, encoding string) Option {
	return WithFault(func(_ *http.Request, n int) Fault {
		if nth <= 0 || n == nth {
			return Fault{ContentEncoding: encoding}
		}
		return Fault{}
	})
}

// WithContentLengthDelta makes file request number nth send a
// Content-Length delta bytes longer (delta > 0) or shorter (delta < 0) than
// the range it serves, with a correct Content-Range (see
// Fault.LengthDelta).
func WithContentLengthDelta(nth int, delta int64) Option {
	return WithFault(OnRequest(nth, Fault{LengthDelta: delta}))
}

// WithEarlyHints makes file request number nth send count "103 Early
// Hints" responses before the real one. nth <= 0 does it to every file
// request.
func WithEarlyHints(nth, count int) Option {
	return WithFault(func(_ *http.Request, n int) Fault {
		if nth <= 0 || n == nth {
			return Fault{EarlyHints: count}
		}
		return Fault{}
	})
}

// WithHeaderBytes makes file request number nth pad its response headers
// with at least bytes bytes (1 << 20 for "1 MB of headers"). nth <= 0 does
// it to every file request.
func WithHeaderBytes(nth, bytes int) Option {
	return WithFault(func(_ *http.Request, n int) Fault {
		if nth <= 0 || n == nth {
			return Fault{HeaderBytes: bytes}
		}
		return Fault{}
	})
}

// WithTrailingGarbage makes file request number nth write garbage on the
// connection after its body (see Fault.TrailingGarbage).
func WithTrailingGarbage(nth int, garbage string) Option {
	return WithFault(OnRequest(nth, Fault{TrailingGarbage: garbage}))
}

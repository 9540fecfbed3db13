// Faults: the ways a file response can go wrong, and sugar to schedule them.

package fetchtest

import (
	"net/http"
	"time"
)

// FaultFunc decides the fault, if any, for a file request. n is the 1-based
// number of this request among the requests for the file path since Start
// (ResetLog does not restart it; redirect hops and 404s do not count). It is
// called from the request's goroutine, concurrently with other requests,
// before any delay. The zero Fault means "serve normally".
type FaultFunc func(r *http.Request, n int) Fault

// Fault describes one misbehaving file response. The zero Fault is a normal
// response. Fields combine: Delay applies first, then Status; otherwise the
// body is chosen by FullBody or ShiftRange and cut short by CutAfter or
// StallAfter.
type Fault struct {
	// Status, if non-zero, is sent with a short text body and nothing else
	// (no ETag, no Last-Modified, no Accept-Ranges).
	Status int
	// RetryAfter is the Retry-After header sent with Status; "" sends none.
	RetryAfter string
	// CutAfter > 0 kills the TCP connection after this many body bytes, so
	// the client sees an unexpected EOF; < 0 kills it right after the
	// headers. A body no longer than CutAfter is sent whole. CutAfter wins
	// over StallAfter.
	CutAfter int64
	// StallAfter > 0 sends this many body bytes, then nothing more until the
	// client goes away or the server is closed; < 0 stalls right after the
	// headers.
	StallAfter int64
	// FullBody ignores Range and If-Range and sends 200 with the full body,
	// as a cache or CDN that drops ranges does.
	FullBody bool
	// ShiftRange moves the served range: for "bytes=a-b" the server sends
	// bytes a+ShiftRange .. b+ShiftRange with a Content-Range saying so
	// (clipped at the end of the file as usual).
	ShiftRange int64
	// Delay is added to WithLatency before the response headers.
	Delay time.Duration
}

// WithStatusFor answers the first times file requests with status code (for
// example 503, 429 or 404), with a Retry-After header if retryAfter is not
// "".
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
	return WithFault(func(_ *http.Request, n int) Fault {
		if n == nth {
			return Fault{CutAfter: after}
		}
		return Fault{}
	})
}

// WithStall makes file request number nth send after body bytes and then
// nothing more until the client goes away or the server is closed. after
// == 0 stalls right after the headers.
func WithStall(nth int, after int64) Option {
	if after <= 0 {
		after = -1
	}
	return WithFault(func(_ *http.Request, n int) Fault {
		if n == nth {
			return Fault{StallAfter: after}
		}
		return Fault{}
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

// WithWrongContentRange makes file request number nth answer a range with
// the bytes one past it (Content-Range and body shifted by +1).
func WithWrongContentRange(nth int) Option {
	return WithFault(func(r *http.Request, n int) Fault {
		if n == nth {
			return Fault{ShiftRange: 1}
		}
		return Fault{}
	})
}

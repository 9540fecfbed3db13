// Faults: the ways a file response can go wrong, and how to pick the
// requests that get them.

package fetchtest

import (
	"net/http"
	"sync"
	"time"
)

// FaultFunc decides the fault, if any, for a file request. n is the 1-based
// number of this request among the requests for the file path since Start
// (ResetLog does not restart it; redirect hops and 404s do not count). It is
// called from the request's goroutine, concurrently with other requests,
// before any delay. The zero Fault means "serve normally".
type FaultFunc func(r *http.Request, n int) Fault

// Fault describes one misbehaving file response. The zero Fault is a normal
// response. Fields combine, in this order:
//
//   - Delay, then EarlyHints and HeaderBytes, which come with any answer;
//   - Location, Status or Unsatisfiable: that answer alone, no file;
//   - otherwise the file through http.ServeContent, which sees the request
//     as FullBody, ShiftRange, OtherValidator and IgnorePreconditions make
//     it;
//   - the body of a 2xx is then framed and encoded (Multipart, GzipBody,
//     ContentEncoding, LengthDelta), paced (FirstByteDelay, TrickleRate)
//     and cut short (CutAfter or StallAfter);
//   - TrailingGarbage follows a response sent whole.
//
// Byte counts of the pacing and cutting fields (CutAfter, StallAfter,
// TrickleAfter) are bytes on the wire: compressed with GzipBody, with the
// part headers with Multipart.
//
// Fault is comparable; a FaultFunc returns Fault{} for "no fault".
type Fault struct {
	// Status, if non-zero, is sent with a short text body and nothing else
	// (no ETag, no Last-Modified, no Accept-Ranges).
	Status int
	// RetryAfter is the Retry-After header sent with Status, in seconds
	// ("7") or as an HTTP date; "" sends none.
	RetryAfter string
	// RetryAfterDate, if non-zero, sends Retry-After with Status as the
	// HTTP date this long after the response is sent (rounded up to the
	// second), in place of RetryAfter. A negative value gives a date in the
	// past.
	RetryAfterDate time.Duration

	// Location, if not "", answers with a redirect to it: Status if that
	// is a 3xx code, else 302 Found. It may be a path on this server or an
	// absolute URL, such as another Server's FileURL (a mirror on another
	// host).
	Location string

	// Unsatisfiable answers 416 Range Not Satisfiable with Content-Range:
	// bytes */SIZE of the current, unchanged size and a short text body,
	// as http.ServeContent does for a range past the end, whatever the
	// request asked: a flaky edge.
	Unsatisfiable bool

	// CutAfter > 0 kills the TCP connection after this many body bytes, so
	// the client sees an unexpected EOF; < 0 kills it right after the
	// headers. A body no longer than CutAfter is sent whole. CutAfter wins
	// over StallAfter.
	CutAfter int64
	// StallAfter > 0 sends this many body bytes, then nothing more until the
	// client goes away or the server is closed; < 0 stalls right after the
	// headers.
	StallAfter int64

	// TrickleRate > 0 sends the body after its first TrickleAfter bytes at
	// TrickleRate bytes per second, in pieces of a tenth of a second (at
	// least one byte, at most 64 KiB), each flushed at once: one slow but
	// live connection. It adds to WithRateLimit, which still applies.
	TrickleRate  int64
	TrickleAfter int64

	// FirstByteDelay holds the first body byte of a 2xx response this long
	// after its headers, which are flushed at once: a cache that answers
	// before it has the bytes. WithFill models one that fills from the
	// start of the file.
	FirstByteDelay time.Duration

	// OtherBytes sends other bytes (each byte of the file inverted) under
	// the file's validator and size: a server that lies about what it
	// has, or whose copy changed under an ETag it kept.
	OtherBytes bool

	// FullBody ignores Range and If-Range and sends 200 with the full body,
	// as a cache or CDN that drops ranges does.
	FullBody bool
	// ShiftRange moves the served range: for "bytes=a-b" the server sends
	// bytes a+ShiftRange .. b+ShiftRange with a Content-Range saying so
	// (clipped at the end of the file as usual).
	ShiftRange int64

	// OtherValidator serves the same bytes, at the same size, under another
	// ETag (the current one with "-edge" before its closing quote, weak if
	// it is weak) and a Last-Modified one hour earlier: a CDN edge out of
	// step with the origin. Conditional headers are checked against that
	// validator, so If-Match with the origin's ETag gets 412; add
	// IgnorePreconditions for an edge that answers 206 anyway.
	OtherValidator bool
	// IgnorePreconditions serves as if the request had no If-Match,
	// If-Unmodified-Since, If-None-Match, If-Modified-Since or If-Range: a
	// cache that does not check them.
	IgnorePreconditions bool

	// Multipart answers a single range with 206, Content-Type
	// multipart/byteranges and no Content-Range: the body is one part whose
	// own headers carry the Content-Type and Content-Range. Requests the
	// server answers with 200 are not changed.
	Multipart bool
	// GzipBody sends the body gzip-compressed with Content-Encoding: gzip,
	// the Content-Length of the compressed bytes and, for a range, the
	// Content-Range of the plain bytes: a server that compresses ranges
	// it should not.
	GzipBody bool
	// ContentEncoding, if not "", is sent as the Content-Encoding header
	// (in place of "gzip" with GzipBody). Alone it labels an identity body.
	ContentEncoding string
	// LengthDelta is added to the Content-Length sent; Content-Range and
	// the body are not changed. Longer: the body ends short of the length
	// and the server closes the connection, so the client sees an
	// unexpected EOF. Shorter: the body is sent up to the length only and
	// the connection stays open.
	LengthDelta int64

	// EarlyHints sends this many "103 Early Hints" responses, each with a
	// Link header, before the real one.
	EarlyHints int
	// HeaderBytes pads the response headers with X-Fetchtest-Pad-N fields
	// of up to 1000 bytes until they add at least this many bytes.
	HeaderBytes int
	// TrailingGarbage is written on the connection after a response sent
	// whole, past its Content-Length; the connection is then left open
	// until the client closes it. A keep-alive client finds the bytes on an
	// idle connection (Go's Transport logs "Unsolicited response received
	// on idle HTTP channel") or reads them as its next response. With
	// WithNoLength the chunked body gets no last chunk: the garbage takes
	// its place.
	TrailingGarbage string

	// Delay is added to WithLatency before the response headers.
	Delay time.Duration
}

// OnRequest returns a FaultFunc that gives f to file request number n and
// nothing to the others.
func OnRequest(n int, f Fault) FaultFunc {
	return func(_ *http.Request, k int) Fault {
		if k == n {
			return f
		}
		return Fault{}
	}
}

// OnRange returns a FaultFunc that gives f to every file request whose
// Range header is one byte range for which match(start, end) is true.
// start and end are the half-open range as asked, end is -1 for an
// open-ended "bytes=N-". Requests without a Range, with several ranges or a
// suffix range ("bytes=-N") never match. match may be called concurrently.
func OnRange(match func(start, end int64) bool, f Fault) FaultFunc {
	return func(r *http.Request, _ int) Fault {
		start, end, open := parseRange(r.Header.Get("Range"), 0)
		if start < 0 || !open && end <= start { // none, or a suffix range
			return Fault{}
		}
		if open {
			end = -1
		}
		if match(start, end) {
			return f
		}
		return Fault{}
	}
}

// Once returns a FaultFunc that passes on the first non-zero Fault ff
// gives, and the zero Fault ever after: Once(OnRange(...)) slows one
// connection, not the ones that later fetch the same range again.
func Once(ff FaultFunc) FaultFunc {
	var mu sync.Mutex
	done := false
	return func(r *http.Request, n int) Fault {
		mu.Lock()
		defer mu.Unlock()
		if done {
			return Fault{}
		}
		f := ff(r, n)
		done = f != Fault{}
		return f
	}
}

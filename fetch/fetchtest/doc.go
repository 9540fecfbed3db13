// Package fetchtest provides a test HTTP origin for slget, in the shape of
// net/http/httptest: NewServer(t, opts...) starts a server on 127.0.0.1 that
// serves one file and is closed when the test ends. The package does not
// import testing (NewServer takes the small TB interface), so a program
// can ship it (slget demo has an origin of its own, without faults).
//
// The file is Content: deterministic bytes computed from a seed and an
// offset, so a server can offer a multi-GiB file without holding it, and a
// test can check any downloaded range with Content.Bytes or the whole file
// with Content.SHA256.
//
// The file is served by http.ServeContent, so Range, 416, HEAD and the
// conditional headers behave as in a real Go origin. If-Match is compared
// strongly (a weak ETag never matches; "*" always does) and a mismatch is
// 412 Precondition Failed, before any range is looked at.
// If-Unmodified-Since gets 412 when the file is newer than the date; it is
// ignored when If-Match is present, when the date does not parse and when
// the server sends no Last-Modified (RFC 9110 section 13.2.2). If-Range
// with a strong ETag or the Last-Modified date gives 206, anything else
// 200 and the full body. Change makes the resource change mid-test (new
// bytes, new ETag, later Last-Modified), so requests pinned to the old
// version get 412.
//
// Options describe the origin: size, path, host, validators,
// Content-Disposition, no ranges, no length, per-connection rate limit,
// latency, redirect chains and loops, a redirect to another host, and the
// fill of a caching proxy (WithFill).
//
// WithFault takes a FaultFunc that picks a Fault per file request;
// OnRequest, OnRange and Once build FaultFuncs for one request, for ranges
// that match, or for the first match only. A Fault can:
//
//   - answer instead of the file: an error status with Retry-After in
//     seconds or as a date, a redirect to any Location, a 416 at the
//     unchanged size;
//   - change what ServeContent sees: the full body for a range, a shifted
//     range, another validator (an edge out of step), preconditions
//     ignored;
//   - change the body: gzip with the plain Content-Range, a
//     Content-Encoding header alone, a Content-Length longer or shorter
//     than the range, a one-part multipart/byteranges answer;
//   - pace it: a first byte held back, a trickle after some bytes;
//   - end it: a connection cut or stalled after some bytes, garbage after
//     the body on a keep-alive connection;
//   - add noise: a thousand 103 Early Hints, a megabyte of headers.
//
// The With... shorthands (WithStatusFor, WithCutBody, WithStall,
// WithTrickle, WithFirstByteDelay, WithFullOnRange, WithFullOnRangeAt,
// WithWrongContentRange, WithOutOfStep, WithUnsatisfiable,
// WithMultipartRange, WithGzipBody, WithContentEncoding,
// WithContentLengthDelta, WithEarlyHints, WithHeaderBytes,
// WithTrailingGarbage) schedule the common ones.
//
// Every request is logged (Server.Requests) with its TCP connection id,
// its headers (Host included), the range and validators it sent, and what
// the server sent back: status, Content-Range, ETag and body bytes.
// Request.Aligned checks that a client asked for slice-aligned ranges.
//
// Down and Up kill and restart the origin: while it is down nothing listens
// on its port (connections are refused) and answers in flight are cut;
// after Up it serves the same file on the same port.
//
// # Caveats
//
// The rate limit applies per TCP connection and counts response headers
// too; its token bucket holds 10ms worth of bytes (at least 1 KiB), so very
// short transfers finish slightly faster than the rate.
//
// Fault numbers count requests for the file path only (any method, HEAD
// included) since Start; ResetLog does not restart them. Redirect hops and
// 404s are logged but not counted. When several FaultFuncs are given, the
// first that returns a non-zero Fault decides the whole Fault of that
// request; faults do not merge (WithFill, an option of the server, applies
// whatever the faults are).
//
// A response keeps serving the version of the content it started with, even
// if Change happens while it is being sent, unless WithInPlaceChanges is
// given: then its next bytes are the new version's, as a file rewritten in
// place under sendfile.
//
// Request.Start and End are what the client asked for, not what was sent;
// ContentRange is what was sent.
//
// BytesServed counts only body bytes of 2xx file responses; error, redirect
// and 404 bodies are in Request.BodyBytes but not in BytesServed. Both
// count bytes on the wire: compressed with GzipBody, with the part headers
// with Multipart.
//
// WithFill counts from Start, not from the first request.
//
// A connection given TrailingGarbage is held open after the response until
// the client closes it or the server is closed.
//
// WithHost on another 127.x.y.z address needs an operating system that
// routes all of 127/8 to loopback, as Linux does.
//
// The server speaks HTTP/1.1 only, without TLS.
package fetchtest

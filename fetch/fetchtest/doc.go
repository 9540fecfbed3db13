// Package fetchtest provides a test HTTP origin for slget, in the shape of
// net/http/httptest: NewServer(t, opts...) starts a server on 127.0.0.1 that
// serves one file and is closed when the test ends.
//
// The file is Content: deterministic bytes computed from a seed and an
// offset, so a server can offer a multi-GiB file without holding it, and a
// test can check any downloaded range with Content.Bytes or the whole file
// with Content.SHA256.
//
// The file is served by http.ServeContent, so Range, If-Range, 416,
// If-None-Match and HEAD behave as in a real Go origin: a strong ETag (the
// default) or Last-Modified satisfies If-Range, a weak or stale one gets 200
// and the full body. Change makes the resource change mid-test (new bytes,
// new ETag, later Last-Modified).
//
// Options describe the origin (size, path, validators, Content-Disposition,
// no ranges, no length, per-connection rate limit, latency, redirects) and
// its faults. WithFault takes a FaultFunc that picks a Fault per file
// request: an error status with Retry-After, a connection cut or stalled
// after some body bytes, a full body for a ranged request, a shifted
// Content-Range. WithStatusFor, WithCutBody, WithStall, WithFullOnRange and
// WithWrongContentRange are shorthands for common schedules.
//
// Every request is logged (Server.Requests) with its TCP connection id, the
// range asked and what was actually sent: status, Content-Range and body
// bytes. Request.Aligned checks that a client asked for slice-aligned
// ranges.
//
// # Caveats
//
// The rate limit applies per TCP connection and counts response headers
// too; its token bucket holds 10ms worth of bytes (at least 1 KiB), so very
// short transfers finish slightly faster than the rate.
//
// Fault numbers count requests for the file path only (any method, HEAD
// included) since Start; ResetLog does not restart them. Redirect hops and
// 404s are logged but not counted.
//
// A response keeps serving the version of the content it started with, even
// if Change happens while it is being sent.
//
// Request.Start and End are what the client asked for, not what was sent;
// ContentRange is what was sent.
//
// BytesServed counts only body bytes of 2xx file responses; error, redirect
// and 404 bodies are in Request.BodyBytes but not in BytesServed.
//
// The server speaks HTTP/1.1 only, without TLS.
package fetchtest

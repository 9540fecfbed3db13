// Reused connections: a request that failed on a kept-alive connection
// because of what the previous answer left on it is sent again, once, on a
// connection of its own.

package fetch

import (
	"context"
	"crypto/tls"
	"errors"
	"net"
	"net/http"
)

// A server (or a proxy) that sends bytes after a complete answer leaves
// them on the connection, and net/http, which puts the connection back in
// its pool once the body is read, may send the next request on it before
// it sees them: that request then reads them as its answer and fails with
// "malformed HTTP status code" or "malformed HTTP response", which is not
// a fault of the request, and which net/http does not try again (it does
// so only for a connection closed before a byte of the answer). Nor does
// the retry policy, which takes a garbled status line for a server that
// speaks another protocol. Whether it raced depends on timing alone: the
// bytes usually arrive first and net/http drops the connection.
//
// So a request whose connection had carried an answer before, and that
// failed before its own answer's headers were read (not by a timeout or
// its context), is sent again at once on a new connection, which no
// answer has touched; what that try gets is the request's answer or its
// error, judged as a first try's.

// connNote records what the Transport said of a request's connection.
type connNote struct {
	got    bool // a connection was obtained
	reused bool // it had carried an HTTP/1 answer before
}

// noteConn is the GotConn hook's part for n.
func (n *connNote) noteConn(i gotConnInfo) {
	n.got = true
	n.reused = i.Reused && !isH2(i.Conn)
}

// gotConnInfo is httptrace.GotConnInfo's fields used here.
type gotConnInfo struct {
	Conn   net.Conn
	Reused bool
}

// isH2 reports whether c carries HTTP/2 (a stream failed on it is the
// HTTP/2 transport's to retry, and leaves no bytes for the next).
func isH2(c net.Conn) bool {
	tc, ok := c.(*tls.Conn)
	return ok && tc.ConnectionState().NegotiatedProtocol == "h2"
}

// leftOver reports whether err, the error of req sent on a connection that
// had carried an answer before, may come from what that answer left: not a
// timeout, not the request's own context ending, not a connection set-up
// (the connection was there), and req can be sent again (GET or HEAD
// without a body).
func leftOver(req *http.Request, err error) bool {
	if req.Context().Err() != nil || (req.Method != http.MethodGet && req.Method != http.MethodHead) ||
		(req.Body != nil && req.Body != http.NoBody) {
		return false
	}
	var pe *PhaseError
	var ne net.Error
	if errors.As(err, &pe) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) ||
		(errors.As(err, &ne) && ne.Timeout()) {
		return false
	}
	return true
}

// onNewConnection sends req with tr's settings on a connection of its own,
// closed after its answer: a copy of tr with an empty pool.
func onNewConnection(tr *http.Transport, req *http.Request) (*http.Response, error) {
	fresh := tr.Clone()
	fresh.DisableKeepAlives = true
	return fresh.RoundTrip(req)
}

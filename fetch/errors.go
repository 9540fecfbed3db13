// Typed errors of the fetch package, classified by behaviour.

package fetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"syscall"
	"time"
)

// HTTPError is an unexpected HTTP status from the server.
type HTTPError struct {
	URL        string
	Status     int
	RetryAfter time.Duration // from a Retry-After header, zero if none
}

func (e *HTTPError) Error() string {
	return fmt.Sprintf("%s: server answered %d %s", e.URL, e.Status, http.StatusText(e.Status))
}

// ChangedError reports that the resource changed while it was being
// downloaded: a new ETag, another size, or a whole body where a range was
// asked for. The bytes already written belong to another version; they must
// not be completed into a file.
type ChangedError struct {
	URL    string
	Reason string // what differed, for people
}

func (e *ChangedError) Error() string {
	return fmt.Sprintf("%s: the remote file changed during the download (%s)", e.URL, e.Reason)
}

// RangeError reports a 206 response whose Content-Range is not exactly the
// range asked for. Its body is never written.
type RangeError struct {
	URL          string
	Asked        string // the Range header sent
	ContentRange string // the Content-Range received
}

func (e *RangeError) Error() string {
	return fmt.Sprintf("%s: asked for %s, server sent Content-Range %q", e.URL, e.Asked, e.ContentRange)
}

// Sentinel errors.
var (
	// ErrStalled: no bytes arrived for the stall timeout.
	ErrStalled = errors.New("connection stalled")
	// ErrTooSlow: the connection stayed below the lowest speed limit.
	ErrTooSlow = errors.New("connection below the lowest speed limit")
	// ErrShortBody: the body ended before the range did.
	ErrShortBody = fmt.Errorf("body ended early: %w", io.ErrUnexpectedEOF)
	// ErrNoRanges: the server stopped honouring ranges midway.
	ErrNoRanges = errors.New("the server no longer answers ranged requests")
)

// Retryable reports whether err is worth another try: 5xx, 408, 429,
// timeouts, resets, refused connections, stalls and truncated bodies. Client
// errors, changed resources and local I/O errors are final.
func Retryable(err error) bool {
	if err == nil {
		return false
	}
	var he *HTTPError
	if errors.As(err, &he) {
		return he.Status >= 500 || he.Status == http.StatusRequestTimeout || he.Status == http.StatusTooManyRequests
	}
	var ce *ChangedError
	if errors.As(err, &ce) {
		return false
	}
	var re *RangeError
	if errors.As(err, &re) {
		return true // a confused proxy; the body was not used
	}
	var le *LocalError
	if errors.As(err, &le) {
		return false
	}
	var fe interface{ retryable() bool }
	if errors.As(err, &fe) {
		return fe.retryable()
	}
	if errors.Is(err, ErrStalled) || errors.Is(err, ErrTooSlow) || errors.Is(err, io.ErrUnexpectedEOF) {
		return true
	}
	if errors.Is(err, context.Canceled) {
		return false
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, syscall.ECONNRESET) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.EPIPE) || errors.Is(err, io.EOF) {
		return true
	}
	// *url.Error is a net.Error whatever it wraps (a bad certificate, a
	// redirect loop): judge by what it wraps. So is *PhaseError.
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Timeout() || Retryable(ue.Err)
	}
	var pe *PhaseError
	if errors.As(err, &pe) {
		return pe.Timeout() || Retryable(pe.Err)
	}
	var ne net.Error
	if errors.As(err, &ne) {
		return true
	}
	var oe *net.OpError
	return errors.As(err, &oe)
}

// LocalError is a failure of the local side (writing or syncing the output),
// never worth a retry from the network's point of view.
type LocalError struct {
	Op  string // "write", "sync"
	Err error
}

func (e *LocalError) Error() string { return e.Op + " output: " + e.Err.Error() }
func (e *LocalError) Unwrap() error { return e.Err }

// IsTimeout reports whether err is a timeout of the network (not of the
// caller's context).
func IsTimeout(err error) bool {
	if errors.Is(err, ErrStalled) || errors.Is(err, os.ErrDeadlineExceeded) {
		return true
	}
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// retryAfter parses a Retry-After header (seconds or an HTTP date).
func retryAfter(h http.Header, now time.Time) time.Duration {
	v := h.Get("Retry-After")
	if v == "" {
		return 0
	}
	if s, err := strconv.Atoi(v); err == nil && s >= 0 {
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}

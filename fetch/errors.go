// Typed errors of the fetch package, classified by behaviour.

package fetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"net/textproto"
	"net/url"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/slget/slget/segment"
)

// HTTPError is an unexpected HTTP status from the server.
type HTTPError struct {
	URL        string
	Status     int
	RetryAfter time.Duration // from a Retry-After header, zero if none
}

func (e *HTTPError) Error() string {
	return fmt.Sprintf("%s: server answered %d %s", Redact(e.URL), e.Status, http.StatusText(e.Status))
}

// ChangedError reports that the resource changed while it was being
// downloaded: a new ETag, another size, or a whole body of another version
// where a range was asked for. Bytes of the new version are never written;
// those already written belong to the old one and must not be completed
// into a file.
type ChangedError struct {
	URL    string
	Reason string // what differed, for people
	// Confirmed is true when a fresh request without a precondition showed
	// the new version too, not just one response.
	Confirmed bool
	// Since is true when the change came between two runs, not during one.
	Since bool
}

func (e *ChangedError) Error() string {
	if e.Since {
		return fmt.Sprintf("%s: the remote file changed since the partial download was made (%s)", Redact(e.URL), e.Reason)
	}
	return fmt.Sprintf("%s: the remote file changed during the download (%s)", Redact(e.URL), e.Reason)
}

// OutOfStepError reports one response of another version while a fresh
// request shows the version being downloaded: a CDN edge or a replica out
// of step. Its body was not used, and another try is worth it.
type OutOfStepError struct {
	URL    string
	Reason string // what the odd response showed
}

func (e *OutOfStepError) Error() string {
	return fmt.Sprintf("%s: one response was of another version (%s), but the server's file is unchanged", Redact(e.URL), e.Reason)
}

// GaveUpError is a slice given up after its tries failed: Tries of them,
// the first ended For before the last, whose error is Err. Spent says the
// retry policy's time budget ended them (RetryPolicy.Budget), not its
// MaxTries. It unwraps to Err, so Retryable and errors.Is see the last
// failure (a refused connection, a timeout).
type GaveUpError struct {
	Slice int
	Range segment.Range
	Tries int
	For   time.Duration
	Spent bool
	Err   error
}

func (e *GaveUpError) Error() string {
	if e.Spent {
		return fmt.Sprintf("slice %d (%s) failed %d times over %s, giving up: %v", e.Slice, e.Range, e.Tries, e.For.Round(time.Second), e.Err)
	}
	return fmt.Sprintf("slice %d (%s) failed %d times, giving up: %v", e.Slice, e.Range, e.Tries, e.Err)
}

func (e *GaveUpError) Unwrap() error { return e.Err }

// RangeError reports a 206 response that is not exactly the range asked
// for: another Content-Range, another length, an encoded body. Its body is
// never written.
type RangeError struct {
	URL          string
	Asked        string // the Range header sent
	ContentRange string // the Content-Range received
	Reason       string // what else was wrong, when the Content-Range was right
}

func (e *RangeError) Error() string {
	u := Redact(e.URL)
	if e.Reason != "" {
		return fmt.Sprintf("%s: asked for %s: %s", u, e.Asked, e.Reason)
	}
	if e.ContentRange == "" {
		return fmt.Sprintf("%s: asked for %s, server sent no Content-Range", u, e.Asked)
	}
	return fmt.Sprintf("%s: asked for %s, server sent Content-Range %q", u, e.Asked, e.ContentRange)
}

// Sentinel errors.
var (
	// ErrStalled: no bytes arrived for the stall timeout.
	ErrStalled = errors.New("connection stalled")
	// ErrTooSlow: the connection stayed below the lowest speed limit.
	ErrTooSlow = errors.New("connection below the lowest speed limit")
	// ErrShortBody: the body ended before the range did.
	ErrShortBody = fmt.Errorf("body ended early: %w", io.ErrUnexpectedEOF)
	// ErrNoRanges: the server answered a ranged request with the whole
	// file (of the same version). Retryable, since one edge of a CDN may do
	// it; after every try it means the server stopped doing ranges.
	ErrNoRanges = errors.New("the server answered a ranged request with the whole file")
	// ErrHeadersTooLarge: the server's response headers passed net/http's
	// limit (10 MiB): a bad answer, final.
	ErrHeadersTooLarge = errors.New("the server's response headers are too large")
	// ErrNoCAs: NewClient's ClientOptions.CAs holds no PEM certificate.
	ErrNoCAs = errors.New("no PEM certificate in the CAs given")
)

// Retryable reports whether err is worth another try: 5xx, 408, 429,
// timeouts, resets, refused connections, stalls and truncated bodies. Client
// errors, changed resources and local I/O errors are final.
func Retryable(err error) bool {
	if err == nil {
		return false
	}
	// An error that knows (Final, a PhaseError) says so first.
	var fe interface{ retryable() bool }
	if errors.As(err, &fe) {
		return fe.retryable()
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
	var oe *OutOfStepError
	var tpe textproto.ProtocolError
	if errors.As(err, &re) || errors.As(err, &oe) || errors.Is(err, ErrNoRanges) || errors.As(err, &tpe) {
		return true // a confused proxy or edge, a garbled answer; the body was not used
	}
	var le *LocalError
	if errors.As(err, &le) {
		return false
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
	var ope *net.OpError
	return errors.As(err, &ope)
}

// Final marks err as not worth another try, whatever it is; errors.Is and
// errors.As still see it.
func Final(err error) error {
	if err == nil {
		return nil
	}
	return &finalError{err}
}

type finalError struct{ err error }

func (e *finalError) Error() string   { return e.err.Error() }
func (e *finalError) Unwrap() error   { return e.err }
func (e *finalError) retryable() bool { return false }

// unwrapURLError drops net/http's `Get "URL": ` from err: every message
// of slget names its URL already.
// roundTripErr is the error of a request that got no response: the
// *url.Error unwrapped, and net/http's refusal of response headers past
// its limit marked as ErrHeadersTooLarge (net/http exports no type or
// sentinel for it: its fixed text is the only mark it leaves).
func roundTripErr(err error) error {
	err = unwrapURLError(err)
	if err != nil && strings.Contains(err.Error(), "server response headers exceeded") {
		return fmt.Errorf("%w (%v)", ErrHeadersTooLarge, err)
	}
	return err
}

func unwrapURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) && ue.Err != nil && err == error(ue) {
		return ue.Err
	}
	return err
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
	// Seconds past what a Duration holds (or int64 parses) mean a very long
	// wait: saturate rather than let the product wrap to a short or
	// negative one.
	if s, err := strconv.ParseInt(v, 10, 64); (err == nil || errors.Is(err, strconv.ErrRange)) && s >= 0 {
		return time.Duration(min(s, math.MaxInt64/int64(time.Second))) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}

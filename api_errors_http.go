// The HTTP side's errors as the root's own types: what Do, Get and the
// Retrying event give a program, with documented fields, named slget.X by
// %T, and matched by errors.As with the slget names alone. The fetch
// package makes its own; public turns them into these where they leave the
// library, keeping their messages word for word.

package slget

import (
	"errors"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/metalink"
	"github.com/slget/slget/resume"
)

// HTTPError is an answer with a status that is not a success: a 404, a
// 403, a 503 after every try.
type HTTPError struct {
	URL        string        // the URL asked for; the message redacts its password
	Status     int           // the HTTP status
	RetryAfter time.Duration // the server's Retry-After, zero if it gave none
	cause      error
}

func (e *HTTPError) fetch() error {
	return orCause(e.cause, &fetch.HTTPError{URL: e.URL, Status: e.Status, RetryAfter: e.RetryAfter})
}
func (e *HTTPError) Error() string { return e.fetch().Error() }

// Unwrap returns the HTTP side's own error, which Retryable reads.
func (e *HTTPError) Unwrap() error { return e.fetch() }

// ChangedError is a remote file that changed during the download (or
// since its partial download was made): a new ETag, another size, or a
// whole body of another version where a range was asked for. Nothing of
// the new version was written; the bytes already written are of the old
// one and are never completed into a file.
type ChangedError struct {
	URL    string // the URL asked for
	Reason string // what differed, for people
	// Confirmed is true when a fresh request without a precondition
	// showed the new version too, not one response alone.
	Confirmed bool
	// Since is true when the change came between two runs, not during one.
	Since bool
	cause error
}

func (e *ChangedError) fetch() error {
	return orCause(e.cause, &fetch.ChangedError{URL: e.URL, Reason: e.Reason, Confirmed: e.Confirmed, Since: e.Since})
}
func (e *ChangedError) Error() string { return e.fetch().Error() }

// Unwrap returns the HTTP side's own error.
func (e *ChangedError) Unwrap() error { return e.fetch() }

// RangeError is an answer whose range is not the one asked for: another
// Content-Range, another length, an encoded body. Its body was not
// written.
type RangeError struct {
	URL          string // the URL asked for
	Asked        string // the Range header sent
	ContentRange string // the Content-Range received, "" if none
	Reason       string // what else was wrong, when the Content-Range was right
	cause        error
}

func (e *RangeError) fetch() error {
	return orCause(e.cause, &fetch.RangeError{URL: e.URL, Asked: e.Asked, ContentRange: e.ContentRange, Reason: e.Reason})
}
func (e *RangeError) Error() string { return e.fetch().Error() }

// Unwrap returns the HTTP side's own error.
func (e *RangeError) Unwrap() error { return e.fetch() }

// OutOfStepError is an answer of another version than the probe's, from
// one server of several (a CDN edge), while a fresh request showed the
// version being downloaded: not a change. Its body was not used.
type OutOfStepError struct {
	URL    string // the URL asked for
	Reason string // what the odd answer showed
	cause  error
}

func (e *OutOfStepError) fetch() error {
	return orCause(e.cause, &fetch.OutOfStepError{URL: e.URL, Reason: e.Reason})
}
func (e *OutOfStepError) Error() string { return e.fetch().Error() }

// Unwrap returns the HTTP side's own error.
func (e *OutOfStepError) Unwrap() error { return e.fetch() }

// RedirectError is a redirect chain too long, or a loop.
type RedirectError struct {
	URL   string   // the URL given, its password redacted
	Chain []string // the URLs visited, the one refused last
	Loop  bool     // the chain came back to a URL it had visited
	Max   int      // else: the most redirects allowed (Client.MaxRedirects)
	cause error
}

func (e *RedirectError) fetch() error {
	return orCause(e.cause, &fetch.RedirectError{URL: e.URL, Chain: e.Chain, Loop: e.Loop, Max: e.Max})
}
func (e *RedirectError) Error() string { return e.fetch().Error() }

// Unwrap returns the HTTP side's own error.
func (e *RedirectError) Unwrap() error { return e.fetch() }

// CutError is an answer cut short by a cache in front of the origin
// (varnish with a store smaller than the file), named from its headers.
// It matches io.ErrUnexpectedEOF.
type CutError struct {
	URL   string // the URL asked for
	Range Range  // the range asked for
	Got   int64  // the body bytes that came
	// Cache is what the headers say of the cache: "Via: 1.1 varnish
	// (Varnish/7.1); X-Varnish: 32770".
	Cache   string
	Varnish bool // the headers name varnish
	cause   error
}

func (e *CutError) fetch() error {
	return orCause(e.cause, &fetch.CutError{URL: e.URL, Range: e.Range.segment(), Got: e.Got, Cache: e.Cache, Varnish: e.Varnish})
}
func (e *CutError) Error() string { return e.fetch().Error() }

// Unwrap returns the HTTP side's own error.
func (e *CutError) Unwrap() error { return e.fetch() }

// Phase is a step of setting up a connection, which a PhaseError names.
type Phase int

// The phases, in the order they happen. A request uses some of them: a
// SOCKS5 proxy has no CONNECT, plain http:// no TLS.
const (
	PhaseDNS      = Phase(fetch.PhaseDNS)      // looking up a name (the server's or the proxy's)
	PhaseTCP      = Phase(fetch.PhaseTCP)      // the TCP connection (to the server or the proxy)
	PhaseProxyTLS = Phase(fetch.PhaseProxyTLS) // TLS with an https:// proxy
	PhaseSOCKS    = Phase(fetch.PhaseSOCKS)    // the SOCKS5 handshake
	PhaseCONNECT  = Phase(fetch.PhaseCONNECT)  // HTTP CONNECT through an HTTP(S) proxy
	PhaseTLS      = Phase(fetch.PhaseTLS)      // TLS with the server
	PhaseHeaders  = Phase(fetch.PhaseHeaders)  // waiting for the response headers
)

// String names the phase: "DNS lookup", "TLS handshake".
func (p Phase) String() string { return fetch.Phase(p).String() }

// PhaseError is a connection that failed to set up, or a server that sent
// no response headers in time, naming the phase.
type PhaseError struct {
	Phase Phase
	Addr  string // the host:port asked for
	// Proxy is the proxy's URL without credentials
	// ("socks5://127.0.0.1:1080"), or "" for a direct connection.
	Proxy string
	// Limit is the time limit that ran out; zero when the phase failed of
	// itself (refused, reset, a bad certificate, a bad answer).
	Limit time.Duration
	Err   error // the cause
	cause error
}

func (e *PhaseError) made() *fetch.PhaseError {
	return &fetch.PhaseError{Phase: fetch.Phase(e.Phase), Addr: e.Addr, Proxy: e.Proxy, Limit: e.Limit, Err: e.Err}
}
func (e *PhaseError) Error() string { return orCause(e.cause, e.made()).Error() }

// Unwrap returns the cause, then the HTTP side's own error.
func (e *PhaseError) Unwrap() []error { return []error{e.Err, orCause(e.cause, e.made())} }

// Timeout reports whether the phase ran out of time.
func (e *PhaseError) Timeout() bool { return e.made().Timeout() }

// Temporary is Timeout, for the net.Error interface.
func (e *PhaseError) Temporary() bool { return e.Timeout() }

// PeerError is a peer (Client.Peers) that cannot be used for a slice.
type PeerError struct {
	Peer   string // its address, without the token
	Status int    // the HTTP status, 0 if the answer was not an error status
	Reason string // what went wrong, for people
	Err    error  // the cause, if any
	// Drop is true when asking this peer again in the same download is
	// pointless or unsafe: it lied about a slice, has another version,
	// refuses us, breaks the protocol, or is down.
	Drop bool
	Lied bool // bytes it sent failed their checksum
	// Gone is true when it could not be reached or stopped answering: a
	// serve that restarts comes back, and may be asked again then.
	Gone  bool
	cause error
}

func (e *PeerError) fetch() error {
	return orCause(e.cause, &fetch.PeerError{Peer: e.Peer, Status: e.Status, Reason: e.Reason, Err: e.Err, Drop: e.Drop, Lied: e.Lied, Gone: e.Gone})
}
func (e *PeerError) Error() string { return e.fetch().Error() }

// Unwrap returns the cause, then the HTTP side's own error.
func (e *PeerError) Unwrap() []error { return []error{e.Err, e.fetch()} }

// LocalError is a failure to write or sync the output during the
// transfer: never worth another try from the network's side.
type LocalError struct {
	Op    string // "write", "sync"
	Err   error  // the file system's error
	cause error
}

func (e *LocalError) fetch() error  { return orCause(e.cause, &fetch.LocalError{Op: e.Op, Err: e.Err}) }
func (e *LocalError) Error() string { return e.fetch().Error() }

// Unwrap returns the cause, then the HTTP side's own error.
func (e *LocalError) Unwrap() []error { return []error{e.Err, e.fetch()} }

// GaveUpError is a slice given up after its tries failed: Tries of them,
// the first For before the last, whose error is Err. Spent says the retry
// policy's time budget ended them (RetryPolicy.Budget), not its MaxTries.
// It unwraps to Err, so Retryable and errors.Is see the last failure.
type GaveUpError struct {
	Slice int
	Range Range
	Tries int
	For   time.Duration
	Spent bool
	Err   error
	cause error
}

func (e *GaveUpError) fetch() error {
	return orCause(e.cause, &fetch.GaveUpError{Slice: e.Slice, Range: e.Range.segment(), Tries: e.Tries, For: e.For, Spent: e.Spent, Err: e.Err})
}
func (e *GaveUpError) Error() string { return e.fetch().Error() }

// Unwrap returns Err, then the HTTP side's own error.
func (e *GaveUpError) Unwrap() []error { return []error{e.Err, e.fetch()} }

// JournalError is a journal (NAME.slget) that cannot be used: it names
// the file and the operation; errors.Is tells ErrJournalLocked (another
// download holds it), ErrJournalCorrupt and ErrJournalVersion apart.
type JournalError struct {
	Path string // the journal file
	// Op is what failed: "create", "open", "inspect", "commit",
	// "set-final-url", "close", "remove".
	Op    string
	Err   error // the cause: errors.Is(Err, ErrJournalCorrupt) and so on
	cause error
}

func (e *JournalError) fetch() error {
	return orCause(e.cause, &resume.Error{Path: e.Path, Op: e.Op, Err: e.Err})
}
func (e *JournalError) Error() string { return e.fetch().Error() }

// Unwrap returns the cause, then the journal's own error.
func (e *JournalError) Unwrap() []error { return []error{e.Err, e.fetch()} }

// orCause is the error a public type was made from, or, for one a
// program made itself, the one its fields make.
func orCause(cause, made error) error {
	if cause != nil {
		return cause
	}
	return made
}

// public returns err with the errors of the HTTP side, the journal and the
// Metalink reader in it given as the root's own types, their messages
// unchanged: the outermost of them becomes one, whose message is that of
// err whole (a wrapper's context, "connecting to …; is the server up"),
// and the root's own wrappers (KeptError and the like) keep their type
// with what they wrap made public.
func public(err error) error {
	if err == nil {
		return nil
	}
	if p := own(err, err); p != nil {
		return p
	}
	switch e := err.(type) {
	case *KeptError:
		c := *e
		c.Err = public(e.Err)
		return &c
	case *InterruptedError:
		c := *e
		c.Err = public(e.Err)
		return &c
	case *RequestError:
		c := *e
		c.Err = public(e.Err)
		return &c
	case *WriterError:
		c := *e
		c.Err = public(e.Err)
		return &c
	case *FileError:
		c := *e
		c.Err = public(e.Err)
		return &c
	case *MetalinkAnswer:
		c := *e
		c.Err = public(e.Err)
		return &c
	}
	// A chain of wrappers of another kind (fmt.Errorf's, fetch.Final):
	// its first error of the HTTP side stands for it, with err's message.
	for in := errors.Unwrap(err); in != nil; in = errors.Unwrap(in) {
		if p := own(in, err); p != nil {
			return p
		}
	}
	return beside(err)
}

// own is the root's type for e, an error of the HTTP side or the journal,
// made from its fields, whose message and chain are those of whole; nil
// for an error of another kind.
func own(e, whole error) error {
	switch e := e.(type) {
	case *fetch.HTTPError:
		return &HTTPError{URL: e.URL, Status: e.Status, RetryAfter: e.RetryAfter, cause: whole}
	case *fetch.ChangedError:
		return &ChangedError{URL: e.URL, Reason: e.Reason, Confirmed: e.Confirmed, Since: e.Since, cause: whole}
	case *fetch.RangeError:
		return &RangeError{URL: e.URL, Asked: e.Asked, ContentRange: e.ContentRange, Reason: e.Reason, cause: whole}
	case *fetch.OutOfStepError:
		return &OutOfStepError{URL: e.URL, Reason: e.Reason, cause: whole}
	case *fetch.RedirectError:
		return &RedirectError{URL: e.URL, Chain: e.Chain, Loop: e.Loop, Max: e.Max, cause: whole}
	case *fetch.CutError:
		return &CutError{URL: e.URL, Range: rangeOf(e.Range), Got: e.Got, Cache: e.Cache, Varnish: e.Varnish, cause: whole}
	case *fetch.PhaseError:
		return &PhaseError{Phase: Phase(e.Phase), Addr: e.Addr, Proxy: e.Proxy, Limit: e.Limit, Err: public(e.Err), cause: whole}
	case *fetch.PeerError:
		return &PeerError{Peer: e.Peer, Status: e.Status, Reason: e.Reason, Err: public(e.Err), Drop: e.Drop, Lied: e.Lied, Gone: e.Gone, cause: whole}
	case *fetch.LocalError:
		return &LocalError{Op: e.Op, Err: public(e.Err), cause: whole}
	case *fetch.GaveUpError:
		return &GaveUpError{Slice: e.Slice, Range: rangeOf(e.Range), Tries: e.Tries, For: e.For, Spent: e.Spent, Err: public(e.Err), cause: whole}
	case *resume.Error:
		return &JournalError{Path: e.Path, Op: e.Op, Err: public(e.Err), cause: whole}
	case *metalink.ParseError:
		return &MetalinkError{File: e.File, Reason: e.Reason, cause: whole}
	}
	if o := ownFTP(e, whole); o != nil {
		return o
	}
	return ownSFTP(e, whole)
}

// beside keeps a wrapper of several errors (errors.Join's) whole, with
// what it wraps made public beside it; err itself when nothing in it
// changes.
func beside(err error) error {
	w, ok := err.(interface{ Unwrap() []error })
	if !ok {
		return err
	}
	var pub []error
	changed := false
	for _, in := range w.Unwrap() {
		p := public(in)
		changed = changed || p != in
		pub = append(pub, p)
	}
	if !changed {
		return err
	}
	return &publicWrap{err: err, pub: pub}
}

// publicWrap is a wrapper of several errors with what they are made
// public: its message is the wrapper's, and errors.As sees the public
// errors first, then the wrapper's own.
type publicWrap struct {
	err error
	pub []error
}

func (e *publicWrap) Error() string   { return e.err.Error() }
func (e *publicWrap) Unwrap() []error { return append(append([]error(nil), e.pub...), e.err) }

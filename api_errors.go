// Errors of the download flow: each names the file or URL it is about and
// says what to do; each has a type or sentinel a caller tests with
// errors.As or errors.Is (the command maps them to exit codes).

package slget

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"syscall"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/internal/osfile"
	"github.com/slget/slget/internal/units"
	"github.com/slget/slget/metalink"
	"github.com/slget/slget/resume"
)

// ErrLocked is matched by the error of a download whose output another
// download (in this process or another) holds: a *LockedError.
var ErrLocked = errors.New("another slget is downloading this file")

// Errors of a journal, matched with errors.Is.
var (
	// ErrJournalCorrupt: the journal is damaged; nothing in it is trusted.
	// A restart discards it.
	ErrJournalCorrupt = resume.ErrCorrupt
	// ErrJournalVersion: the journal was written by a newer slget.
	ErrJournalVersion = resume.ErrVersion
	// ErrJournalLocked: another download holds the journal.
	ErrJournalLocked = resume.ErrLocked
)

// LockedError reports that another download, of this process or another,
// holds the output name: its partial file at Part is locked.
type LockedError struct {
	Path string // the output name
	Part string // its partial file, which the other download holds
}

func (e *LockedError) Error() string {
	return fmt.Sprintf("%s: %v (%s is locked)", filepath.Base(e.Path), ErrLocked, e.Part)
}

// Is makes a LockedError match ErrLocked.
func (e *LockedError) Is(target error) bool { return target == ErrLocked }

// Remedies: wait for the other download, or save under another name.
func (e *LockedError) Remedies() []Remedy { return []Remedy{RemedyWait, RemedyOtherName} }

// lockedError is the error of a partial file at part that another
// download holds.
func lockedError(part string) error { return &LockedError{Path: trimPart(part), Part: part} }

// FileError is a failure of the local file system: opening an existing
// file, creating or truncating one, or reading, writing and syncing one.
type FileError struct {
	// Op is "open" (a file that is there could not be opened), "create"
	// (a file could not be created, truncated or named: a folder that
	// refuses new files, a read-only file system, a name too long) or
	// "io" (reading, writing or syncing one).
	Op   string
	Path string
	Err  error
}

func (e *FileError) Error() string {
	what := map[string]string{"open": "cannot open", "create": "cannot create", "io": "cannot write"}[e.Op]
	if what == "" {
		what = e.Op
	}
	msg := fmt.Sprintf("%s %s: %v", what, e.Path, e.Err)
	switch {
	case osfile.IsReadOnlyFS(e.Err):
		msg += " (the file system is read-only)"
	case errors.Is(e.Err, fs.ErrPermission): // EACCES, EPERM; ERROR_ACCESS_DENIED
		msg += " (no permission)"
	}
	return msg
}

// Remedies: another directory where the file system refuses, a shorter
// name where the name is too long, space where there is none.
func (e *FileError) Remedies() []Remedy {
	switch {
	case errors.Is(e.Err, syscall.ENAMETOOLONG):
		return []Remedy{RemedyShorterName}
	case osfile.IsDiskFull(e.Err):
		return []Remedy{RemedyFreeSpace, RemedyOtherDir}
	case osfile.IsReadOnlyFS(e.Err), errors.Is(e.Err, fs.ErrPermission):
		return []Remedy{RemedyOtherDir}
	}
	return nil
}

func (e *FileError) Unwrap() error { return e.Err }

func fileErr(op, path string, err error) error {
	if err == nil {
		return nil
	}
	return &FileError{Op: op, Path: path, Err: err}
}

// OutsideError reports that the folder of a download's file leads
// outside Request.Beneath (through a symbolic link, or one put there
// since the download was asked for) at the moment the file is opened:
// nothing is created or written there. It comes wrapped in a *FileError.
type OutsideError struct {
	Root string // Request.Beneath
	Err  error  // what the open beneath Root said
}

func (e *OutsideError) Error() string {
	return "its folder leads outside " + e.Root + " (through a symbolic link), and slget writes only beneath it"
}

func (e *OutsideError) Unwrap() error { return e.Err }

// ExistsError reports that the output name is taken and slget may not
// replace what is there: a file, a partial download of another URL, or a
// partial file that is not slget's.
//
// Nothing at Path is touched: slget leaves it alone. Help says what the
// caller can do.
type ExistsError struct {
	Path string
	Why  string // what is there: "already exists"
	Help []Remedy
}

func (e *ExistsError) Error() string { return e.Path + " " + e.Why }

// Remedies returns Help.
func (e *ExistsError) Remedies() []Remedy { return e.Help }

// DiskFullError reports that the file cannot fit where it is to be saved.
type DiskFullError struct {
	Path       string
	Need, Free int64
}

func (e *DiskFullError) Error() string {
	return fmt.Sprintf("%s needs %s more but its file system has only %s free",
		e.Path, units.Bytes(e.Need), units.Bytes(e.Free))
}

// Remedies: free some space, or save elsewhere.
func (e *DiskFullError) Remedies() []Remedy { return []Remedy{RemedyFreeSpace, RemedyOtherDir} }

// Unwrap makes a DiskFullError match syscall.ENOSPC.
func (e *DiskFullError) Unwrap() error { return syscall.ENOSPC }

// ChecksumError reports that the whole file does not match --checksum.
type ChecksumError struct {
	Path      string // where the file stays; "" for a stream (Request.Writer)
	Algo      string
	Want, Got []byte
	// Removed is true when the file was not kept: a download without a
	// journal, which nothing could resume, leaves no partial file.
	Removed bool
	// From is the origin's header the digest came from ("Repr-Digest",
	// "Digest"); "" for the Request's Checksum.
	From string
	// Reason, when set, says what was tried before giving up: with
	// mirrors, that no one mirror explains the difference.
	Reason string
}

func (e *ChecksumError) Error() string {
	var msg string
	if e.From != "" {
		msg = e.message(fmt.Sprintf("the server's %s: %s", e.From, e.Algo))
	} else {
		msg = e.message(e.Algo)
	}
	if e.Reason != "" {
		msg += " (" + e.Reason + ")"
	}
	return msg
}

func (e *ChecksumError) message(what string) string {
	switch {
	case e.Path == "":
		return fmt.Sprintf("%s checksum mismatch: want %x, got %x; the bytes went to the stream already: do not use them", what, e.Want, e.Got)
	case e.Removed:
		return fmt.Sprintf("%s checksum mismatch: want %x, got %x; %s was removed", what, e.Want, e.Got, e.Path)
	}
	return fmt.Sprintf("%s checksum mismatch: want %x, got %x; the file stays in %s", what, e.Want, e.Got, e.Path)
}

// Remedies: a file kept can be fetched again from nothing (its bytes are
// the server's: running the same download again only checks them again).
func (e *ChecksumError) Remedies() []Remedy {
	if e.Path == "" || e.Removed {
		return nil
	}
	return []Remedy{RemedyRestart}
}

// WriterError reports that Request.Writer failed, after Written bytes of
// the stream went to it: its reader went away (errors.Is(err,
// syscall.EPIPE) for a closed pipe), or its file system failed.
type WriterError struct {
	Written int64
	Err     error
}

func (e *WriterError) Error() string {
	return fmt.Sprintf("writing the stream failed after %s: %v", units.Bytes(e.Written), e.Err)
}

func (e *WriterError) Unwrap() error { return e.Err }

// InterruptedError reports a download stopped by its context (Ctrl-C,
// SIGTERM) and what was kept of it.
type InterruptedError struct {
	Path string // the partial file kept, or "" if nothing was kept
	Err  error  // the context's error
}

func (e *InterruptedError) Error() string {
	if e.Path == "" {
		return "interrupted; nothing was kept (this download cannot be resumed)"
	}
	return fmt.Sprintf("interrupted; the partial download stays in %s", e.Path)
}

// Remedies: the same download again resumes it, when something was kept.
func (e *InterruptedError) Remedies() []Remedy {
	if e.Path == "" {
		return nil
	}
	return []Remedy{RemedyAgain}
}

// KeptError is a download that failed (Err says why) and kept its partial
// download at Path, with its journal: the same download again resumes it,
// or, when the remote file Changed, starts over with the new version.
type KeptError struct {
	Path    string
	Changed bool // the remote file changed: the partial download is of the old version
	// NoRestart is Request.NoRestart when only a start over could go on
	// (the remote file changed, or no longer answers ranges): the same
	// download again stops the same way.
	NoRestart bool
	Err       error
}

func (e *KeptError) Error() string {
	if e.Changed {
		return fmt.Sprintf("%v\n  %s holds slices of the old version and is kept", e.Err, e.Path)
	}
	return fmt.Sprintf("%v\n  the partial download stays in %s", e.Err, e.Path)
}

func (e *KeptError) Unwrap() error { return e.Err }

// Remedies: the same download again (after freeing space, when it ran
// out, or with a longer retry budget when the one given was spent),
// which after a change starts over unless NoRestart forbids it.
func (e *KeptError) Remedies() []Remedy {
	switch {
	case e.NoRestart:
		return []Remedy{RemedyAllowRestart, RemedyRestart}
	case e.Changed:
		return []Remedy{RemedyAgainAnew}
	}
	if osfile.IsDiskFull(e.Err) {
		return []Remedy{RemedyFreeSpace, RemedyAgain}
	}
	var ge *fetch.GaveUpError // the HTTP side's, which a public GaveUpError unwraps to
	if errors.As(e.Err, &ge) && ge.Spent {
		return []Remedy{RemedyAgain, RemedyLongerRetry}
	}
	return []Remedy{RemedyAgain}
}

func (e *InterruptedError) Unwrap() error { return e.Err }

// MetalinkError is a Metalink document that cannot be used: one that does
// not parse, names a path that leaves the download directory, lists no
// http(s) URL for a file, or only hashes slget cannot check.
type MetalinkError struct {
	File   string // the file's name when the fault is in one, else ""
	Reason string
	cause  error
}

func (e *MetalinkError) metalink() error {
	return orCause(e.cause, &metalink.ParseError{File: e.File, Reason: e.Reason})
}

func (e *MetalinkError) Error() string { return e.metalink().Error() }

// Unwrap returns the Metalink reader's own error.
func (e *MetalinkError) Unwrap() error { return e.metalink() }

// SlowStreamError is a download without ranges given up after the lowest
// speed (Client.LowestSpeed) cut it Tries times: each try starts from byte
// 0 again, so more would only repeat it. It matches ErrTooSlow, and offers
// RemedyLowerSpeed.
type SlowStreamError struct {
	URL    string
	Lowest int64 // the limit, bytes per second
	Tries  int
	Err    error // the last try's
}

func (e *SlowStreamError) Error() string {
	return fmt.Sprintf("%s: the server stayed below the lowest speed (%s/s) on %d tries; it answers no ranges, so every try starts again from the first byte, and another would fare no better: giving up",
		fetch.Redact(e.URL), units.Bytes(e.Lowest), e.Tries)
}

func (e *SlowStreamError) Unwrap() error { return e.Err }

// Remedies offers a lower lowest speed, or none.
func (e *SlowStreamError) Remedies() []Remedy { return []Remedy{RemedyLowerSpeed} }

// SameCutError is a download without ranges given up after two answers in
// a row ended early at the same byte, or were cut by a cache in front that
// names itself: something in the way (a cache or proxy that cannot hold
// the file, a limit on the size of an answer) cuts every answer, and each
// try would cost the server the file up to there again. It matches
// io.ErrUnexpectedEOF.
type SameCutError struct {
	URL    string
	At     int64  // the bytes the last answer brought
	Before int64  // the bytes the one before brought
	Cache  string // what the answers said of a cache in front ("Via: 1.1 varnish"); "" for none
	Err    error  // the last try's
}

func (e *SameCutError) Error() string {
	what := fmt.Sprintf("the answer ended early after %d bytes twice in a row", e.At)
	if e.At != e.Before {
		what = fmt.Sprintf("the answer ended early twice in a row (after %d bytes, then %d)", e.Before, e.At)
	}
	if e.Cache != "" {
		what += ", cut short by a cache in front of the server (" + e.Cache + ")"
	}
	return fmt.Sprintf("%s: %s (%v); the server answers no ranges, so every try starts again from the first byte and would be cut again: giving up",
		fetch.Redact(e.URL), what, e.Err)
}

func (e *SameCutError) Unwrap() error { return e.Err }

// RequestError is a request that cannot be downloaded as given: a URL that
// is not http(s), an option out of range.
type RequestError struct {
	Err  error
	Help []Remedy // what would make it downloadable
}

func (e *RequestError) Error() string { return e.Err.Error() }
func (e *RequestError) Unwrap() error { return e.Err }

// Remedies returns Help.
func (e *RequestError) Remedies() []Remedy { return e.Help }

// SizeError is a URL whose file does not have the size the request's
// document gives (Request.Size): another version or another file. It is
// returned after the probe, before anything is written.
type SizeError struct {
	URL  string // redacted
	Size int64  // the URL's; -1 when it tells none
	Want int64  // Request.Size
}

func (e *SizeError) Error() string {
	if e.Size < 0 {
		return fmt.Sprintf("%s tells no size; the document says %d bytes, which could not be checked", e.URL, e.Want)
	}
	return fmt.Sprintf("%s has %d bytes; the document says %d: another file or another version", e.URL, e.Size, e.Want)
}

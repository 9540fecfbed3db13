// Exit codes: aria2's numbers where the condition matches, new ones above 32.

package main

import (
	"context"
	"errors"
	"net/http"
	"net/textproto"
	"syscall"

	"github.com/slget/slget"
	"github.com/slget/slget/internal/osfile"
)

// Exit codes. Scripts rely on them; the README lists them.
const (
	exitOK          = 0
	exitUnknown     = 1
	exitTimeout     = 2
	exitNotFound    = 3
	exitTooSlow     = 5 // every try stayed below --lowest-speed-limit, as aria2c's 5
	exitNetwork     = 6
	exitUnfinished  = 7
	exitNoResume    = 8
	exitDiskFull    = 9
	exitFileExists  = 13
	exitFileOpen    = 15 // an existing file could not be opened
	exitFileCreate  = 16 // a file could not be created or truncated
	exitFileIO      = 17 // reading, writing or syncing a file failed
	exitBadResponse = 22
	exitAuth        = 24
	exitBadOption   = 28
	exitOverloaded  = 29 // the server answered 503 (or 429) to every try
	exitChecksum    = 32
	exitChanged     = 33 // the remote file changed during the download
	exitJournal     = 34 // the journal is damaged, from a newer slget, or locked
	exitPipeClosed  = 35 // the reader of -o - closed the pipe before the end
	exitCertificate = 36 // the server's certificate did not verify
)

// exitError carries an exit code with the error that caused it.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

func withCode(code int, err error) error {
	if err == nil {
		return nil
	}
	return &exitError{code: code, err: err}
}

// exitCode maps an error to the exit code a script sees.
// It is a table, one case per kind of error in the order of the README's
// exit codes, and as long as that table.
func exitCode(err error) int {
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	var (
		he  *slget.HTTPError
		ce  *slget.ChangedError
		re  *slget.RangeError
		oe  *slget.OutOfStepError
		rde *slget.RedirectError
		fe  *slget.FileError
		xe  *slget.ExistsError
		cse *slget.ChecksumError
		rqe *slget.RequestError
		ie  *slget.InterruptedError
		we  *slget.WriterError
		le  *slget.LocalError
		pe  *slget.PhaseError
		tpe textproto.ProtocolError
		jre *slget.JournalError
		cut *slget.CutError
		se  *slget.SFTPError
		fte *slget.FTPError
		hke *slget.HostKeyError
	)
	switch {
	case errors.As(err, &rqe):
		return exitBadOption
	case errors.As(err, &ce):
		return exitChanged
	case errors.As(err, &hke):
		return exitCertificate // the SSH server's key, as a certificate, did not verify
	case errors.As(err, &se):
		switch se.Kind {
		case slget.SFTPNotFound:
			return exitNotFound
		case slget.SFTPRefused:
			return exitAuth
		}
		return exitBadResponse // a folder, a device
	case errors.As(err, &fte):
		switch fte.Kind {
		case slget.FTPNotFound:
			return exitNotFound // 550, as aria2c
		case slget.FTPRefused:
			return exitAuth // 530
		}
		return exitBadResponse // a folder
	case errors.As(err, &ie), errors.Is(err, context.Canceled):
		return exitUnfinished
	case osfile.IsDiskFull(err):
		return exitDiskFull
	case errors.As(err, &we) && errors.Is(err, syscall.EPIPE):
		return exitPipeClosed
	case errors.As(err, &we):
		return exitFileIO
	case errors.Is(err, slget.ErrLocked), errors.Is(err, slget.ErrJournalLocked), errors.Is(err, slget.ErrJournalCorrupt), errors.Is(err, slget.ErrJournalVersion):
		return exitJournal
	case errors.As(err, &xe):
		return exitFileExists
	case errors.As(err, &jre):
		// The journal's own file failed (not its lock or its content).
		if jre.Op == "create" {
			return exitFileCreate
		}
		return exitFileIO
	case errors.As(err, &cse):
		return exitChecksum
	case errors.As(err, &fe):
		switch fe.Op {
		case "open":
			return exitFileOpen
		case "create":
			return exitFileCreate
		}
		return exitFileIO
	case errors.As(err, &le):
		return exitFileIO
	case errors.As(err, &rde), errors.As(err, &oe), errors.As(err, &tpe), errors.Is(err, slget.ErrHeadersTooLarge), errors.As(err, &cut):
		return exitBadResponse // a redirect loop, a version out of step, a garbled answer, a cache that cuts its answers
	case errors.As(err, &he):
		switch he.Status {
		case http.StatusNotFound, http.StatusGone:
			return exitNotFound
		case http.StatusUnauthorized, http.StatusForbidden, http.StatusProxyAuthRequired:
			return exitAuth
		case http.StatusServiceUnavailable, http.StatusTooManyRequests:
			// Retryable: an HTTPError with them is what remained after
			// every try. aria2c says 29 for 503; 429 is the same advice
			// to a script (come back later).
			return exitOverloaded
		}
		return exitBadResponse
	case errors.As(err, &re):
		return exitBadResponse
	case errors.Is(err, slget.ErrNoRanges), errors.As(err, new(*slget.SizeError)):
		// aria2c exits 8 for a source whose size is not the Metalink's
		// (the total of its Content-Range is not the one expected).
		return exitNoResume
	case badCertificate(err):
		return exitCertificate
	case slget.IsTimeout(err):
		return exitTimeout
	case errors.Is(err, slget.ErrTooSlow):
		return exitTooSlow
	case errors.Is(err, syscall.ECONNREFUSED):
		return exitNetwork
	case errors.As(err, &pe):
		return exitNetwork // a proxy of the wrong protocol, refused credentials
	case slget.Retryable(err):
		return exitNetwork
	}
	return exitUnknown
}

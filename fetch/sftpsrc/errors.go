// Errors of the SFTP source, typed by what went wrong.

package sftpsrc

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/pkg/sftp"
)

// Kind says what an *Error is about.
type Kind int

// Kinds of *Error.
const (
	NotFound Kind = iota + 1 // no such file on the server
	NotAFile                 // a folder, a device or a link to nothing
	Refused                  // the login was refused, or the file may not be read
)

// Error is a final answer of the server about the file or the login.
type Error struct {
	URL  string // redacted
	Kind Kind
	Err  error
}

func (e *Error) Error() string {
	switch e.Kind {
	case NotFound:
		return fmt.Sprintf("%s: no such file on the server", e.URL)
	case NotAFile:
		return fmt.Sprintf("%s: not a regular file on the server (%v)", e.URL, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.URL, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// fileErr classifies an SFTP status answer about the file; other errors
// (a lost session) are returned as ones worth another try.
func (r *Remote) fileErr(err error) error {
	var se *sftp.StatusError
	switch {
	case errors.Is(err, os.ErrNotExist):
		return &Error{URL: r.url, Kind: NotFound, Err: err}
	case errors.Is(err, os.ErrPermission):
		return &Error{URL: r.url, Kind: Refused, Err: fmt.Errorf("the server refuses to let this user read the file: %w", err)}
	case errors.As(err, &se):
		return &Error{URL: r.url, Kind: NotAFile, Err: err}
	}
	return lost(r.url, err)
}

// lost is a session that broke: worth another try, as a reset TCP
// connection is over HTTP.
func lost(url string, err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("%s: %w", url, err)
	}
	return fmt.Errorf("%s: the SSH session was lost: %v: %w", url, err, io.ErrUnexpectedEOF)
}

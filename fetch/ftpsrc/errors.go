// Errors of the FTP source, typed by what went wrong.

package ftpsrc

import (
	"fmt"
	"io"
)

// Kind says what an *Error is about.
type Kind int

// Kinds of *Error.
const (
	NotFound Kind = iota + 1 // no such file on the server
	NotAFile                 // a folder, or what the server will not send as a file
	Refused                  // the login was refused, or the file may not be read
)

// Error is a final answer of the server about the file or the login.
type Error struct {
	URL   string // redacted
	Kind  Kind
	Reply Reply // what the server answered; zero when it said nothing
	Err   error // what it means, for people
}

func (e *Error) Error() string {
	switch e.Kind {
	case NotFound:
		return fmt.Sprintf("%s: no such file on the server (it answered %q)", e.URL, e.Reply.String())
	case NotAFile:
		return fmt.Sprintf("%s: not a file the server sends (%v)", e.URL, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.URL, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// ReplyError is an answer the command did not expect: a 4xx (the server
// says to try again later) is worth another try, a 5xx is not.
type ReplyError struct {
	URL     string // redacted
	Command string // without its argument, which may be a password
	Reply   Reply
}

func (e *ReplyError) Error() string {
	return fmt.Sprintf("%s: the server answered %s with %q", e.URL, e.Command, e.Reply.String())
}

// Unwrap is ErrTryLater for a 4xx answer, nil for another.
func (e *ReplyError) Unwrap() error {
	if e.Reply.Code/100 == 4 {
		return ErrTryLater
	}
	return nil
}

// ErrTryLater is a 4xx answer: the server cannot now (too many users, a
// data connection it could not open). It is worth another try.
var ErrTryLater = fmt.Errorf("the server says to try again later: %w", io.ErrUnexpectedEOF)

// lost is a control or data connection that broke: worth another try, as
// a reset TCP connection is over HTTP.
func lost(url string, err error) error {
	return fmt.Errorf("%s: the FTP connection was lost: %v: %w", url, err, io.ErrUnexpectedEOF)
}

// The options an ftp:// download logs in with, and the errors of an
// ftp:// server a program tells apart (FTPError, FTPKind).

package slget

import (
	"crypto/tls"
	"strconv"
	"time"

	"github.com/slget/slget/fetch/ftpsrc"
)

// FTPOptions is how ftp:// URLs log in. The zero value logs in as
// anonymous, as aria2c does.
type FTPOptions struct {
	// User logs in when the URL names none (aria2's --ftp-user); ""
	// means anonymous.
	User string
	// Password is sent when the URL gives none (--ftp-passwd), to the
	// URL's host only.
	Password string
	// ConnectTimeout bounds each TCP connection, the login and each
	// answer of the server; zero means 15s.
	ConnectTimeout time.Duration
	// TLS, if set, is explicit FTPS (AUTH TLS, RFC 4217): the login and
	// every data connection in TLS, the certificate checked with this
	// configuration (&tls.Config{} checks it against the system's roots).
	// A server that does not offer TLS is refused, never spoken to in
	// clear. Nil: plain FTP, the password in clear.
	TLS *tls.Config
}

// config is the ftpsrc configuration of o.
func (o FTPOptions) config() ftpsrc.Config {
	return ftpsrc.Config{User: o.User, Password: o.Password, ConnectTimeout: o.ConnectTimeout, TLS: o.TLS}
}

// FTPError is a final answer of an ftp:// server about the file or the
// login: Kind says which.
type FTPError struct {
	URL   string // redacted
	Kind  FTPKind
	Code  int   // the server's reply code (550, 530); 0 when none
	Err   error // what it means
	cause error
}

func (e *FTPError) ftp() error {
	return orCause(e.cause, &ftpsrc.Error{URL: e.URL, Kind: ftpsrc.Kind(e.Kind), Reply: ftpsrc.Reply{Code: e.Code}, Err: e.Err})
}
func (e *FTPError) Error() string { return e.ftp().Error() }

// Unwrap returns the FTP side's own error.
func (e *FTPError) Unwrap() error { return e.ftp() }

// Remedies: a refused login may take another user and password.
func (e *FTPError) Remedies() []Remedy {
	if e.Kind == FTPRefused {
		return []Remedy{RemedyLogin}
	}
	return nil
}

// FTPKind says what an *FTPError is about.
type FTPKind int

// Kinds of FTPError.
const (
	FTPNotFound FTPKind = FTPKind(ftpsrc.NotFound) // no such file on the server (550)
	FTPNotAFile FTPKind = FTPKind(ftpsrc.NotAFile) // a folder
	FTPRefused  FTPKind = FTPKind(ftpsrc.Refused)  // the login was refused (530)
)

// String says what k is about, in a word or two.
func (k FTPKind) String() string {
	switch k {
	case FTPNotFound:
		return "not found"
	case FTPNotAFile:
		return "not a file"
	case FTPRefused:
		return "login refused"
	}
	return "FTPKind(" + strconv.Itoa(int(k)) + ")"
}

// ownFTP is the root's error for one of ftpsrc's; nil for another.
func ownFTP(e, whole error) error {
	if e, ok := e.(*ftpsrc.Error); ok {
		return &FTPError{URL: e.URL, Kind: FTPKind(e.Kind), Code: e.Reply.Code, Err: e.Err, cause: whole}
	}
	return nil
}

// FTP downloads: an ftp:// URL's file in ranges (REST and RETR) over N
// control connections, through the same lock, journal, scheduler, checks
// and rename as HTTP and SFTP.

package slget

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/ftpsrc"
	"github.com/slget/slget/internal/pause"
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

// ownFTP is the root's error for one of ftpsrc's; nil for another.
func ownFTP(e, whole error) error {
	if e, ok := e.(*ftpsrc.Error); ok {
		return &FTPError{URL: e.URL, Kind: FTPKind(e.Kind), Code: e.Reply.Code, Err: e.Err, cause: whole}
	}
	return nil
}

// remoteFile is the file of an sftp:// or ftp:// URL: the source of
// every slice, whose version Check asks again before the rename.
type remoteFile interface {
	fetch.Source
	Check(ctx context.Context) error
	Close()
}

// runFTP is run for an ftp:// URL: SIZE and MDTM in place of the probe
// (they are the validator), then the output, the journal and the
// transfer as for SFTP, and SIZE and MDTM again before the rename.
func (d *download) runFTP(ctx context.Context) error {
	if d.req.Writer != nil {
		return &RequestError{Err: errors.New("an ftp:// URL is saved to a file, not streamed (-o -)")}
	}
	if _, err := ftpsrc.ParseURL(d.req.URL); err != nil {
		return &RequestError{Err: err}
	}
	rem, err := d.dialFTP(ctx, d.req.FTP.config())
	if err != nil {
		return err
	}
	defer rem.Close()
	d.remote = rem
	if len(d.req.Mirrors) > 0 {
		d.warn("the mirrors beside an ftp:// URL are not used: its file comes from its own server only")
	}
	sized := rem.Validator.Size >= 0
	switch {
	case !sized:
		d.warn("the FTP server does not answer SIZE: downloading on one connection, from the start again after a failure (no resume)")
	case !rem.Ranges:
		d.oneConn = true
		d.warn("the FTP server refuses REST: downloading on one connection, each retry reading from the file's start")
	}
	if rem.NoTime {
		d.warn("the FTP server does not answer MDTM: only the size pins the file's version")
	}
	d.protocol = "FTP"
	d.probe = &fetch.Probe{URL: d.req.URL, FinalURL: d.req.URL, Validator: rem.Validator, Ranged: sized}
	d.res.FinalURL = d.res.URL
	d.res.Size = rem.Validator.Size
	d.res.Validator = validatorOf(rem.Validator)
	d.res.Ranged = rem.Ranges
	if err := d.checkSize(); err != nil {
		return err
	}
	if d.req.DryRun {
		return d.dryRun()
	}
	if err := d.claimOutput(ctx); err != nil {
		return err
	}
	if d.action == actComplete {
		return d.finishComplete()
	}
	if !sized {
		if err := d.streamFTP(ctx, rem); err != nil {
			return err
		}
	} else if err := d.transferSFTP(ctx); err != nil { // the remote file's transfer, SFTP's or FTP's
		return err
	}
	return d.finish(ctx)
}

// streamFTP reads a file whose size the server does not tell on one
// connection, from the start again after a retryable failure, as a
// server without ranges is read over HTTP; the server's 226 says the file
// is whole, and MDTM is asked again before the rename.
func (d *download) streamFTP(ctx context.Context, rem *ftpsrc.Remote) error {
	var written atomic.Int64
	d.startedWhole(&written)
	lim := d.limiter()
	tries := newWholeTries(d.res.FinalURL, "")
	for {
		if err := d.truncate(0); err != nil {
			return err
		}
		written.Store(0)
		var n int64
		body, err := rem.Whole(ctx)
		if err == nil {
			n, err = fetch.StreamTo(ctx, body, d.lock.f, &written, d.streamRules(lim))
			body.Close()
		}
		d.res.Size, d.res.Transferred = n, n
		d.res.BySource[FromOrigin] = n
		if err == nil {
			err = rem.Check(ctx)
		}
		if err == nil {
			return nil
		}
		if ctx.Err() != nil || !fetch.Retryable(err) {
			return d.fail(ctx, err)
		}
		wait, line, final := tries.failed(d.c.retry(), d.c.LowestSpeed, err, n)
		if final != nil {
			return d.fail(ctx, final)
		}
		d.warn("%v; starting over: %s", err, line)
		if err := pause.Sleep(ctx, wait); err != nil {
			return d.fail(ctx, err)
		}
	}
}

// dialFTP logs in and pins the version, with the retry policy's tries; a
// refused connection is tried twice and said plainly, as the HTTP probe
// does.
func (d *download) dialFTP(ctx context.Context, cfg ftpsrc.Config) (*ftpsrc.Remote, error) {
	var rem *ftpsrc.Remote
	refused := 0
	err := d.c.retry().Do(ctx, func() error {
		var err error
		rem, err = ftpsrc.Dial(ctx, d.req.URL, cfg)
		if errors.Is(err, syscall.ECONNREFUSED) {
			if refused++; refused >= refusedTries {
				return fetch.Final(fmt.Errorf("%w; is the FTP server up, and the port in the URL right?", err))
			}
		}
		return err
	}, func(try int, err error, wait time.Duration) {
		tries := d.c.retry().Tries()
		if errors.Is(err, syscall.ECONNREFUSED) && (tries == 0 || tries > refusedTries) {
			tries = refusedTries
		}
		d.warn("%v; %s", err, fetch.TryLine(try+1, tries, -1, wait))
	})
	if err != nil {
		if ctx.Err() != nil {
			return nil, &InterruptedError{Err: ctx.Err()}
		}
		return nil, err
	}
	return rem, nil
}

// FTP downloads: an ftp:// URL's file in ranges (REST and RETR) over N
// control connections, through the same lock, journal, scheduler, checks
// and rename as HTTP and SFTP.

package slget

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/ftpsrc"
	"github.com/slget/slget/internal/pause"
)

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

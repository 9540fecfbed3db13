// FTP downloads: an ftp:// URL's file in ranges (REST and RETR) over N
// control connections, through the same lock, journal, scheduler, checks
// and rename as HTTP and SFTP.

package slget

import (
	"context"
	"fmt"
	"sync/atomic"

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
	if err := d.remoteChecks(func(u string) error { _, err := ftpsrc.ParseURL(u); return err }); err != nil {
		return err
	}
	cfg := d.req.FTP.config()
	rem, err := dialRemote(ctx, d, "FTP server", "ftp", func() (*ftpsrc.Remote, error) {
		return ftpsrc.Dial(ctx, d.req.URL, cfg)
	})
	if err != nil {
		return err
	}
	defer rem.Close()
	sized := rem.Validator.Size >= 0
	if d.req.Writer != nil && (!sized || !rem.Ranges) {
		// A stream is read in slices, each a REST and a RETR of a known
		// length: a file of no known size, or a server without REST,
		// is saved to a file, read whole.
		return &RequestError{Err: fmt.Errorf("%s: the FTP server does not answer SIZE or refuses REST, so the file cannot be streamed (-o -): save it to a file", fetch.Redact(d.req.URL))}
	}
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
	transfer := d.transferRemote
	if !sized {
		transfer = func(ctx context.Context) error { return d.streamFTP(ctx, rem) }
	}
	return d.runRemote(ctx, "FTP", rem.Validator, sized, rem.Ranges, transfer)
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
		if err := d.streamFailed(ctx, &tries, err, n, pause.Sleep); err != nil {
			return err
		}
	}
}

// SFTP downloads: an sftp:// URL's file in ranges over N SSH sessions,
// through the same lock, journal, scheduler, checks and rename as HTTP;
// the flow, dialling and transfer that ftp:// URLs share with it.

package slget

import (
	"context"
	"errors"
	"fmt"
	"syscall"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/sftpsrc"
)

// runSFTP is run for an sftp:// URL: a stat in place of the probe (size
// and mtime are the validator), then the output, the journal and the
// transfer as for HTTP, and a stat again before the rename.
func (d *download) runSFTP(ctx context.Context) error {
	if err := d.remoteChecks(func(u string) error { _, err := sftpsrc.ParseURL(u); return err }); err != nil {
		return err
	}
	cfg, err := d.req.SFTP.config()
	if err != nil {
		return &RequestError{Err: err}
	}
	rem, err := dialRemote(ctx, d, "SSH server", "sftp", func() (*sftpsrc.Remote, error) {
		return sftpsrc.Dial(ctx, d.req.URL, cfg)
	})
	if err != nil {
		return err
	}
	defer rem.Close()
	return d.runRemote(ctx, "SFTP", rem.Validator, true, true, d.transferRemote)
}

// remoteChecks are what an sftp:// or ftp:// request is checked for
// before any connection or login: -o -'s window, and the URL (parse).
func (d *download) remoteChecks(parse func(string) error) error {
	if d.req.Writer != nil {
		if _, err := d.streamWindow(); err != nil {
			return err
		}
	}
	if err := parse(d.req.URL); err != nil {
		return &RequestError{Err: err}
	}
	return nil
}

// runRemote is the flow of an sftp:// or ftp:// URL once its server
// answered with the file's version v: the probe's place filled, the size
// checked, a dry run, the output claimed, then transfer and the finish.
// ranged says the file can be read in ranges; takesRanges is
// Result.Ranged.
func (d *download) runRemote(ctx context.Context, protocol string, v fetch.Validator, ranged, takesRanges bool, transfer func(context.Context) error) error {
	d.protocol = protocol
	d.probe = &fetch.Probe{URL: d.req.URL, FinalURL: d.req.URL, Validator: v, Ranged: ranged}
	d.res.FinalURL = d.res.URL
	d.res.Size = v.Size
	d.res.Validator = validatorOf(v)
	d.res.Ranged = takesRanges
	if d.req.Writer != nil {
		return d.toWriter(ctx) // the slices through a window, in order
	}
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
	if err := transfer(ctx); err != nil {
		return err
	}
	return d.finish(ctx)
}

// dialRemote dials the remote file of an scheme:// URL with the tries of
// dialTries (server names what should listen), and makes it the
// download's source; the mirrors beside such a URL are not used.
func dialRemote[R remoteFile](ctx context.Context, d *download, server, scheme string, dial func() (R, error)) (R, error) {
	var rem R
	err := d.dialTries(ctx, server, func() (err error) {
		rem, err = dial()
		return err
	})
	if err != nil {
		return rem, err
	}
	d.remote = rem
	if len(d.req.Mirrors) > 0 {
		d.warn("the mirrors beside an %s:// URL are not used: its file comes from its own server only", scheme)
	}
	return rem, nil
}

// dialTries runs dial with the retry policy's tries. A refused connection
// is tried once more and then said plainly, as the HTTP probe does:
// nothing listens there (server names what should, "server" for HTTP).
func (d *download) dialTries(ctx context.Context, server string, dial func() error) error {
	refused := 0
	err := d.c.retry().Do(ctx, func() error {
		err := dial()
		if errors.Is(err, syscall.ECONNREFUSED) {
			if refused++; refused >= refusedTries {
				return fetch.Final(fmt.Errorf("%w; is the %s up, and the port in the URL right?", err, server))
			}
		}
		return err
	}, func(try int, err error, wait time.Duration) {
		tries := d.c.retry().Tries()
		if errors.Is(err, syscall.ECONNREFUSED) && (tries == 0 || tries > refusedTries) {
			tries = refusedTries // the line promises only the tries that will be made
		}
		d.warn("%v; %s", err, fetch.TryLine(try+1, tries, -1, wait))
	})
	if err != nil && ctx.Err() != nil {
		return &InterruptedError{Err: ctx.Err()}
	}
	return err
}

// transferRemote fetches the slices the plan lacks from the remote file
// (SFTP's or FTP's), then
// stats the file again: one that changed during the transfer is a
// *fetch.ChangedError (exit 33), and the partial download is kept.
func (d *download) transferRemote(ctx context.Context) error {
	cfg := d.sliceConfig() // sessions as HTTP connections, -x auto included
	if d.oneConn {
		cfg.Connections, cfg.MaxConnections = 1, 0 // every range from the start
	}
	if d.journal != nil {
		cfg.Journal = committer{d.journal}
	}
	d.setPrefixes(ctx, &cfg, nil) // the slices a stop left begun: only their rest is read
	d.cfg = cfg
	dl := fetch.NewDownloader(cfg, d.plan, d.done, d.remote, newSyncFile(d.lock.f, d.plan, d.prefix))
	d.started(d.plan.Size, d.res.Resumed, cfg.Connections, true, d.plan, dl.Stats, dl.Done)
	d.prefix.start(ctx, dl)
	bctx, stopChecks := context.WithCancel(ctx)
	defer stopChecks()
	checks := d.startBeside(bctx)
	err := dl.Run(ctx, nil)
	d.prefix.stop()
	err = d.besideEnd(ctx, err, checks, stopChecks, d.remote)
	st := dl.Stats()
	d.res.Connections = st.Peak
	d.res.Transferred = st.Written
	if err == nil {
		err = d.remote.Check(ctx)
	}
	d.countBySource(st)
	if err != nil {
		d.prefix = nil
		return d.fail(ctx, err)
	}
	return nil
}

// originSource is where the origin's bytes come from for the checks of a
// resume: the Remote for sftp://, else the HTTP origin.
func (d *download) originSource() fetch.Source {
	if d.remote != nil {
		return d.remote
	}
	return fetch.NewOrigin(d.http(), d.probe)
}

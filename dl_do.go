// Do: one download as a state machine, probe → output path → lock → open,
// resume, adopt or start over → transfer → verify → sync, rename, fsync →
// journal removal. Each step says what may follow it.

package slget

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/ftpsrc"
	"github.com/slget/slget/fetch/sftpsrc"
	"github.com/slget/slget/resume"
	"github.com/slget/slget/segment"
)

// download is the state of one Do.
type download struct {
	c     *Client
	req   *Request
	res   *Result
	given *url.URL
	probe *fetch.Probe
	// protocol is how the ranges go, as chooseProtocol said; "" before.
	protocol string
	// cacheSaid is what the cache in front said and what followed, in
	// words (wholeFront), for Started.Cache; "" when none showed.
	cacheSaid string

	path    string          // the output name chosen
	jpath   string          // its journal's name (beside NAME.part, the lock's path)
	vol     volume          // the file system holding path, as asked once
	lock    *partLock       // NAME.part, held from the choice of the name to the end
	journal *resume.Journal // nil without one
	plan    segment.Plan
	done    *segment.Set // slices already done (resumed or adopted)
	action  action
	newer   bool        // IfNewer found the remote file newer: it replaces the local one
	share   *sharing    // the local cache and peers; nil without them
	prefix  *prefixHash // the file's hash taken during the transfer; nil without one
	// headless: a HEAD probe was not enough; probe with a GET from now on.
	headless  bool
	events    *eventQueue   // Request.Events' delivery; nil without it
	probeTook time.Duration // how long the probe's answer took: some round trips
	// discarded: Restart removed a damaged journal of this download, so
	// the partial file beside it is slget's to empty.
	discarded bool
	// digest is the origin's digest of the whole file, checked when the
	// request gives no Checksum (see checksum); nil without one.
	digest *Checksum
	// mirrored are the mirrors beside the origin (mirrors), each with
	// the Stats key of its bytes; the look after the last byte asks each
	// that sent any (confirmVersion).
	mirrored []mirrorOrigin
	// remoteMirrors are the sftp:// and ftp:// mirrors in use.
	remoteMirrors []remoteMirror
	// ms is the Source over the mirrors, nil without mirrors; its
	// probation and its record of who sent each slice prove the file
	// (proveMirrors).
	ms *fetch.Mirrors
	// cfg is the transfer's, for the slices fetched again after it.
	cfg fetch.Config
	// times is when each slice finished, and whether an answer was cut
	// short (checkAfterCut).
	times sliceTimes
	// beside is the checks of a resumed download's finished slices, run
	// beside the transfer (besideResume); nil for none. sameBody is the
	// probe's body of slice 0 they compare.
	beside   *besideCheck
	sameBody io.ReadCloser
	// prefixed are the slices whose start, written before this run, the
	// transfer completed (checkedPrefixes).
	prefixed []int
	// compareContent: a resume compares slices with the server's (no
	// same digest); probed is a begun slice fetched whole to compare
	// when none was finished (prefixProbe).
	compareContent bool
	probed         *fetch.Prefix
	zeroCompared   bool // the probe's slice 0 was compared with its begun start
	// found are the mirrors once the probe answered: the request's and
	// those the origin names (learnMirrors).
	found foundMirrors
	// renamed is the rename into the output's folder that its fsyncs
	// wait a little for (dirSyncs.expect); nil before the output path is
	// chosen.
	renamed *expectedRename
	// control is aria2c's control file of the download this one took
	// over (adoptAria2), removed once the file is complete under its name;
	// "" for none.
	control string
	// remote is the file of an sftp:// or ftp:// URL, the source of
	// every slice; nil for HTTP.
	remote remoteFile
	// oneConn says the remote file is read on one connection (an FTP
	// server that refuses REST).
	oneConn bool
}

// overwrite reports whether the file at the output name may be replaced.
func (d *download) overwrite() bool { return d.req.AllowOverwrite || d.newer }

// action is what the examination of the output decided.
type action int

const (
	actFresh    action = iota // start from nothing (done may hold adopted slices)
	actResume                 // continue the journal's download
	actComplete               // the file is complete already: nothing to fetch
)

// Do downloads req. It returns the Result, filled as far as the download
// got, and an error whose type says what went wrong (*FileError,
// *HTTPError, *ChangedError and the others). Whatever happens, nothing is left under the
// final name unless it is complete, and nothing the request did not ask to
// replace is overwritten.
func (c *Client) Do(ctx context.Context, req *Request) (*Result, error) {
	start := time.Now()
	d := &download{c: c, req: req, res: &Result{URL: fetch.Redact(req.URL), Size: -1, BySource: map[Source]int64{}}}
	d.events = newEventQueue(ctx, req.Events)
	err := d.run(ctx)
	if d.renamed != nil {
		d.renamed.abandon() // if not made, it will not be
	}
	d.share.close()
	if d.lock != nil {
		d.lock.release()
	}
	if d.journal != nil {
		d.journal.Close()
	}
	if d.path != "" {
		c.unreserve(d.path)
	}
	if d.probe != nil && d.probe.Body != nil {
		d.probe.Body.Close()
	}
	d.events.close() // no call starts after this
	d.res.Duration = time.Since(start)
	return d.res, public(err)
}

// emit tells Request.Events of e, in order, one event at a time (the
// workers that report retries and warnings run at once), and waits for
// the call while the context lasts (eventQueue).
func (d *download) emit(e Event) { d.events.emit(e) }

// retrying reports a failed try of a slice that will be tried again.
func (d *download) retrying(r fetch.RetryInfo) {
	d.times.sawCut(r.Err)
	d.emit(&Retrying{URL: d.res.URL, Slice: r.Slice, Err: public(r.Err), Try: r.Try, MaxTries: r.MaxTries, Left: r.Left, Wait: r.Wait})
}

func (d *download) warn(format string, args ...any) {
	if d.req.Events != nil {
		msg := fmt.Sprintf(format, args...)
		// A warning is about this download: its URL need not open the
		// message again (errors of the fetch package start with it).
		for _, u := range []string{d.res.URL, d.res.FinalURL} {
			if u != "" {
				msg = strings.ReplaceAll(msg, u+": ", "")
			}
		}
		d.emit(&Warning{URL: d.res.URL, Message: msg})
	}
}

func (d *download) run(ctx context.Context) error {
	if err := d.c.checkBounds(d.req); err != nil {
		return err
	}
	if sftpsrc.IsSFTP(d.req.URL) {
		return d.runSFTP(ctx) // a stat in place of the probe (runSFTP)
	}
	if ftpsrc.IsFTP(d.req.URL) {
		return d.runFTP(ctx) // SIZE and MDTM in place of the probe
	}
	u, err := fetch.ParseURL(d.req.URL)
	if err != nil {
		return &RequestError{Err: err}
	}
	d.given = u
	if err := d.c.setUpPeers(); err != nil {
		return &RequestError{Err: err}
	}
	if d.req.Writer != nil {
		return d.toWriter(ctx) // probe → transfer through a window, no file
	}
	// probe → output path
	if err := d.doProbe(ctx); err != nil {
		if errors.Is(err, fetch.ErrNotModified) {
			d.res.NotModified = true
			d.res.Path, _ = d.localFile()
			return nil
		}
		return err
	}
	if d.isMetalink() {
		return d.readMetalink(ctx)
	}
	if err := d.checkSize(); err != nil {
		return err
	}
	if d.req.DryRun {
		return d.dryRun()
	}
	if d.req.IfNewer {
		base, err := d.baseName()
		if err != nil {
			return err
		}
		if d.notNewer(base) {
			d.res.Path, d.res.NotModified = base, true
			return nil
		}
		d.newer = true // it replaces the file
	}
	if d.probe.Ranged && d.probe.Validator.Size > 0 {
		d.learnMirrors(ctx)
	}
	// output path → lock → open, resume, adopt or start over
	if err := d.claimOutput(ctx); err != nil {
		return err
	}
	if d.action == actComplete {
		return d.finishComplete()
	}
	// transfer → verify → rename
	if d.probe.Ranged && d.probe.Validator.Size >= 0 {
		if err := d.transfer(ctx); err != nil {
			return err
		}
	} else if err := d.stream(ctx); err != nil {
		return err
	}
	return d.finish(ctx)
}

// refusedTries is how often the probe tries a host that refuses the
// connection.
const refusedTries = 2

// doProbe asks for slice 0 under the retry policy every slice has, but
// for a refused connection, which is tried once more and then reported
// plainly, as aria2c does: nothing listens there.
func (d *download) doProbe(ctx context.Context) error {
	var p *fetch.Probe
	if err := d.dialTries(ctx, "server", func() (err error) {
		var since time.Time
		if d.req.IfNewer {
			_, since = d.localFile()
		}
		start := time.Now()
		p, err = d.probeOnce(ctx, since)
		d.probeTook = time.Since(start)
		return err
	}); err != nil {
		return err
	}
	d.probe = p
	d.digest = originDigest(p)
	d.res.FinalURL = d.res.URL // most often no redirect: the same string, redacted once
	if p.FinalURL != d.req.URL {
		d.res.FinalURL = fetch.Redact(p.FinalURL)
	}
	d.res.Size = p.Validator.Size
	d.res.Validator = validatorOf(p.Validator)
	d.res.Ranged = p.Ranged
	if w := p.Validator.Warning(); w != "" && p.Ranged && p.Validator.Size > 0 {
		d.warn("%s", w)
	}
	return nil
}

// probeOnce asks the origin once for the version: with HEAD first when
// slices may come from a cache or peers, so that the origin does not send
// slice 0 that a peer may hold, and a fleet asks it for each slice once;
// with a GET of slice 0 otherwise, or when the HEAD answer is not enough
// (see fetch.ProbeHead). -c, -N and -o - want slice 0's bytes from the
// origin, so they probe with a GET.
func (d *download) probeOnce(ctx context.Context, since time.Time) (*fetch.Probe, error) {
	shared := d.c.Cache != nil || d.c.usesPeers()
	if shared && !d.headless && since.IsZero() && !d.req.Continue && d.req.Writer == nil {
		p, err := d.http().ProbeHeadFor(ctx, d.req.URL, d.credsURL())
		if !errors.Is(err, fetch.ErrHeadNotEnough) {
			return p, err
		}
		d.headless = true // not again on a retry
	}
	return d.http().ProbeParsedFor(ctx, d.req.URL, d.given, d.credsURL(), d.c.slice(), since)
}

// fail ends a transfer that did not complete: a partial download with a
// journal stays (it resumes), one without is removed (nothing could resume
// it).
func (d *download) fail(ctx context.Context, err error) error {
	part := d.lock.path
	resumable := d.journal != nil
	if !resumable {
		d.lock.remove()
		d.lock = nil
		part = ""
	}
	var ce *fetch.ChangedError
	switch {
	case ctx.Err() != nil:
		return &InterruptedError{Path: part, Err: ctx.Err()}
	case errors.As(err, &ce) && resumable:
		return &KeptError{Path: part, Changed: true, NoRestart: d.req.NoRestart, Err: err}
	case resumable:
		return &KeptError{Path: part, Err: err}
	}
	return err
}

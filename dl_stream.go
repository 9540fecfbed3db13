// Stream: a download to Request.Writer, the bytes in order through a
// bounded window (slget -o -): probe, then the slices on N connections, or
// one connection without ranges; no output name, lock, journal or file.

package slget

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"sync/atomic"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/internal/streamwin"
	"github.com/slget/slget/internal/units"
	"github.com/slget/slget/segment"
)

// DefaultStreamWindow is the window of a stream when Request.StreamWindow
// is zero.
const DefaultStreamWindow = 64 << 20

// toWriter runs a download whose bytes go to Request.Writer.
func (d *download) toWriter(ctx context.Context) error {
	window, err := d.streamWindow()
	if err != nil {
		return err
	}
	if d.remote == nil { // an sftp:// file was stat'ed in its place
		if err := d.doProbe(ctx); err != nil {
			return err
		}
	}
	if err := d.checkSize(); err != nil {
		return err
	}
	if d.req.DryRun {
		d.res.Plan = "stream to the writer through a window of " + units.Bytes(window)
		return nil
	}
	var sums []hash.Hash
	sha, check := d.streamHashes()
	for _, h := range []hash.Hash{sha, check} {
		if h != nil {
			sums = append(sums, h)
		}
	}
	size := d.probe.Validator.Size
	ranged := d.probe.Ranged && size >= 0
	var plan segment.Plan
	if ranged {
		if plan, err = segment.NewPlan(size, d.c.slice()); err != nil {
			return err
		}
	}
	// From here on, runStream is the one way out: it gives the ring back.
	w := streamwin.New(d.req.Writer, size, window)
	if len(sums) > 0 {
		ws := make([]io.Writer, len(sums))
		for i, h := range sums {
			ws[i] = h
		}
		w.Sum = io.MultiWriter(ws...)
	}
	if ranged {
		err = d.streamSlices(ctx, w, plan, window)
	} else {
		err = d.streamWhole(ctx, w)
	}
	if err == nil {
		err = d.confirmVersion(ctx, true)
	}
	if err != nil {
		return err
	}
	if sha != nil {
		d.res.SHA256 = hex.EncodeToString(sha.Sum(nil))
	}
	if c := d.checksum(); c != nil {
		if check == nil {
			check = sha
		}
		if sum := check.Sum(nil); !bytes.Equal(sum, c.Sum) {
			return &ChecksumError{Algo: c.Algo, Want: c.Sum, Got: sum, From: c.From}
		}
	}
	return nil
}

// streamWindow checks what a stream request asks and returns its window.
func (d *download) streamWindow() (int64, error) {
	r := d.req
	switch {
	case r.Path != "":
		return 0, &RequestError{Err: errors.New("a download goes to a Path or to a Writer, not both")}
	case r.Continue:
		return 0, &RequestError{Err: errors.New("a download to a Writer cannot continue a partial file")}
	case r.IfNewer:
		return 0, &RequestError{Err: errors.New("a download to a Writer has no local file to be newer than")}
	case r.StreamWindow < 0:
		return 0, &RequestError{Err: fmt.Errorf("stream window %d: want a positive size", r.StreamWindow)}
	case r.StreamWindow > 0 && r.StreamWindow < d.c.slice():
		return 0, &RequestError{Err: fmt.Errorf("stream window %s is smaller than one slice (%s)", units.Bytes(r.StreamWindow), units.Bytes(d.c.slice()))}
	case r.StreamWindow > 0:
		return r.StreamWindow, nil
	}
	return max(DefaultStreamWindow, d.c.slice()), nil
}

// streamHashes are the hashes the request asks for, fed the bytes in order:
// SHA-256 (Request.SHA256, or a SHA-256 Checksum) and another Checksum.
func (d *download) streamHashes() (sha, check hash.Hash) {
	c := d.checksum()
	if d.req.SHA256 || c != nil && c.Algo == "sha-256" {
		sha = sha256.New()
	}
	if c != nil && c.Algo != "sha-256" {
		check = c.newHash()
	}
	return sha, check
}

// streamSlices fetches the slices on N connections into the window while
// drain writes it out.
func (d *download) streamSlices(ctx context.Context, w *streamwin.Window, plan segment.Plan, window int64) error {
	cfg := fetch.Config{
		Connections:  d.c.connections(d.req),
		Retry:        d.c.retry(),
		StallTimeout: d.c.StallTimeout,
		LowestSpeed:  d.c.LowestSpeed,
		Limiter:      d.limiter(),
		Logf:         d.warn,
		OnRetry:      d.retrying,
		Window:       window,
	}
	cfg.MaxConnections = d.c.maxConnections(d.req)
	body := d.probe.Body
	left := plan.N()
	if body != nil {
		left-- // the probe's body is slice 0
	}
	var src fetch.Source = d.remote
	if d.remote == nil {
		origin := fetch.NewOrigin(d.http(), d.probe)
		origin.Warn = func(s string) { d.warn("%s", s) }
		d.protocol = d.chooseProtocol(origin, &cfg, left)
		src = origin
	}
	d.probe.Body = nil
	dl := fetch.NewDownloader(cfg, plan, nil, src, w)
	w.Moved = dl.Consumed
	d.started(plan.Size, 0, cfg.Connections, true, plan, dl.Stats, dl.Done)
	err := d.runStream(ctx, w, func(ctx context.Context) error { return dl.Run(ctx, body) })
	st := dl.Stats()
	d.res.Transferred, d.res.Connections = st.Written, st.Peak
	for p, n := range st.BySource {
		d.res.BySource[Source(p)] += n
	}
	return err
}

// streamWhole fetches a resource without ranges on one connection. After a
// retryable failure it asks again from the start; the bytes the window has
// already are dropped from the new body, which is sound only when the new
// answer is provably the same version: a strong ETag, or nothing kept yet.
func (d *download) streamWhole(ctx context.Context, w *streamwin.Window) error {
	var got atomic.Int64
	lim, tries := d.startWhole("", &got)
	fetchAll := func(ctx context.Context) error {
		for {
			body := d.probe.Body
			d.probe.Body = nil
			var n atomic.Int64
			_, err := fetch.StreamTo(ctx, body, w, &n, d.streamRules(lim))
			body.Close()
			got.Add(n.Load())
			if err == nil {
				d.res.Size = w.Whole()
				return nil
			}
			if ctx.Err() != nil || !fetch.Retryable(err) {
				return err
			}
			wait, line, final := tries.failed(d.c.retry(), d.c.LowestSpeed, err, n.Load())
			if final != nil {
				return final
			}
			if w.Whole() > 0 && d.probe.Validator.Strength() != fetch.StrongETag {
				return fmt.Errorf("%w; the bytes already written cannot be taken back, and without a strong ETag a new answer may be another version", err)
			}
			d.warn("%v; asking again from the start, skipping the %s already received: %s", err, units.Bytes(w.Whole()), line)
			if err := d.askWholeAgain(ctx, wait); err != nil {
				return err
			}
		}
	}
	err := d.runStream(ctx, w, fetchAll)
	d.res.Transferred = got.Load()
	d.res.BySource[FromOrigin] = w.Written()
	return err
}

// runStream runs fetchAll into w while drain writes w out, and returns the
// first error that explains the end: a failure of the download, of the
// Writer (*WriterError), or the end of ctx (*InterruptedError). A Writer
// whose Write blocks does not hold Do past the end of ctx.
func (d *download) runStream(ctx context.Context, w *streamwin.Window, fetchAll func(context.Context) error) error {
	dctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	w.Stop = cancel
	drained := make(chan error, 1)
	go func() {
		err := w.Drain(dctx)
		w.Release()
		drained <- err
	}()
	err := fetchAll(dctx)
	w.Release() // every write has returned
	if err == nil {
		w.Close()
		select {
		case err = <-drained:
		case <-ctx.Done():
			err = ctx.Err()
		}
	} else {
		w.Abort(err)
	}
	switch {
	case ctx.Err() != nil:
		return &InterruptedError{Err: ctx.Err()}
	case dctx.Err() != nil && context.Cause(dctx) != nil && !errors.Is(context.Cause(dctx), context.Canceled):
		err = context.Cause(dctx) // the Writer failed
	}
	if we, ok := errors.AsType[*streamwin.WriteError](err); ok {
		return &WriterError{Written: we.Written, Err: we.Err}
	}
	return err
}

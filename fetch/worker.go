// Worker: one connection's loop of claiming slice runs (each fetched by
// fetchClaim), and what follows a failed one: the retry, its backoff.

package fetch

import (
	"context"
	"errors"
	"hash/crc32"
	"time"

	"github.com/slget/slget/internal/pause"
	"github.com/slget/slget/segment"
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// worker fetches claims until everything is done. first, if not nil, is a
// claim already made whose response body is firstBody.
func (d *Downloader) worker(ctx context.Context, w int, first *segment.Claim, firstBody Body) error {
	cs := &d.conns[w]
	// The read buffer is taken at the first body read: a worker that never
	// reads (a small file's idle ones) costs nothing.
	var buf *[]byte
	defer func() { d.cfg.Buffers.put(buf) }()
	retry := -1 // the slice that failed last, to be retried alone
	defer d.cuts.leave(w)
	for {
		if err := ctx.Err(); err != nil {
			if firstBody.ReadCloser != nil {
				firstBody.Close()
				d.sched.Release(*first)
			}
			return err
		}
		if first == nil {
			if err := d.cuts.await(ctx, w); err != nil {
				return err // after a cache's cut, one connection asks (cutGate)
			}
		}
		if first == nil && d.scale.retire() {
			return errRetired
		}
		changed := d.sched.Changed()
		var claim segment.Claim
		var ok bool
		body := firstBody
		if first != nil {
			claim, ok = *first, true
			first, firstBody = nil, Body{}
		} else if retry >= 0 {
			// After a failure, ask for the failing slice alone: a cache in
			// front of the origin (nginx's slice module) that aborts a run
			// spanning two versions answers a single slice with its real
			// version, and a bad slice does not take its neighbours down.
			claim, ok = d.sched.ClaimRun(segment.Run{First: retry, End: retry + 1})
		}
		retry = -1
		if !ok {
			claim, ok = d.sched.Claim()
		}
		if ok && body.ReadCloser == nil {
			claim, ok = d.cutAtPrefix(claim)
		}
		if !ok {
			if d.sched.Finished() {
				return nil
			}
			// Steal and end-game decisions depend on time (a victim that
			// stalls becomes worth stealing from): look again now and then
			// even when nothing changes.
			t := time.NewTimer(idleRecheck)
			select {
			case <-changed:
				t.Stop()
				continue
			case <-t.C:
				continue
			case <-ctx.Done():
				t.Stop()
				return ctx.Err()
			}
		}
		asked := time.Now()
		at, err := d.fetchClaim(ctx, cs, claim, body, &buf)
		d.sched.Release(claim)
		if err == nil {
			d.cuts.passed(asked)
			continue
		}
		if retry, err = d.afterFailure(ctx, cs, w, at, asked, err); err != nil {
			return err
		}
	}
}

// afterFailure decides after connection w's claim, asked at asked, failed
// with err at slice at: it returns the slice to ask for again alone (-1
// for none), or the error that ends the connection.
func (d *Downloader) afterFailure(ctx context.Context, cs *connState, w, at int, asked time.Time, err error) (int, error) {
	switch {
	case errors.Is(err, errSuperseded):
		return -1, nil
	case ctx.Err() != nil:
		return -1, ctx.Err()
	case d.cuts.cut(w, asked, err):
		return -1, d.cutAgain(at, err) // a cache cut again (cutGate)
	case d.pushedBack(cs, err):
		return -1, errRetired // the others take its slices; not a failed try
	case !Retryable(err):
		return -1, err
	case d.patient(cs, at, err):
		// A wait on a slow server or a filling proxy while the download
		// moves: not a failed try (see patient).
		return at, d.again(ctx, at, err)
	}
	cs.retries.Add(1)
	return at, d.backoff(ctx, at, err)
}

// failures are the failed tries of one slice: how many, and when the
// first ended (the time rule of RetryPolicy counts from there).
type failures struct {
	n     int
	first time.Time
}

// backoff counts a failed try of slice at and sleeps before the next, or
// returns the final error when the slice is out of tries or of its retry
// budget. A try that a Failover Source passes to another place is neither
// counted nor waited for.
func (d *Downloader) backoff(ctx context.Context, at int, err error) error {
	d.retries.Add(1)
	if f, ok := d.src.(Failover); ok && f.Failover(at) {
		return nil // a peer failed: the next try goes elsewhere, at once
	}
	d.mu.Lock()
	f := d.tries[at]
	if f.n == 0 {
		f.first = time.Now()
	}
	f.n++
	d.tries[at] = f
	d.mu.Unlock()
	failing := time.Since(f.first)
	wait, left, ok := d.cfg.Retry.Next(f.n, failing, err)
	if !ok {
		return &GaveUpError{Slice: at, Range: d.plan.SliceRange(at), Tries: f.n, For: failing, Spent: d.cfg.Retry.MaxTries == 0 && away(err), Err: err}
	}
	info := RetryInfo{Slice: at, Err: err, Try: f.n + 1, MaxTries: d.cfg.Retry.TriesFor(err), Left: left, Wait: wait}
	switch {
	case d.cfg.OnRetry != nil:
		d.cfg.OnRetry(info)
	case d.cfg.Logf != nil:
		d.cfg.Logf("%v", info)
	}
	return pause.Sleep(ctx, wait)
}

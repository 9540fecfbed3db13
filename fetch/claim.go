// Claim: one run of slices a connection fetches: its body read under the
// stall and speed rules, written out slice by slice, each slice's
// completion told to the scheduler and recorded.

package fetch

import (
	"context"
	"errors"
	"hash/crc32"
	"io"
	"time"

	"github.com/slget/slget/segment"
)

// fetchClaim fetches claim's run (body, if it has a ReadCloser, is its
// response already open) and writes it out slice by slice. It returns the
// slice it was at. It is long on purpose: its loop is the download's hot
// path, and each of its steps (the offset, the slice's CRC, the prefix
// kept, the stall timer, the speed window, the time to first byte) reads
// and moves the same state; what stands apart is holdClaim and
// completeSlice.
func (d *Downloader) fetchClaim(ctx context.Context, cs *connState, claim segment.Claim, body Body, bufp **[]byte) (int, error) {
	defer cs.partial.Store(0) // a slice left unfinished is not in flight any more
	at := claim.Run.First
	rng := d.plan.RunRange(claim.Run)
	// A first copy keeps the part of its slice it wrote when it stops
	// short, and starts where a checked prefix ends (see writtenPrefix).
	tracked := d.unaligned && !claim.Dup
	var pre, held Prefix // the prefix it starts from; one it took and overwrites
	if tracked {
		defer func() {
			d.keepPrefix(held)
			d.keepPrefix(cs.cur.get())
			cs.cur.set(Prefix{})
		}()
		if body.ReadCloser == nil {
			pre = d.takePrefix(at)
			rng.Start += pre.Len
			cs.cur.set(pre)
		}
	}
	cctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	if body.ReadCloser != nil {
		// A body opened before the claim (the probe's) is not tied to cctx:
		// close it when the claim ends for any reason (a stall, a copy that
		// won, the download's end), or a read could block for ever.
		b := body
		defer context.AfterFunc(cctx, func() { b.Close() })()
	}
	defer d.holdClaim(cs, claim, rng, cancel)()

	if claim.Dup && body.ReadCloser == nil {
		// An end-game duplicate pays off only if the original copy is slow:
		// wait until the original has taken clearly longer than a slice
		// usually takes. If it completes meanwhile, this claim is cancelled
		// as superseded without a request. Behind a slice cache without a
		// cache lock every duplicate is a second fetch from the origin, so
		// duplicates are for connections that really lag.
		if err := d.endGameWait(cctx, claim.Run.First); err != nil {
			return at, causeOf(cctx, err)
		}
	} else {
		d.markStarted(claim.Run.First)
	}
	// A body opened before the claim (the probe's) says nothing about how
	// long a slice takes: do not time its first slice.
	timed, sliceStart := body.ReadCloser == nil && pre.Len == 0, time.Now()
	stall := d.stallTimer(cctx, cs, rng.Start, cancel)
	defer stall.Stop()
	if body.ReadCloser == nil {
		cs.waiting.Store(true)
		var err error
		// A source that reads bytes of the answer it skips (a whole
		// body read up to an offset) re-arms the stall timer. A peer's
		// 102s do not: whatever progress they claim, a slice waits one
		// stall timeout at most for its first byte.
		octx := withKeepAlive(cctx, func() { stall.Reset(d.cfg.StallTimeout) })
		body, err = d.src.Open(octx, rng)
		if err != nil {
			return at, causeOf(cctx, err)
		}
	}
	defer body.Close()
	cs.from.Store(int32(body.From))
	mirror := body.Mirror
	cs.mirror.Store(&mirror)
	r := &stallReader{r: body, t: stall, d: d.cfg.StallTimeout}
	if *bufp == nil {
		*bufp = d.cfg.Buffers.get(d.cfg.BufferSize)
	}
	buf := **bufp

	windowStart, windowBytes := time.Now(), int64(0)
	for i := claim.Run.First; i < claim.Run.End; i++ {
		at = i
		sr := d.plan.SliceRange(i)
		var crc uint32
		off := sr.Start
		switch {
		case i == claim.Run.First && pre.Len > 0:
			off, crc = sr.Start+pre.Len, pre.CRC32C // crc32.Update continues it
			cs.partial.Store(pre.Len)
		case tracked:
			held = d.takePrefix(i) // written again from the start; kept if this copy stops shorter
		}
		for off < sr.End {
			n := int(min(int64(len(buf)), sr.End-off))
			if d.cfg.Limiter != nil {
				if b := d.cfg.Limiter.Burst(); b > 0 { // rate.Inf may come with burst 0
					n = min(n, b)
				}
			}
			// One Read, not ReadFull: a trickling connection must come back
			// here often enough for the speed check below to see it.
			m, err := r.Read(buf[:n])
			if m > 0 && d.cfg.Limiter != nil {
				if werr := d.cfg.Limiter.WaitN(cctx, m); werr != nil {
					return at, causeOf(cctx, werr)
				}
			}
			if m > 0 {
				cs.waiting.Store(false)
				waited, werr := writeOut(cctx, d.out, stall, d.cfg.StallTimeout, buf[:m], off)
				if werr != nil {
					return at, werr
				}
				// Time spent waiting for a stream's reader is not the server's.
				sliceStart, windowStart = sliceStart.Add(waited), windowStart.Add(waited)
				if d.cfg.Hash {
					crc = crc32.Update(crc, castagnoli, buf[:m])
				}
				off += int64(m)
				now := time.Now().UnixNano()
				if cs.claimBytes.Add(int64(m)) == int64(m) {
					cs.firstByte.Store(now)
					if timed && !claim.Dup {
						d.scale.ttfbSum.Add(now - cs.claimStart.Load())
						d.scale.ttfbN.Add(1)
					}
				}
				cs.lastByte.Store(now)
				cs.bytes.Add(int64(m))
				d.written.Add(int64(m))
				if !claim.Dup {
					cs.partial.Store(off - sr.Start)
				}
				if tracked && off < sr.End {
					cs.cur.set(Prefix{Index: i, Len: off - sr.Start, CRC32C: crc})
				}
				windowBytes += int64(m)
			}
			if err == io.EOF && off == sr.End {
				err = nil // the body ended with this slice (the run's last)
			}
			if err != nil {
				if err == io.ErrUnexpectedEOF || err == io.EOF {
					err = ErrShortBody
				}
				return at, causeOf(cctx, err)
			}
			if d.cfg.LowestSpeed > 0 {
				if el := time.Since(windowStart); el >= d.cfg.LowestSpeedWindow {
					if float64(windowBytes)/el.Seconds() < float64(d.cfg.LowestSpeed) {
						// The body learns why it ends before it is
						// closed: a peer's is then blamed, and its slice
						// fails over at no cost of a try, wherever in
						// the slice the drop came.
						cancel(ErrTooSlow)
						return at, ErrTooSlow
					}
					windowStart, windowBytes = time.Now(), 0
				}
			}
		}
		if tracked {
			cs.cur.set(Prefix{}) // whole now: the slice's record, not a prefix
			held = Prefix{}
		}
		if timed {
			d.timeSlice(time.Since(sliceStart), sr.Len())
		}
		timed, sliceStart = true, time.Now()
		if !claim.Dup && i+1 < claim.Run.End {
			d.markStarted(i + 1)
		}
		out, err := d.completeSlice(claim, i, crc, body)
		if err != nil {
			return at, err
		}
		cs.partial.Store(0) // counted in done now, or by the copy that came first
		if !out.More {
			return at, nil
		}
		if d.scale.on && d.scale.running.Load() > d.scale.limit.Load() {
			return at, nil // one too many: the rest of the run goes back (worker retires)
		}
	}
	return at, nil
}

// holdClaim registers claim as cs's, over rng, with cancel to stop it
// (a copy that won, the download's end), and returns what unregisters it.
func (d *Downloader) holdClaim(cs *connState, claim segment.Claim, rng segment.Range, cancel context.CancelCauseFunc) func() {
	d.mu.Lock()
	d.cancels[claim.ID] = cancel
	d.mu.Unlock()
	cs.start.Store(rng.Start)
	cs.end.Store(rng.End)
	cs.claimStart.Store(time.Now().UnixNano())
	cs.claimBytes.Store(0)
	cs.active.Store(true)
	d.claimsMu.Lock()
	d.claimConn[claim.ID] = cs
	d.claimsMu.Unlock()
	return func() {
		cs.active.Store(false)
		cs.waiting.Store(false)
		d.claimsMu.Lock()
		delete(d.claimConn, claim.ID)
		d.claimsMu.Unlock()
		d.mu.Lock()
		delete(d.cancels, claim.ID)
		d.mu.Unlock()
	}
}

// completeSlice tells the scheduler that claim wrote slice i whole, with
// the CRC-32C crc, from body: the copies it superseded are cancelled (all
// of them once every slice is in), and a first copy is counted and
// recorded (Config.OnSlice, the journal).
func (d *Downloader) completeSlice(claim segment.Claim, i int, crc uint32, body Body) (segment.Outcome, error) {
	sr := d.plan.SliceRange(i)
	out := d.sched.Complete(claim, i)
	if out.First || len(out.Cancel) > 0 {
		finished := out.First && d.sched.Finished()
		d.mu.Lock()
		delete(d.started, i) // nothing grows with the file
		for _, id := range out.Cancel {
			if c := d.cancels[id]; c != nil {
				c(errSuperseded)
			}
		}
		if finished {
			d.scale.finish()
			// Every slice is in: whatever is still reading (a stalled
			// copy of a slice a duplicate finished) has nothing to add.
			for id, c := range d.cancels {
				if id != claim.ID {
					c(errSuperseded)
				}
			}
		}
		d.mu.Unlock()
	}
	if !out.First {
		return out, nil
	}
	d.done.Add(sr.Len())
	from := body.From
	if m, ok := body.ReadCloser.(mixedBody); ok {
		from = m.SliceFrom(i)
	}
	d.bySource[from%segment.Provenances].Add(sr.Len())
	mirror := body.Mirror
	if m, ok := body.ReadCloser.(mirroredBody); ok {
		mirror = m.SliceMirror(i)
	}
	return out, d.finished(SliceDone{Index: i, CRC32C: crc, From: from, Mirror: mirror})
}

// causeOf prefers the reason a claim's context was cancelled (a stall, a
// superseded copy) over the error it caused.
func causeOf(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		if c := context.Cause(ctx); c != nil && !errors.Is(c, context.Canceled) {
			return c
		}
		return ctx.Err()
	}
	return err
}

// stallReader re-arms the stall timer on every read that brings bytes.
type stallReader struct {
	r io.Reader
	t *time.Timer
	d time.Duration
}

func (s *stallReader) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	if n > 0 {
		s.t.Reset(s.d)
	}
	return n, err
}

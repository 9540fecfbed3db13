// Checks beside the transfer: a resumed download's finished slices are
// read back against their journal checksums, and slice 0 and one other
// compared with the server's, while the transfer of the missing slices
// already runs. A resume thus starts at full speed from its first second;
// what the checks find is fetched again before the rename, which waits for
// them.

package slget

import (
	"context"
	"fmt"
	"hash/crc32"
	"io"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/resume"
	"github.com/slget/slget/segment"
)

// besideCheck is the checks of a resumed download's finished slices.
type besideCheck struct {
	plan      segment.Plan
	recs      []resume.Record // the finished slices, as the journal had them
	integrity bool            // read them back (Request.SkipIntegrity unset)
	content   bool            // compare slice 0 and one other with the server's
}

// besideResult is what the checks found: the slices whose bytes do not
// match their records, or why the server's bytes differ.
type besideResult struct {
	bad     []int
	changed string
	err     error
}

// besideResume arranges the checks of the finished slices recs to run
// beside the transfer; content: compare with the server's too. The
// probe's body, when it is slice 0 and slice 0 is finished, goes to them.
func (d *download) besideResume(plan segment.Plan, recs []resume.Record, content bool) {
	d.compareContent = content
	integrity := !d.req.SkipIntegrity
	if len(recs) == 0 || !integrity && !content {
		return
	}
	d.beside = &besideCheck{plan: plan, recs: recs, integrity: integrity, content: content}
	if content && d.probe.Body != nil && recs[0].Index == 0 {
		d.sameBody, d.probe.Body = d.probe.Body, nil
	}
}

// startBeside starts the checks, if any; the result comes on the channel.
func (d *download) startBeside(ctx context.Context) <-chan besideResult {
	b := d.beside
	if b == nil {
		return nil
	}
	out := make(chan besideResult, 1)
	go func() {
		var r besideResult
		if b.integrity {
			r.bad, r.err = badSlices(ctx, d.lock.f, b.plan, b.recs)
			if r.err != nil && ctx.Err() == nil {
				r.err = fileErr("io", d.lock.path, r.err)
			}
		}
		if r.err == nil && b.content {
			r.changed, r.err = d.contentDiffers(ctx, b.plan, b.recs)
		}
		out <- r // buffered: never blocks
	}()
	return out
}

// endBeside waits for the checks and fetches again, through src, what
// they found: the slices that do not match their records, or, when the
// server's bytes differ from the partial download's under the same
// validator, every slice finished or begun before this run (unless
// restarting is not allowed: then a *KeptError of the change).
func (d *download) endBeside(ctx context.Context, ch <-chan besideResult, src fetch.Source) error {
	b := d.beside
	if ch == nil || b == nil {
		return nil
	}
	d.beside = nil
	var r besideResult
	select {
	case r = <-ch:
	case <-ctx.Done():
		return ctx.Err()
	}
	if d.sameBody != nil {
		d.sameBody.Close()
		d.sameBody = nil
	}
	if r.err != nil {
		return r.err
	}
	var again []int
	switch {
	case r.changed != "" && d.req.NoRestart:
		return &KeptError{Path: d.lock.path, Changed: true, NoRestart: true, Err: &fetch.ChangedError{URL: d.res.FinalURL, Confirmed: true, Since: true, Reason: r.changed}}
	case r.changed != "":
		for _, rec := range b.recs {
			again = append(again, rec.Index)
		}
		// A slice this run completed from a start written before it
		// holds bytes of both.
		again = append(again, d.prefixed...)
		d.res.Resumed = 0 // nothing from before this run stays
		d.warn("the remote file changed since the partial download in %s (%s); starting over: the %s from before this run are fetched again", d.lock.path, r.changed, plural(len(again), "slice"))
	case len(r.bad) == 1:
		again = r.bad
		d.warn("slice %d of %s does not match its checksum; fetching it again", r.bad[0], d.lock.path)
	case len(r.bad) > 1:
		again = r.bad
		d.warn("%d slices of %s do not match their checksums; fetching them again", len(r.bad), d.lock.path)
	default:
		return nil
	}
	if r.changed == "" {
		d.res.Resumed -= doneBytesOf(d.plan, again)
	}
	return d.refetchFrom(ctx, src, again)
}

// doneBytesOf is the bytes of the slices idx.
func doneBytesOf(plan segment.Plan, idx []int) int64 {
	var n int64
	for _, i := range idx {
		n += plan.SliceRange(i).Len()
	}
	return n
}

// dropBeside lets go of the checks' state after a failed transfer.
func (d *download) dropBeside() {
	d.beside = nil
	if d.sameBody != nil {
		d.sameBody.Close()
		d.sameBody = nil
	}
}

// prefixProbe takes, when slices were begun before this run but none was
// finished to compare with the server's, the first begun slice out of
// prefixes: it is fetched whole, and its start then compared with what
// was written before (checkPrefixProbe). It returns the rest.
func (d *download) prefixProbe(prefixes []fetch.Prefix) []fetch.Prefix {
	if d.beside != nil || !d.compareContent || len(prefixes) == 0 || d.zeroCompared {
		return prefixes
	}
	p := prefixes[0]
	d.probed = &p
	return prefixes[1:]
}

// checkPrefixProbe compares the start of the slice prefixProbe took, as
// the server sent it now, with what was written before this run: other
// bytes under the same validator mean the file was replaced, and every
// slice begun before this run is fetched again.
func (d *download) checkPrefixProbe(ctx context.Context, src fetch.Source) error {
	p := d.probed
	d.probed = nil
	if p == nil {
		return nil
	}
	start := d.plan.SliceRange(p.Index).Start
	h := crc32.New(castagnoli)
	if _, err := io.Copy(h, io.NewSectionReader(d.lock.f, start, p.Len)); err != nil {
		return fileErr("io", d.lock.path, err)
	}
	if h.Sum32() == p.CRC32C {
		return nil
	}
	if d.req.NoRestart {
		return &KeptError{Path: d.lock.path, Changed: true, NoRestart: true, Err: &fetch.ChangedError{URL: d.res.FinalURL, Confirmed: true, Since: true,
			Reason: fmt.Sprintf("slice %d begins with other bytes than the partial download's, though the server's validator is the same", p.Index)}}
	}
	d.res.Resumed = 0
	d.warn("the remote file changed since the partial download in %s (slice %d begins with other bytes, though the server's validator is the same); starting over: the %s begun before this run are fetched again",
		d.lock.path, p.Index, plural(len(d.prefixed), "slice"))
	return d.refetchFrom(ctx, src, d.prefixed)
}

// compareZeroPrefix compares, when slice 0 was begun before this run and
// none was finished, the start of the probe's body (slice 0, which the
// probe asked for anyway) with what was written: the comparison a resume
// owes costs no request. It returns the prefixes to use (none when the
// server's bytes differ: every begun slice is fetched whole) and the body,
// nil once it was read here.
func (d *download) compareZeroPrefix(ctx context.Context, prefixes []fetch.Prefix, body io.ReadCloser) ([]fetch.Prefix, io.ReadCloser) {
	if d.beside != nil || !d.compareContent || body == nil || len(prefixes) == 0 || prefixes[0].Index != 0 {
		return prefixes, body
	}
	p := prefixes[0]
	tctx, cancel := context.WithTimeout(ctx, d.stallTimeout())
	defer cancel()
	stop := context.AfterFunc(tctx, func() { body.Close() }) // no answer holds the download
	h := crc32.New(castagnoli)
	_, err := io.CopyN(h, body, p.Len)
	stop()
	body.Close()
	if err != nil {
		return prefixes, nil // not compared: a begun slice is fetched whole to compare (prefixProbe)
	}
	d.zeroCompared = true
	if h.Sum32() == p.CRC32C {
		return prefixes, nil
	}
	d.warn("the remote file changed since the partial download in %s (slice 0 begins with other bytes, though the server's validator is the same); starting over: the %s begun before this run are fetched whole",
		d.lock.path, plural(len(prefixes), "slice"))
	return nil, nil
}

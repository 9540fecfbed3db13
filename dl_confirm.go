// Confirmation: after the last byte of a download, the origin is asked
// once more for its version (fetch.Origin.Confirm), so that a file
// rewritten in place while its bytes were in flight never passes as the
// version every request was pinned to.

package slget

import (
	"context"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/segment"
)

// confirmVersion asks the origin after the last byte whether it still
// serves the pinned version, under the retry policy of every request. It
// is skipped when this run moved no byte (the probe at its start showed
// the version the finished slices were checked against), when a checksum
// or the origin's digest will prove the bytes themselves, for an empty
// file or one of unknown size, and for a file of one slice, which came in
// the probe's answer alone: no other answer was in flight, and its headers
// were checked (a change during that one answer is seen only by a digest;
// the README says so). Without this, a list of small files would cost two
// requests a file. A change is a confirmed *fetch.ChangedError:
// the caller keeps the partial download as for any change (exit 33, or a
// start over on the next run), never the final name.
func (d *download) confirmVersion(ctx context.Context, moved bool) error {
	if d.remote != nil {
		return d.remote.Check(ctx) // an sftp:// or ftp:// file: asked again
	}
	v := d.probe.Validator
	if !moved || d.checksum() != nil || v.Size <= 0 || v.Size <= d.c.slice() {
		return nil
	}
	origin := fetch.NewOrigin(d.http(), d.probe)
	origin.NoHead = d.headless
	last := segment.Range{Start: 0, End: v.Size}
	if plan, err := segment.NewPlan(v.Size, d.c.slice()); err == nil && plan.N() > 0 {
		last = plan.SliceRange(plan.N() - 1)
	}
	origins := []*fetch.Origin{origin}
	for _, m := range d.mirrored {
		// Each mirror pinned its own version: each that sent bytes is
		// asked for it again.
		if st := d.res.Mirrors[m.key]; st.Bytes > 0 && st.Dropped == "" {
			origins = append(origins, m.origin)
		}
	}
	for _, o := range origins {
		err := d.c.retry().Do(ctx, func() error { return o.Confirm(ctx, last) }, func(try int, err error, wait time.Duration) {
			d.warn("asking %s for the version after the last byte: %v; %s", fetch.Redact(o.URL), err, fetch.TryLine(try+1, d.c.retry().TriesFor(err), -1, wait))
		})
		if err != nil {
			return err
		}
	}
	return d.confirmRemoteMirrors(ctx)
}

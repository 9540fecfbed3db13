// What is at the output name, examined under the lock: a journal of this
// download to resume, one of another URL to leave alone, a complete file
// from a crash after the rename, or nothing; and starting afresh.

package slget

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/internal/units"
	"github.com/slget/slget/resume"
	"github.com/slget/slget/segment"
)

// ranged reports whether the download runs on slices (the server answers
// ranges and told the size).
func (d *download) ranged() bool { return d.probe.Ranged && d.probe.Validator.Size >= 0 }

// examine decides, under the lock of cand.part, what this download does
// with what is at cand: it sets d.action (and d.journal, d.plan, d.done),
// or returns an *ExistsError when cand is not this download's to use.
func (d *download) examine(ctx context.Context, cand string) (*ExistsError, error) {
	d.discarded = false // of this candidate only
	part, jpath, size := d.lock.path, d.jpath, d.lock.sizeAtLock
	partData := size > 0
	finalExists := lexists(cand)

	j, err := d.openJournal(ctx, jpath)
	if err != nil {
		return nil, err
	}
	if j != nil {
		m := j.Meta()
		if identity(m.URL) != identity(d.req.URL) && identity(m.FinalURL) != identity(d.probe.FinalURL) && !d.sameFileElsewhere(m) {
			j.Close()
			return &ExistsError{Path: part, Why: fmt.Sprintf("is a partial download of %s, not of %s (it resumes with its own URL; removing %s and %s lets this one download here)", m.URL, d.res.URL, part, jpath),
				Help: []Remedy{RemedyOtherName}}, nil
		}
		d.journal = j
		if !finalExists || !partData {
			// aria2c's control file of the file an earlier run took
			// over (renamed to the partial file, or complete under its
			// name after a crash): it goes when this download ends
			// complete, whether resumed, started over or found complete.
			d.control = takenOverControl(cand, j)
		}
		if finalExists && !d.overwrite() {
			if !partData {
				return d.examineComplete(ctx, cand)
			}
			if !d.req.AutoRename || !j.Done().Full() {
				return &ExistsError{Path: cand, Why: "already exists, beside a partial download of it in " + part, Help: []Remedy{RemedyOverwrite, RemedyAutoRename}}, nil
			}
			// Complete, beside a file that took its name while it was
			// made: checked as any resume, then saved under another name
			// by finish, not fetched again into NAME.1.ext.
		}
		resumeIt, err := d.judgeJournal(ctx, part, size)
		if err != nil || resumeIt {
			return nil, err
		}
		partData = false // discarded
	}
	if partData {
		// Without a journal of ours the partial file is not slget's (a
		// browser's, another tool's): Restart discards only what slget
		// wrote, and this is left alone as any stray.
		switch {
		case d.discarded:
			if err := d.truncate(0); err != nil {
				return nil, err
			}
		case d.req.Continue && d.ranged():
			return d.adopt(ctx, part, true)
		default:
			return strayPart(part, jpath, size, d.probe.Validator.Size), nil
		}
	}
	// A file this download finished before, by its record, of the
	// version the server has now: complete, nothing to fetch (-c too).
	if finalExists && !d.overwrite() && j == nil {
		if rec, ok := d.recordedComplete(cand); ok {
			same, err := d.sameStart(ctx, cand, rec)
			if err != nil {
				return nil, err
			}
			if same {
				d.action = actComplete
				return nil, nil
			}
		}
	}
	return d.adoptOrStart(ctx, cand, finalExists)
}

// openJournal opens the journal at jpath, or returns nil when there is
// none (or --restart discards a damaged one). A journal of schema 1 is
// checked slice by slice against the partial file and rewritten.
func (d *download) openJournal(ctx context.Context, jpath string) (*resume.Journal, error) {
	j, err := resume.Open(jpath, nil)
	switch {
	case err == nil:
		return j, nil
	case errors.Is(err, resume.ErrNotExist):
		return nil, nil
	case errors.Is(err, resume.ErrOldSchema):
		return migrate(ctx, jpath, d.lock.f)
	case d.req.Restart && (errors.Is(err, resume.ErrCorrupt) || errors.Is(err, resume.ErrVersion)):
		d.warn("%v; discarding it, as a restart was asked for", err)
		d.discarded = true // the partial file beside it is ours too
		return nil, resume.Remove(jpath)
	}
	return nil, err
}

// judgeJournal decides on a journal of this download: resume it (true), or
// discard it and start over (false, with the journal removed and the
// partial file emptied).
func (d *download) judgeJournal(ctx context.Context, part string, partSize int64) (bool, error) {
	j := d.journal
	m := j.Meta()
	startOver := func(format string, args ...any) (bool, error) {
		if format != "" {
			d.warn(format, args...)
		}
		return false, d.discard()
	}
	if !d.ranged() {
		if d.req.NoRestart {
			return false, &KeptError{Path: part, NoRestart: true, Err: fmt.Errorf("%w: the partial download cannot be resumed on one connection, and starting over is not allowed", fetch.ErrNoRanges)}
		}
		return startOver("the server no longer answers ranged requests, so the partial download in %s cannot be resumed; downloading it again on one connection", part)
	}
	if d.req.Restart {
		return startOver("")
	}
	changed := func(why string) (bool, error) {
		if d.req.NoRestart {
			return false, &KeptError{Path: part, Changed: true, NoRestart: true, Err: &fetch.ChangedError{URL: d.res.FinalURL, Confirmed: true, Since: true, Reason: why}}
		}
		return startOver("the remote file changed since the partial download in %s (%s); starting over", part, why)
	}
	if why := (fetch.Validator{Size: m.Size, ETag: m.ETag, LastModified: m.LastModified}).Differs(d.probe.Validator); why != "" {
		return changed(why)
	}
	// The origin's digest, kept from the first run: another one now is
	// another file, whatever the ETag says; none now (a HEAD probe, a
	// proxy that drops it) leaves the kept one to check the end.
	sameDigest, otherDigest := d.compareKept(m.Digest)
	if otherDigest {
		return changed("the server's digest of the file changed")
	}
	if d.digest == nil && m.Digest != "" {
		d.digest = keptDigest(m.Digest)
	}
	plan, err := segment.NewPlan(m.Size, m.SliceSize)
	if err != nil {
		return startOver("journal %s: %v; starting over", j.Path(), err)
	}
	if partSize != m.Size {
		// Short, with every done slice inside it: a crash while the file
		// was being sized. Anything else does not match its journal.
		if partSize > m.Size || doneEnd(plan, j.Done()) > partSize {
			return startOver("%s is %d bytes, not the %d its journal says; starting over", part, partSize, m.Size)
		}
		if err := d.truncate(m.Size); err != nil {
			return false, err
		}
	}
	if m.SliceSize != d.c.slice() {
		d.warn("resuming with the journal's slice size %s (not %s)", units.Exact(m.SliceSize), units.Exact(d.c.slice()))
	}
	if m.FinalURL != d.res.FinalURL {
		if err := j.SetFinalURL(d.res.FinalURL); err != nil {
			return false, err
		}
	}
	if n := j.Dropped(); n > 0 {
		d.warn("journal %s had %d damaged records; those slices will be fetched again", j.Path(), n)
	}
	// The finished slices are read back against their checksums, and the
	// same validator is not the same bytes: a file replaced within a
	// second or copied with its mtime keeps nginx's ETag (contentDiffers),
	// so slices are compared with the server's too, unless its digest is
	// the same. Both run beside the transfer (besideResume).
	d.besideResume(plan, j.Records(), !sameDigest)
	d.plan, d.done, d.action = plan, j.Done(), actResume
	d.res.Resumed = doneBytes(plan, d.done)
	d.warn("resuming: %d of %s already done", d.done.Count(), plural(plan.N(), "slice"))
	return true, nil
}

// examineComplete looks at a final file beside a journal and no partial
// data: a crash between the final rename and the journal's removal. The
// file is complete if the journal is of this version, every slice is done,
// and every slice of the file matches its checksum.
func (d *download) examineComplete(ctx context.Context, cand string) (*ExistsError, error) {
	j := d.journal
	m := j.Meta()
	taken := existsError(cand)
	if (fetch.Validator{Size: m.Size, ETag: m.ETag, LastModified: m.LastModified}).Differs(d.probe.Validator) != "" || !j.Done().Full() {
		return taken, nil
	}
	plan, err := segment.NewPlan(m.Size, m.SliceSize)
	if err != nil {
		return taken, nil
	}
	bad, err := verifyFile(ctx, cand, plan, j.Records())
	if err != nil || len(bad) > 0 {
		return taken, nil
	}
	d.plan, d.action = plan, actComplete
	return nil, nil
}

// discard removes the journal and empties the partial file.
func (d *download) discard() error {
	if d.journal != nil {
		path := d.journal.Path()
		d.journal.Close()
		d.journal = nil
		if err := resume.Remove(path); err != nil {
			return err
		}
	}
	return d.truncate(0)
}

func (d *download) truncate(n int64) error {
	if err := d.lock.f.Truncate(n); err != nil {
		return fileErr("create", d.lock.path, err)
	}
	return nil
}

// startFresh sizes the partial file and creates the journal of a new
// download; adopted, if any, are the slices taken over with -c (d.done
// holds them, their bytes already in the file).
func (d *download) startFresh(adopted []resume.Record) error {
	d.action = actFresh
	size := d.probe.Validator.Size
	part := d.lock.path
	if !d.ranged() {
		if err := d.truncate(0); err != nil {
			return err
		}
		return d.checkFree(part, max(size, 0))
	}
	var have int64
	if d.done != nil {
		have = doneBytes(d.plan, d.done)
	}
	if err := d.checkFree(part, size-have); err != nil {
		return err
	}
	plan, err := segment.NewPlan(size, d.sliceSize())
	if err != nil {
		return &RequestError{Err: fmt.Errorf("%s: %v", d.res.URL, err), Help: []Remedy{RemedyLargerSlice}}
	}
	d.plan = plan
	if d.done == nil {
		d.done = segment.NewSet(plan.N())
	}
	d.res.Resumed = have
	// One slice: a crash loses that slice with or without a journal, so
	// none is written; it would cost a file and three fsyncs per small file
	// of a long -i list. And none when the request asks for none.
	if plan.N() > 1 && !d.req.NoJournal {
		// The journal first, then the file's size: a crash in between
		// leaves a journal whose file is short (resumed, see judgeJournal),
		// never a full-size file without a journal, which could not be
		// told from another tool's.
		if len(adopted) > 0 {
			// Adopted slices count as done only once their bytes are durable.
			if err := d.c.shared().syncer.Datasync(d.lock.f); err != nil {
				return fileErr("io", part, err)
			}
		}
		j, err := resume.Create(d.jpath, resume.Meta{
			URL: d.res.URL, FinalURL: d.res.FinalURL, ETag: d.probe.Validator.ETag, LastModified: d.probe.Validator.LastModified,
			Size: plan.Size, SliceSize: plan.Slice, Digest: d.digestToKeep(),
		}, nil)
		if err != nil {
			return err
		}
		d.journal = j
		if err := j.Commit(adopted); err != nil {
			return err
		}
		if w := sliceWarning(plan); w != "" {
			d.emit(&Warning{URL: d.res.URL, Message: w, Help: []Remedy{RemedyLargerSlice}})
		}
	}
	if plan.N() == 1 && have == 0 && d.lock.created && d.lock.sizeAtLock == 0 {
		// A file this process created empty, of one slice and without a
		// journal: its one write sizes it, and a crash before that write
		// leaves a short file, which tells less than a full-size one
		// could. A system call less per small file of a list.
		return nil
	}
	return d.truncate(plan.Size)
}

// checkFree fails with a *DiskFullError when need more bytes do not fit
// in the file system of part, as asked when the output's name was chosen.
func (d *download) checkFree(part string, need int64) error {
	vol := d.vol
	if vol.nameMax == 0 { // not asked yet
		vol = volumeOf(dirOf(part))
	}
	if free := vol.free; free >= 0 && need > free {
		return &DiskFullError{Path: d.path, Need: need, Free: free}
	}
	return nil
}

func doneBytes(plan segment.Plan, done *segment.Set) int64 {
	var n int64
	for i := 0; i < plan.N(); i++ {
		if done.Has(i) {
			n += plan.SliceRange(i).Len()
		}
	}
	return n
}

// plural says "1 slice", "2 slices".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// strayPart is the error of a partial file without a journal: another
// tool's, or slget's own from a download that kept no journal.
func strayPart(part, jpath string, size, full int64) *ExistsError {
	if size == full {
		return &ExistsError{Path: part, Why: "is the full size and has no journal " + jpath + ": a download that kept no journal, or another tool's reserved space, cannot be continued (remove it to download here)",
			Help: []Remedy{RemedyOtherName}}
	}
	return &ExistsError{Path: part, Why: "has no journal " + jpath + ", so it is not a partial download slget can resume",
		Help: []Remedy{RemedyContinue, RemedyOtherName}}
}

// doneEnd is the end of the last done slice, 0 if none is done.
func doneEnd(plan segment.Plan, done *segment.Set) int64 {
	for i := plan.N() - 1; i >= 0; i-- {
		if done.Has(i) {
			return plan.SliceRange(i).End
		}
	}
	return 0
}

// sameFileElsewhere reports whether -c may continue the partial download of
// another URL described by m: the user asked to continue, and both URLs
// serve one strong ETag and one size (a mirror of the same file).
func (d *download) sameFileElsewhere(m resume.Meta) bool {
	v := fetch.Validator{Size: m.Size, ETag: m.ETag, LastModified: m.LastModified}
	if !d.req.Continue || v.Strength() != fetch.StrongETag || v.Differs(d.probe.Validator) != "" {
		return false
	}
	d.warn("-c: continuing the partial download of %s: it has the same ETag %s and size", m.URL, m.ETag)
	return true
}

// identity is what makes two URLs name the same download: scheme, host and
// path. A new query string (a re-signed URL) is the same download, as long
// as the server's version is the same.
func identity(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	return strings.ToLower(u.Scheme) + "://" + strings.ToLower(u.Host) + u.EscapedPath()
}

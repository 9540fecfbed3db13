// The journal of a partial download: create, reopen and revalidate it, and
// adapt it to the fetch.Journal the downloader commits to.

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/resume"
	"github.com/slget/slget/segment"
)

// journalPath is where the journal of the download saved as path lives.
func journalPath(path string) string { return path + ".slget" }

// journalCommitter adapts a *resume.Journal to fetch.Journal.
type journalCommitter struct{ j *resume.Journal }

func (c journalCommitter) Commit(done []fetch.SliceDone) error {
	recs := make([]resume.Record, len(done))
	for i, d := range done {
		recs[i] = resume.Record{Index: d.Index, SHA256: d.SHA256, From: sourceOf(d.From)}
	}
	return c.j.Commit(recs)
}

func sourceOf(name string) resume.Source {
	switch name {
	case "cache":
		return resume.FromCache
	case "peer":
		return resume.FromPeer
	}
	return resume.FromOrigin
}

// partial is the on-disk state a download continues from.
type partial struct {
	f       *os.File
	j       *resume.Journal
	plan    segment.Plan
	done    *segment.Set
	resumed bool
}

func (p *partial) close() {
	if p.j != nil {
		p.j.Close()
	}
	if p.f != nil {
		p.f.Close()
	}
}

// journalErr gives journal failures their exit code; resume's messages
// already name the file and say what to do.
func journalErr(err error) error {
	if errors.Is(err, resume.ErrLocked) || errors.Is(err, resume.ErrCorrupt) || errors.Is(err, resume.ErrVersion) {
		return withCode(exitJournal, err)
	}
	return err
}

// sameVersion says why the journal's version differs from what the probe
// found, or "" when it is the same.
func sameVersion(m resume.Meta, v fetch.Validator) string {
	return fetch.Validator{Size: m.Size, ETag: m.ETag, LastModified: m.LastModified}.Differs(v)
}

// openPartial finds or makes the partial download of path for the version
// the probe found: it resumes a journal of the same version, starts over
// (or stops, with --no-restart) when the version changed, and otherwise
// creates NAME.part and its journal.
func (a *app) openPartial(ctx context.Context, rawURL, path string, p *fetch.Probe) (*partial, error) {
	part, jpath := path+".part", journalPath(path)
	if a.cfg.restart {
		if err := resume.Remove(jpath); err != nil {
			return nil, err
		}
		if err := os.Remove(part); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("cannot remove %s: %w", part, err)
		}
	}
	if exists(jpath) {
		pt, err := a.resumePartial(rawURL, path, p)
		if pt != nil || err != nil {
			return pt, err
		}
	}
	return a.newPartial(ctx, rawURL, path, p)
}

// resumePartial reopens the journal of path. It returns nil, nil when the
// journal cannot be used and the download should start over.
func (a *app) resumePartial(rawURL, path string, p *fetch.Probe) (*partial, error) {
	part, jpath := path+".part", journalPath(path)
	j, err := resume.Open(jpath, nil)
	if err != nil {
		return nil, journalErr(err)
	}
	m := j.Meta()
	startOver := func(why string) (*partial, error) {
		j.Close()
		a.con.warnf("%s: %s; starting over", path, why)
		if err := resume.Remove(jpath); err != nil {
			return nil, err
		}
		if err := os.Remove(part); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("cannot remove %s: %w", part, err)
		}
		return nil, nil
	}
	if why := sameVersion(m, p.Validator); why != "" {
		if a.cfg.noRestart {
			j.Close()
			return nil, &fetch.ChangedError{URL: p.FinalURL, Reason: why + "; the partial download in " + part +
				" is of the old version (kept: --no-restart; run without it, or with --restart, to start over)"}
		}
		return startOver("the remote file changed since the partial download (" + why + ")")
	}
	f, err := os.OpenFile(part, os.O_RDWR, 0)
	if err != nil {
		return startOver(fmt.Sprintf("the journal is there but %s cannot be opened (%v)", part, err))
	}
	if st, err := f.Stat(); err != nil || st.Size() != m.Size {
		f.Close()
		return startOver(fmt.Sprintf("%s is not %d bytes long", part, m.Size))
	}
	plan, err := segment.NewPlan(m.Size, m.SliceSize)
	if err != nil {
		f.Close()
		j.Close()
		return nil, withCode(exitJournal, fmt.Errorf("journal %s: %v; run again with --restart to discard it", jpath, err))
	}
	if m.SliceSize != a.cfg.slice {
		a.con.warnf("%s: resuming with the journal's slice size %s (not --slice %s)", path, segment.FormatSize(m.SliceSize), segment.FormatSize(a.cfg.slice))
	}
	if m.FinalURL != p.FinalURL {
		if err := j.SetFinalURL(p.FinalURL); err != nil {
			f.Close()
			j.Close()
			return nil, journalErr(err)
		}
	}
	done := j.Done()
	a.con.warnf("%s: resuming, %d of %d slices already done", path, done.Count(), plan.N())
	return &partial{f: f, j: j, plan: plan, done: done, resumed: true}, nil
}

// newPartial creates NAME.part at its full size and the journal beside it.
// With -c, a plain file of the same name from another tool is adopted: the
// whole slices of its prefix count as done, as wget -c and curl -C - assume.
func (a *app) newPartial(ctx context.Context, rawURL, path string, p *fetch.Probe) (*partial, error) {
	part, jpath := path+".part", journalPath(path)
	if free := freeSpace(filepath.Dir(part)); free >= 0 && p.Validator.Size > free {
		return nil, withCode(exitDiskFull, fmt.Errorf("%s needs %s but %s has only %s free", path, humanBytes(p.Validator.Size), filepath.Dir(part), humanBytes(free)))
	}
	plan, err := segment.NewPlan(p.Validator.Size, a.cfg.slice)
	if err != nil {
		return nil, err
	}
	done := segment.NewSet(plan.N())
	if plan.N() <= 1 || a.cfg.noJournal {
		// One slice: a crash loses that slice with or without a journal, so
		// none is written; it would cost a file and three fsyncs per small
		// file of a long -i list. And none when the user asks for none.
		f, err := os.OpenFile(part, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
		if err != nil {
			return nil, fmt.Errorf("cannot create %s: %w", part, err)
		}
		if err := f.Truncate(plan.Size); err != nil {
			f.Close()
			return nil, fmt.Errorf("cannot size %s to %d bytes: %w", part, plan.Size, err)
		}
		return &partial{f: f, plan: plan, done: done}, nil
	}
	if a.cfg.cont {
		if adopted, err := a.adopt(ctx, path, part, plan, done, fetch.NewOrigin(a.client, p)); err != nil {
			return nil, err
		} else if adopted > 0 {
			a.con.warnf("%s: -c: adopting the first %s already on disk (its last slice matches the server's)", path, humanBytes(adopted))
		}
	}
	f, err := os.OpenFile(part, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("cannot create %s: %w", part, err)
	}
	if done.Count() == 0 {
		if err := f.Truncate(0); err != nil {
			f.Close()
			return nil, fmt.Errorf("cannot truncate %s: %w", part, err)
		}
	}
	if err := f.Truncate(plan.Size); err != nil {
		f.Close()
		return nil, fmt.Errorf("cannot size %s to %d bytes: %w", part, plan.Size, err)
	}
	resume.Remove(jpath) // a journal we could not use is gone by now; a stale empty one is harmless to remove
	j, err := resume.Create(jpath, resume.Meta{
		URL: rawURL, FinalURL: p.FinalURL, ETag: p.Validator.ETag, LastModified: p.Validator.LastModified,
		Size: plan.Size, SliceSize: plan.Slice, Created: time.Now().UTC(),
	}, nil)
	if err != nil {
		f.Close()
		return nil, journalErr(err)
	}
	if done.Count() > 0 {
		// Adopted slices have no hashes from a download; record them as such
		// (zero hash) only after their bytes are synced.
		if err := datasync(f); err != nil {
			f.Close()
			j.Close()
			return nil, fmt.Errorf("cannot sync %s: %w", part, err)
		}
		var recs []resume.Record
		for i := 0; i < plan.N(); i++ {
			if done.Has(i) {
				recs = append(recs, resume.Record{Index: i, From: resume.FromOrigin})
			}
		}
		if err := j.Commit(recs); err != nil {
			f.Close()
			j.Close()
			return nil, journalErr(err)
		}
	}
	return &partial{f: f, j: j, plan: plan, done: done, resumed: done.Count() > 0}, nil
}

// adopt takes over a partial file without a journal for -c: path itself
// (curl, wget) or path.part. Its whole slices count as done, as wget -c and
// curl -C - assume, but only after the last of them was fetched again and
// found equal: a file of another version, or one cut mid-write, is not
// adopted. It returns the bytes adopted.
func (a *app) adopt(ctx context.Context, path, part string, plan segment.Plan, done *segment.Set, src fetch.Source) (int64, error) {
	from := part
	st, err := os.Stat(part)
	if err != nil {
		if st, err = os.Stat(path); err != nil {
			return 0, nil
		}
		from = path
	}
	if !st.Mode().IsRegular() || st.Size() == 0 || st.Size() > plan.Size {
		return 0, nil
	}
	whole := int(st.Size() / plan.Slice)
	if st.Size() == plan.Size {
		whole = plan.N()
	}
	if whole == 0 {
		return 0, nil
	}
	last := plan.SliceRange(whole - 1)
	if same, err := sameAsSource(ctx, from, last, src); err != nil {
		return 0, err
	} else if !same {
		a.con.warnf("%s: -c: %s does not match the server's file at %s; not adopting it", path, from, last)
		return 0, nil
	}
	if from == path {
		if err := os.Rename(path, part); err != nil {
			return 0, fmt.Errorf("cannot move %s to %s to resume it: %w", path, part, err)
		}
	}
	for i := 0; i < whole; i++ {
		done.Add(i)
	}
	return plan.RunRange(segment.Run{First: 0, End: whole}).Len(), nil
}

// sameAsSource compares range r of the file name with what src serves.
func sameAsSource(ctx context.Context, name string, r segment.Range, src fetch.Source) (bool, error) {
	f, err := os.Open(name)
	if err != nil {
		return false, err
	}
	defer f.Close()
	local := make([]byte, r.Len())
	if _, err := f.ReadAt(local, r.Start); err != nil {
		return false, fmt.Errorf("cannot read %s: %w", name, err)
	}
	body, err := src.Open(ctx, r)
	if err != nil {
		return false, err
	}
	defer body.Close()
	remote, err := io.ReadAll(body)
	if err != nil {
		return false, err
	}
	return bytes.Equal(local, remote), nil
}

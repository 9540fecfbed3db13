// Migration: a journal of the old layout (schema 1), whose slices are
// checked against the partial file before a new journal takes them.

package slget

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"

	"github.com/slget/slget/internal/osfile"
	"github.com/slget/slget/resume"
	"github.com/slget/slget/segment"
)

// migrate rewrites the schema 1 journal at jpath in the current layout,
// keeping only the slices whose bytes in part match their SHA-256, and
// returns it open.
func migrate(ctx context.Context, jpath string, part *os.File) (*resume.Journal, error) {
	m, _, recs, err := resume.Inspect(jpath)
	if err != nil {
		return nil, err
	}
	plan, err := segment.NewPlan(m.Size, m.SliceSize)
	if err != nil {
		return nil, err
	}
	var keep []resume.Record
	if fi, err := part.Stat(); err == nil && fi.Size() == m.Size {
		bad, err := badSlices(ctx, part, plan, recs)
		if err != nil {
			if ctx.Err() != nil {
				return nil, err
			}
			return nil, fileErr("io", part.Name(), err)
		}
		drop := map[int]bool{}
		for _, i := range bad {
			drop[i] = true
		}
		buf := make([]byte, plan.Slice)
		for _, r := range recs {
			if drop[r.Index] {
				continue
			}
			sr := plan.SliceRange(r.Index)
			if _, err := part.ReadAt(buf[:sr.Len()], sr.Start); err != nil && !errors.Is(err, io.EOF) {
				return nil, fileErr("io", part.Name(), err)
			}
			keep = append(keep, resume.Record{Index: r.Index, CRC32C: resume.SliceChecksum(buf[:sr.Len()]), From: r.From})
		}
	}
	// Write the new journal beside the old, then swap: a crash in between
	// leaves the old one, which is read again next time.
	tmp := filepath.Join(filepath.Dir(jpath), "."+filepath.Base(jpath)+".new")
	resume.Remove(tmp)
	j, err := resume.Create(tmp, m, nil)
	if err != nil {
		return nil, err
	}
	if err := j.Commit(keep); err != nil {
		j.Close()
		return nil, err
	}
	j.Close()
	if err := os.Rename(tmp, jpath); err != nil {
		return nil, fileErr("create", jpath, err)
	}
	osfile.SyncDir(filepath.Dir(jpath))
	return resume.Open(jpath, nil)
}

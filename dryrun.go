// A dry run (Request.DryRun): what a download would do at its output name,
// decided from a probe without touching the disk.

package slget

import (
	"errors"
	"fmt"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/resume"
)

// dryRun decides what a download would do, without a lock and without
// touching anything: the name it would save as, and whether it would start,
// resume, find the file complete, or move to another name.
func (d *download) dryRun() error {
	base, err := d.baseName()
	if err != nil {
		return err
	}
	for i := 0; i <= maxRenames; i++ {
		cand := base
		if i > 0 {
			cand = renamed(base, i)
		}
		plan, taken := d.lookAt(cand)
		if !taken {
			d.res.Path, d.res.Plan = cand, plan
			if i > 0 {
				d.res.Plan = fmt.Sprintf("%s (%s is taken)", plan, base)
			}
			return nil
		}
		if !d.req.AutoRename {
			d.res.Path, d.res.Plan = cand, "refused: "+plan
			return existsError(cand)
		}
	}
	return &ExistsError{Path: base, Why: fmt.Sprintf("and %d renamed copies exist", maxRenames)}
}

// completeByRecord reports whether the file at cand is, by its extended
// attributes alone, a complete download of this URL in this version.
func (d *download) completeByRecord(cand string) bool {
	_, ok := d.recordedComplete(cand)
	return ok
}

// lookAt says what a download would do at cand, and whether cand is taken
// (then plan says by what).
func (d *download) lookAt(cand string) (plan string, taken bool) {
	m, done, _, err := resume.Inspect(journalPathOf(cand))
	switch {
	case errors.Is(err, resume.ErrLocked):
		return "another slget is downloading it", true
	case err == nil && identity(m.URL) != identity(d.req.URL) && !d.sameFileElsewhere(m):
		return "a partial download of " + m.URL, true
	case err == nil && (fetch.Validator{Size: m.Size, ETag: m.ETag, LastModified: m.LastModified}).Differs(d.probe.Validator) != "":
		return "start over: the remote file changed since the partial download", false
	case err == nil:
		return fmt.Sprintf("resume: %d of %d slices done", done.Count(), done.Len()), false
	case lexists(partPathOf(cand)):
		return "a partial file without a journal", true
	case lexists(cand) && !d.overwrite() && d.completeByRecord(cand):
		// The real run also compares its first slice with the server's.
		return "complete already: its record shows this version, nothing to fetch", false
	case lexists(cand) && !d.overwrite():
		return "a file already there", true
	case lexists(cand):
		return "replace the file there", false
	}
	return "new", false
}

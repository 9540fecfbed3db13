// A dry run (Request.DryRun): what a download would do at its output name,
// decided from a probe without touching the disk.

package slget

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/resume"
)

// dryRun decides what a download would do, without a lock and without
// touching anything: the name it would save as, and whether it would start,
// resume, find the file complete, or move to another name. What it refuses
// it refuses with the error, and the remedies, the download would give.
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
		plan, refused := d.lookAt(cand)
		if refused == nil {
			d.res.Path, d.res.Plan = cand, plan
			if i > 0 {
				d.res.Plan = fmt.Sprintf("%s (%s is taken)", plan, base)
			}
			return nil
		}
		var taken *ExistsError
		if !d.req.AutoRename || !errors.As(refused, &taken) {
			d.res.Path, d.res.Plan = cand, "refused: "+plan
			return refused
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

// lookAt says what a download would do at cand, or, when it would refuse,
// why (plan) and the error it would give.
func (d *download) lookAt(cand string) (plan string, refused error) {
	m, done, _, err := resume.Inspect(journalPathOf(cand))
	switch {
	case errors.Is(err, resume.ErrLocked):
		return "another slget is downloading it", lockedError(partPathOf(cand))
	case err != nil && !errors.Is(err, resume.ErrNotExist) && !d.req.Restart:
		return "its journal cannot be used", err
	case err == nil && identity(m.URL) != identity(d.req.URL) && !d.sameFileElsewhere(m):
		return "a partial download of " + m.URL, existsError(cand)
	case err == nil && (fetch.Validator{Size: m.Size, ETag: m.ETag, LastModified: m.LastModified}).Differs(d.probe.Validator) != "":
		return "start over: the remote file changed since the partial download", nil
	case err == nil:
		return fmt.Sprintf("resume: %d of %d slices done", done.Count(), done.Len()), nil
	}
	return d.lookAtFiles(cand)
}

// lookAtFiles is lookAt for a name without a journal, in the order the
// download looks: the name's length, a file at the name, a partial file,
// then what Continue would do.
func (d *download) lookAtFiles(cand string) (plan string, refused error) {
	if err := checkNameLength(cand); err != nil {
		return "its name is too long", err
	}
	fi, err := os.Lstat(cand)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "its name cannot be used", fileErr("create", cand, err)
	}
	final := err == nil
	complete := final && !d.overwrite() && d.completeByRecord(cand)
	if final && !d.overwrite() && !d.req.Continue {
		if lexists(controlPathOf(cand)) {
			return "an unfinished aria2c download", unfinishedAria2(cand)
		}
		if !complete {
			return "a file already there", existsError(cand)
		}
	}
	if pfi, err := os.Lstat(partPathOf(cand)); err == nil && !d.req.Continue {
		return "a partial file without a journal", strayPart(partPathOf(cand), journalPathOf(cand), pfi.Size(), d.probe.Validator.Size)
	}
	switch {
	case !final:
		return "new", nil
	case d.overwrite():
		return "replace the file there", nil
	case complete:
		// The real run also compares its first slice with the server's.
		return "complete already: its record shows this version, nothing to fetch", nil
	case fi.Size() == d.probe.Validator.Size && d.checksum() == nil:
		return "the file there is the full size", fullSizeUnproven(cand)
	}
	return "continue the file there, once its bytes are checked", nil
}

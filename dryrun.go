// A dry run, a conditional download, and the file's remote time: the
// requests that look at the output name before, or instead of, a transfer.

package slget

import (
	"errors"
	"fmt"
	"net/http"

	"os"
	"path/filepath"
	"time"

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
	case lexists(cand) && !d.overwrite():
		return "a file already there", true
	case lexists(cand):
		return "replace the file there", false
	}
	return "new", false
}

// localFile is the file the request would save as, if one is there and
// its name is known before the probe (Path, or the URL's last segment),
// and its modification time; "" and zero otherwise.
func (d *download) localFile() (string, time.Time) {
	p := d.req.Path
	if p == "" {
		name := fetch.FilenameFromURL(d.given)
		if name == "" {
			return "", time.Time{}
		}
		p = filepath.Join(d.req.Dir, name)
	}
	fi, err := os.Stat(p)
	if err != nil || !fi.Mode().IsRegular() {
		return "", time.Time{}
	}
	return p, fi.ModTime()
}

// notNewer reports whether the file at the output name is at least as new
// as the remote file, by its Last-Modified (the probe may have learned the
// name only now, from Content-Disposition).
func (d *download) notNewer(path string) bool {
	lm, err := http.ParseTime(d.probe.Validator.LastModified)
	if err != nil {
		return false
	}
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular() && !fi.ModTime().Before(lm)
}

// setRemoteTime gives the final file the server's Last-Modified time.
func (d *download) setRemoteTime() {
	if !d.req.RemoteTime || d.probe == nil {
		return
	}
	lm, err := http.ParseTime(d.probe.Validator.LastModified)
	if err != nil {
		d.warn("the server sent no Last-Modified; %s keeps the current time", d.res.Path)
		return
	}
	if err := os.Chtimes(d.res.Path, time.Now(), lm); err != nil {
		d.warn("cannot set the time of %s: %v", d.res.Path, err)
	}
}

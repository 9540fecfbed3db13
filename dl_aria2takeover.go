// Taking over aria2c's unfinished download (-c beside NAME.aria2): the
// pieces its control file marks done, mapped onto slices, adopted only
// once their bytes are proven this version's, as a curl partial's are; the
// control file goes once the file is complete under its name.

package slget

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"golang.org/x/sync/errgroup"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/internal/aria2ctl"
	"github.com/slget/slget/internal/osfile"
	"github.com/slget/slget/internal/units"
	"github.com/slget/slget/resume"
	"github.com/slget/slget/segment"
)

// controlPathOf is aria2's control file of a download saved at path.
func controlPathOf(path string) string { return path + ".aria2" }

// readControl reads the control file at path: a regular file, never
// through a symbolic link (nor a FIFO, which would block the read).
func readControl(path string) (*aria2ctl.Control, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("it is not a regular file (%s)", fi.Mode().Type())
	}
	f, err := osfile.OpenNoFollow(path, os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return aria2ctl.Read(f)
}

// unfinishedAria2 is the error of cand, aria2c's unfinished download, when
// the request does not ask to continue it: cand and its control file are
// left as they are.
func unfinishedAria2(cand string) *ExistsError {
	return &ExistsError{Path: cand, Why: fmt.Sprintf("is an unfinished aria2c download (its control file %s is beside it), left as it is", filepath.Base(controlPathOf(cand))),
		Help: []Remedy{RemedyContinue, RemedyOverwrite, RemedyAutoRename}}
}

// adoptAria2 examines cand, aria2c's unfinished download, for -c: it
// adopts the slices that lie wholly in pieces the control file ctl marks
// done and that hold written bytes (no hole), once the first and last of
// them and a few between match the server's. The rest is downloaded into
// the same file, and ctl is removed once it is complete (finish). A
// control file that does not parse or is of another size, or bytes that
// differ, leave cand and ctl as they are: an *ExistsError.
func (d *download) adoptAria2(ctx context.Context, cand, ctl string) (*ExistsError, error) {
	leave := func(why string, help ...Remedy) (*ExistsError, error) {
		return &ExistsError{Path: cand, Why: "is not continued: " + why, Help: help}, nil
	}
	name, ctlName := filepath.Base(cand), filepath.Base(ctl)
	c, err := readControl(ctl)
	if err != nil {
		return leave(fmt.Sprintf("its aria2c control file %s cannot be read (%v); aria2c may still finish it, or removing %s and %s lets slget download it there",
			ctl, err, name, ctlName), RemedyOtherName)
	}
	size := d.probe.Validator.Size
	if c.TotalLength != size {
		return leave(fmt.Sprintf("its aria2c control file %s is of a file of %d bytes, not the server's %d (another version); removing %s and %s lets slget download it there",
			ctl, c.TotalLength, size, name, ctlName), RemedyOtherName)
	}
	f, err := osfile.OpenNoFollow(cand, os.O_RDONLY, 0)
	if err != nil {
		return leave(fmt.Sprintf("it cannot be read (%v)", err), keepHelp...)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fileErr("open", cand, err)
	}
	switch {
	case !fi.Mode().IsRegular():
		return leave("it is not a regular file", keepHelp...)
	case fi.Size() > size:
		return leave(fmt.Sprintf("it is larger than the remote file and than its control file %s says (%d > %d bytes)", ctlName, fi.Size(), size), keepHelp...)
	}
	plan, err := segment.NewPlan(size, d.c.slice())
	if err != nil {
		return nil, &RequestError{Err: err}
	}
	adopt := doneSlices(f, fi.Size(), plan, c)
	checked, why, err := d.sameAsServerAt(ctx, f, plan, adopt)
	if err != nil || why != "" {
		if err != nil {
			return nil, err
		}
		return leave(fmt.Sprintf("%s, though its control file %s marks it done: it is not the server's file now (aria2c would mix the two); removing %s and %s lets slget download it there",
			why, ctlName, name, ctlName), keepHelp...)
	}
	if err := d.lock.replace(cand); err != nil {
		return nil, err
	}
	d.plan = plan
	d.done = segment.NewSet(plan.N())
	recs := make([]resume.Record, 0, len(adopt))
	buf := make([]byte, plan.Slice)
	for _, i := range adopt {
		r := plan.SliceRange(i)
		if _, err := d.lock.f.ReadAt(buf[:r.Len()], r.Start); err != nil {
			return nil, fileErr("io", d.lock.path, err)
		}
		d.done.Add(i)
		recs = append(recs, resume.Record{Index: i, CRC32C: resume.SliceChecksum(buf[:r.Len()]), From: segment.FromOrigin})
	}
	d.control = ctl
	adopted := doneBytes(plan, d.done)
	if len(checked) > 0 {
		verb := "match"
		if len(checked) == 1 {
			verb = "matches"
		}
		d.warn("continuing %s, aria2c's unfinished download: %s of the %s its control file %s marks done are adopted (%s %s the server's); the rest is downloaded",
			cand, units.Bytes(adopted), units.Bytes(c.DoneBytes()), ctlName, slicesNamed(checked), verb)
	} else {
		d.warn("continuing %s, aria2c's unfinished download: of the %s its control file %s marks done, no whole slice of %s can be adopted; the file is downloaded into it",
			cand, units.Bytes(c.DoneBytes()), ctlName, units.Exact(plan.Slice))
	}
	return nil, d.startFresh(recs)
}

// doneSlices are the slices of plan that lie wholly in pieces c marks
// done and in the first size bytes of f, and hold no hole: a slice with a
// hole holds space aria2c reserved and never wrote, whatever its control
// file says.
func doneSlices(f *os.File, size int64, plan segment.Plan, c *aria2ctl.Control) []int {
	var idx []int
	for i := range plan.N() {
		r := plan.SliceRange(i)
		if r.End <= size && c.Covers(r.Start, r.End) && osfile.NextHole(f, r.Start, r.End) >= r.End {
			idx = append(idx, i)
		}
	}
	return idx
}

// sameAsServerAt compares with the server's bytes the first and the last
// of the slices idx of f, and up to adoptChecks between chosen at random:
// the checks a partial file from curl passes. Slice 0 is compared with the
// probe's body; the others are asked of the origin at once, on up to the
// download's connections, so that a slow connection costs the time of one
// slice, not of five. It returns the slices checked, or what differs.
func (d *download) sameAsServerAt(ctx context.Context, f *os.File, plan segment.Plan, idx []int) (checked []int, why string, err error) {
	if len(idx) == 0 {
		return nil, "", nil
	}
	checked = []int{idx[0]}
	if len(idx) > 1 {
		for _, k := range middleSlices(len(idx), adoptChecks) {
			checked = append(checked, idx[k])
		}
		checked = append(checked, idx[len(idx)-1])
	}
	differs := func(i int) string {
		return fmt.Sprintf("its slice %d %s differs from the server's", i, plan.SliceRange(i))
	}
	rest := checked
	if checked[0] == 0 {
		same, err := d.sameAsProbe(f, plan.SliceRange(0))
		if err != nil {
			return nil, "", err
		}
		if !same {
			return nil, differs(0), nil
		}
		rest = checked[1:]
	}
	same := make([]bool, len(rest))
	origin := fetch.NewOrigin(d.http(), d.probe)
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(d.c.connections(d.req))
	for k, i := range rest {
		g.Go(func() error {
			var err error
			same[k], err = sameAsServer(gctx, f, plan.SliceRange(i), plan, origin)
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, "", err
	}
	for k, i := range rest {
		if !same[k] {
			return nil, differs(i), nil
		}
	}
	return checked, "", nil
}

// takenOverControl is the control file beside cand of aria2c's download
// that an earlier run took over: the journal j at cand is this
// download's, and the control file beside is of a file of its size and
// older than it (aria2c stopped before slget began). It is "" for
// anything else, which stays.
func takenOverControl(cand string, j *resume.Journal) string {
	ctl := controlPathOf(cand)
	fi, err := os.Lstat(ctl)
	if err != nil || !fi.Mode().IsRegular() || fi.ModTime().After(j.Meta().Created) {
		return ""
	}
	c, err := readControl(ctl)
	if err != nil || c.TotalLength != j.Meta().Size {
		return ""
	}
	return ctl
}

// removeControl removes the control file taken over, once the file it
// described is complete under its name.
func (d *download) removeControl() {
	if d.control == "" || d.control != controlPathOf(d.path) {
		return // saved under another name: the control file is not its
	}
	if err := os.Remove(d.control); err != nil && !errors.Is(err, fs.ErrNotExist) {
		d.warn("%s is complete, but aria2c's control file %s stays: %v", d.path, d.control, err)
	}
	d.control = ""
}

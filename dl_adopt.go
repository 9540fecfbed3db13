// Adoption (-c): taking over a partial file slget did not make (curl's,
// wget's, or NAME itself), only once it is proven to be the start of this
// file; a file that is not adopted is left exactly as it was.

package slget

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/internal/osfile"
	"github.com/slget/slget/internal/units"
	"github.com/slget/slget/resume"
	"github.com/slget/slget/segment"
)

// adopt examines from (the locked .part itself when isPart, else the final
// name) for -c. It adopts the whole slices of a prefix shorter than the
// file, without holes, whose last whole slice (or, shorter than a slice,
// whose bytes) match the server's; or, with a checksum, takes a full-size
// file that matches it as complete. Anything else is an *ExistsError and
// stays as it is.
func (d *download) adopt(ctx context.Context, from string, isPart bool) (*ExistsError, error) {
	f := d.lock.f
	if !isPart {
		var err error
		if f, err = osfile.OpenNoFollow(from, os.O_RDONLY, 0); err != nil {
			return &ExistsError{Path: from, Why: fmt.Sprintf("cannot be read to continue it (%v)", err), Help: keepHelp}, nil
		}
		defer f.Close()
	}
	fi, err := f.Stat()
	if err != nil {
		return nil, fileErr("open", from, err)
	}
	notAdopted := func(why string) (*ExistsError, error) {
		return &ExistsError{Path: from, Why: "is not continued: " + why, Help: keepHelp}, nil
	}
	plan, err := segment.NewPlan(d.probe.Validator.Size, d.c.slice())
	if err != nil {
		return nil, &RequestError{Err: err}
	}
	size := fi.Size()
	switch {
	case !fi.Mode().IsRegular():
		return notAdopted("it is not a regular file")
	case size > plan.Size:
		return notAdopted(fmt.Sprintf("it is larger than the remote file (%d > %d bytes)", size, plan.Size))
	case size == plan.Size:
		return d.adoptWhole(f, from, isPart)
	case osfile.FirstHole(f, size) < size:
		return notAdopted("it has holes (space reserved by another downloader), so its bytes cannot be trusted")
	}
	whole := int(size / plan.Slice)
	checked, differs, err := d.adoptCheck(ctx, f, plan, size, whole)
	if err != nil {
		return nil, err
	}
	if differs != "" {
		return notAdopted(differs)
	}
	if !isPart {
		if err := d.lock.replace(from); err != nil {
			return nil, err
		}
	}
	recs, err := d.adoptSlices(plan, whole)
	if err != nil {
		return nil, err
	}
	if whole > 0 {
		d.warn("continuing %s from %s: its %s match the server's (the other slices are taken as they are)",
			from, units.Bytes(plan.RunRange(segment.Run{First: 0, End: whole}).Len()), slicesNamed(checked))
	}
	return nil, d.startFresh(recs)
}

// adoptSlices takes plan for the download with the first whole slices of
// the partial file done, and returns their journal records, each with the
// CRC-32C of its bytes as read back.
func (d *download) adoptSlices(plan segment.Plan, whole int) ([]resume.Record, error) {
	d.plan = plan
	d.done = segment.NewSet(plan.N())
	recs := make([]resume.Record, 0, whole)
	buf := make([]byte, plan.Slice)
	for i := 0; i < whole; i++ {
		r := plan.SliceRange(i)
		if _, err := d.lock.f.ReadAt(buf[:r.Len()], r.Start); err != nil {
			return nil, fileErr("io", d.lock.path, err)
		}
		d.done.Add(i)
		recs = append(recs, resume.Record{Index: i, CRC32C: resume.SliceChecksum(buf[:r.Len()]), From: segment.FromOrigin})
	}
	return recs, nil
}

// keepHelp is what a user can do about a file Continue does not continue.
var keepHelp = []Remedy{RemedyOverwrite, RemedyOtherName}

// fullSizeUnproven is the error of a full-size file at from that Continue
// cannot take without a checksum.
func fullSizeUnproven(from string) *ExistsError {
	return &ExistsError{Path: from, Why: "is not continued: it is already the full size, and without a checksum slget cannot tell that it is this file",
		Help: []Remedy{RemedyChecksum, RemedyOverwrite}}
}

// adoptWhole takes a full-size file as complete only when a checksum
// proves it.
func (d *download) adoptWhole(f *os.File, from string, isPart bool) (*ExistsError, error) {
	if d.checksum() == nil {
		return fullSizeUnproven(from), nil
	}
	h := d.checksum().newHash()
	if _, err := io.Copy(h, io.NewSectionReader(f, 0, d.probe.Validator.Size)); err != nil {
		return nil, fileErr("io", from, err)
	}
	if got := h.Sum(nil); !bytes.Equal(got, d.checksum().Sum) {
		return &ExistsError{Path: from, Why: fmt.Sprintf("is not continued: it is the full size but does not match the checksum (%s %x)", d.checksum().Algo, got), Help: keepHelp}, nil
	}
	if isPart {
		// The locked .part is the complete file: rename it as any other.
		d.action = actFresh
		d.plan, _ = segment.NewPlan(d.probe.Validator.Size, d.c.slice())
		d.done = segment.NewSet(d.plan.N())
		for i := 0; i < d.plan.N(); i++ {
			d.done.Add(i)
		}
		d.res.Resumed = d.probe.Validator.Size
		return nil, nil
	}
	d.action = actComplete
	return nil, nil
}

// adoptCheck compares f, size bytes of which whole slices are whole, with
// the server's file: its start against the probe's slice 0 (the remote
// file's over SFTP or FTP), then its last whole slice and a few between.
// It returns the slices checked, and how f differs ("" when it does not).
func (d *download) adoptCheck(ctx context.Context, f *os.File, plan segment.Plan, size int64, whole int) (checked []int, differs string, err error) {
	// Its start against the probe's slice 0, already in hand; and its last
	// whole slice against the server's. A prefix shorter than a slice is
	// checked whole.
	first := plan.SliceRange(0)
	first.End = min(first.End, size)
	var same bool
	if d.remote != nil {
		// No probe body over SFTP or FTP: the remote file's slice 0.
		same, err = sameAsServer(ctx, f, first, plan, d.remote)
	} else {
		same, err = d.sameAsProbe(f, first)
	}
	if err != nil {
		return nil, "", err
	}
	if !same {
		return nil, fmt.Sprintf("its bytes %s differ from the server's", first), nil
	}
	// Its last whole slice, and a few between chosen at random: a file
	// whose ends are the server's but whose middle is another's is caught
	// whenever a slice checked falls in it.
	checked = []int{0}
	if whole > 1 {
		checked = append(checked, middleSlices(whole, adoptChecks)...)
		checked = append(checked, whole-1)
		origin := d.originSource()
		for _, i := range checked[1:] {
			r := plan.SliceRange(i)
			same, err := sameAsServer(ctx, f, r, plan, origin)
			if err != nil {
				return nil, "", err
			}
			if !same {
				return nil, fmt.Sprintf("its slice %d %s differs from the server's", i, r), nil
			}
		}
	}
	return checked, "", nil
}

// sameAsProbe compares range r of f, the start of slice 0, with the
// probe's body (slice 0), which it reads; the transfer then asks for slice
// 0 again if it is not adopted.
func (d *download) sameAsProbe(f *os.File, r segment.Range) (bool, error) {
	body := d.probe.Body
	d.probe.Body = nil
	if body == nil || d.probe.Validator.Size == 0 {
		return r.Len() == 0, nil
	}
	defer body.Close()
	remote, err := io.ReadAll(io.LimitReader(body, d.c.slice()))
	if err != nil {
		return false, err
	}
	if int64(len(remote)) < r.Len() {
		return false, nil
	}
	local := make([]byte, r.Len())
	if _, err := f.ReadAt(local, r.Start); err != nil {
		return false, fileErr("io", f.Name(), err)
	}
	return bytes.Equal(local, remote[:r.Len()]), nil
}

// sameAsServer compares range r of f, which starts on a slice boundary,
// with the start of what src serves for the whole slices that cover it.
func sameAsServer(ctx context.Context, f *os.File, r segment.Range, plan segment.Plan, src fetch.Source) (bool, error) {
	local := make([]byte, r.Len())
	if _, err := f.ReadAt(local, r.Start); err != nil {
		return false, fileErr("io", f.Name(), err)
	}
	aligned := plan.RunRange(segment.Run{First: plan.Index(r.Start), End: plan.Index(r.End-1) + 1})
	body, err := src.Open(ctx, aligned)
	if err != nil {
		return false, err
	}
	defer body.Close()
	remote := make([]byte, r.Len())
	if _, err := io.ReadFull(body, remote); err != nil {
		return false, err
	}
	return bytes.Equal(local, remote), nil
}

// adoptChecks is how many slices between the first and the last whole one
// Continue compares with the server's before it adopts a file.
const adoptChecks = 3

// middleSlices picks up to n distinct slices among 1 to whole-2, at random,
// in order.
func middleSlices(whole, n int) []int {
	pool := make([]int, 0, max(whole-2, 0))
	for i := 1; i < whole-1; i++ {
		pool = append(pool, i)
	}
	rand.Shuffle(len(pool), func(a, b int) { pool[a], pool[b] = pool[b], pool[a] })
	pick := pool[:min(n, len(pool))]
	slices.Sort(pick)
	return pick
}

// slicesNamed says "slice 0", "slices 0 and 9", "slices 0, 3, 6 and 9".
func slicesNamed(idx []int) string {
	if len(idx) == 1 {
		return fmt.Sprintf("slice %d", idx[0])
	}
	parts := make([]string, len(idx))
	for i, n := range idx {
		parts[i] = strconv.Itoa(n)
	}
	return "slices " + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// adoptOrStart ends examine when no journal of this download decided: a
// file at cand (finalExists) is adopted with Continue (aria2c's with its
// control file), or refused unless overwriting is allowed; then the
// download starts fresh.
func (d *download) adoptOrStart(ctx context.Context, cand string, finalExists bool) (*ExistsError, error) {
	if finalExists && d.req.Continue && d.ranged() {
		var taken *ExistsError
		var err error
		if ctl := controlPathOf(cand); lexists(ctl) {
			// aria2c's unfinished download: its full size is reserved
			// space, and its control file says which pieces are done.
			taken, err = d.adoptAria2(ctx, cand, ctl)
		} else {
			taken, err = d.adopt(ctx, cand, false)
		}
		if err != nil || taken == nil || !d.overwrite() {
			return taken, err
		}
		d.warn("%s %s; replacing it, as overwriting is allowed", taken.Path, taken.Why)
	} else if finalExists && !d.overwrite() {
		return existsError(cand), nil
	}
	return nil, d.startFresh(nil)
}

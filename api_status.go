// Status and Verify: look at a partial download through its journal, and
// check its finished slices, without downloading anything.

package slget

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/slget/slget/resume"
	"github.com/slget/slget/segment"
)

// Status is what the journal of a partial download says.
type Status struct {
	Path, Journal      string // the final name and its journal
	URL, FinalURL      string // redacted
	ETag, LastModified string
	Size, SliceSize    int64
	Slices, SlicesDone int
	BytesDone          int64
	// BytesWritten is BytesDone and the start of each slice not done that
	// was written and synced before the download stopped, as its journal
	// records them (a resume checks them against the file before it uses
	// them). A running download's journal is read for its done slices only.
	BytesWritten int64
	// Finished says which slices are done, by index.
	Finished []bool
	BySource map[Source]int64 // bytes done by where they came from
	// ByMirror is the bytes done by each mirror that sent some, besides
	// the first URL (whose bytes are BySource's origin less these); nil
	// when no mirror did.
	ByMirror map[string]int64
	Proof    string // what proves the whole file, "" when nothing does
	Created  time.Time
	Active   bool // a download holds it now; read from a snapshot
}

// ErrNoPartial is matched by the error of Status and Verify for a name with
// no partial download.
var ErrNoPartial = errors.New("no partial download")

// pathsOf returns the final name and journal of a download named by its
// final name, its .part or its .slget file. (The side files of a name too
// long to carry their suffixes have a shortened name; named by one of
// them, path is that shortened name.)
func pathsOf(name string) (path, journal string) {
	path = strings.TrimSuffix(strings.TrimSuffix(name, ".slget"), ".part")
	return path, journalPathOf(path)
}

// ReadStatus reads the journal of the download named name (its final name,
// .part or .slget). It works while the download runs: a journal held by a
// download is read from a snapshot copy.
func ReadStatus(name string) (*Status, error) {
	path, jpath := pathsOf(name)
	m, done, recs, err := resume.Inspect(jpath)
	active := false
	if errors.Is(err, resume.ErrLocked) {
		active = true
		m, done, recs, err = inspectCopy(jpath)
	}
	if err != nil {
		if errors.Is(err, resume.ErrNotExist) {
			if lexists(path) && !lexists(partPathOf(path)) {
				return nil, fmt.Errorf("%s: %w (no %s); slget keeps no record of a file once it is complete", path, ErrNoPartial, jpath)
			}
			return nil, fmt.Errorf("%s: %w here (no %s)", name, ErrNoPartial, jpath)
		}
		return nil, err
	}
	plan, err := segment.NewPlan(m.Size, m.SliceSize)
	if err != nil {
		return nil, fmt.Errorf("journal %s: %v: %w", jpath, err, resume.ErrCorrupt)
	}
	s := &Status{Path: path, Journal: jpath, URL: m.URL, FinalURL: m.FinalURL, ETag: m.ETag, LastModified: m.LastModified,
		Size: m.Size, SliceSize: m.SliceSize, Slices: plan.N(), SlicesDone: done.Count(), BySource: map[Source]int64{},
		Created: m.Created, Active: active, Proof: m.Proof}
	if !active {
		if ps, err := resume.InspectPrefixes(jpath); err == nil {
			for _, p := range ps {
				s.BytesWritten += p.Len
			}
		}
	}
	for _, r := range recs {
		n := plan.SliceRange(r.Index).Len()
		s.BytesDone += n
		s.BySource[Source(r.From)] += n
		if r.Mirror != "" {
			if s.ByMirror == nil {
				s.ByMirror = map[string]int64{}
			}
			s.ByMirror[r.Mirror] += n
		}
	}
	s.BytesWritten += s.BytesDone
	s.Finished = boolsOf(done)
	return s, nil
}

// inspectCopy reads a snapshot of a journal that a running download holds
// locked. bbolt keeps two checksummed meta pages, so a copy taken during a
// commit still opens at the previous commit; a copy that the structure
// check rejects anyway is taken again, a few times.
func inspectCopy(jpath string) (resume.Meta, *segment.Set, []resume.Record, error) {
	var err error
	for range 5 {
		var b []byte
		if b, err = os.ReadFile(jpath); err != nil {
			break
		}
		var tmp *os.File
		if tmp, err = os.CreateTemp("", "slget-status-*.slget"); err != nil {
			break
		}
		_, err = tmp.Write(b)
		tmp.Close()
		if err == nil {
			m, done, recs, ierr := resume.Inspect(tmp.Name())
			os.Remove(tmp.Name())
			if ierr == nil {
				return m, done, recs, nil
			}
			err = ierr
			continue
		}
		os.Remove(tmp.Name())
	}
	return resume.Meta{}, nil, nil, fmt.Errorf("%s is in use by a running download and could not be read: %w", jpath, err)
}

// VerifyReport is what Verify found.
type VerifyReport struct {
	Part    string
	Checked int   // slices whose bytes match their checksum
	Bad     []int // slices that did not, now marked not done
	Missing int   // slices not downloaded yet
}

// Verify re-reads every finished slice of the partial download named name
// against the checksum its journal recorded, and marks those that fail not
// done, so that the next run fetches just them again. It needs the
// download to be stopped. When ctx ends first it returns ctx's error and
// leaves the journal as it was.
func Verify(ctx context.Context, name string) (*VerifyReport, error) {
	path, jpath := pathsOf(name)
	part := partPathOf(path)
	if !lexists(jpath) {
		if _, err := ReadStatus(name); err != nil {
			return nil, err
		}
	}
	l, err := lockPart(part)
	if err != nil {
		if errors.Is(err, ErrLocked) {
			return nil, fmt.Errorf("%s: a download is running on it; verify it once it stops: %w", part, ErrLocked)
		}
		return nil, err
	}
	defer l.release()
	j, err := resume.Open(jpath, nil)
	if errors.Is(err, resume.ErrOldSchema) {
		j, err = migrate(ctx, jpath, l.f)
	}
	if err != nil {
		return nil, err
	}
	defer j.Close()
	m := j.Meta()
	plan, err := segment.NewPlan(m.Size, m.SliceSize)
	if err != nil {
		return nil, fmt.Errorf("journal %s: %v: %w", jpath, err, resume.ErrCorrupt)
	}
	recs := j.Records()
	bad, err := badSlices(ctx, l.f, plan, recs)
	if err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		return nil, fileErr("io", part, err)
	}
	if len(bad) > 0 {
		if err := j.Forget(bad); err != nil {
			return nil, err
		}
	}
	return &VerifyReport{Part: part, Checked: len(recs) - len(bad), Bad: bad, Missing: plan.N() - len(recs)}, nil
}

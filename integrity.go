// Integrity: the bytes of finished slices against the checksums their
// journal recorded, for --check-integrity, slget verify, a file found
// complete, and a journal of the old layout.

package slget

import (
	"crypto/sha256"
	"errors"
	"io"
	"os"
	"path/filepath"

	"github.com/slget/slget/internal/osfile"

	"github.com/slget/slget/resume"
	"github.com/slget/slget/segment"
)

// badSlices reads the slices recs claim from f and returns those whose
// bytes do not match their record: a CRC-32C, or the SHA-256 of a schema 1
// journal (a zero SHA-256, a slice adopted without a hash, never matches).
func badSlices(f io.ReaderAt, plan segment.Plan, recs []resume.Record) ([]int, error) {
	buf := make([]byte, plan.Slice)
	var bad []int
	for _, r := range recs {
		sr := plan.SliceRange(r.Index)
		b := buf[:sr.Len()]
		if _, err := f.ReadAt(b, sr.Start); err != nil && !errors.Is(err, io.EOF) {
			return nil, err
		}
		var ok bool
		if r.SHA256 != ([32]byte{}) {
			ok = sha256.Sum256(b) == r.SHA256
		} else {
			ok = r.CRC32C == resume.SliceChecksum(b)
		}
		if !ok {
			bad = append(bad, r.Index)
		}
	}
	return bad, nil
}

// verifyFile is badSlices of the file at path.
func verifyFile(path string, plan segment.Plan, recs []resume.Record) ([]int, error) {
	f, err := osfile.OpenNoFollow(path, os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return badSlices(f, plan, recs)
}

// checkIntegrity re-reads every done slice of j from f and marks those
// that fail not done, so that they are fetched again.
func checkIntegrity(j *resume.Journal, f *os.File, plan segment.Plan, warn func(string, ...any)) error {
	bad, err := badSlices(f, plan, j.Records())
	if err != nil {
		return fileErr("io", f.Name(), err)
	}
	if len(bad) == 0 {
		return nil
	}
	if len(bad) == 1 {
		warn("slice %d of %s does not match its checksum; fetching it again", bad[0], f.Name())
	} else {
		warn("%d slices of %s do not match their checksums; fetching them again", len(bad), f.Name())
	}
	return j.Forget(bad)
}

// migrate rewrites the schema 1 journal at jpath in the current layout,
// keeping only the slices whose bytes in part match their SHA-256, and
// returns it open.
func migrate(jpath string, part *os.File) (*resume.Journal, error) {
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
		bad, err := badSlices(part, plan, recs)
		if err != nil {
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

func dirOf(p string) string { return filepath.Dir(p) }

// Integrity: the bytes of finished slices against the checksums their
// journal recorded, beside a resume's transfer (Request.SkipIntegrity
// unset), for Verify, and for a file found complete.

package slget

import (
	"context"
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
func badSlices(ctx context.Context, f io.ReaderAt, plan segment.Plan, recs []resume.Record) ([]int, error) {
	buf := make([]byte, plan.Slice)
	var bad []int
	for _, r := range recs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
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
func verifyFile(ctx context.Context, path string, plan segment.Plan, recs []resume.Record) ([]int, error) {
	f, err := osfile.OpenNoFollow(path, os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return badSlices(ctx, f, plan, recs)
}

func dirOf(p string) string { return filepath.Dir(p) }

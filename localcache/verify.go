// Verify: re-read and re-hash every slice, quarantine the bad, index the lost, forget the missing.

package localcache

import (
	"context"

	bolt "go.etcd.io/bbolt"
)

// VerifyReport says what Verify found and did.
type VerifyReport struct {
	Checked     int           // slice files read and checked
	OK          int           // of which good
	Adopted     int           // good files the index did not hold, now indexed
	Missing     int           // index records without a file, now removed
	TempRemoved int           // temporary files left by a crash, removed
	Quarantined []Quarantined // bad files, and anything else out of place, now in DIR/quarantine
}

// Verify reads every slice file whole and checks it as Get does (header,
// size, CRC-32C of the stored bytes, decompression, CRC-32C of the
// plaintext). A bad file is moved to DIR/quarantine and out of the index;
// a good file the index does not hold (after a crash, or a record lost) is
// indexed; a record whose file is gone is removed; temporary files no Put
// is writing are removed; anything else in the slices tree (symlinks
// included, which are moved, not followed) is quarantined.
//
// Verify runs beside Get and Put; it stops when ctx is done, with what it
// did so far in the report. It reads the whole cache: minutes for a large
// one.
func (s *Store) Verify(ctx context.Context) (VerifyReport, error) {
	var rep VerifyReport
	if err := s.enter(); err != nil {
		return rep, s.wrap("verify", "", err)
	}
	defer s.leave()
	err := s.verify(ctx, &rep)
	return rep, s.wrap("verify", "", err)
}

func (s *Store) verify(ctx context.Context, rep *VerifyReport) error {
	if err := s.flushAccess(); err != nil {
		return err
	}
	seen := make(map[hash]bool)
	adopt := s.adopter(rep, true, seen)
	if err := s.walk(ctx, &rep.Quarantined, adopt); err != nil {
		adopt("", nil)
		return err
	}
	if err := adopt("", nil); err != nil {
		return err
	}
	// Records whose file was not seen: gone, unless a Put wrote it
	// after the walk passed its folder.
	var unseen []hash
	if err := s.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketSlices).ForEach(func(k, _ []byte) error {
			var h hash
			if copy(h[:], k) == len(h) && !seen[h] {
				unseen = append(unseen, h)
			}
			return nil
		})
	}); err != nil {
		return err
	}
	for _, h := range unseen {
		if err := ctx.Err(); err != nil {
			return err
		}
		if s.dropMissing(h) {
			rep.Missing++
		}
	}
	return nil
}

// checkWhole reads and checks the slice file rel, named h, whole.
func (s *Store) checkWhole(rel string, h hash) (header, error) {
	rc, hd, err := s.load(rel, h, false)
	if err != nil {
		return header{}, err
	}
	rc.Close()
	return hd, nil
}

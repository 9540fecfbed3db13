// Stat: what the index says of a run of slices, without opening their files.

package localcache

import (
	"time"

	bolt "go.etcd.io/bbolt"
)

// statRun returns what the index holds of the slices [first, end) of one
// version of rawURL, in one read transaction: the Info of each slice from
// first on, stopping at the first one the index does not hold. Nothing is
// read from the slice files, so a slice listed here may still turn out
// damaged or evicted when Get reads it. Errors read as "none cached".
func (s *Store) statRun(rawURL, validator string, first, end int64) []Info {
	if end <= first || s.enter() != nil {
		return nil
	}
	defer s.leave()
	if first < 0 || end-1 > maxIndex || checkValidator(validator) != nil {
		return nil
	}
	u, err := canonical(rawURL)
	if err != nil {
		return nil
	}
	var out []Info
	s.db.View(func(tx *bolt.Tx) error {
		for i := first; i < end; i++ {
			r, ok := getEntry(tx, sum(u, validator, s.slice, i))
			if !ok || r.index != i || r.url != u || r.valid != validator {
				return nil
			}
			out = append(out, Info{
				Size: r.size, StoredSize: r.stored, Codec: r.codec, CRC32C: r.crc,
				Created: time.Unix(0, r.created), LastAccess: time.Unix(0, r.access),
			})
		}
		return nil
	})
	return out
}

// touchSlice records a read of slice index of one version of rawURL, served
// from elsewhere than the store (the server's memory), so that eviction
// sees it as used.
func (s *Store) touchSlice(rawURL, validator string, index int64) {
	if s.enter() != nil {
		return
	}
	defer s.leave()
	u, err := canonical(rawURL)
	if err != nil {
		return
	}
	s.touch(sum(u, validator, s.slice, index))
}

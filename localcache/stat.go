// Stat: what the index says of a run of slices, without opening their files;
// and the checked name of a version that the server's hot paths use.

package localcache

import (
	"time"

	bolt "go.etcd.io/bbolt"
)

// vkey names one version of a resource in the store: its URL in canonical
// form and its validator, checked once (versionKey), so that the paths
// that run for every slice of every request only hash.
type vkey struct {
	url, validator string
}

// versionKey checks rawURL and validator as a Key's, and returns their
// checked form.
func (s *Store) versionKey(rawURL, validator string) (vkey, error) {
	if err := checkValidator(validator); err != nil {
		return vkey{}, err
	}
	u, err := canonical(rawURL)
	if err != nil {
		return vkey{}, err
	}
	return vkey{url: u, validator: validator}, nil
}

// hashOf is the hash of slice i of vk.
func (s *Store) hashOf(vk vkey, i int64) hash { return sum(vk.url, vk.validator, s.slice, i) }

// statRun returns what the index holds of the slices [first, end) of vk,
// in one read transaction: the Info of each slice from first on, stopping
// at the first one the index does not hold. Nothing is read from the slice
// files, so a slice listed here may still turn out damaged or evicted when
// it is read. Errors read as "none cached".
func (s *Store) statRun(vk vkey, first, end int64) []Info {
	if end <= first || first < 0 || end-1 > maxIndex || s.enter() != nil {
		return nil
	}
	defer s.leave()
	var out []Info
	s.db.View(func(tx *bolt.Tx) error {
		for i := first; i < end; i++ {
			r, ok := getEntry(tx, s.hashOf(vk, i))
			if !ok || r.index != i || r.url != vk.url || r.valid != vk.validator {
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

// touchSlice records a read of slice i of vk, served from elsewhere than
// the store (the server's memory), so that eviction sees it as used.
func (s *Store) touchSlice(vk vkey, i int64) {
	if s.enter() != nil {
		return
	}
	defer s.leave()
	s.touch(s.hashOf(vk, i))
}

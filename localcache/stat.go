// Stat: what the index says of a run of slices, without opening their files;
// and Version, the checked name of a version for callers that look up many
// of its slices (the peer server's hot paths).

package localcache

import (
	"time"

	bolt "go.etcd.io/bbolt"
)

// Version names one version of a resource in the store: its URL in
// canonical form and its validator, checked once (Store.Version), so that
// the paths that run for every slice of every request (the peer server's
// StatRun, Touch and OpenIdentity) only hash. Its slices are those of the
// store's slice size. The zero Version names nothing a store holds.
type Version struct {
	url, validator string
}

// Version checks rawURL and validator as a Key's URL and Validator are
// checked (the same errors as Put gives for them), and returns their
// checked form.
func (s *Store) Version(rawURL, validator string) (Version, error) {
	if err := checkValidator(validator); err != nil {
		return Version{}, err
	}
	u, err := canonical(rawURL)
	if err != nil {
		return Version{}, err
	}
	return Version{url: u, validator: validator}, nil
}

// hashOf is the hash of slice i of vk.
func (s *Store) hashOf(vk Version, i int64) hash { return sum(vk.url, vk.validator, s.slice, i) }

// StatRun returns what the index holds of the slices [first, end) of vk,
// in one read transaction: the Info of each slice from first on, stopping
// at the first one the index does not hold. Nothing is read from the slice
// files, so a slice listed here may still turn out damaged or evicted when
// it is read. Errors read as "none cached".
func (s *Store) StatRun(vk Version, first, end int64) []Info {
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

// Touch records a read of slice i of vk that was served from elsewhere
// than the store (the peer server's memory of hot slices), so that
// eviction sees the slice as used. The access time is written with the
// next batch, as a Get's is; a closed store ignores it.
func (s *Store) Touch(vk Version, i int64) {
	if s.enter() != nil {
		return
	}
	defer s.leave()
	s.touch(s.hashOf(vk, i))
}

// Slot locks: a slice's record and its file change together, under the lock of its hash.

package localcache

import (
	"errors"
	"io/fs"
	"slices"
	"sync"

	bolt "go.etcd.io/bbolt"
)

// slotLocks is how many locks the slices' hashes are spread over.
const slotLocks = 64

// A slice's record (in the index) and its file (in the tree) cannot change
// in one step: Put renames the file into place and then indexes it;
// eviction and purge remove the record and then the file; Verify reads a
// file and indexes it later. Between the two steps another operation on
// the same slice could leave a record without a file (a miss that is
// counted as stored bytes) or remove the file a Put just indexed. So:
//
//   - a record is added only under the slice's slot lock, by an operation
//     that has seen the file there under that lock;
//   - a file is removed only under the slot lock, by an operation that has
//     seen no record under that lock (or while it holds the record it is
//     about to remove, as Put does when indexing fails).
//
// Lock order: slot locks (in ascending order when several), then a bbolt
// write transaction. Never a slot lock inside a transaction.
type slotSet [slotLocks]sync.Mutex

// slotOf is the slot lock of the slice h.
func (s *Store) slotOf(h hash) *sync.Mutex { return &s.slots[int(h[0])%slotLocks] }

// lockSlots takes the slot locks of hs, in ascending order, and returns
// the function that gives them back.
func (s *Store) lockSlots(hs []hash) (unlock func()) {
	var idx []int
	for _, h := range hs {
		idx = append(idx, int(h[0])%slotLocks)
	}
	slices.Sort(idx)
	idx = slices.Compact(idx)
	for _, i := range idx {
		s.slots[i].Lock()
	}
	return func() {
		for _, i := range slices.Backward(idx) {
			s.slots[i].Unlock()
		}
	}
}

// indexed says whether the index holds a valid record of h.
func (s *Store) indexed(h hash) (bool, error) {
	var have bool
	err := s.db.View(func(tx *bolt.Tx) error {
		_, have = getEntry(tx, h)
		return nil
	})
	return have, err
}

// removeUnindexed removes the file of h, whose record was removed, unless
// a Put has stored the slice again since.
func (s *Store) removeUnindexed(h hash) {
	mu := s.slotOf(h)
	mu.Lock()
	defer mu.Unlock()
	if have, err := s.indexed(h); err == nil && !have {
		s.remove(h.file())
	}
}

// dropMissing removes the record of h if its file is gone, and says
// whether it did.
func (s *Store) dropMissing(h hash) bool {
	mu := s.slotOf(h)
	mu.Lock()
	defer mu.Unlock()
	if _, err := s.root.Lstat(h.file()); !errors.Is(err, fs.ErrNotExist) {
		return false
	}
	s.dropIndexed(h)
	return true
}

// present keeps of hs those whose file is there. The caller holds their
// slot locks.
func (s *Store) present(hs []hash) map[hash]bool {
	there := make(map[hash]bool, len(hs))
	for _, h := range hs {
		if _, err := s.root.Lstat(h.file()); err == nil {
			there[h] = true
		}
	}
	return there
}

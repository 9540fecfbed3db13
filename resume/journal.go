// Journal: the open journal of one download: its meta, its done slices, commits and what they count.

package resume

import (
	"fmt"
	"sync"
	"time"

	"github.com/slget/slget/segment"
	bolt "go.etcd.io/bbolt"
)

// DefaultTimeout is how long Open, Create and Inspect wait for the lock of a
// journal when Options.Timeout is zero.
const DefaultTimeout = 100 * time.Millisecond

// Options configure Create, Open and Inspect. A nil *Options means the
// defaults.
type Options struct {
	// Timeout is how long to wait for the file lock; zero means
	// DefaultTimeout (100ms), so a second slget on the same file fails
	// fast; a negative value tries once.
	Timeout time.Duration

	// NoSync turns off fsync (bbolt's NoSync, and the directory sync of
	// Create). For tests and benchmarks only: a crash can then lose or
	// damage the journal.
	NoSync bool
}

func (o *Options) timeout() time.Duration {
	switch {
	case o == nil || o.Timeout == 0:
		return DefaultTimeout
	case o.Timeout < 0:
		return 0
	}
	return o.Timeout
}

func (o *Options) noSync() bool { return o != nil && o.NoSync }

// Journal is an open journal. It holds the file lock until Close. A
// Journal is safe for concurrent use.
type Journal struct {
	path string

	// wmu lets one writer at a time (Commit, Forget, SetFinalURL,
	// SetProof, Close) run its transaction and the fsync that ends it; mu
	// guards what readers see in memory, and a writer holds it only to
	// apply a change that has committed, never across an fsync, so that a
	// progress snapshot (Done, Counts) does not wait for the disk. Only a
	// writer changes db, meta, done, counts and mirrorOf: under wmu it reads
	// them without mu.
	wmu      sync.Mutex
	mu       sync.RWMutex
	db       *bolt.DB // nil once closed
	meta     Meta
	plan     segment.Plan
	done     *segment.Set
	counts   [segment.Provenances]int64 // bytes done, by segment.Provenance
	dropped  int                        // records that failed their check at Open
	mirrorOf map[int]string             // the mirror of each slice that came from one
}

// Path is the journal's file.
func (j *Journal) Path() string { return j.path }

// Meta is the download the journal describes.
func (j *Journal) Meta() Meta {
	j.mu.RLock()
	defer j.mu.RUnlock()
	return j.meta
}

// SetFinalURL records a new final URL, for example a signed URL with a new
// query string that serves the same validator and size.
func (j *Journal) SetFinalURL(u string) error {
	j.wmu.Lock()
	defer j.wmu.Unlock()
	if j.db == nil {
		return wrap(j.path, "set-final-url", ErrClosed)
	}
	m := j.meta
	m.FinalURL = u
	err := j.update(func(tx *bolt.Tx) error {
		mb := tx.Bucket(bucketMeta)
		if err := mb.Put(keyFinalURL, []byte(u)); err != nil {
			return err
		}
		return mb.Put(keyCheck, metaCheck(m))
	})
	if err != nil {
		return wrap(j.path, "set-final-url", err)
	}
	j.mu.Lock()
	j.meta = m
	j.mu.Unlock()
	return nil
}

// Dropped is the number of records that failed their own check when the
// journal was opened: damage inside the file. Their slices are not in Done,
// so they are fetched again; the next Commit of them replaces them.
func (j *Journal) Dropped() int {
	j.mu.RLock()
	defer j.mu.RUnlock()
	return j.dropped
}

// Done is a copy of the done-set: one bit per slice of the plan
// (Meta.Size, Meta.SliceSize), set for the slices committed.
func (j *Journal) Done() *segment.Set {
	j.mu.RLock()
	defer j.mu.RUnlock()
	return j.done.Clone()
}

// Commit marks the slices of recs done, with their hashes and sources, in
// one bbolt transaction: after it returns nil they are on disk (unless
// Options.NoSync), and after a crash either all of recs are done or none.
// The caller must have made the slices' bytes durable (fdatasync of the data
// file) before calling it. A record for a slice already done replaces it.
//
// If any record's index is outside the plan or its Source is not defined,
// Commit writes nothing and returns an error matching ErrRange. If the
// transaction fails the journal on disk and in memory is as it was before;
// the caller should stop and Close.
func (j *Journal) Commit(recs []Record) error {
	n := j.plan.N()
	for _, r := range recs {
		if r.Index < 0 || r.Index >= n {
			return wrap(j.path, "commit", fmt.Errorf("%w: slice %d, the plan has %d", ErrRange, r.Index, n))
		}
		if !r.From.Valid() {
			return wrap(j.path, "commit", fmt.Errorf("%w: slice %d: source %d", ErrRange, r.Index, r.From))
		}
	}
	if len(recs) == 0 {
		return nil
	}
	j.wmu.Lock()
	defer j.wmu.Unlock()
	if j.db == nil {
		return wrap(j.path, "commit", ErrClosed)
	}
	// Sources of slices replaced, read inside the transaction, applied to
	// the counts only once it has committed.
	var old []segment.Provenance
	err := j.update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketSlices)
		old = old[:0]
		var key [8]byte
		for _, r := range recs {
			putIndex(key[:], r.Index)
			if prev, ok := decodeValue(SchemaVersion, key[:], r.Index, b.Get(key[:])); ok {
				old = append(old, prev.From)
			} else {
				old = append(old, 0)
			}
			if err := b.Put(key[:], encodeValue(key[:], r)); err != nil {
				return err
			}
		}
		if err := dropPrefixes(tx, recs); err != nil {
			return err
		}
		return putMirrorOf(tx, recs)
	})
	if err != nil {
		return wrap(j.path, "commit", err)
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	for i, r := range recs {
		l := j.plan.SliceRange(r.Index).Len()
		if old[i].Valid() {
			j.counts[old[i]] -= l
		}
		j.counts[r.From] += l
		j.done.Add(r.Index)
		if r.Mirror != "" {
			if j.mirrorOf == nil {
				j.mirrorOf = map[int]string{}
			}
			j.mirrorOf[r.Index] = r.Mirror
		} else {
			delete(j.mirrorOf, r.Index)
		}
	}
	return nil
}

// update runs fn in a write transaction. Open has checked the structure of
// the file, so bbolt should not panic; if it does (the file changed under
// us), the transaction is rolled back and the panic becomes ErrCorrupt.
func (j *Journal) update(fn func(*bolt.Tx) error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = corruptf("write failed (%v)", r)
		}
	}()
	return j.db.Update(fn)
}

// Record is the record of slice i, if it is done.
func (j *Journal) Record(i int) (Record, bool) {
	j.mu.RLock()
	defer j.mu.RUnlock()
	if j.db == nil || !j.done.Has(i) {
		return Record{}, false
	}
	var r Record
	ok := false
	var key [8]byte
	putIndex(key[:], i)
	_ = j.db.View(func(tx *bolt.Tx) error {
		r, ok = decodeValue(SchemaVersion, key[:], i, tx.Bucket(bucketSlices).Get(key[:]))
		r.Mirror = j.mirrorOf[i]
		return nil
	})
	return r, ok
}

// Forget marks the slices idx not done, in one transaction: their bytes
// failed a check (slget verify, --check-integrity) and must be fetched
// again. Indexes that are not done are ignored; one outside the plan is
// ErrRange and nothing is changed.
func (j *Journal) Forget(idx []int) error {
	n := j.plan.N()
	for _, i := range idx {
		if i < 0 || i >= n {
			return wrap(j.path, "forget", fmt.Errorf("%w: slice %d, the plan has %d", ErrRange, i, n))
		}
	}
	j.wmu.Lock()
	defer j.wmu.Unlock()
	if j.db == nil {
		return wrap(j.path, "forget", ErrClosed)
	}
	var gone []Record
	err := j.update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketSlices)
		gone = gone[:0]
		var key [8]byte
		for _, i := range idx {
			putIndex(key[:], i)
			v := b.Get(key[:])
			if v == nil {
				continue
			}
			if r, ok := decodeValue(SchemaVersion, key[:], i, v); ok {
				gone = append(gone, r)
			}
			if err := b.Delete(key[:]); err != nil {
				return err
			}
		}
		return forgetMirrorOf(tx, idx)
	})
	if err != nil {
		return wrap(j.path, "forget", err)
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	for _, i := range idx {
		delete(j.mirrorOf, i)
	}
	for _, r := range gone {
		j.counts[r.From] -= j.plan.SliceRange(r.Index).Len()
	}
	// Rebuild the done-set without them: Set has no Remove, and a forget
	// is rare (after a failed check).
	done := segment.NewSet(n)
	drop := make(map[int]bool, len(idx))
	for _, i := range idx {
		drop[i] = true
	}
	for i := 0; i < n; i++ {
		if j.done.Has(i) && !drop[i] {
			done.Add(i)
		}
	}
	j.done = done
	return nil
}

// Records lists the records of all done slices in index order. It returns
// nil after Close.
func (j *Journal) Records() []Record {
	j.mu.RLock()
	defer j.mu.RUnlock()
	if j.db == nil {
		return nil
	}
	recs := make([]Record, 0, j.done.Count())
	_ = j.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketSlices).ForEach(func(k, v []byte) error {
			if i, ok := getIndex(k); ok {
				if r, ok := decodeValue(SchemaVersion, k, i, v); ok && j.done.Has(i) {
					r.Mirror = j.mirrorOf[i]
					recs = append(recs, r)
				}
			}
			return nil
		})
	})
	return recs
}

// Counts is the number of bytes done, by Source. Every defined Source has an
// entry; the values add up to the bytes of the done slices (the last slice
// may be short).
func (j *Journal) Counts() map[segment.Provenance]int64 {
	j.mu.RLock()
	defer j.mu.RUnlock()
	return countsMap(j.counts)
}

// Close releases the journal and its lock. It leaves the file in place (see
// Remove). Closing twice is not an error.
func (j *Journal) Close() error {
	j.wmu.Lock()
	defer j.wmu.Unlock()
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.db == nil {
		return nil
	}
	err := j.db.Close()
	j.db = nil
	return wrap(j.path, "close", err)
}

// Opening the index: load and check it, or put a damaged one aside and rebuild it.

package localcache

import (
	"encoding/binary"
	"errors"
	"io/fs"
	"os"
	"runtime/debug"
	"time"

	"github.com/slget/slget/internal/units"
	"github.com/slget/slget/segment"
	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// openIndex opens DIR/index.db and sets s.db, s.slice and s.totals. An
// index that is missing or damaged is rebuilt from the slice files; a
// damaged one is kept in the quarantine folder. want is Options.SliceSize.
func (s *Store) openIndex(want int64) error {
	fi, err := s.root.Lstat(indexName)
	switch {
	case err == nil && fi.Mode().IsRegular():
		err := s.loadIndex(want)
		if err == nil || !errors.Is(err, ErrCorrupt) {
			return err
		}
		if err := s.quarantine(indexName, err.Error()); err != nil {
			return err
		}
	case err == nil:
		if err := s.quarantine(indexName, "not a regular file"); err != nil {
			return err
		}
	case !errors.Is(err, fs.ErrNotExist):
		return err
	}
	return s.rebuild(want)
}

// openBolt opens (or creates) the index through the root: bbolt gets the
// file from s.root, never a path of its own.
func (s *Store) openBolt() (*bolt.DB, error) {
	db, err := bolt.Open(s.path(indexName), 0o600, &bolt.Options{
		// DIR/lock is taken already; where flock is missing this lock
		// is the only one, and a nanosecond stands for "try once".
		Timeout: time.Nanosecond,
		NoSync:  s.noSync,
		OpenFile: func(_ string, flag int, perm os.FileMode) (*os.File, error) {
			return s.root.OpenFile(indexName, flag, perm)
		},
	})
	switch {
	case err == nil:
		return db, nil
	case errors.Is(err, berrors.ErrTimeout):
		return nil, ErrLocked
	case errors.Is(err, berrors.ErrInvalid), errors.Is(err, berrors.ErrChecksum),
		errors.Is(err, berrors.ErrVersionMismatch), errors.Is(err, berrors.ErrInvalidMapping):
		return nil, detailf(ErrCorrupt, "index: %v", err)
	}
	return nil, err
}

// loadIndex opens an existing index, checks its meta and its records, and
// computes the totals. Damage anywhere, a panic or memory fault of bbolt's
// included, is an error matching ErrCorrupt and leaves s.db nil.
//
// bbolt trusts its file (only its meta pages are checksummed), so a
// truncated or overwritten index can make it fault or panic; reading every
// page of both buckets here, under a recover, makes that happen at Open,
// where the index can be rebuilt, rather than in the middle of a Get.
func (s *Store) loadIndex(want int64) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = detailf(ErrCorrupt, "index unreadable (%v)", r)
		}
		if err != nil && s.db != nil {
			closeQuietly(s.db)
			s.db = nil
		}
	}()
	if s.db, err = s.openBolt(); err != nil {
		return err
	}
	var t tally
	err = s.db.Update(func(tx *bolt.Tx) error {
		t = tally{}
		meta, slices, lru := tx.Bucket(bucketMeta), tx.Bucket(bucketSlices), tx.Bucket(bucketLRU)
		if meta == nil || slices == nil || lru == nil {
			return detailf(ErrCorrupt, "index lacks its buckets")
		}
		slice, err := readMeta(meta)
		if err != nil {
			return err
		}
		if want != 0 && want != slice {
			return detailf(ErrSliceSize, "it was made with slices of %s, %s asked for",
				units.Exact(slice), units.Exact(want))
		}
		s.slice = slice
		return checkEntries(tx, &t)
	})
	if err != nil {
		return err
	}
	s.totals = Stats{Slices: t.slices, StoredBytes: t.stored, SliceSize: s.slice}
	return nil
}

// readMeta reads the format version and the slice size.
func readMeta(meta *bolt.Bucket) (int64, error) {
	v := meta.Get(keyFormat)
	if len(v) != 4 {
		return 0, detailf(ErrCorrupt, "index has no format version")
	}
	if ver := binary.LittleEndian.Uint32(v); ver > FormatVersion {
		return 0, detailf(ErrVersion, "format %d, this slget reads %d", ver, FormatVersion)
	} else if ver != FormatVersion {
		return 0, detailf(ErrCorrupt, "index format %d", ver)
	}
	v = meta.Get(keySlice)
	if len(v) != 8 {
		return 0, detailf(ErrCorrupt, "index has no slice size")
	}
	slice := int64(binary.LittleEndian.Uint64(v))
	if slice < minSlice || slice > segment.MaxSlice {
		return 0, detailf(ErrCorrupt, "index slice size %d", slice)
	}
	return slice, nil
}

// writeMeta writes the format version and the slice size of a new index,
// and makes its buckets.
func writeMeta(tx *bolt.Tx, slice int64) error {
	for _, b := range [][]byte{bucketMeta, bucketSlices, bucketLRU} {
		if _, err := tx.CreateBucketIfNotExists(b); err != nil {
			return err
		}
	}
	meta := tx.Bucket(bucketMeta)
	if err := meta.Put(keyFormat, binary.LittleEndian.AppendUint32(nil, FormatVersion)); err != nil {
		return err
	}
	return meta.Put(keySlice, binary.LittleEndian.AppendUint64(nil, uint64(slice)))
}

// checkEntries reads every record and every lru key. A record that does not
// decode is deleted (Verify adopts its file again); a record without its
// lru key gets one; an lru key of the wrong size is deleted.
func checkEntries(tx *bolt.Tx, t *tally) error {
	slices, lru := tx.Bucket(bucketSlices), tx.Bucket(bucketLRU)
	var bad [][]byte
	var missing [][]byte
	err := slices.ForEach(func(k, v []byte) error {
		r, err := decodeRecord(v)
		if len(k) != len(hash{}) || err != nil {
			bad = append(bad, append([]byte(nil), k...))
			return nil
		}
		t.add(r)
		var h hash
		copy(h[:], k)
		if lk := lruKey(r.access, h); lru.Get(lk) == nil {
			missing = append(missing, lk)
		}
		return nil
	})
	if err != nil {
		return err
	}
	err = lru.ForEach(func(k, _ []byte) error {
		if _, _, ok := lruHash(k); !ok {
			bad = append(bad, append([]byte(nil), k...))
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, k := range bad {
		// A key is in one bucket or the other; deleting it from both
		// is simpler than remembering which.
		if err := slices.Delete(k); err != nil {
			return err
		}
		if err := lru.Delete(k); err != nil {
			return err
		}
	}
	for _, k := range missing {
		if err := lru.Put(k, nil); err != nil {
			return err
		}
	}
	return nil
}

// closeQuietly closes a database that a failed open left open, even if the
// failure left bbolt in a state where closing panics.
func closeQuietly(db *bolt.DB) {
	defer func() { _ = recover() }()
	db.Close()
}

// Prefixes in a journal: the part of a slice in flight already written
// and synced when a download paused, stopped or crashed, so that a resume
// fetches only the rest of it. They sit in a bucket of their own, each
// entry with its own check, so a journal without them (and an slget that
// does not read them) stays schema 2.

package resume

import (
	"encoding/binary"
	"fmt"
	"sort"

	bolt "go.etcd.io/bbolt"
)

// The layout of prefixes. Bucket "prefixes": a slice's 8-byte index →
// the prefix's length (8 bytes, big-endian) and the CRC-32C of its bytes
// (4 bytes), then the CRC-32C of key and value.
//
// Decision: a prefix is exactly the bytes written (any length from 1 to
// the slice's less one), not a multiple of some unit: the CRC covers
// exactly what is on disk, so a resume re-reads that many bytes and
// compares, and a pause loses nothing. A prefix is never a done slice:
// it only says "these bytes were written and synced, with this CRC", and
// the caller re-reads and checks them before it counts a byte of them
// (see Prefix). A slice committed done drops its prefix.
var bucketPrefixes = []byte("prefixes")

// prefixSize is the size of a prefix entry's value before its check.
const prefixSize = 8 + 4

// Prefix is the written start of a slice that is not done.
type Prefix struct {
	Index  int    // the slice
	Len    int64  // bytes from the slice's start; 0 in SetPrefixes drops the entry
	CRC32C uint32 // of those bytes (Castagnoli)
}

func encodePrefix(key []byte, p Prefix) []byte {
	v := binary.BigEndian.AppendUint64(make([]byte, 0, prefixSize+4), uint64(p.Len))
	v = binary.BigEndian.AppendUint32(v, p.CRC32C)
	return checked(key, v)
}

// decodePrefix reads the prefix of slice i, whose length is sliceLen: ok
// false for an entry that fails its check or says a length out of
// (0, sliceLen).
func decodePrefix(key []byte, i int, sliceLen int64, v []byte) (Prefix, bool) {
	body, ok := unchecked(key, v)
	if !ok || len(body) != prefixSize {
		return Prefix{}, false
	}
	n := binary.BigEndian.Uint64(body)
	if n == 0 || n >= uint64(sliceLen) {
		return Prefix{}, false
	}
	return Prefix{Index: i, Len: int64(n), CRC32C: binary.BigEndian.Uint32(body[8:])}, true
}

// readPrefixes reads the prefixes of the slices of plan not in done.
func readPrefixes(tx *bolt.Tx, st *state) []Prefix {
	var out []Prefix
	b := tx.Bucket(bucketPrefixes)
	if b == nil {
		return nil
	}
	n := st.plan.N()
	_ = b.ForEach(func(k, v []byte) error {
		i, ok := getIndex(k)
		if !ok || i >= n || v == nil || st.done.Has(i) {
			return nil
		}
		if p, ok := decodePrefix(k, i, st.plan.SliceRange(i).Len(), v); ok {
			out = append(out, p)
		}
		return nil
	})
	sort.Slice(out, func(a, b int) bool { return out[a].Index < out[b].Index })
	return out
}

// InspectPrefixes reads the prefixes of the journal at path without
// changing it, as Inspect reads the rest (and fails as it does). They
// are as recorded: not checked against the file.
func InspectPrefixes(path string) ([]Prefix, error) {
	var out []Prefix
	err := openChecked(path, nil, true, func(d *bolt.DB) error {
		defer d.Close()
		return d.View(func(tx *bolt.Tx) error {
			st, err := load(tx, false)
			if err != nil {
				return err
			}
			out = readPrefixes(tx, &st)
			return nil
		})
	})
	if err != nil {
		return nil, wrap(path, "inspect", err)
	}
	return out, nil
}

// Prefixes returns the recorded prefixes of the slices not done, by
// index; damaged entries, and entries of done slices, are left out. The
// caller checks each against the bytes on disk before it trusts it.
func (j *Journal) Prefixes() []Prefix {
	j.mu.RLock()
	defer j.mu.RUnlock()
	if j.db == nil {
		return nil
	}
	var out []Prefix
	_ = j.db.View(func(tx *bolt.Tx) error {
		out = readPrefixes(tx, &state{plan: j.plan, done: j.done})
		return nil
	})
	return out
}

// SetPrefixes records ps, replacing the entries of their slices (a Len of
// 0 deletes one). The caller records a prefix only once its bytes are
// synced to the file. A prefix of a slice outside the plan, or not shorter
// than its slice, is ErrRange and nothing is written.
func (j *Journal) SetPrefixes(ps []Prefix) error {
	n := j.plan.N()
	for _, p := range ps {
		if p.Index < 0 || p.Index >= n || p.Len < 0 || p.Len >= j.plan.SliceRange(p.Index).Len() {
			return wrap(j.path, "set-prefixes", fmt.Errorf("%w: prefix of %d bytes of slice %d, the plan has %d", ErrRange, p.Len, p.Index, n))
		}
	}
	if len(ps) == 0 {
		return nil
	}
	j.wmu.Lock()
	defer j.wmu.Unlock()
	if j.db == nil {
		return wrap(j.path, "set-prefixes", ErrClosed)
	}
	err := j.update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists(bucketPrefixes)
		if err != nil {
			return err
		}
		var key [8]byte
		for _, p := range ps {
			putIndex(key[:], p.Index)
			if p.Len == 0 {
				err = b.Delete(key[:])
			} else {
				err = b.Put(key[:], encodePrefix(key[:], p))
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return wrap(j.path, "set-prefixes", err)
	}
	return nil
}

// dropPrefixes deletes, in tx, the prefixes of the slices of recs: they
// are done.
func dropPrefixes(tx *bolt.Tx, recs []Record) error {
	b := tx.Bucket(bucketPrefixes)
	if b == nil {
		return nil
	}
	var key [8]byte
	for _, r := range recs {
		putIndex(key[:], r.Index)
		if err := b.Delete(key[:]); err != nil {
			return err
		}
	}
	return nil
}

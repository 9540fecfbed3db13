// Index: the bbolt layout, its records, and the changes made inside one transaction.

package localcache

import (
	"encoding/binary"

	"github.com/slget/slget/segment"
	bolt "go.etcd.io/bbolt"
)

// The index, DIR/index.db, holds metadata only; slice bytes live in files.
//
// Bucket "meta" holds the format version (4 bytes) and the slice size (8
// bytes), little-endian. Bucket "slices" maps a key hash (32 bytes) to a
// record. Bucket "lru" orders the slices by last access: its keys are the
// access time (Unix nanoseconds, 8 bytes big-endian, so they sort in time
// order) followed by the key hash, its values empty; its first key is the
// least recently used slice. Each record's access time names its one lru
// key, so both buckets change in the same transaction.
//
// Decision: the LRU order lives in bbolt, not in memory. A cache of a
// terabyte in 1 MiB slices has a million entries, a hundred megabytes as a
// Go map and list; in bbolt it costs nothing until eviction walks a cursor
// from the oldest, and it survives a restart. Reads do not write it one at
// a time: Get records the access in memory and the batch is written in one
// transaction (see touch).
var (
	bucketMeta   = []byte("meta")
	bucketSlices = []byte("slices")
	bucketLRU    = []byte("lru")

	keyFormat = []byte("format")
	keySlice  = []byte("slice")
)

// record is what the index knows of one slice: enough to account, order
// and list it without opening its file. Its layout, little-endian:
//
//	version u8 (1), codec u8, size u64, stored u64, crc32c u32,
//	created i64, access i64 (Unix nanoseconds), index u64,
//	URL length u16, validator length u16, URL, validator
type record struct {
	codec   Codec
	size    int64 // plaintext
	stored  int64
	crc     uint32 // CRC-32C of the plaintext
	created int64  // Unix nanoseconds
	access  int64  // Unix nanoseconds
	index   int64
	url     string
	valid   string // the validator
}

const (
	recordVersion = 1
	recordFixed   = 1 + 1 + 8 + 8 + 4 + 8 + 8 + 8 + 2 + 2
)

func (r *record) encode() []byte {
	le := binary.LittleEndian
	b := make([]byte, 0, recordFixed+len(r.url)+len(r.valid))
	b = append(b, recordVersion, byte(r.codec))
	b = le.AppendUint64(b, uint64(r.size))
	b = le.AppendUint64(b, uint64(r.stored))
	b = le.AppendUint32(b, r.crc)
	b = le.AppendUint64(b, uint64(r.created))
	b = le.AppendUint64(b, uint64(r.access))
	b = le.AppendUint64(b, uint64(r.index))
	b = le.AppendUint16(b, uint16(len(r.url)))
	b = le.AppendUint16(b, uint16(len(r.valid)))
	b = append(b, r.url...)
	return append(b, r.valid...)
}

// decodeRecord decodes an index value. It checks what can be checked
// without the file, and returns an error matching ErrCorrupt, never a
// panic, for anything else.
func decodeRecord(b []byte) (record, error) {
	if len(b) < recordFixed {
		return record{}, detailf(ErrCorrupt, "index record of %d bytes", len(b))
	}
	if b[0] != recordVersion {
		return record{}, detailf(ErrCorrupt, "index record version %d", b[0])
	}
	le := binary.LittleEndian
	r := record{
		codec:   Codec(b[1]),
		size:    int64(le.Uint64(b[2:])),
		stored:  int64(le.Uint64(b[10:])),
		crc:     le.Uint32(b[18:]),
		created: int64(le.Uint64(b[22:])),
		access:  int64(le.Uint64(b[30:])),
		index:   int64(le.Uint64(b[38:])),
	}
	nu, nv := int(le.Uint16(b[46:])), int(le.Uint16(b[48:]))
	if len(b) != recordFixed+nu+nv {
		return record{}, detailf(ErrCorrupt, "index record of %d bytes, its fields need %d", len(b), recordFixed+nu+nv)
	}
	r.url = string(b[recordFixed : recordFixed+nu])
	r.valid = string(b[recordFixed+nu:])
	switch {
	case !r.codec.valid():
		return record{}, detailf(ErrCorrupt, "index record codec %d", r.codec)
	case r.size < 1 || r.size > segment.MaxSlice:
		return record{}, detailf(ErrCorrupt, "index record size %d", r.size)
	case r.codec == Identity && r.stored != r.size, r.codec == Zstd && (r.stored < 1 || r.stored >= r.size):
		return record{}, detailf(ErrCorrupt, "index record stored size %d for %d bytes", r.stored, r.size)
	case r.index < 0 || r.index > maxIndex:
		return record{}, detailf(ErrCorrupt, "index record slice index %d", r.index)
	case r.created < 0 || r.access < 0:
		return record{}, detailf(ErrCorrupt, "index record time before 1970")
	case nu == 0 || nu > MaxURLLen || nv > MaxValidatorLen || checkValidator(r.valid) != nil:
		return record{}, detailf(ErrCorrupt, "index record key strings")
	}
	return r, nil
}

// recordOf is the index record of a slice file's header, last accessed at
// access.
func recordOf(h *header, access int64) record {
	return record{
		codec: h.codec, size: h.size, stored: h.stored, crc: h.crc,
		created: h.created.UnixNano(), access: access, index: h.index,
		url: h.url, valid: h.validator,
	}
}

// lruKey is the key of hash h in the lru bucket for an access at t.
func lruKey(t int64, h hash) []byte {
	k := make([]byte, 8+len(h))
	binary.BigEndian.PutUint64(k, uint64(t))
	copy(k[8:], h[:])
	return k
}

// tally is a change to the Store's totals made by a transaction; it is
// applied once the transaction has committed.
type tally struct {
	slices int64
	stored int64
}

func (t *tally) add(r record)    { t.slices++; t.stored += r.stored }
func (t *tally) remove(r record) { t.slices--; t.stored -= r.stored }

// putEntry adds or replaces the record of h.
func putEntry(tx *bolt.Tx, h hash, r record, t *tally) error {
	if _, err := deleteEntry(tx, h, t); err != nil {
		return err
	}
	if err := tx.Bucket(bucketSlices).Put(h[:], r.encode()); err != nil {
		return err
	}
	t.add(r)
	return tx.Bucket(bucketLRU).Put(lruKey(r.access, h), nil)
}

// getEntry returns the record of h; ok is false if there is none or it does
// not decode (a record that does not decode is as good as none: the next
// putEntry or deleteEntry replaces it, and its file is adopted again by
// Verify).
func getEntry(tx *bolt.Tx, h hash) (record, bool) {
	v := tx.Bucket(bucketSlices).Get(h[:])
	if v == nil {
		return record{}, false
	}
	r, err := decodeRecord(v)
	return r, err == nil
}

// deleteEntry removes the record of h and its lru key, and returns the
// record if there was a valid one.
func deleteEntry(tx *bolt.Tx, h hash, t *tally) (record, error) {
	b := tx.Bucket(bucketSlices)
	v := b.Get(h[:])
	if v == nil {
		return record{}, nil
	}
	r, err := decodeRecord(v)
	if err := b.Delete(h[:]); err != nil {
		return record{}, err
	}
	if err != nil {
		return record{}, nil
	}
	t.remove(r)
	return r, tx.Bucket(bucketLRU).Delete(lruKey(r.access, h))
}

// touchEntry records an access to h at t, if h is indexed and t is later
// than its last access.
func touchEntry(tx *bolt.Tx, h hash, t int64) error {
	r, ok := getEntry(tx, h)
	if !ok || t <= r.access {
		return nil
	}
	lru := tx.Bucket(bucketLRU)
	if err := lru.Delete(lruKey(r.access, h)); err != nil {
		return err
	}
	r.access = t
	if err := tx.Bucket(bucketSlices).Put(h[:], r.encode()); err != nil {
		return err
	}
	return lru.Put(lruKey(t, h), nil)
}

// lruHash splits an lru key; ok is false for a key of the wrong size.
func lruHash(k []byte) (t int64, h hash, ok bool) {
	if len(k) != 8+len(h) {
		return 0, h, false
	}
	copy(h[:], k[8:])
	return int64(binary.BigEndian.Uint64(k)), h, true
}

// isCurrent says whether the lru key k at t for h is the one the record of
// h names; others are left over and are deleted when met.
func isCurrent(tx *bolt.Tx, k []byte) (record, hash, bool) {
	t, h, ok := lruHash(k)
	if !ok {
		return record{}, h, false
	}
	r, ok := getEntry(tx, h)
	return r, h, ok && r.access == t
}

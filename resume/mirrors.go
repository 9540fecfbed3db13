// Mirrors in a journal: which mirror each slice came from, beside its
// Source, and what proves the whole file. Both sit in buckets and keys of
// their own, each entry with its own check, so a journal without them (and
// an slget that does not read them) stays schema 2.

package resume

import (
	"encoding/binary"
	"hash/crc32"

	bolt "go.etcd.io/bbolt"
)

// The layout of mirrors. Bucket "mirrors": a 2-byte big-endian id (from 1)
// → the mirror's URL, then the CRC-32C of key and URL. Bucket "mirror_of":
// a slice's 8-byte index → the 2-byte id of the mirror that sent it, then
// the CRC-32C of key and id; a slice without an entry came from the first
// URL (or from the cache or a peer, as its Source says). Meta key "proof":
// what proves the whole file, then its CRC-32C.
//
// Decision: an id table, not the URL in every slice's entry: 10 bytes a
// slice however long the mirrors' URLs, which matters at 100k slices. A
// damaged entry loses only the attribution (the slice counts as the first
// URL's), never the slice: its bytes are checked by its own record.
var (
	bucketMirrors  = []byte("mirrors")
	bucketMirrorOf = []byte("mirror_of")
	keyProof       = []byte("proof")
)

// MaxMirrors bounds the mirrors one journal names; the slices of mirrors
// past it are recorded as the first URL's.
const MaxMirrors = 4096

func idKey(id uint16) []byte { return binary.BigEndian.AppendUint16(nil, id) }

func checked(key, v []byte) []byte {
	c := crc32.Update(crc32.Checksum(key, castagnoli), castagnoli, v)
	return binary.BigEndian.AppendUint32(append([]byte(nil), v...), c)
}

// unchecked returns v without its check, ok false when the check fails.
func unchecked(key, v []byte) ([]byte, bool) {
	if len(v) < 4 {
		return nil, false
	}
	body := v[:len(v)-4]
	want := crc32.Update(crc32.Checksum(key, castagnoli), castagnoli, body)
	return body, binary.BigEndian.Uint32(v[len(v)-4:]) == want
}

// readMirrorTable reads the mirror table: id → URL; damaged entries are
// left out.
func readMirrorTable(tx *bolt.Tx) map[uint16]string {
	out := map[uint16]string{}
	b := tx.Bucket(bucketMirrors)
	if b == nil {
		return out
	}
	_ = b.ForEach(func(k, v []byte) error {
		if len(k) != 2 || v == nil {
			return nil
		}
		if u, ok := unchecked(k, v); ok && len(out) < MaxMirrors {
			out[binary.BigEndian.Uint16(k)] = string(u)
		}
		return nil
	})
	return out
}

// readMirrorOf reads which mirror each slice came from: slice → URL, for
// the slices whose entry and mirror are intact.
func readMirrorOf(tx *bolt.Tx, n int) map[int]string {
	table := readMirrorTable(tx)
	out := map[int]string{}
	b := tx.Bucket(bucketMirrorOf)
	if b == nil || len(table) == 0 {
		return out
	}
	_ = b.ForEach(func(k, v []byte) error {
		i, ok := getIndex(k)
		if !ok || i >= n || v == nil {
			return nil
		}
		if id, ok := unchecked(k, v); ok && len(id) == 2 {
			if u, ok := table[binary.BigEndian.Uint16(id)]; ok {
				out[i] = u
			}
		}
		return nil
	})
	return out
}

// putMirrorOf records, in tx, the mirror of each of recs: an entry for
// those with a Mirror, none for the others (a slice fetched again from the
// first URL loses its old mirror).
func putMirrorOf(tx *bolt.Tx, recs []Record) error {
	var ids map[string]uint16
	var mb, ob *bolt.Bucket
	var key [8]byte
	for _, r := range recs {
		putIndex(key[:], r.Index)
		if r.Mirror == "" {
			if ob = tx.Bucket(bucketMirrorOf); ob != nil {
				if err := ob.Delete(key[:]); err != nil {
					return err
				}
			}
			continue
		}
		if ids == nil {
			var err error
			if mb, err = tx.CreateBucketIfNotExists(bucketMirrors); err != nil {
				return err
			}
			if ob, err = tx.CreateBucketIfNotExists(bucketMirrorOf); err != nil {
				return err
			}
			ids = map[string]uint16{}
			for id, u := range readMirrorTable(tx) {
				ids[u] = id
			}
		}
		id, ok := ids[r.Mirror]
		if !ok {
			if len(ids) >= MaxMirrors {
				continue
			}
			id = uint16(len(ids) + 1)
			for mb.Get(idKey(id)) != nil { // a damaged entry keeps its id
				id++
			}
			if err := mb.Put(idKey(id), checked(idKey(id), []byte(r.Mirror))); err != nil {
				return err
			}
			ids[r.Mirror] = id
		}
		if err := ob.Put(key[:], checked(key[:], idKey(id))); err != nil {
			return err
		}
	}
	return nil
}

// forgetMirrorOf deletes the mirror entries of the slices idx in tx.
func forgetMirrorOf(tx *bolt.Tx, idx []int) error {
	ob := tx.Bucket(bucketMirrorOf)
	if ob == nil {
		return nil
	}
	var key [8]byte
	for _, i := range idx {
		putIndex(key[:], i)
		if err := ob.Delete(key[:]); err != nil {
			return err
		}
	}
	return nil
}

// readProof reads the optional proof key: "" when there is none or it
// fails its check (it only says what proved the file).
func readProof(mb *bolt.Bucket) string {
	v := mb.Get(keyProof)
	if v == nil {
		return ""
	}
	p, ok := unchecked(keyProof, v)
	if !ok {
		return ""
	}
	return string(p)
}

// SetProof records what proves the whole file: a digest and where it came
// from ("sha-256=HEX from the Metalink URL").
func (j *Journal) SetProof(p string) error {
	j.wmu.Lock()
	defer j.wmu.Unlock()
	if j.db == nil {
		return wrap(j.path, "set-proof", ErrClosed)
	}
	if j.meta.Proof == p {
		return nil
	}
	err := j.update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketMeta).Put(keyProof, checked(keyProof, []byte(p)))
	})
	if err != nil {
		return wrap(j.path, "set-proof", err)
	}
	j.mu.Lock()
	j.meta.Proof = p
	j.mu.Unlock()
	return nil
}

// MirrorBytes is the number of bytes done by mirror (its URL as recorded),
// for the slices a mirror other than the first URL sent.
func (j *Journal) MirrorBytes() map[string]int64 {
	j.mu.RLock()
	defer j.mu.RUnlock()
	out := make(map[string]int64, len(j.mirrorOf))
	for i, u := range j.mirrorOf {
		if j.done.Has(i) {
			out[u] += j.plan.SliceRange(i).Len()
		}
	}
	return out
}

// Fuzz tests of the journal's records: the schema 2 record codec on its
// own, and whole journals of both schemas read by Inspect and Open.

package resume

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/slget/slget/segment"
	bolt "go.etcd.io/bbolt"
)

// FuzzRecordValue: a schema 2 record is accepted only as the exact bytes
// that encode it (no bit of key or value goes unchecked), so that one
// flipped bit anywhere is a dropped record, never another slice or source.
func FuzzRecordValue(f *testing.F) {
	key := make([]byte, 8)
	for _, r := range []Record{rec(0, segment.FromOrigin), rec(5, segment.FromCache), rec(MaxSlices-1, segment.FromPeer)} {
		putIndex(key, r.Index)
		f.Add(uint64(r.Index), encodeValue(key, r))
	}
	f.Add(uint64(3), []byte{})
	f.Add(uint64(3), make([]byte, valueSize))
	f.Add(uint64(MaxSlices), make([]byte, valueSize))
	f.Add(uint64(1), make([]byte, valueSizeV1))
	f.Fuzz(func(t *testing.T, idx uint64, v []byte) {
		key := binary.BigEndian.AppendUint64(nil, idx)
		i, ok := getIndex(key)
		if ok != (idx < MaxSlices) || ok && uint64(i) != idx {
			t.Fatalf("key %x → slice %d, %v", key, i, ok)
		}
		if !ok {
			return
		}
		r, ok := decodeValue(SchemaVersion, key, i, v)
		if ok {
			if r.Index != i || !r.From.Valid() || r.SHA256 != [32]byte{} {
				t.Fatalf("value %x under %x → %+v", v, key, r)
			}
			if enc := encodeValue(key, r); !bytes.Equal(enc, v) {
				t.Fatalf("value %x decodes to %+v, which encodes as %x", v, r, enc)
			}
			for bit := 0; bit < 8*(len(key)+len(v)); bit++ {
				k2, v2 := bytes.Clone(key), bytes.Clone(v)
				if bit < 64 {
					k2[bit/8] ^= 1 << (bit % 8)
				} else {
					v2[(bit-64)/8] ^= 1 << (bit % 8)
				}
				i2, ok := getIndex(k2)
				if !ok {
					continue // not a slice key at all
				}
				if r2, ok := decodeValue(SchemaVersion, k2, i2, v2); ok {
					t.Fatalf("bit %d of %x %x flipped: still a record, %+v", bit, key, v, r2)
				}
			}
		}
		// Any record of slice i encodes to a value that decodes to it.
		want := Record{Index: i, CRC32C: uint32(len(v)) * 2654435761, From: segment.Provenance(1 + idx%3)}
		if len(v) >= 4 {
			want.CRC32C = binary.BigEndian.Uint32(v)
		}
		if got, ok := decodeValue(SchemaVersion, key, i, encodeValue(key, want)); !ok || got != want {
			t.Fatalf("%+v → %+v, %v", want, got, ok)
		}
	})
}

// schema1Journal is a journal of the previous layout: SHA-256 records of
// slices 0, 2 and 3, no checks.
func schema1Journal(t testing.TB) []byte {
	t.Helper()
	p := filepath.Join(t.TempDir(), "old.slget")
	db, err := bolt.Open(p, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		if err := writeNew(tx, testMeta(35, 10)); err != nil {
			return err
		}
		mb := tx.Bucket(bucketMeta)
		if err := mb.Put(keySchema, putUint64(1)); err != nil {
			return err
		}
		if err := mb.Delete(keyCheck); err != nil {
			return err
		}
		for _, i := range []uint64{0, 2, 3} {
			sum := [32]byte{byte(i), 1, 2, 3}
			if err := tx.Bucket(bucketSlices).Put(putUint64(i), append(sum[:], byte(1+i%3))); err != nil {
				return err
			}
		}
		return nil
	})
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// FuzzInspect writes the input as a journal and reads it with Inspect and
// with Open: both fail (damaged or newer; Open refuses schema 1 before it
// reads further), or schema 1 is read by Inspect and refused by Open, or
// both see the same slices done.
func FuzzInspect(f *testing.F) {
	old := schema1Journal(f)
	_, cur := validJournal(f, 40)
	f.Add(old)
	f.Add(cur)
	f.Add(mirroredJournal(f))
	f.Fuzz(func(t *testing.T, b []byte) {
		p := filepath.Join(t.TempDir(), "j.slget")
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
		m, done, recs, ierr := Inspect(p)
		j, oerr := Open(p, &Options{NoSync: true})
		if j != nil {
			defer j.Close()
		}
		damaged := func(err error) bool { return errors.Is(err, ErrCorrupt) || errors.Is(err, ErrVersion) }
		if ierr != nil {
			// Open stops at schema 1 before it reads the rest.
			if !damaged(ierr) || !damaged(oerr) && !errors.Is(oerr, ErrOldSchema) {
				t.Fatalf("Inspect: %v; Open: %v; want both damaged or newer", ierr, oerr)
			}
			return
		}
		if done.Count() != len(recs) {
			t.Fatalf("Inspect: %d slices done, %d records", done.Count(), len(recs))
		}
		for k, r := range recs {
			if r.Index >= done.Len() || !done.Has(r.Index) || k > 0 && recs[k-1].Index >= r.Index || !r.From.Valid() {
				t.Fatalf("Inspect: record %d of %d: %+v", k, len(recs), r)
			}
			if m.Schema == 2 && r.SHA256 != [32]byte{} {
				t.Fatalf("schema 2 record with a SHA-256: %+v", r)
			}
		}
		switch m.Schema {
		case 1:
			if !errors.Is(oerr, ErrOldSchema) {
				t.Fatalf("schema 1: Open: %v, want ErrOldSchema", oerr)
			}
		case SchemaVersion:
			if oerr != nil {
				t.Fatalf("Inspect read schema 2; Open: %v", oerr)
			}
			if d := j.Done(); d.Len() != done.Len() || d.Count() != done.Count() {
				t.Fatalf("Open sees %d of %d slices done, Inspect %d of %d", d.Count(), d.Len(), done.Count(), done.Len())
			}
			if got := j.Records(); len(got) != len(recs) || len(got) > 0 && (got[0] != recs[0] || got[len(got)-1] != recs[len(recs)-1]) {
				t.Fatalf("Open's records differ from Inspect's: %d and %d", len(got), len(recs))
			}
		default:
			t.Fatalf("Inspect read schema %d", m.Schema)
		}
	})
}

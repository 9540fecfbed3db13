// Tests of the mirrors a journal records: which mirror sent each slice,
// across a reopen, a replacement and a Forget; damage that loses only the
// attribution; and the proof of the whole file.

package resume

import (
	"bytes"
	"encoding/binary"
	"maps"
	"os"
	"path/filepath"
	"testing"

	"github.com/slget/slget/segment"
	bolt "go.etcd.io/bbolt"
)

func TestMirrorsRecorded(t *testing.T) {
	m := testMeta(10*1000-1, 1000)
	m.Proof = "sha-256=00 from Repr-Digest"
	j := newJournal(t, m, &Options{NoSync: true})
	a, b := "http://a.example/f.iso", "http://b.example/pub/f.iso"
	recs := []Record{rec(0, segment.FromOrigin), rec(1, segment.FromOrigin), rec(2, segment.FromOrigin), rec(9, segment.FromOrigin)}
	recs[1].Mirror, recs[2].Mirror, recs[3].Mirror = a, b, b
	if err := j.Commit(recs); err != nil {
		t.Fatal(err)
	}
	want := map[string]int64{a: 1000, b: 1999}
	if got := j.MirrorBytes(); !maps.Equal(got, want) {
		t.Fatalf("MirrorBytes %v, want %v", got, want)
	}
	path := j.Path()
	j.Close()

	j = mustOpen(t, path, &Options{NoSync: true})
	if got := j.MirrorBytes(); !maps.Equal(got, want) {
		t.Fatalf("after reopen: MirrorBytes %v, want %v", got, want)
	}
	if r, _ := j.Record(2); r.Mirror != b {
		t.Errorf("Record(2).Mirror %q", r.Mirror)
	}
	if j.Meta().Proof != m.Proof {
		t.Errorf("Proof %q", j.Meta().Proof)
	}
	// Slice 1 again from the first URL, slice 9 forgotten.
	if err := j.Commit([]Record{rec(1, segment.FromOrigin)}); err != nil {
		t.Fatal(err)
	}
	if err := j.Forget([]int{9}); err != nil {
		t.Fatal(err)
	}
	if err := j.SetProof("sha-1=11 from the Metalink http://m/f.meta4"); err != nil {
		t.Fatal(err)
	}
	j.Close()
	_, _, got, err := Inspect(path)
	if err != nil {
		t.Fatal(err)
	}
	mirrors := map[int]string{}
	for _, r := range got {
		mirrors[r.Index] = r.Mirror
	}
	if !maps.Equal(mirrors, map[int]string{0: "", 1: "", 2: b}) {
		t.Fatalf("records' mirrors %v", mirrors)
	}
	meta, _, _, _ := Inspect(path)
	if meta.Proof != "sha-1=11 from the Metalink http://m/f.meta4" {
		t.Errorf("Proof %q", meta.Proof)
	}
}

// TestMirrorDamageLosesOnlyTheName flips a byte in a slice's mirror entry
// and in a mirror's URL: the slices stay done, counted as the first URL's.
func TestMirrorDamageLosesOnlyTheName(t *testing.T) {
	j := newJournal(t, testMeta(4000, 1000), &Options{NoSync: true})
	recs := []Record{rec(0, segment.FromOrigin), rec(1, segment.FromOrigin), rec(2, segment.FromOrigin)}
	recs[0].Mirror, recs[1].Mirror, recs[2].Mirror = "http://a/f", "http://b/f", "http://b/f"
	if err := j.Commit(recs); err != nil {
		t.Fatal(err)
	}
	path := j.Path()
	j.Close()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		v := append([]byte(nil), tx.Bucket(bucketMirrors).Get(idKey(1))...)
		v[0] ^= 1
		if err := tx.Bucket(bucketMirrors).Put(idKey(1), v); err != nil {
			return err
		}
		k := binary.BigEndian.AppendUint64(nil, 2)
		w := append([]byte(nil), tx.Bucket(bucketMirrorOf).Get(k)...)
		w[1] ^= 1
		return tx.Bucket(bucketMirrorOf).Put(k, w)
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	j = mustOpen(t, path, &Options{NoSync: true})
	if j.Done().Count() != 3 || j.Dropped() != 0 {
		t.Fatalf("done %d, dropped %d: a mirror's damage cost a slice", j.Done().Count(), j.Dropped())
	}
	if got := j.MirrorBytes(); !maps.Equal(got, map[string]int64{"http://b/f": 1000}) {
		t.Fatalf("MirrorBytes %v", got)
	}
}

// FuzzMirrorEntry: a checked entry reads back as what was written, and no
// other bytes pass its check by chance of the fuzzer.
func FuzzMirrorEntry(f *testing.F) {
	f.Add([]byte{0, 1}, []byte("http://a/f"))
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 7}, []byte{0, 1})
	f.Add([]byte{}, []byte{})
	f.Fuzz(func(t *testing.T, key, v []byte) {
		got, ok := unchecked(key, checked(key, v))
		if !ok || !bytes.Equal(got, v) {
			t.Fatalf("%x under %x reads back as %x, %v", v, key, got, ok)
		}
		if body, ok := unchecked(key, v); ok && !bytes.Equal(checked(key, body), v) {
			t.Fatalf("%x passes its check but is not what checked writes", v)
		}
	})
}

// mirroredJournal is the bytes of a journal with a proof and slices from
// two mirrors, a seed for FuzzInspect.
func mirroredJournal(t testing.TB) []byte {
	m := testMeta(8000, 1000)
	m.Proof = "sha-256=ab from Repr-Digest"
	p := filepath.Join(t.TempDir(), "j.slget")
	j, err := Create(p, m, &Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	recs := []Record{rec(0, segment.FromOrigin), rec(3, segment.FromOrigin), rec(5, segment.FromOrigin)}
	recs[1].Mirror, recs[2].Mirror = "http://a/f", "http://b/f"
	if err := j.Commit(recs); err != nil {
		t.Fatal(err)
	}
	j.Close()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

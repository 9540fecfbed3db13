// Tests that damage inside the journal's pages never makes a slice count as
// done that was never committed: every record and the meta check themselves.

package resume

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/slget/slget/segment"
	bolt "go.etcd.io/bbolt"
)

// committed is what validJournal(t, n) commits: every third slice.
func committed(n int) map[int]bool {
	m := map[int]bool{}
	for i := 0; i < n; i += 3 {
		m[i] = true
	}
	return m
}

// openFlipped writes b to a fresh journal file and opens it. It fails the
// test if the journal opens and claims a slice that was never committed.
func openFlipped(t *testing.T, dir string, b []byte, want map[int]bool) (opened bool) {
	t.Helper()
	p := filepath.Join(dir, "flipped.slget")
	os.Remove(p)
	if err := os.WriteFile(p, b, 0o600); err != nil {
		t.Fatal(err)
	}
	j, err := Open(p, &Options{NoSync: true})
	if err != nil {
		if !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrVersion) {
			t.Fatalf("Open: %v, want ErrCorrupt or ErrVersion", err)
		}
		return false
	}
	defer j.Close()
	d := j.Done()
	for i := 0; i < d.Len(); i++ {
		if d.Has(i) && !want[i] {
			t.Fatalf("slice %d counts as done but was never committed", i)
		}
	}
	for _, r := range j.Records() {
		if !want[r.Index] || r.CRC32C != hashOf(r.Index) {
			t.Fatalf("record %+v was never committed", r)
		}
	}
	return true
}

// TestFlippedKeyBitNeverTrusted flips, one at a time, every bit of every
// slice record (key and value) in the file: a slice must never become done
// that was not committed. Before records checked themselves, a flip in a
// key turned "slice 3 is done" into "slice 2051 is done".
func TestFlippedKeyBitNeverTrusted(t *testing.T) {
	const n = 40
	p, full := validJournal(t, n)
	want := committed(n)
	dir := t.TempDir()
	var dropped, flips int
	for i := range want {
		var key [8]byte
		binary.BigEndian.PutUint64(key[:], uint64(i))
		v := encodeValue(key[:], rec(i, segment.Provenance(1+i%3)))
		// bbolt stores a leaf's keys and values apart; find each.
		for _, pat := range [][]byte{key[:], v} {
			at := bytes.Index(full, pat)
			if at < 0 {
				t.Fatalf("slice %d: %x not found in the file", i, pat)
			}
			for bit := 0; bit < 8*len(pat); bit++ {
				b := bytes.Clone(full)
				b[at+bit/8] ^= 1 << (bit % 8)
				flips++
				if openFlipped(t, dir, b, want) {
					dropped++
				}
			}
		}
	}
	t.Logf("%d flips: %d opened (damaged records dropped), the rest refused", flips, dropped)
	_ = p
}

// TestRandomBitFlips flips one random bit anywhere in the file, many times.
func TestRandomBitFlips(t *testing.T) {
	const n = 40
	_, full := validJournal(t, n)
	want := committed(n)
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(1, 2))
	runs := 1000
	if testing.Short() {
		runs = 200
	}
	for range runs {
		b := bytes.Clone(full)
		bit := rng.IntN(8 * len(b))
		b[bit/8] ^= 1 << (bit % 8)
		openFlipped(t, dir, b, want)
	}
}

func TestDamagedRecordIsDropped(t *testing.T) {
	for _, tc := range []struct {
		name  string
		value []byte
	}{
		{"short value", []byte{1, 2, 3}},
		{"bad source", func() []byte {
			v := encodeValue(binary.BigEndian.AppendUint64(nil, 4), rec(4, 7))
			return v
		}()},
		{"check of another slice", encodeValue(binary.BigEndian.AppendUint64(nil, 5), rec(4, segment.FromOrigin))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, _ := validJournal(t, 10)
			editJournal(t, p, func(tx *bolt.Tx) error {
				return tx.Bucket(bucketSlices).Put(binary.BigEndian.AppendUint64(nil, 4), tc.value)
			})
			j, err := Open(p, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer j.Close()
			if j.Dropped() != 1 || j.Done().Has(4) {
				t.Fatalf("Dropped %d, slice 4 done %v; want 1, false", j.Dropped(), j.Done().Has(4))
			}
			// Fetched again and committed, it is done again.
			if err := j.Commit([]Record{rec(4, segment.FromOrigin)}); err != nil {
				t.Fatal(err)
			}
			if !j.Done().Has(4) {
				t.Fatal("slice 4 not done after its commit")
			}
		})
	}
}

func TestForget(t *testing.T) {
	j := newJournal(t, testMeta(50, 10), nil)
	if err := j.Commit([]Record{rec(0, segment.FromOrigin), rec(1, segment.FromPeer), rec(3, segment.FromOrigin)}); err != nil {
		t.Fatal(err)
	}
	if err := j.Forget([]int{1, 2}); err != nil {
		t.Fatal(err)
	}
	if err := j.Forget([]int{9}); !errors.Is(err, ErrRange) {
		t.Fatalf("Forget(9): %v, want ErrRange", err)
	}
	check := func(j *Journal) {
		t.Helper()
		d := j.Done()
		if !d.Has(0) || d.Has(1) || d.Has(2) || !d.Has(3) || d.Count() != 2 {
			t.Fatalf("Done after Forget: count %d", d.Count())
		}
		if c := j.Counts(); c[segment.FromPeer] != 0 || c[segment.FromOrigin] != 20 {
			t.Fatalf("Counts after Forget: %v", c)
		}
	}
	check(j)
	j.Close()
	check(mustOpen(t, j.Path(), nil))
}

func TestJournalIsPrivate(t *testing.T) {
	j := newJournal(t, testMeta(50, 10), nil)
	st, err := os.Stat(j.Path())
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm()&0o077 != 0 {
		t.Fatalf("journal mode %v: others can read it (it may hold a URL's secrets)", st.Mode().Perm())
	}
}

func TestOpenRefusesSymlink(t *testing.T) {
	j := newJournal(t, testMeta(50, 10), nil)
	j.Close()
	link := filepath.Join(t.TempDir(), "link.slget")
	if err := os.Symlink(j.Path(), link); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(link, nil); err == nil {
		t.Fatal("Open followed a symlink")
	}
}

// TestSchema1IsReadForChecking: a journal of the previous layout (SHA-256
// records, no checks) is not opened for writing, but Inspect reads it, so
// that the download can check its slices and carry on in a new journal.
func TestSchema1IsReadForChecking(t *testing.T) {
	p := filepath.Join(t.TempDir(), "old.slget")
	db, err := bolt.Open(p, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := testMeta(35, 10)
	sum := [32]byte{1, 2, 3}
	err = db.Update(func(tx *bolt.Tx) error {
		if err := writeNew(tx, m); err != nil {
			return err
		}
		mb := tx.Bucket(bucketMeta)
		if err := mb.Put(keySchema, putUint64(1)); err != nil {
			return err
		}
		if err := mb.Delete(keyCheck); err != nil {
			return err
		}
		v := append(sum[:], byte(segment.FromPeer))
		return tx.Bucket(bucketSlices).Put(binary.BigEndian.AppendUint64(nil, 2), v)
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Open(p, nil); !errors.Is(err, ErrOldSchema) {
		t.Fatalf("Open of schema 1: %v, want ErrOldSchema", err)
	}
	im, done, recs, err := Inspect(p)
	if err != nil {
		t.Fatal(err)
	}
	if im.Schema != 1 || done.Count() != 1 || len(recs) != 1 || recs[0].Index != 2 || recs[0].SHA256 != sum || recs[0].From != segment.FromPeer {
		t.Fatalf("Inspect of schema 1: %+v %v %+v", im, done.Count(), recs)
	}
}

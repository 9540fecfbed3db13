// Tests of damaged, foreign and future journals: clear errors, never a panic.

package resume

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/slget/slget/segment"
	bolt "go.etcd.io/bbolt"
)

// validJournal writes a closed journal with n slices of which every third
// is done, and returns its path and bytes. With n in the hundreds the slice
// records span several leaf pages under a branch page.
func validJournal(t testing.TB, n int) (string, []byte) {
	t.Helper()
	p := filepath.Join(t.TempDir(), "j.slget")
	j, err := Create(p, testMeta(int64(n)*1000-1, 1000), &Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	var recs []Record
	for i := 0; i < n; i += 3 {
		recs = append(recs, rec(i, segment.Provenance(1+i%3)))
	}
	if err := j.Commit(recs); err != nil {
		t.Fatal(err)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return p, b
}

// editJournal changes a closed journal with bbolt directly.
func editJournal(t *testing.T, p string, fn func(tx *bolt.Tx) error) {
	t.Helper()
	db, err := bolt.Open(p, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Update(fn); err != nil {
		t.Fatal(err)
	}
}

// snapshot is all a reader can learn from a journal.
type snapshot struct {
	Meta    Meta
	N, Done int
	Records []Record
	Counts  map[segment.Provenance]int64
}

func snap(t testing.TB, p string) (snapshot, error) {
	t.Helper()
	j, err := Open(p, &Options{NoSync: true})
	if err != nil {
		return snapshot{}, err
	}
	defer j.Close()
	d := j.Done()
	return snapshot{j.Meta(), d.Len(), d.Count(), j.Records(), j.Counts()}, nil
}

// openDamaged opens a journal made of b, and checks that it either fails
// with ErrCorrupt or ErrVersion, or opens into a consistent state that can
// be committed to and reopened. It returns Open's error.
func openDamaged(t testing.TB, dir string, b []byte) error {
	t.Helper()
	p := filepath.Join(dir, "damaged.slget")
	os.Remove(p)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, _, ierr := Inspect(p)
	j, err := Open(p, &Options{NoSync: true})
	if err != nil {
		if !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrVersion) {
			t.Fatalf("Open: %v, want ErrCorrupt or ErrVersion", err)
		}
		var e *Error
		// What to do (a restart discards it) is the caller's to say: the
		// library offers it as a remedy, the command as --restart.
		if !errors.As(err, &e) || e.Path != p || !strings.Contains(err.Error(), p) || strings.Contains(err.Error(), "--") {
			t.Fatalf("error %q does not name the file, or names a flag", err)
		}
		if ierr == nil {
			t.Fatalf("Open: %v, but Inspect: no error", err)
		}
		return err
	}
	defer j.Close()
	if ierr != nil {
		t.Fatalf("Open: ok, but Inspect: %v", ierr)
	}
	// What opened must hang together.
	d, recs := j.Done(), j.Records()
	if d.Count() != len(recs) {
		t.Fatalf("Done has %d slices, Records %d", d.Count(), len(recs))
	}
	var sum, want int64
	for _, r := range recs {
		if !d.Has(r.Index) {
			t.Fatalf("record %d not in Done", r.Index)
		}
		want += min(j.Meta().SliceSize, j.Meta().Size-int64(r.Index)*j.Meta().SliceSize)
	}
	for _, v := range j.Counts() {
		sum += v
	}
	if sum != want {
		t.Fatalf("Counts add up to %d, records to %d", sum, want)
	}
	// And bbolt must be able to write to it.
	if missing := d.Missing(); len(missing) > 0 {
		if err := j.Commit([]Record{rec(missing[0].First, segment.FromOrigin)}); err != nil {
			t.Logf("Commit on a damaged journal: %v", err)
		}
	}
	return nil
}

func TestOpenTruncated(t *testing.T) {
	p, full := validJournal(t, 600)
	want, err := snap(t, p)
	if err != nil {
		t.Fatal(err)
	}
	ps := 4096
	lengths := map[int]bool{0: true, 1: true, 15: true, 16: true, 80: true, len(full) - 1: true}
	for l := 0; l < len(full); l += 512 {
		lengths[l] = true
	}
	for k := 1; k*ps <= len(full); k++ {
		lengths[k*ps-1], lengths[k*ps], lengths[k*ps+1] = true, true, true
	}
	dir := t.TempDir()
	opened, failed := 0, 0
	for l := range lengths {
		if l < 0 || l >= len(full) {
			continue
		}
		if err := openDamaged(t, dir, full[:l]); err != nil {
			if !errors.Is(err, ErrCorrupt) {
				t.Errorf("truncated to %d: %v, want ErrCorrupt", l, err)
			}
			failed++
			continue
		}
		// A file cut only past its last page in use is whole: bbolt
		// grows files ahead of use. It must read exactly as before.
		os.WriteFile(filepath.Join(dir, "t"), full[:l], 0o644)
		got, err := snap(t, filepath.Join(dir, "t"))
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("truncated to %d: opened as %+v, %v; want the original", l, got, err)
		}
		opened++
	}
	t.Logf("%d bytes: %d lengths rejected, %d opened whole", len(full), failed, opened)
	if failed == 0 {
		t.Error("no truncation was rejected")
	}
}

func TestOpenRandomBytes(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	dir := t.TempDir()
	for _, size := range []int{0, 1, 100, 1023, 4096, 8192, 16384, 32768, 65536, 100000} {
		for range 5 {
			b := make([]byte, size)
			for i := range b {
				b[i] = byte(r.Uint32())
			}
			if err := openDamaged(t, dir, b); !errors.Is(err, ErrCorrupt) {
				t.Errorf("%d random bytes: %v, want ErrCorrupt", size, err)
			}
		}
	}
	// Zeros, and a file of a valid size full of 0xff.
	for _, b := range [][]byte{make([]byte, 32768), bytes.Repeat([]byte{0xff}, 32768)} {
		if err := openDamaged(t, dir, b); !errors.Is(err, ErrCorrupt) {
			t.Errorf("%x...: %v, want ErrCorrupt", b[:4], err)
		}
	}
}

// Random damage inside the data pages of a valid journal: the meta pages
// stay valid, so this is what gets past bbolt's own checks.
func TestOpenDamagedPages(t *testing.T) {
	_, full := validJournal(t, 600)
	r := rand.New(rand.NewPCG(3, 4))
	dir := t.TempDir()
	counts := map[string]int{}
	for range 2000 {
		b := bytes.Clone(full)
		for range 1 + r.IntN(4) {
			switch off := 2*4096 + r.IntN(len(b)-2*4096); r.IntN(3) {
			case 0: // one byte
				b[off] = byte(r.Uint32())
			case 1: // one bit
				b[off] ^= 1 << r.IntN(8)
			case 2: // a run of bytes
				for i := off; i < min(len(b), off+1+r.IntN(64)); i++ {
					b[i] = byte(r.Uint32())
				}
			}
		}
		if err := openDamaged(t, dir, b); err != nil {
			counts["rejected"]++
		} else {
			counts["opened"]++
		}
	}
	t.Logf("random damage: %v", counts)
}

func TestOpenDamagedMeta(t *testing.T) {
	_, full := validJournal(t, 30)
	dir := t.TempDir()
	for _, off := range []int{0, 16, 20, 24, 32, 40, 56, 64, 72, 4096 + 16, 4096 + 40} {
		b := bytes.Clone(full)
		b[off] ^= 0x40
		if err := openDamaged(t, dir, b); err != nil && !errors.Is(err, ErrCorrupt) {
			t.Errorf("byte %d flipped: %v", off, err)
		}
	}
	// Both meta pages gone.
	b := bytes.Clone(full)
	clear(b[:2*4096])
	if err := openDamaged(t, dir, b); !errors.Is(err, ErrCorrupt) {
		t.Errorf("meta pages zeroed: %v, want ErrCorrupt", err)
	}
}

func TestOpenNewerSchema(t *testing.T) {
	p, _ := validJournal(t, 10)
	editJournal(t, p, func(tx *bolt.Tx) error {
		return tx.Bucket(bucketMeta).Put(keySchema, putUint64(SchemaVersion+1))
	})
	_, err := Open(p, nil)
	if !errors.Is(err, ErrVersion) || errors.Is(err, ErrCorrupt) {
		t.Fatalf("Open of schema 2: %v, want ErrVersion", err)
	}
	want := fmt.Sprintf("journal %s was written by a newer slget (schema %d); upgrade slget, or discard the journal", p, SchemaVersion+1)
	if err.Error() != want {
		t.Errorf("message\n %q\nwant\n %q", err, want)
	}
	if _, _, _, err := Inspect(p); !errors.Is(err, ErrVersion) {
		t.Errorf("Inspect of schema 2: %v", err)
	}
	// A newer journal is not judged by this schema's rules.
	editJournal(t, p, func(tx *bolt.Tx) error { return tx.DeleteBucket(bucketSlices) })
	if _, err := Open(p, nil); !errors.Is(err, ErrVersion) {
		t.Errorf("schema 2 without slices: %v, want ErrVersion", err)
	}
}

func TestOpenBadContent(t *testing.T) {
	key := func(i uint64) []byte { return binary.BigEndian.AppendUint64(nil, i) }
	for _, tc := range []struct {
		name, msg string
		edit      func(tx *bolt.Tx) error
	}{
		{"no meta", `no "meta" bucket`, func(tx *bolt.Tx) error { return tx.DeleteBucket(bucketMeta) }},
		{"no slices", `no "slices" bucket`, func(tx *bolt.Tx) error { return tx.DeleteBucket(bucketSlices) }},
		{"schema 0", "schema 0", func(tx *bolt.Tx) error { return tx.Bucket(bucketMeta).Put(keySchema, putUint64(0)) }},
		{"schema short", `"schema" in meta has 1 bytes`, func(tx *bolt.Tx) error { return tx.Bucket(bucketMeta).Put(keySchema, []byte{1}) }},
		{"negative size", "negative size -5", func(tx *bolt.Tx) error {
			return tx.Bucket(bucketMeta).Put(keySize, binary.BigEndian.AppendUint64(nil, uint64(1<<64-5)))
		}},
		{"zero slice", "slice size 0", func(tx *bolt.Tx) error { return tx.Bucket(bucketMeta).Put(keySlice, putUint64(0)) }},
		{"too many slices", "too many slices", func(tx *bolt.Tx) error {
			mb := tx.Bucket(bucketMeta)
			if err := mb.Put(keySize, putUint64(1<<62)); err != nil {
				return err
			}
			return mb.Put(keySlice, putUint64(1))
		}},
		{"slices past MaxSlices", "too many slices", func(tx *bolt.Tx) error {
			mb := tx.Bucket(bucketMeta)
			if err := mb.Put(keySize, putUint64(MaxSlices*4096+1)); err != nil {
				return err
			}
			return mb.Put(keySlice, putUint64(4096))
		}},
		{"record past the plan", "the plan has 10 slices", func(tx *bolt.Tx) error {
			return tx.Bucket(bucketSlices).Put(key(10), encodeValue(key(10), rec(10, segment.FromOrigin)))
		}},
		{"size shrunk under records", "fails its checksum", func(tx *bolt.Tx) error {
			return tx.Bucket(bucketMeta).Put(keySize, putUint64(2000))
		}},
		{"short key", "a record for slice 0003", func(tx *bolt.Tx) error {
			return tx.Bucket(bucketSlices).Put([]byte{0, 3}, encodeValue([]byte{0, 3}, rec(3, segment.FromOrigin)))
		}},
		{"bucket in slices", `a bucket inside "slices"`, func(tx *bolt.Tx) error {
			_, err := tx.Bucket(bucketSlices).CreateBucket(key(5))
			return err
		}},
		{"meta is a key", `no "meta" bucket`, func(tx *bolt.Tx) error {
			if err := tx.DeleteBucket(bucketMeta); err != nil {
				return err
			}
			_, err := tx.CreateBucket([]byte("other"))
			return err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, _ := validJournal(t, 10)
			editJournal(t, p, tc.edit)
			_, err := Open(p, nil)
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("Open: %v, want ErrCorrupt", err)
			}
			if !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("message %q does not say %q", err, tc.msg)
			}
			if !strings.HasPrefix(err.Error(), "journal "+p+" is damaged: ") || strings.Contains(err.Error(), "--") {
				t.Errorf("message %q", err)
			}
			if _, _, _, err := Inspect(p); !errors.Is(err, ErrCorrupt) {
				t.Errorf("Inspect: %v, want ErrCorrupt", err)
			}
		})
	}
}

func TestOpenMissingMetaKeys(t *testing.T) {
	for _, k := range [][]byte{keySchema, keyURL, keyFinalURL, keyETag, keyLastModified, keySize, keySlice, keyCreated} {
		t.Run(string(k), func(t *testing.T) {
			p, _ := validJournal(t, 10)
			editJournal(t, p, func(tx *bolt.Tx) error { return tx.Bucket(bucketMeta).Delete(k) })
			_, err := Open(p, nil)
			if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), `"`+string(k)+`" is missing`) {
				t.Errorf("Open without %q: %v", k, err)
			}
		})
	}
}

func TestOpenForeignBolt(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		opts *bolt.Options
		fill func(tx *bolt.Tx) error
	}{
		{"empty", nil, func(*bolt.Tx) error { return nil }},
		{"other buckets", nil, func(tx *bolt.Tx) error {
			b, err := tx.CreateBucket([]byte("widgets"))
			if err != nil {
				return err
			}
			return b.Put([]byte("k"), []byte("v"))
		}},
		{"unsynced freelist", &bolt.Options{NoFreelistSync: true}, func(tx *bolt.Tx) error {
			_, err := tx.CreateBucket(bucketMeta)
			return err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(dir, tc.name+".db")
			db, err := bolt.Open(p, 0o644, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if err := db.Update(tc.fill); err != nil {
				t.Fatal(err)
			}
			db.Close()
			_, err = Open(p, nil)
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("Open: %v, want ErrCorrupt", err)
			}
			t.Log(err)
		})
	}
}

func TestOpenNotAFile(t *testing.T) {
	dir := t.TempDir()
	if _, err := Open(dir, nil); err == nil || errors.Is(err, ErrNotExist) || errors.Is(err, ErrCorrupt) {
		t.Errorf("Open of a directory: %v", err)
	}
	if _, _, _, err := Inspect(dir); err == nil || errors.Is(err, ErrNotExist) || errors.Is(err, ErrCorrupt) {
		t.Errorf("Inspect of a directory: %v", err)
	}
	p := filepath.Join(dir, "empty")
	os.WriteFile(p, nil, 0o644)
	if _, err := Open(p, nil); !errors.Is(err, ErrCorrupt) {
		t.Errorf("Open of an empty file: %v", err)
	}
	if fi, _ := os.Stat(p); fi.Size() != 0 {
		t.Error("Open wrote to an empty file")
	}
}

// FuzzOpen writes the input to a file and opens it: never a panic, only
// ErrCorrupt or ErrVersion or a journal that hangs together.
func FuzzOpen(f *testing.F) {
	_, small := validJournal(f, 10)
	_, large := validJournal(f, 300)
	f.Add(small)
	f.Add(large)
	f.Add([]byte{})
	f.Add(make([]byte, 16384))
	f.Add(small[:len(small)/2])
	f.Fuzz(func(t *testing.T, b []byte) {
		openDamaged(t, t.TempDir(), b)
	})
}

// pages of a bbolt file, for crafting damage that random bytes rarely
// make: it lists the pages of each type below the high-water mark of the
// current meta page (the one with the higher transaction id).
func pages(b []byte) (ps int, byType map[uint16][]int, freelist int) {
	ps = int(ne.Uint32(b[pageHeaderSize+8:]))
	m := b[pageHeaderSize:]
	if m1 := b[ps+pageHeaderSize:]; ne.Uint64(m1[48:]) > ne.Uint64(m[48:]) {
		m = m1
	}
	hwm := int(ne.Uint64(m[40:]))
	freelist = int(ne.Uint64(m[32:]))
	byType = map[uint16][]int{}
	for id := 2; id < hwm; id++ {
		typ := ne.Uint16(b[id*ps+8:])
		byType[typ] = append(byType[typ], id)
		id += int(ne.Uint32(b[id*ps+12:])) // skip overflow pages
	}
	return ps, byType, freelist
}

// Damage that passes bbolt's meta checksums and makes bbolt panic in a
// write transaction, found by FuzzOpen or by reading bbolt: Open must
// reject it.
func TestOpenCraftedPages(t *testing.T) {
	_, full := validJournal(t, 600)
	ps, byType, fl := pages(full)
	if len(byType[flagBranch]) == 0 || len(byType[flagLeaf]) < 2 {
		t.Fatalf("want a branch page and leaves, have %v", byType)
	}
	leaf, branch := byType[flagLeaf][0], byType[flagBranch][0]
	lastElem := func(b []byte) int {
		return branch*ps + int(elemOff(int(ne.Uint16(b[branch*ps+10:]))-1))
	}
	for _, tc := range []struct {
		name, msg string
		edit      func(b []byte)
	}{
		{"empty key", "is empty", func(b []byte) {
			ne.PutUint32(b[leaf*ps+pageHeaderSize+8:], 0) // ksize of element 0
		}},
		{"empty branch key", "is empty", func(b []byte) {
			ne.PutUint32(b[branch*ps+pageHeaderSize+4:], 0)
		}},
		{"keys out of order across pages", "outside the range of its parent", func(b []byte) {
			// The last child's key, as big as it gets: the keys of
			// that child are now below their parent's bound.
			e := lastElem(b)
			pos, ksize := int(ne.Uint32(b[e:])), int(ne.Uint32(b[e+4:]))
			for i := e + pos; i < e+pos+ksize; i++ {
				b[i] = 0xff
			}
		}},
		{"page in use and free", "in use and on the freelist", func(b []byte) {
			p := fl * ps
			ne.PutUint16(b[p+10:], 1)
			ne.PutUint64(b[p+pageHeaderSize:], uint64(leaf))
		}},
		{"page used twice", "used twice", func(b []byte) {
			ne.PutUint64(b[lastElem(b)+8:], uint64(fl)) // a child that is the freelist
		}},
		{"page points at itself", "used twice", func(b []byte) {
			ne.PutUint64(b[branch*ps+pageHeaderSize+8:], uint64(branch))
		}},
		{"page past the end", "outside pages", func(b []byte) {
			ne.PutUint64(b[branch*ps+pageHeaderSize+8:], 1<<40)
		}},
		{"overflow past the end", "runs past the last page", func(b []byte) {
			ne.PutUint32(b[leaf*ps+12:], 1<<20)
		}},
		{"element past the page", "outside the page", func(b []byte) {
			ne.PutUint32(b[leaf*ps+pageHeaderSize+4:], 1<<20) // pos of element 0
		}},
		{"wrong page type", "has type", func(b []byte) {
			ne.PutUint16(b[leaf*ps+8:], flagMeta)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := bytes.Clone(full)
			tc.edit(b)
			err := openDamaged(t, t.TempDir(), b)
			if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("Open: %v, want ErrCorrupt saying %q", err, tc.msg)
			}
		})
	}
}

// The origin's digest rides in a key of its own with its own check: kept
// across Open, absent in journals without one, and a flipped byte in it is
// damage, never a digest taken on faith.
func TestDigestKeptAndChecked(t *testing.T) {
	m := testMeta(10<<20, 1<<20)
	m.Digest = "sha-256=" + strings.Repeat("ab", 32)
	j := newJournal(t, m, &Options{NoSync: true})
	p := j.Path()
	j.Close()
	reopened, err := Open(p, &Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	got := reopened.Meta().Digest
	reopened.Close() // before bbolt opens it below
	if got != m.Digest {
		t.Fatalf("Digest after Open = %q, want %q", got, m.Digest)
	}
	plain := newJournal(t, testMeta(10<<20, 1<<20), &Options{NoSync: true})
	if plain.Meta().Digest != "" {
		t.Fatal("a journal without a digest has one")
	}
	editJournal(t, p, func(tx *bolt.Tx) error {
		mb := tx.Bucket([]byte("meta"))
		v := append([]byte(nil), mb.Get([]byte("digest"))...)
		v[9] ^= 1
		return mb.Put([]byte("digest"), v)
	})
	if _, err := Open(p, &Options{NoSync: true}); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("Open of a flipped digest: %v, want ErrCorrupt", err)
	}
}

// Tests of the prefixes a journal records: kept across a reopen, replaced,
// dropped when their slice is done, refused out of the plan; a damaged
// entry lost alone; the codec fuzzed.

package resume

import (
	"bytes"
	"encoding/binary"
	"errors"
	"reflect"
	"testing"

	"github.com/slget/slget/segment"
	bolt "go.etcd.io/bbolt"
)

func TestPrefixesRecorded(t *testing.T) {
	j := newJournal(t, testMeta(10*1000-1, 1000), &Options{NoSync: true})
	ps := []Prefix{{Index: 3, Len: 700, CRC32C: 0xdeadbeef}, {Index: 1, Len: 1, CRC32C: 7}, {Index: 9, Len: 998, CRC32C: 9}}
	if err := j.SetPrefixes(ps); err != nil {
		t.Fatal(err)
	}
	want := []Prefix{ps[1], ps[0], ps[2]}
	if got := j.Prefixes(); !reflect.DeepEqual(got, want) {
		t.Fatalf("Prefixes %+v, want %+v", got, want)
	}
	path := j.Path()
	j.Close()
	j = mustOpen(t, path, &Options{NoSync: true})
	if got := j.Prefixes(); !reflect.DeepEqual(got, want) {
		t.Fatalf("after reopen: Prefixes %+v, want %+v", got, want)
	}
	// A longer prefix replaces the old; Len 0 drops one; a done slice
	// drops its own.
	if err := j.SetPrefixes([]Prefix{{Index: 3, Len: 900, CRC32C: 1}, {Index: 9, Len: 0}}); err != nil {
		t.Fatal(err)
	}
	if err := j.Commit([]Record{rec(1, segment.FromOrigin)}); err != nil {
		t.Fatal(err)
	}
	if got := j.Prefixes(); !reflect.DeepEqual(got, []Prefix{{Index: 3, Len: 900, CRC32C: 1}}) {
		t.Fatalf("Prefixes %+v, want slice 3's of 900 bytes only", got)
	}
	for _, bad := range []Prefix{{Index: 10, Len: 1}, {Index: 2, Len: 1000}, {Index: 9, Len: 999}, {Index: -1, Len: 1}, {Index: 2, Len: -1}} {
		if err := j.SetPrefixes([]Prefix{bad}); !errors.Is(err, ErrRange) {
			t.Errorf("SetPrefixes(%+v): %v, want ErrRange", bad, err)
		}
	}

	// One bit flipped in an entry: that prefix is gone, the others stay.
	if err := j.SetPrefixes([]Prefix{{Index: 5, Len: 10, CRC32C: 5}}); err != nil {
		t.Fatal(err)
	}
	err := j.update(func(tx *bolt.Tx) error {
		var k [8]byte
		putIndex(k[:], 3)
		v := bytes.Clone(tx.Bucket(bucketPrefixes).Get(k[:]))
		v[7] ^= 1
		return tx.Bucket(bucketPrefixes).Put(k[:], v)
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := j.Prefixes(); !reflect.DeepEqual(got, []Prefix{{Index: 5, Len: 10, CRC32C: 5}}) {
		t.Fatalf("after damage: Prefixes %+v, want slice 5's only", got)
	}
}

// FuzzPrefixValue: a prefix entry is taken only as the exact bytes that
// encode it, with a length inside its slice, so that a flipped bit is a
// lost prefix (fetched again), never bytes counted that were not written.
func FuzzPrefixValue(f *testing.F) {
	key := make([]byte, 8)
	for _, p := range []Prefix{{Index: 0, Len: 1, CRC32C: 1}, {Index: 7, Len: 65535, CRC32C: 0xffffffff}} {
		putIndex(key, p.Index)
		f.Add(uint64(p.Index), int64(65536), encodePrefix(key, p))
	}
	f.Add(uint64(3), int64(1000), []byte{})
	f.Add(uint64(3), int64(1000), make([]byte, prefixSize+4))
	f.Add(uint64(3), int64(1), make([]byte, prefixSize))
	f.Fuzz(func(t *testing.T, idx uint64, sliceLen int64, v []byte) {
		key := binary.BigEndian.AppendUint64(nil, idx)
		i, ok := getIndex(key)
		if !ok || sliceLen <= 0 {
			return
		}
		p, ok := decodePrefix(key, i, sliceLen, v)
		if !ok {
			return
		}
		if p.Index != i || p.Len <= 0 || p.Len >= sliceLen {
			t.Fatalf("value %x under %x → %+v for a slice of %d", v, key, p, sliceLen)
		}
		if enc := encodePrefix(key, p); !bytes.Equal(enc, v) {
			t.Fatalf("value %x decodes to %+v, which encodes as %x", v, p, enc)
		}
		for bit := 0; bit < 8*len(v); bit++ {
			v2 := bytes.Clone(v)
			v2[bit/8] ^= 1 << (bit % 8)
			if p2, ok := decodePrefix(key, i, sliceLen, v2); ok {
				t.Fatalf("bit %d of %x flipped: still a prefix, %+v", bit, v, p2)
			}
		}
	})
}

// Table and fuzz tests of Set: membership, Missing, and the binary encoding.

package segment

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"
)

// setOf returns a set over n slices holding the given slices.
func setOf(n int, slices ...int) *Set {
	s := NewSet(n)
	for _, i := range slices {
		s.Add(i)
	}
	return s
}

func TestSetZeroValue(t *testing.T) {
	var s Set
	if s.Len() != 0 || s.Count() != 0 || !s.Full() {
		t.Errorf("zero Set: Len %d Count %d Full %v", s.Len(), s.Count(), s.Full())
	}
	if s.Has(0) || s.Add(0) || s.Missing() != nil {
		t.Error("zero Set holds or accepts slice 0")
	}
	b, err := s.MarshalBinary()
	if err != nil || !bytes.Equal(b, make([]byte, 8)) {
		t.Errorf("zero Set: MarshalBinary = %x, %v", b, err)
	}
	if c := s.Clone(); c.Len() != 0 || c.Count() != 0 {
		t.Errorf("zero Set: Clone = %+v", c)
	}
	if n := NewSet(-5); n.Len() != 0 || !n.Full() {
		t.Errorf("NewSet(-5): Len %d", n.Len())
	}
}

func TestSetAddHas(t *testing.T) {
	tests := []struct {
		n       int
		add     []int
		wantNew []bool // what each Add returns
		has     []int
		hasNot  []int
		count   int
	}{
		{n: 0, add: []int{0, -1, 1}, wantNew: []bool{false, false, false}, hasNot: []int{0, -1, 1}},
		{n: 1, add: []int{0, 0}, wantNew: []bool{true, false}, has: []int{0}, hasNot: []int{1, -1}, count: 1},
		{n: 10, add: []int{3, 9, 3, 10, -1}, wantNew: []bool{true, true, false, false, false}, has: []int{3, 9}, hasNot: []int{0, 2, 4, 8, 10, -1, 1 << 30}, count: 2},
		{n: 64, add: []int{0, 63, 64}, wantNew: []bool{true, true, false}, has: []int{0, 63}, hasNot: []int{1, 62, 64}, count: 2},
		{n: 65, add: []int{63, 64}, wantNew: []bool{true, true}, has: []int{63, 64}, hasNot: []int{0, 62, 65}, count: 2},
		{n: 200, add: []int{127, 128, 199, 0}, wantNew: []bool{true, true, true, true}, has: []int{0, 127, 128, 199}, hasNot: []int{1, 126, 129, 198, 200}, count: 4},
	}
	for _, tt := range tests {
		s := NewSet(tt.n)
		for k, i := range tt.add {
			if got := s.Add(i); got != tt.wantNew[k] {
				t.Errorf("n=%d: Add(%d) = %v, want %v", tt.n, i, got, tt.wantNew[k])
			}
		}
		for _, i := range tt.has {
			if !s.Has(i) {
				t.Errorf("n=%d: Has(%d) = false", tt.n, i)
			}
		}
		for _, i := range tt.hasNot {
			if s.Has(i) {
				t.Errorf("n=%d: Has(%d) = true", tt.n, i)
			}
		}
		if s.Count() != tt.count || s.Len() != tt.n {
			t.Errorf("n=%d: Count %d Len %d, want %d %d", tt.n, s.Count(), s.Len(), tt.count, tt.n)
		}
	}
}

func TestSetFull(t *testing.T) {
	for _, n := range []int{1, 2, 63, 64, 65, 128, 130} {
		s := NewSet(n)
		for i := n - 1; i >= 0; i-- {
			if s.Full() {
				t.Fatalf("n=%d: Full with %d of %d", n, s.Count(), n)
			}
			s.Add(i)
		}
		if !s.Full() || s.Count() != n || s.Missing() != nil {
			t.Fatalf("n=%d: after adding all, Full %v Count %d Missing %v", n, s.Full(), s.Count(), s.Missing())
		}
	}
}

func TestSetMissing(t *testing.T) {
	tests := []struct {
		s    *Set
		want []Run
	}{
		{NewSet(0), nil},
		{NewSet(1), []Run{{0, 1}}},
		{NewSet(10), []Run{{0, 10}}},
		{setOf(10, 0), []Run{{1, 10}}},
		{setOf(10, 9), []Run{{0, 9}}},
		{setOf(10, 0, 9), []Run{{1, 9}}},
		{setOf(10, 3, 4, 7), []Run{{0, 3}, {5, 7}, {8, 10}}},
		{setOf(10, 0, 2, 4, 6, 8), []Run{{1, 2}, {3, 4}, {5, 6}, {7, 8}, {9, 10}}},
		{setOf(3, 0, 1, 2), nil},
		{setOf(130, 64), []Run{{0, 64}, {65, 130}}},
		{setOf(130, 63, 64), []Run{{0, 63}, {65, 130}}},
		{setOf(130, 129), []Run{{0, 129}}},
	}
	for _, tt := range tests {
		if got := tt.s.Missing(); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Missing() = %v, want %v", got, tt.want)
		}
	}
}

// Missing agrees with Has on random sets of many shapes.
func TestSetMissingRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 500; iter++ {
		n := rng.IntN(300)
		s := NewSet(n)
		density := rng.Float64()
		for i := 0; i < n; i++ {
			if rng.Float64() < density {
				s.Add(i)
			}
		}
		var want []Run
		for i := 0; i < n; i++ {
			if s.Has(i) {
				continue
			}
			if len(want) > 0 && want[len(want)-1].End == i {
				want[len(want)-1].End++
			} else {
				want = append(want, Run{i, i + 1})
			}
		}
		if got := s.Missing(); !reflect.DeepEqual(got, want) {
			t.Fatalf("n=%d: Missing() = %v, want %v", n, got, want)
		}
	}
}

func TestSetClone(t *testing.T) {
	s := setOf(100, 1, 50, 99)
	c := s.Clone()
	if !reflect.DeepEqual(s, c) {
		t.Fatalf("Clone = %+v, want %+v", c, s)
	}
	c.Add(2)
	s.Add(3)
	if s.Has(2) || c.Has(3) {
		t.Error("Clone shares its bitmap with the original")
	}
	if s.Count() != 4 || c.Count() != 4 {
		t.Errorf("counts %d, %d, want 4, 4", s.Count(), c.Count())
	}
}

func TestSetMarshalRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	sets := []*Set{NewSet(0), NewSet(1), setOf(1, 0), NewSet(64), setOf(64, 63), setOf(65, 64), setOf(1000, 0, 999, 500)}
	for i := 0; i < 100; i++ {
		n := rng.IntN(1000)
		s := NewSet(n)
		for j := 0; j < n; j++ {
			if rng.IntN(3) == 0 {
				s.Add(j)
			}
		}
		sets = append(sets, s)
	}
	for _, s := range sets {
		b, err := s.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if want := 8 + 8*((s.Len()+63)/64); len(b) != want {
			t.Fatalf("n=%d: %d bytes, want %d", s.Len(), len(b), want)
		}
		if got := binary.LittleEndian.Uint64(b); got != uint64(s.Len()) {
			t.Fatalf("n=%d: length field %d", s.Len(), got)
		}
		var d Set
		if err := d.UnmarshalBinary(b); err != nil {
			t.Fatalf("n=%d: UnmarshalBinary: %v", s.Len(), err)
		}
		if d.Len() != s.Len() || d.Count() != s.Count() || !reflect.DeepEqual(d.Missing(), s.Missing()) {
			t.Fatalf("n=%d: round trip gives Len %d Count %d", s.Len(), d.Len(), d.Count())
		}
		b2, _ := d.MarshalBinary()
		if !bytes.Equal(b, b2) {
			t.Fatalf("n=%d: re-marshal differs", s.Len())
		}
	}
}

// The encoding is fixed: a journal written by one version is read by the next.
func TestSetMarshalGolden(t *testing.T) {
	b, _ := setOf(70, 0, 1, 64, 69).MarshalBinary()
	want := []byte{
		70, 0, 0, 0, 0, 0, 0, 0,
		0x03, 0, 0, 0, 0, 0, 0, 0,
		0x21, 0, 0, 0, 0, 0, 0, 0,
	}
	if !bytes.Equal(b, want) {
		t.Errorf("MarshalBinary = %x, want %x", b, want)
	}
}

func encodeHeader(n uint64, words ...uint64) []byte {
	b := binary.LittleEndian.AppendUint64(nil, n)
	for _, w := range words {
		b = binary.LittleEndian.AppendUint64(b, w)
	}
	return b
}

func TestSetUnmarshalRejects(t *testing.T) {
	tests := []struct {
		name string
		b    []byte
	}{
		{"nil", nil},
		{"short header", []byte{0, 0, 0}},
		{"seven bytes", make([]byte, 7)},
		{"missing words", encodeHeader(65, 0)},
		{"extra word", encodeHeader(64, 0, 0)},
		{"words for nothing", encodeHeader(0, 0)},
		{"trailing byte", append(encodeHeader(1, 0), 0)},
		{"bit past end", encodeHeader(1, 2)},
		{"bit 63 of 63", encodeHeader(63, 1<<63)},
		{"bit past end, second word", encodeHeader(65, 0, 2)},
		{"absurd size", encodeHeader(1<<40 + 1)},
		{"max uint64", encodeHeader(^uint64(0))},
		{"2^63", encodeHeader(1 << 63)},
		{"2^58, wraps 8*words", encodeHeader(1 << 58)},
		{"size 2^40, no words", encodeHeader(1 << 40)},
	}
	for _, tt := range tests {
		s := setOf(5, 1)
		err := s.UnmarshalBinary(tt.b)
		if err == nil {
			t.Errorf("%s: UnmarshalBinary(%x) accepted: Len %d", tt.name, tt.b, s.Len())
			continue
		}
		if !errors.Is(err, ErrSetEncoding) {
			t.Errorf("%s: error %v is not ErrSetEncoding", tt.name, err)
		}
		// A failed decode leaves the set as it was.
		if s.Len() != 5 || s.Count() != 1 || !s.Has(1) {
			t.Errorf("%s: failed decode changed the set", tt.name)
		}
	}
}

// Every proper prefix of a valid encoding, and every extension of it, is
// rejected.
func TestSetUnmarshalTruncated(t *testing.T) {
	for _, n := range []int{0, 1, 63, 64, 65, 200} {
		s := NewSet(n)
		for i := 0; i < n; i += 3 {
			s.Add(i)
		}
		b, _ := s.MarshalBinary()
		for l := 0; l < len(b); l++ {
			var d Set
			if err := d.UnmarshalBinary(b[:l]); err == nil {
				t.Errorf("n=%d: accepted %d of %d bytes", n, l, len(b))
			}
		}
		for extra := 1; extra <= 16; extra++ {
			var d Set
			if err := d.UnmarshalBinary(append(bytes.Clone(b), make([]byte, extra)...)); err == nil {
				t.Errorf("n=%d: accepted %d extra bytes", n, extra)
			}
		}
	}
}

// Every bit past the end of the last word is rejected, one at a time.
func TestSetUnmarshalBitsPastEnd(t *testing.T) {
	for _, n := range []int{1, 2, 31, 63, 65, 127} {
		nw := (n + 63) / 64
		for bit := n; bit < 64*nw; bit++ {
			words := make([]uint64, nw)
			words[bit/64] = 1 << (bit % 64)
			var d Set
			if err := d.UnmarshalBinary(encodeHeader(uint64(n), words...)); err == nil {
				t.Errorf("n=%d: accepted bit %d", n, bit)
			}
		}
		// All bits up to n-1 are fine.
		words := make([]uint64, nw)
		for bit := 0; bit < n; bit++ {
			words[bit/64] |= 1 << (bit % 64)
		}
		var d Set
		if err := d.UnmarshalBinary(encodeHeader(uint64(n), words...)); err != nil || !d.Full() {
			t.Errorf("n=%d: all bits set: %v, Full %v", n, err, d.Full())
		}
	}
}

func FuzzSetUnmarshal(f *testing.F) {
	for _, s := range []*Set{NewSet(0), setOf(1, 0), setOf(64, 63), setOf(70, 0, 69), setOf(130, 5, 64, 128)} {
		b, _ := s.MarshalBinary()
		f.Add(b)
	}
	f.Add([]byte{})
	f.Add([]byte{1, 2, 3})
	f.Add(encodeHeader(1, 2))
	f.Add(encodeHeader(1 << 40))
	f.Add(encodeHeader(^uint64(0)))
	f.Add(encodeHeader(1<<58, 0))
	f.Fuzz(func(t *testing.T, b []byte) {
		var s Set
		if err := s.UnmarshalBinary(b); err != nil {
			if !errors.Is(err, ErrSetEncoding) {
				t.Fatalf("error %v is not ErrSetEncoding", err)
			}
			return
		}
		out, err := s.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out, b) {
			t.Fatalf("re-marshal differs:\n in  %x\n out %x", b, out)
		}
		count := 0
		for i := 0; i < s.Len(); i++ {
			if s.Has(i) {
				count++
			}
		}
		if count != s.Count() || s.Has(-1) || s.Has(s.Len()) {
			t.Fatalf("Count %d, counted %d", s.Count(), count)
		}
		missing := 0
		for _, r := range s.Missing() {
			if r.Len() <= 0 || r.First < 0 || r.End > s.Len() {
				t.Fatalf("bad run %v of %d", r, s.Len())
			}
			missing += r.Len()
		}
		if missing != s.Len()-s.Count() {
			t.Fatalf("Missing covers %d slices, want %d", missing, s.Len()-s.Count())
		}
	})
}

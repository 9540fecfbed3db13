// Set: the done-set of slices, a bitmap that a journal can persist.

package segment

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
)

// Set is a set of slice indexes in [0, Len()). The zero Set is empty and has
// length 0. A Set is not safe for concurrent use.
type Set struct {
	n     int
	count int
	words []uint64
}

// NewSet returns an empty set over n slices.
func NewSet(n int) *Set {
	if n < 0 {
		n = 0
	}
	return &Set{n: n, words: make([]uint64, wordsFor(n))}
}

// wordsFor is the number of 64-bit words that hold n bits, without the
// overflow of (n+63)/64 near the top of int.
func wordsFor(n int) int { return n/64 + (n%64+63)/64 }

// Len is the number of slices the set covers.
func (s *Set) Len() int { return s.n }

// Count is the number of slices in the set.
func (s *Set) Count() int { return s.count }

// Full reports whether every slice is in the set.
func (s *Set) Full() bool { return s.count == s.n }

// Has reports whether slice i is in the set. Out-of-range indexes are not.
func (s *Set) Has(i int) bool {
	if i < 0 || i >= s.n {
		return false
	}
	return s.words[i/64]&(1<<(uint(i)%64)) != 0
}

// Add puts slice i in the set and reports whether it was missing before.
// Out-of-range indexes are ignored.
func (s *Set) Add(i int) bool {
	if i < 0 || i >= s.n || s.Has(i) {
		return false
	}
	s.words[i/64] |= 1 << (uint(i) % 64)
	s.count++
	return true
}

// Clone returns an independent copy of s.
func (s *Set) Clone() *Set {
	c := &Set{n: s.n, count: s.count, words: make([]uint64, len(s.words))}
	copy(c.words, s.words)
	return c
}

// Missing lists the maximal runs of slices not in the set, in order.
func (s *Set) Missing() []Run {
	var runs []Run
	for i := 0; i < s.n; {
		if s.Has(i) {
			i++
			continue
		}
		j := i + 1
		for j < s.n && !s.Has(j) {
			j++
		}
		runs = append(runs, Run{First: i, End: j})
		i = j
	}
	return runs
}

// Errors from UnmarshalBinary.
var (
	ErrSetEncoding = errors.New("segment: malformed done-set encoding")
)

// MarshalBinary encodes the set as a little-endian uint64 length followed by
// the bitmap words, little-endian.
func (s *Set) MarshalBinary() ([]byte, error) {
	b := make([]byte, 8+8*len(s.words))
	binary.LittleEndian.PutUint64(b, uint64(s.n))
	for i, w := range s.words {
		binary.LittleEndian.PutUint64(b[8+8*i:], w)
	}
	return b, nil
}

// UnmarshalBinary decodes what MarshalBinary wrote. It rejects a wrong
// length, bits set past the end, and absurd sizes, without panicking.
func (s *Set) UnmarshalBinary(b []byte) error {
	if len(b) < 8 {
		return fmt.Errorf("%w: %d bytes, want at least 8", ErrSetEncoding, len(b))
	}
	n64 := binary.LittleEndian.Uint64(b)
	if n64 > MaxSlices {
		return fmt.Errorf("%w: %d slices", ErrSetEncoding, n64)
	}
	n := int(n64)
	nw := wordsFor(n)
	// Compare in uint64: 8+8*nw can overflow an int on 32-bit platforms.
	if uint64(len(b)-8) != 8*uint64(nw) {
		return fmt.Errorf("%w: %d bytes for %d slices, want %d", ErrSetEncoding, len(b), n, 8+8*uint64(nw))
	}
	words := make([]uint64, nw)
	count := 0
	for i := range words {
		words[i] = binary.LittleEndian.Uint64(b[8+8*i:])
		count += bits.OnesCount64(words[i])
	}
	if n%64 != 0 && nw > 0 && words[nw-1]>>(uint(n)%64) != 0 {
		return fmt.Errorf("%w: bits set past slice %d", ErrSetEncoding, n)
	}
	*s = Set{n: n, count: count, words: words}
	return nil
}

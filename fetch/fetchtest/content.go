// Content: deterministic bytes at any offset, computed on demand.

package fetchtest

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"io"
)

// Content is a deterministic byte sequence of Size bytes: byte i depends only
// on Seed and i, so any range of a multi-GiB resource can be produced (and
// checked) without holding it in memory.
//
// The 8-byte word with index w (bytes 8w .. 8w+7) is splitmix64(Seed ^ w)
// stored little-endian; the last word is cut at Size. Two Contents with
// different seeds differ in every word.
//
// The zero Content is empty.
type Content struct {
	Size int64  // length in bytes; zero means empty
	Seed uint64 // selects the sequence; any value is valid
}

// errNegativeOffset is returned by ReadAt for an offset below zero.
var errNegativeOffset = errors.New("fetchtest: negative offset")

// splitmix64 is the finaliser of Vigna's SplitMix64 generator: a bijection
// on uint64 with good avalanche, and a few nanoseconds per call.
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// ReadAt implements io.ReaderAt. It fills p with the bytes at off; it returns
// io.EOF with fewer than len(p) bytes when the read passes Size, and also
// when it ends exactly at Size.
func (c Content) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, errNegativeOffset
	}
	if off >= c.Size {
		return 0, io.EOF
	}
	var err error
	if rem := c.Size - off; int64(len(p)) >= rem {
		p = p[:rem]
		err = io.EOF
	}
	c.fill(p, off)
	return len(p), err
}

// fill writes the bytes [off, off+len(p)) into p, ignoring Size.
func (c Content) fill(p []byte, off int64) {
	w := uint64(off) >> 3
	if r := off & 7; r != 0 {
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], splitmix64(c.Seed^w))
		k := copy(p, b[r:])
		p = p[k:]
		w++
	}
	// Four words per iteration: the multiplies of independent words overlap.
	for len(p) >= 32 {
		binary.LittleEndian.PutUint64(p[0:8], splitmix64(c.Seed^w))
		binary.LittleEndian.PutUint64(p[8:16], splitmix64(c.Seed^(w+1)))
		binary.LittleEndian.PutUint64(p[16:24], splitmix64(c.Seed^(w+2)))
		binary.LittleEndian.PutUint64(p[24:32], splitmix64(c.Seed^(w+3)))
		p = p[32:]
		w += 4
	}
	for len(p) >= 8 {
		binary.LittleEndian.PutUint64(p[:8], splitmix64(c.Seed^w))
		p = p[8:]
		w++
	}
	if len(p) > 0 {
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], splitmix64(c.Seed^w))
		copy(p, b[:])
	}
}

// Bytes returns a new slice with the n bytes at off, cut at Size (so it may
// be shorter than n, and is empty when off is at or past Size or n <= 0).
// It is meant for tests that compare small ranges; use ReadAt or SHA256 for
// large ones.
func (c Content) Bytes(off, n int64) []byte {
	if off < 0 {
		off = 0
	}
	if n <= 0 || off >= c.Size {
		return []byte{}
	}
	n = min(n, c.Size-off)
	p := make([]byte, n)
	c.fill(p, off)
	return p
}

// SHA256 returns the lower-case hex SHA-256 of the whole content, computed by
// streaming through a 1 MiB buffer (about a second per GiB).
func (c Content) SHA256() string {
	h := sha256.New()
	buf := make([]byte, 1<<20)
	for off := int64(0); off < c.Size; {
		n := min(int64(len(buf)), c.Size-off)
		c.fill(buf[:n], off)
		h.Write(buf[:n])
		off += n
	}
	return hex.EncodeToString(h.Sum(nil))
}

// section returns an io.ReadSeeker over the whole content.
func (c Content) section() *io.SectionReader {
	return io.NewSectionReader(c, 0, c.Size)
}

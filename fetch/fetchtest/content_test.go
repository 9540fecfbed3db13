// Tests of Content and of the rate limiter's token bucket.

package fetchtest

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"io"
	"testing"
	"testing/iotest"
	"time"
)

// refByte is the definition of Content, one byte at a time.
func refByte(seed uint64, i int64) byte {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], splitmix64(seed^uint64(i/8)))
	return b[i%8]
}

func TestSplitmix64Reference(t *testing.T) {
	// First outputs of SplitMix64 seeded with 0 are splitmix64(0),
	// splitmix64(0x9e3779b97f4a7c15), ... (Vigna's reference generator).
	if got, want := splitmix64(0), uint64(0xe220a8397b1dcdaf); got != want {
		t.Errorf("splitmix64(0) = %#x, want %#x", got, want)
	}
	if got, want := splitmix64(0x9e3779b97f4a7c15), uint64(0x6e789e6aa1b965f4); got != want {
		t.Errorf("splitmix64(golden) = %#x, want %#x", got, want)
	}
}

func TestContentReadAtMatchesDefinition(t *testing.T) {
	c := Content{Size: 1003, Seed: 42}
	for _, tc := range []struct{ off, n int64 }{
		{0, 0}, {0, 1}, {0, 8}, {0, 1003}, {1, 7}, {3, 40}, {7, 1}, {7, 9},
		{8, 32}, {13, 333}, {995, 8}, {1000, 3}, {1002, 1},
	} {
		p := make([]byte, tc.n)
		n, err := c.ReadAt(p, tc.off)
		if n != int(tc.n) {
			t.Fatalf("ReadAt(%d bytes at %d) = %d, %v", tc.n, tc.off, n, err)
		}
		if err != nil && !(err == io.EOF && tc.off+tc.n == c.Size) {
			t.Fatalf("ReadAt(%d bytes at %d): %v", tc.n, tc.off, err)
		}
		for i := range p {
			if want := refByte(c.Seed, tc.off+int64(i)); p[i] != want {
				t.Fatalf("byte %d = %#x, want %#x", tc.off+int64(i), p[i], want)
			}
		}
		if b := c.Bytes(tc.off, tc.n); !bytes.Equal(b, p) {
			t.Fatalf("Bytes(%d, %d) differs from ReadAt", tc.off, tc.n)
		}
	}
}

func TestContentReadAtEOF(t *testing.T) {
	c := Content{Size: 10, Seed: 1}
	p := make([]byte, 8)
	if n, err := c.ReadAt(p, 5); n != 5 || err != io.EOF {
		t.Errorf("ReadAt past end = %d, %v; want 5, EOF", n, err)
	}
	if n, err := c.ReadAt(p, 10); n != 0 || err != io.EOF {
		t.Errorf("ReadAt at end = %d, %v; want 0, EOF", n, err)
	}
	if n, err := c.ReadAt(p, 1<<40); n != 0 || err != io.EOF {
		t.Errorf("ReadAt far past end = %d, %v; want 0, EOF", n, err)
	}
	if _, err := c.ReadAt(p, -1); err == nil || err == io.EOF {
		t.Errorf("ReadAt(-1) error = %v, want a non-EOF error", err)
	}
	if n, err := (Content{}).ReadAt(p, 0); n != 0 || err != io.EOF {
		t.Errorf("zero Content ReadAt = %d, %v; want 0, EOF", n, err)
	}
}

func TestContentBytesClipped(t *testing.T) {
	c := Content{Size: 100, Seed: 7}
	for _, tc := range []struct{ off, n, want int64 }{
		{0, 100, 100}, {0, 1000, 100}, {90, 20, 10}, {100, 5, 0}, {200, 5, 0},
		{10, 0, 0}, {10, -3, 0},
	} {
		if got := int64(len(c.Bytes(tc.off, tc.n))); got != tc.want {
			t.Errorf("len(Bytes(%d, %d)) = %d, want %d", tc.off, tc.n, got, tc.want)
		}
	}
}

func TestContentSeedsDiffer(t *testing.T) {
	a := Content{Size: 4096, Seed: 1}
	b := Content{Size: 4096, Seed: splitmix64(1)}
	pa, pb := a.Bytes(0, a.Size), b.Bytes(0, b.Size)
	for w := 0; w < len(pa); w += 8 {
		if bytes.Equal(pa[w:w+8], pb[w:w+8]) {
			t.Fatalf("word %d equal for different seeds", w/8)
		}
	}
}

func TestContentSHA256(t *testing.T) {
	for _, size := range []int64{0, 1, 7, 1 << 20, 3<<20 + 5} {
		c := Content{Size: size, Seed: 9}
		sum := sha256.Sum256(c.Bytes(0, size))
		if got, want := c.SHA256(), hex.EncodeToString(sum[:]); got != want {
			t.Errorf("size %d: SHA256 = %s, want %s", size, got, want)
		}
	}
}

func TestContentSectionReader(t *testing.T) {
	c := Content{Size: 100003, Seed: 5}
	if err := iotest.TestReader(c.section(), c.Bytes(0, c.Size)); err != nil {
		t.Fatal(err)
	}
}

// TestBucketRate drives the token bucket with a fake clock that oversleeps
// by a random-looking amount and checks the long-run rate.
func TestBucketRate(t *testing.T) {
	for _, rate := range []int64{64 << 10, 1 << 20, 10 << 20, 100e6} {
		now := time.Unix(0, 0)
		b := newBucket(rate, now)
		start := now
		total := int64(0)
		want := rate * 5 // five seconds worth
		for i := 0; total < want; i++ {
			chunk := min(b.burst, 4096+i%7*1000)
			if d := b.take(chunk, now); d > 0 {
				now = now.Add(d + time.Duration(i%5)*100*time.Microsecond)
			}
			total += int64(chunk)
		}
		got := float64(total) / now.Sub(start).Seconds()
		if dev := got/float64(rate) - 1; dev > 0.02 || dev < -0.02 {
			t.Errorf("rate %d: measured %.0f B/s (%.1f%% off)", rate, got, dev*100)
		}
	}
}

func BenchmarkContentReadAt(b *testing.B) {
	c := Content{Size: 1 << 40, Seed: 1}
	p := make([]byte, 256<<10)
	b.SetBytes(int64(len(p)))
	off := int64(3)
	for b.Loop() {
		if _, err := c.ReadAt(p, off); err != nil {
			b.Fatal(err)
		}
		off += int64(len(p))
	}
}

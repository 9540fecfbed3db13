// Tests of the control file reader: files as aria2 writes them, each field
// damaged in turn, the coverage of ranges by done pieces, and a fuzz test.

package aria2ctl

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sample is a download of 5 MiB + 1 byte in pieces of 1 MiB (6 pieces),
// pieces 0, 1 and 3 done, piece 4 in flight with its first 3 blocks.
func sample() *Control {
	c := New(1<<20, 5<<20+1)
	for _, i := range []int{0, 1, 3} {
		c.SetDone(i)
	}
	c.InFlight = []Piece{{Index: 4, Length: 1 << 20, Blocks: []byte{0xe0, 0, 0, 0, 0, 0, 0, 0}}}
	return c
}

func mustMarshal(t testing.TB, c *Control) []byte {
	t.Helper()
	b, err := c.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestParseSample(t *testing.T) {
	b := mustMarshal(t, sample())
	// The bytes aria2 writes for it, field by field.
	want := []byte{0, 1, 0, 0, 0, 0}                           // version 1, extension
	want = append(want, 0, 0, 0, 0)                            // no info hash
	want = append(want, 0, 0x10, 0, 0)                         // pieces of 1 MiB
	want = append(want, 0, 0, 0, 0, 0, 0x50, 0, 1)             // 5 MiB + 1
	want = append(want, 0, 0, 0, 0, 0, 0, 0, 0)                // uploaded
	want = append(want, 0, 0, 0, 1, 0xd0)                      // pieces 0, 1, 3
	want = append(want, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0x10, 0, 0) // piece 4 in flight
	want = append(want, 0, 0, 0, 8, 0xe0, 0, 0, 0, 0, 0, 0, 0) // its first 3 blocks
	if !bytes.Equal(b, want) {
		t.Fatalf("marshalled\n%x\nwant\n%x", b, want)
	}
	c, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if c.Version != 1 || c.PieceLength != 1<<20 || c.TotalLength != 5<<20+1 || c.Pieces() != 6 || len(c.InFlight) != 1 || c.InFlight[0].Index != 4 {
		t.Fatalf("parsed %+v", c)
	}
	for i, want := range []bool{true, true, false, true, false, false} {
		if c.Done(i) != want {
			t.Errorf("piece %d done: %v, want %v", i, c.Done(i), want)
		}
	}
	if c.Done(-1) || c.Done(6) || c.Done(1<<40) {
		t.Error("a piece out of range is done")
	}
	if got := c.DoneBytes(); got != 3<<20 {
		t.Errorf("DoneBytes %d, want %d", got, 3<<20)
	}
}

// A file aria2c 1.36.0 wrote when interrupted (SIGINT) while it
// downloaded 16 MiB on one connection: pieces 0 and 1 done, the first 16
// blocks of piece 2 in flight.
func TestParseAria2cFile(t *testing.T) {
	c, err := ReadFile(filepath.Join("testdata", "aria2c-1.36.0.aria2"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Version != 1 || c.Torrent() || c.PieceLength != 1<<20 || c.TotalLength != 16<<20 || c.Pieces() != 16 {
		t.Fatalf("parsed %+v", c)
	}
	if !c.Done(0) || !c.Done(1) || c.Done(2) || c.DoneBytes() != 2<<20 {
		t.Fatalf("done pieces %x, %d bytes", c.Bitfield, c.DoneBytes())
	}
	if len(c.InFlight) != 1 || c.InFlight[0].Index != 2 || !bytes.Equal(c.InFlight[0].Blocks, []byte{0xff, 0xff, 0, 0, 0, 0, 0, 0}) {
		t.Fatalf("in flight %+v", c.InFlight)
	}
}

// Version 0 holds its integers in the host's byte order, as aria2 reads them.
func TestParseVersion0(t *testing.T) {
	s := sample()
	s.Version = 0
	b := mustMarshal(t, s)
	if b[1] != 0 || binary.NativeEndian.Uint32(b[10:]) != 1<<20 {
		t.Fatalf("not a version 0 file: %x", b)
	}
	c, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if c.Version != 0 || c.PieceLength != 1<<20 || c.TotalLength != 5<<20+1 || !c.Done(3) {
		t.Fatalf("parsed %+v", c)
	}
}

func TestParseTorrent(t *testing.T) {
	s := sample()
	s.Extension[3], s.InfoHash, s.UploadLength = 1, bytes.Repeat([]byte{0xab}, 20), 12345
	c, err := Parse(mustMarshal(t, s))
	if err != nil {
		t.Fatal(err)
	}
	if !c.Torrent() || len(c.InfoHash) != 20 || c.UploadLength != 12345 {
		t.Fatalf("parsed %+v", c)
	}
}

func TestParseEmptyFile(t *testing.T) {
	c, err := Parse(mustMarshal(t, New(1<<20, 0)))
	if err != nil {
		t.Fatal(err)
	}
	if c.Pieces() != 0 || !c.Covers(0, 0) || c.Covers(0, 1) {
		t.Fatalf("parsed %+v", c)
	}
}

// Each field damaged in turn: an *Error that says which, never a panic.
func TestParseDamage(t *testing.T) {
	good := mustMarshal(t, sample())
	put32 := func(off int, v uint32) []byte {
		b := bytes.Clone(good)
		binary.BigEndian.PutUint32(b[off:], v)
		return b
	}
	put64 := func(off int, v uint64) []byte {
		b := bytes.Clone(good)
		binary.BigEndian.PutUint64(b[off:], v)
		return b
	}
	// Offsets in sample(): version 0, extension 2, info hash length 6,
	// piece length 10, total 14, upload 22, bitfield length 30, bitfield
	// 34, in-flight count 35, index 39, length 43, its bitfield length 47,
	// its bitfield 51-58.
	for _, tc := range []struct {
		name string
		b    []byte
		want string
	}{
		{"empty", nil, "ends in its version"},
		{"one byte", good[:1], "ends in its version"},
		{"version 2", append([]byte{0, 2}, good[2:]...), "version 0x0002"},
		{"version 0x0100", append([]byte{1, 0}, good[2:]...), "version 0x0100"},
		{"cut in the extension", good[:4], "ends in its extension"},
		{"info hash too long", put32(6, 21), "info hash length 21"},
		{"info hash length huge", put32(6, math.MaxUint32), "info hash length 4294967295"},
		{"info hash past the end", append(put32(6, 20)[:10], make([]byte, 5)...), "ends in its info hash"},
		{"piece length 0", put32(10, 0), "piece length 0"},
		{"total past int64", put64(14, 1<<63), "past any file"},
		{"total longer: bitfield too short", put64(14, 9<<20), "bitfield length 1, not 2"},
		{"piece length 1: bitfield too short", put32(10, 1), "bitfield length 1, not 655361"},
		{"bitfield length 2^32-1", put32(30, math.MaxUint32), "bitfield length 4294967295"},
		{"cut in the bitfield", good[:34], "ends in its bitfield"},
		{"cut before the in-flight count", good[:35], "ends in its number of in-flight pieces"},
		{"in-flight count huge", put32(35, math.MaxUint32), "4294967295 in-flight pieces"},
		{"in-flight count above the file", put32(35, 2), "2 in-flight pieces"},
		{"in-flight index out of range", put32(39, 6), "in-flight piece 6 of 6 pieces"},
		{"in-flight piece too long", put32(43, 1<<20+1), "longer than a piece"},
		{"in-flight bitfield length wrong", put32(47, 7), "bitfield length 7, not 8"},
		{"cut in an in-flight bitfield", good[:55], "ends in its in-flight piece bitfield"},
		{"trailing bytes", append(bytes.Clone(good), 0), "1 bytes after the last piece"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Parse(tc.b)
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("Parse: %+v, %v; want an *Error", c, err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not say %q", err, tc.want)
			}
		})
	}
}

func TestReadRefusesLargeFiles(t *testing.T) {
	big := make([]byte, MaxSize+1)
	if _, err := Read(bytes.NewReader(big)); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("Read of %d bytes: %v, want ErrTooLarge", len(big), err)
	}
	if _, err := Parse(big); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("Parse of %d bytes: %v, want ErrTooLarge", len(big), err)
	}
	path := filepath.Join(t.TempDir(), "f.aria2")
	os.WriteFile(path, mustMarshal(t, sample()), 0o644)
	if c, err := ReadFile(path); err != nil || !c.Done(3) {
		t.Fatalf("ReadFile: %+v, %v", c, err)
	}
}

// A range is covered only when every byte of it lies in done pieces,
// whether pieces are larger or smaller than the range.
func TestCovers(t *testing.T) {
	c := sample() // pieces of 1 MiB, 0, 1 and 3 done, 6 pieces, 5 MiB + 1
	const M = 1 << 20
	for _, tc := range []struct {
		start, end int64
		want       bool
	}{
		{0, 0, true},
		{0, M, true},
		{0, 2 * M, true},          // two pieces
		{0, 2*M + 1, false},       // one byte into piece 2
		{M / 4, M / 2, true},      // inside a piece
		{2*M - 1, 2 * M, true},    // the last byte of piece 1
		{2*M - 1, 2*M + 1, false}, // across into piece 2
		{3 * M, 4 * M, true},
		{3*M + 5, 3*M + 6, true},
		{3 * M, 4*M + 1, false},
		{5 * M, 5*M + 1, false}, // the short last piece, not done
		{-1, 5, false},
		{5, 4, false},
		{0, 5*M + 2, false}, // past the end
	} {
		if got := c.Covers(tc.start, tc.end); got != tc.want {
			t.Errorf("Covers(%d, %d) = %v, want %v", tc.start, tc.end, got, tc.want)
		}
	}
	// Pieces smaller than the ranges asked (16 KiB against 1 MiB).
	s := New(16<<10, 4*M)
	for i := 0; i < 64; i++ { // the first MiB
		s.SetDone(i)
	}
	s.SetDone(70)
	if !s.Covers(0, M) || s.Covers(M, 2*M) || !s.Covers(70*16<<10, 71*16<<10) {
		t.Error("16 KiB pieces: wrong coverage")
	}
	s.SetDone(1 << 30) // ignored
	if s.DoneBytes() != M+16<<10 {
		t.Errorf("DoneBytes %d", s.DoneBytes())
	}
}

// FuzzParse: whatever the bytes, Parse returns without panicking, and what
// it accepts is written back as the same bytes (version 1; version 0 in
// this host's order) and answers Covers within its own length.
func FuzzParse(f *testing.F) {
	f.Add(mustMarshal(f, sample()))
	v0 := sample()
	v0.Version = 0
	f.Add(mustMarshal(f, v0))
	tor := sample()
	tor.Extension[3], tor.InfoHash = 1, make([]byte, 20)
	f.Add(mustMarshal(f, tor))
	f.Add(mustMarshal(f, New(1<<20, 0)))
	f.Add(mustMarshal(f, New(1, 17)))
	f.Add([]byte{0, 1})
	if b, err := os.ReadFile(filepath.Join("testdata", "aria2c-1.36.0.aria2")); err == nil {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := Parse(b)
		if err != nil {
			var pe *Error
			if c != nil || !errors.As(err, &pe) && !errors.Is(err, ErrTooLarge) {
				t.Fatalf("Parse: %+v, %v", c, err)
			}
			return
		}
		again, err := c.MarshalBinary()
		if err != nil || !bytes.Equal(again, b) {
			t.Fatalf("%x parsed as %+v, written back as %x (%v)", b, c, again, err)
		}
		if c.Covers(0, c.TotalLength+1) || c.Covers(-1, 0) {
			t.Fatal("covers bytes outside the file")
		}
		if d := c.DoneBytes(); d < 0 || d > c.TotalLength {
			t.Fatalf("DoneBytes %d of %d", d, c.TotalLength)
		}
		if c.TotalLength > 0 && c.Covers(0, c.TotalLength) != (c.DoneBytes() == c.TotalLength) {
			t.Fatal("Covers of the whole file disagrees with DoneBytes")
		}
	})
}

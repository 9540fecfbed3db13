// Package aria2ctl reads aria2's control file (NAME.aria2): the piece
// length, the total length and the bitfield of the pieces aria2 finished,
// so that a download aria2c left unfinished can be taken over.
//
// The layout, as aria2's manual ("Control File (*.aria2) Format") gives
// it; integers are big-endian in version 1 and in the host's byte order in
// version 0 (read here as aria2 reads them: in this host's order):
//
//	version            2 bytes   0x0000 or 0x0001
//	extension          4 bytes   bit 0 of the last byte: a BitTorrent download
//	info hash length   4 bytes   at most 20
//	info hash          that many bytes
//	piece length       4 bytes   not 0
//	total length       8 bytes
//	upload length      8 bytes
//	bitfield length    4 bytes   ceil(ceil(total / piece) / 8)
//	bitfield           that many bytes, piece 0 in the high bit of byte 0
//	in-flight pieces   4 bytes   then for each one:
//	  index            4 bytes   below the number of pieces
//	  length           4 bytes   at most the piece length
//	  bitfield length  4 bytes   ceil(ceil(length / 16 KiB) / 8)
//	  bitfield         that many bytes, one bit a block of 16 KiB
//
// Everything in the file is taken as hostile: each length is checked
// against what it must be and against the bytes that are left before
// anything is allocated for it, a file larger than MaxSize is refused
// unread, and Parse never panics. A file that does not parse is an
// *Error.
//
// # Caveats
//
// A control file says what aria2 believed, not what is on disk: a piece
// marked done may hold other bytes (a file replaced since, a disk cache
// lost in a crash). Its caller checks the bytes.
package aria2ctl

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
)

// MaxSize is the largest control file read: 16 MiB holds the bitfield of
// 128 Mi pieces (2 PiB in aria2's 16 MiB pieces, 2 TiB in 16 KiB ones).
const MaxSize = 16 << 20

// BlockLength is the size of the blocks an in-flight piece's bitfield
// counts.
const BlockLength = 16 << 10

// maxInfoHash is the longest info hash aria2 writes or reads (SHA-1).
const maxInfoHash = 20

// Control is one control file, parsed.
type Control struct {
	Version int // 0 (host byte order) or 1 (big-endian)
	// Extension is as written; bit 0 of its last byte marks a BitTorrent
	// download (Torrent).
	Extension    [4]byte
	InfoHash     []byte // empty but for a BitTorrent download
	PieceLength  int64  // bytes per piece; the last piece may be shorter
	TotalLength  int64  // bytes of the whole file
	UploadLength uint64 // bytes uploaded (BitTorrent only)
	// Bitfield has a bit for each piece, set for those done: piece i is
	// bit 7-i%8 of byte i/8. Bits past the last piece mean nothing.
	Bitfield []byte
	InFlight []Piece // pieces begun but not done
}

// Torrent reports whether the extension marks a BitTorrent download.
func (c *Control) Torrent() bool { return c.Extension[3]&1 != 0 }

// Piece is a piece aria2 had begun: which of its 16 KiB blocks it had.
type Piece struct {
	Index  int
	Length int64
	Blocks []byte // a bit for each block, as in Control.Bitfield
}

// Error is a control file that does not parse: Offset is where in it
// the fault is found.
type Error struct {
	Offset int64
	Reason string
}

func (e *Error) Error() string {
	return fmt.Sprintf("byte %d: %s", e.Offset, e.Reason)
}

// ErrTooLarge is matched by the error of a file larger than MaxSize.
var ErrTooLarge = errors.New("larger than any control file")

// ReadFile reads and parses the control file at path, reading at most
// MaxSize bytes.
func ReadFile(path string) (*Control, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f)
}

// Read parses the control file r holds, reading at most MaxSize+1 bytes.
func Read(r io.Reader) (*Control, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		return nil, err
	}
	if len(b) > MaxSize {
		return nil, fmt.Errorf("%w (%d bytes at most)", ErrTooLarge, MaxSize)
	}
	return Parse(b)
}

// Parse parses a whole control file. Bytes after the last in-flight piece
// are an error: a file that is more than aria2 writes is not trusted.
func Parse(b []byte) (*Control, error) {
	if len(b) > MaxSize {
		return nil, fmt.Errorf("%w (%d bytes at most)", ErrTooLarge, MaxSize)
	}
	p := &parser{b: b}
	c := &Control{}
	switch v := p.bytes(2, "version"); {
	case p.err != nil:
		return nil, p.err
	case v[0] == 0 && v[1] == 0:
		p.order = binary.NativeEndian
	case v[0] == 0 && v[1] == 1:
		c.Version, p.order = 1, binary.BigEndian
	default:
		return nil, p.fail(0, fmt.Sprintf("version %#02x%02x, not 0 or 1", v[0], v[1]))
	}
	copy(c.Extension[:], p.bytes(4, "extension"))
	at := p.off
	if n := p.u32("info hash length"); p.err == nil && n > maxInfoHash {
		return nil, p.fail(at, fmt.Sprintf("info hash length %d, more than %d", n, maxInfoHash))
	} else if p.err == nil {
		c.InfoHash = p.bytes(int(n), "info hash")
	}
	at = p.off
	if c.PieceLength = int64(p.u32("piece length")); p.err == nil && c.PieceLength == 0 {
		return nil, p.fail(at, "piece length 0")
	}
	at = p.off
	if total := p.u64("total length"); p.err == nil && total > math.MaxInt64 {
		return nil, p.fail(at, fmt.Sprintf("total length %d, past any file", total))
	} else {
		c.TotalLength = int64(total)
	}
	c.UploadLength = p.u64("upload length")
	at = p.off
	n := p.u32("bitfield length")
	if p.err != nil {
		return nil, p.err
	}
	pieces := c.Pieces()
	if want := bitfieldLength(int64(pieces)); int64(n) != want {
		return nil, p.fail(at, fmt.Sprintf("bitfield length %d, not %d for %d pieces of %d bytes in %d", n, want, pieces, c.PieceLength, c.TotalLength))
	}
	c.Bitfield = p.bytes(int(n), "bitfield")
	if err := p.inFlight(c); err != nil {
		return nil, err
	}
	if p.off != len(b) {
		return nil, p.fail(p.off, fmt.Sprintf("%d bytes after the last piece", len(b)-p.off))
	}
	return c, nil
}

// inFlight reads the pieces begun but not done.
func (p *parser) inFlight(c *Control) error {
	at := p.off
	count := p.u32("number of in-flight pieces")
	if p.err != nil {
		return p.err
	}
	// Each takes 12 bytes at least: never reserve more than the file holds.
	if int64(count) > int64(c.Pieces()) || int64(count) > int64(len(p.b)-p.off)/12 {
		return p.fail(at, fmt.Sprintf("%d in-flight pieces: more than %d pieces or than the file holds", count, c.Pieces()))
	}
	c.InFlight = make([]Piece, 0, count)
	for range count {
		at := p.off
		idx := p.u32("in-flight piece index")
		if p.err == nil && int64(idx) >= int64(c.Pieces()) {
			return p.fail(at, fmt.Sprintf("in-flight piece %d of %d pieces", idx, c.Pieces()))
		}
		at = p.off
		length := int64(p.u32("in-flight piece length"))
		if p.err == nil && length > c.PieceLength {
			return p.fail(at, fmt.Sprintf("in-flight piece of %d bytes, longer than a piece (%d)", length, c.PieceLength))
		}
		at = p.off
		n := p.u32("in-flight piece bitfield length")
		if p.err != nil {
			return p.err
		}
		blocks := (length + BlockLength - 1) / BlockLength
		if want := bitfieldLength(blocks); int64(n) != want {
			return p.fail(at, fmt.Sprintf("in-flight piece %d: bitfield length %d, not %d for %d bytes", idx, n, want, length))
		}
		bits := p.bytes(int(n), "in-flight piece bitfield")
		if p.err != nil {
			return p.err
		}
		c.InFlight = append(c.InFlight, Piece{Index: int(idx), Length: length, Blocks: bits})
	}
	return nil
}

// bitfieldLength is the bytes of a bitfield of n bits.
func bitfieldLength(n int64) int64 { return (n + 7) / 8 }

// Pieces is the number of pieces: the total length in pieces, the last
// one possibly shorter.
func (c *Control) Pieces() int {
	if c.PieceLength <= 0 || c.TotalLength <= 0 {
		return 0
	}
	n := uint64(c.TotalLength)/uint64(c.PieceLength) + 1
	if uint64(c.TotalLength)%uint64(c.PieceLength) == 0 {
		n--
	}
	return int(min(n, math.MaxInt))
}

// Done reports whether aria2 finished piece i.
func (c *Control) Done(i int) bool {
	if i < 0 || i >= c.Pieces() || i/8 >= len(c.Bitfield) {
		return false
	}
	return c.Bitfield[i/8]&(0x80>>(i%8)) != 0
}

// Covers reports whether every byte of [start, end) lies in pieces aria2
// finished. An empty range inside the file is covered.
func (c *Control) Covers(start, end int64) bool {
	if start < 0 || end > c.TotalLength || start > end || c.PieceLength <= 0 {
		return false
	}
	if start == end {
		return true
	}
	for i := start / c.PieceLength; i <= (end-1)/c.PieceLength; i++ {
		if !c.Done(int(i)) {
			return false
		}
	}
	return true
}

// DoneBytes is how many bytes of the file lie in finished pieces.
func (c *Control) DoneBytes() int64 {
	var n int64
	pieces := c.Pieces()
	for j, by := range c.Bitfield {
		for k := 0; by != 0 && k < 8; k++ {
			if i := j*8 + k; i < pieces && by&(0x80>>k) != 0 {
				start := int64(i) * c.PieceLength
				n += min(c.PieceLength, c.TotalLength-start)
			}
		}
	}
	return n
}

// parser reads the fields of a control file in order; the first fault
// sticks in err, and every later read returns zero values.
type parser struct {
	b     []byte
	off   int
	order binary.ByteOrder
	err   error
}

func (p *parser) fail(at int, reason string) error {
	if p.err == nil {
		p.err = &Error{Offset: int64(at), Reason: reason}
	}
	return p.err
}

// bytes returns the next n bytes, a copy, or nil once anything failed.
func (p *parser) bytes(n int, what string) []byte {
	if p.err != nil {
		return nil
	}
	if n < 0 || n > len(p.b)-p.off {
		p.fail(p.off, fmt.Sprintf("the file ends in its %s (%d bytes left, %d wanted)", what, len(p.b)-p.off, n))
		return nil
	}
	out := make([]byte, n)
	copy(out, p.b[p.off:])
	p.off += n
	return out
}

func (p *parser) u32(what string) uint32 {
	if b := p.bytes(4, what); b != nil {
		return p.order.Uint32(b)
	}
	return 0
}

func (p *parser) u64(what string) uint64 {
	if b := p.bytes(8, what); b != nil {
		return p.order.Uint64(b)
	}
	return 0
}

// Writing a control file as aria2 writes it (version 1, big-endian): what
// the tests of its readers build their files with.

package aria2ctl

import (
	"encoding/binary"
	"errors"
)

// New is the control file of a download of total bytes in pieces of
// pieceLength, none of them done.
func New(pieceLength, total int64) *Control {
	c := &Control{Version: 1, PieceLength: pieceLength, TotalLength: total}
	c.Bitfield = make([]byte, bitfieldLength(int64(c.Pieces())))
	return c
}

// SetDone marks piece i done; an index out of range is ignored.
func (c *Control) SetDone(i int) {
	if i >= 0 && i < c.Pieces() && i/8 < len(c.Bitfield) {
		c.Bitfield[i/8] |= 0x80 >> (i % 8)
	}
}

// MarshalBinary writes c in version 1 (or in this host's byte order for
// version 0), with the lengths its fields have: a Control that Parse
// would refuse is written as it is, so that tests can build damaged files.
func (c *Control) MarshalBinary() ([]byte, error) {
	if c.PieceLength < 0 || c.PieceLength > 1<<32-1 || c.TotalLength < 0 {
		return nil, errors.New("aria2ctl: piece length or total length out of range")
	}
	var order binary.AppendByteOrder = binary.BigEndian
	b := []byte{0, 1}
	if c.Version == 0 {
		order, b = binary.NativeEndian, []byte{0, 0}
	}
	b = append(b, c.Extension[:]...)
	b = order.AppendUint32(b, uint32(len(c.InfoHash)))
	b = append(b, c.InfoHash...)
	b = order.AppendUint32(b, uint32(c.PieceLength))
	b = order.AppendUint64(b, uint64(c.TotalLength))
	b = order.AppendUint64(b, c.UploadLength)
	b = order.AppendUint32(b, uint32(len(c.Bitfield)))
	b = append(b, c.Bitfield...)
	b = order.AppendUint32(b, uint32(len(c.InFlight)))
	for _, p := range c.InFlight {
		b = order.AppendUint32(b, uint32(p.Index))
		b = order.AppendUint32(b, uint32(p.Length))
		b = order.AppendUint32(b, uint32(len(p.Blocks)))
		b = append(b, p.Blocks...)
	}
	return b, nil
}

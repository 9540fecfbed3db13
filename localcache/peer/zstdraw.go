// Raw zstd frames: a slice stored as it is, wrapped so that it can travel in
// a zstd answer beside slices stored compressed.

package peer

import (
	"encoding/binary"
	"io"
)

// rawBlockMax is the largest block of a frame (zstd's Block_Maximum_Size,
// 128 KiB).
const rawBlockMax = 128 << 10

// rawFrameLen is the length of rawFrame for n bytes of content.
func rawFrameLen(n int64) int64 {
	blocks := max((n+rawBlockMax-1)/rawBlockMax, 1)
	return 4 + 1 + 8 + 3*blocks + n
}

// writeRawFrame writes data to w as one zstd frame of raw (uncompressed)
// blocks: the magic number, a single-segment frame header with the
// content size in 8 bytes, then blocks of at most 128 KiB, each a 3-byte
// header (last-block bit, type 0 = raw, size) and the bytes. It costs a
// copy, not a compression, and any zstd decoder reads it.
func writeRawFrame(w io.Writer, data []byte) (int64, error) {
	var hdr [13]byte
	binary.LittleEndian.PutUint32(hdr[0:], 0xFD2FB528)
	hdr[4] = 0xE0 // Frame_Content_Size_flag 3 (8 bytes), Single_Segment_flag
	binary.LittleEndian.PutUint64(hdr[5:], uint64(len(data)))
	n, err := w.Write(hdr[:])
	total := int64(n)
	if err != nil {
		return total, err
	}
	for first := true; first || len(data) > 0; first = false {
		b := data[:min(len(data), rawBlockMax)]
		data = data[len(b):]
		h := uint32(len(b)) << 3 // Block_Type 0 (raw) in bits 1-2
		if len(data) == 0 {
			h |= 1 // Last_Block
		}
		bh := [3]byte{byte(h), byte(h >> 8), byte(h >> 16)}
		n, err := w.Write(bh[:])
		total += int64(n)
		if err != nil {
			return total, err
		}
		n, err = w.Write(b)
		total += int64(n)
		if err != nil {
			return total, err
		}
	}
	return total, nil
}

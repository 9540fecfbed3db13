// Slice files: the self-describing header, its encoding and its checked decoding.

package localcache

import (
	"encoding/binary"
	"hash/crc32"
	"time"

	"github.com/slget/slget/segment"
)

// FormatVersion is the version of the cache format this package writes: the
// header of slice files and the layout of the index. Open refuses a cache
// with a higher one (ErrVersion); a slice file with another one is damaged.
const FormatVersion = 1

// castagnoli is the CRC-32C table: the checksum of slice files and of
// slget's journal, computed with SSE4.2/ARMv8 instructions where present.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func crc32c(b []byte) uint32 { return crc32.Checksum(b, castagnoli) }

// A slice file is a header followed by the stored bytes, nothing else: its
// size is exactly the header's length plus the stored size.
//
// The header, all integers little-endian:
//
//	off  len  field
//	  0    4  magic "SLGc"
//	  4    2  format version (1)
//	  6    1  codec (0 identity, 1 zstd)
//	  7    1  reserved, 0
//	  8    4  header length in bytes, this CRC's 4 included
//	 12   32  key hash (the file's name in hex)
//	 44    8  slice size
//	 52    8  slice index
//	 60    8  plaintext size: 1 to slice size
//	 68    8  stored size: the plaintext size for identity, less for zstd
//	 76    4  CRC-32C of the plaintext
//	 80    4  CRC-32C of the stored bytes
//	 84    8  created, Unix nanoseconds
//	 92    2  URL length
//	 94    2  validator length
//	 96    2  Content-Type length
//	 98    2  Content-Encoding length
//	100    …  URL, validator, Content-Type, Content-Encoding
//	 end-4 4  CRC-32C of all the header bytes before it
//
// The key (URL, validator, slice size, index) is in the header so that the
// index can be rebuilt from the files alone, and so that a file whose name
// and content disagree is caught: the hash must be the key's. Two CRCs:
// the stored bytes' lets OpenRaw send a zstd frame unopened yet checked;
// the plaintext's is the per-slice checksum slget's journal keeps.
const (
	fileMagic    = "SLGc"
	headerFixed  = 100
	headerMaxLen = headerFixed + MaxURLLen + MaxValidatorLen + 2*MaxMetaLen + 4
)

// header is the decoded header of a slice file.
type header struct {
	codec     Codec
	hash      hash
	sliceSize int64
	index     int64
	size      int64 // plaintext
	stored    int64
	crc       uint32 // of the plaintext
	storedCRC uint32
	created   time.Time

	url, validator               string
	contentType, contentEncoding string
}

// length is the encoded header's size in bytes.
func (h *header) length() int {
	return headerFixed + len(h.url) + len(h.validator) + len(h.contentType) + len(h.contentEncoding) + 4
}

// appendTo appends the encoded header to b. The strings must be within
// their limits (resolve and Put check them).
func (h *header) appendTo(b []byte) []byte {
	start := len(b)
	le := binary.LittleEndian
	b = append(b, fileMagic...)
	b = le.AppendUint16(b, FormatVersion)
	b = append(b, byte(h.codec), 0)
	b = le.AppendUint32(b, uint32(h.length()))
	b = append(b, h.hash[:]...)
	for _, v := range []int64{h.sliceSize, h.index, h.size, h.stored} {
		b = le.AppendUint64(b, uint64(v))
	}
	b = le.AppendUint32(b, h.crc)
	b = le.AppendUint32(b, h.storedCRC)
	b = le.AppendUint64(b, uint64(h.created.UnixNano()))
	strs := []string{h.url, h.validator, h.contentType, h.contentEncoding}
	for _, s := range strs {
		b = le.AppendUint16(b, uint16(len(s)))
	}
	for _, s := range strs {
		b = append(b, s...)
	}
	return le.AppendUint32(b, crc32c(b[start:]))
}

// headerLen reads the header length from the first headerFixed bytes of a
// file, after checking the magic and the bounds; the caller then reads that
// many bytes and calls decodeHeader.
func headerLen(b []byte) (int, error) {
	if len(b) < headerFixed {
		return 0, detailf(ErrCorrupt, "file of %d bytes is shorter than a header", len(b))
	}
	if string(b[:4]) != fileMagic {
		return 0, detailf(ErrCorrupt, "not a slice file (magic %q)", b[:4])
	}
	if v := binary.LittleEndian.Uint16(b[4:]); v != FormatVersion {
		return 0, detailf(ErrCorrupt, "slice file format %d, this slget writes %d", v, FormatVersion)
	}
	n := binary.LittleEndian.Uint32(b[8:])
	if n < headerFixed+4 || n > headerMaxLen {
		return 0, detailf(ErrCorrupt, "header length %d out of bounds", n)
	}
	return int(n), nil
}

// decodeHeader decodes and checks the header at the start of b, which must
// hold at least the whole header. Whatever b holds, it returns an error
// matching ErrCorrupt rather than a header it cannot vouch for, and never
// panics.
func decodeHeader(b []byte) (header, error) {
	n, err := headerLen(b)
	if err != nil {
		return header{}, err
	}
	if len(b) < n {
		return header{}, detailf(ErrCorrupt, "header of %d bytes cut at %d", n, len(b))
	}
	le := binary.LittleEndian
	if got, want := crc32c(b[:n-4]), le.Uint32(b[n-4:]); got != want {
		return header{}, detailf(ErrCorrupt, "header checksum %08x, recorded %08x", got, want)
	}
	h := header{
		codec:     Codec(b[6]),
		sliceSize: int64(le.Uint64(b[44:])),
		index:     int64(le.Uint64(b[52:])),
		size:      int64(le.Uint64(b[60:])),
		stored:    int64(le.Uint64(b[68:])),
		crc:       le.Uint32(b[76:]),
		storedCRC: le.Uint32(b[80:]),
		created:   time.Unix(0, int64(le.Uint64(b[84:]))),
	}
	copy(h.hash[:], b[12:44])
	var lens [4]int
	total := headerFixed + 4
	for i := range lens {
		lens[i] = int(le.Uint16(b[92+2*i:]))
		total += lens[i]
	}
	if total != n {
		return header{}, detailf(ErrCorrupt, "header length %d, its fields need %d", n, total)
	}
	strs := make([]string, 4)
	off := headerFixed
	for i, l := range lens {
		strs[i] = string(b[off : off+l])
		off += l
	}
	h.url, h.validator, h.contentType, h.contentEncoding = strs[0], strs[1], strs[2], strs[3]
	if err := h.check(b[7]); err != nil {
		return header{}, err
	}
	return h, nil
}

// check holds a decoded header to what Put can have written.
func (h *header) check(reserved byte) error {
	switch {
	case reserved != 0:
		return detailf(ErrCorrupt, "reserved header byte %d", reserved)
	case !h.codec.valid():
		return detailf(ErrCorrupt, "unknown codec %d", h.codec)
	case h.sliceSize < minSlice || h.sliceSize > segment.MaxSlice:
		return detailf(ErrCorrupt, "slice size %d out of bounds", h.sliceSize)
	case h.index < 0 || h.index > maxIndex:
		return detailf(ErrCorrupt, "slice index %d out of bounds", h.index)
	case h.size < 1 || h.size > h.sliceSize:
		return detailf(ErrCorrupt, "plaintext size %d out of bounds", h.size)
	case h.codec == Identity && (h.stored != h.size || h.storedCRC != h.crc):
		return detailf(ErrCorrupt, "stored bytes differ from plaintext without a codec")
	case h.codec == Zstd && (h.stored < 1 || h.stored >= h.size):
		return detailf(ErrCorrupt, "zstd size %d out of bounds for %d bytes", h.stored, h.size)
	case len(h.url) > MaxURLLen, len(h.validator) > MaxValidatorLen,
		len(h.contentType) > MaxMetaLen, len(h.contentEncoding) > MaxMetaLen:
		return detailf(ErrCorrupt, "header string past its limit")
	case checkValidator(h.validator) != nil:
		return detailf(ErrCorrupt, "bad validator %q", h.validator)
	}
	if u, err := canonicalURL(h.url); err != nil || u != h.url {
		return detailf(ErrCorrupt, "URL in header is not canonical")
	}
	if sum(h.url, h.validator, h.sliceSize, h.index) != h.hash {
		return detailf(ErrCorrupt, "key hash does not match the key in the header")
	}
	return nil
}

// Codecs at rest: which slices are stored zstd, and the capped encoder and decoder.

package localcache

import (
	"fmt"
	"mime"
	"runtime"
	"strings"

	"github.com/klauspost/compress/zstd"
)

// Codec is how a slice's bytes sit in its file.
type Codec uint8

// The codecs. Zero is Identity.
const (
	Identity Codec = 0 // the bytes as they are
	Zstd     Codec = 1 // one zstd frame (level 3, with its content size and checksum)
)

func (c Codec) valid() bool { return c == Identity || c == Zstd }

func (c Codec) String() string {
	switch c {
	case Identity:
		return "identity"
	case Zstd:
		return "zstd"
	}
	return fmt.Sprintf("codec(%d)", uint8(c))
}

// MinCompressLen is the smallest slice that is tried with zstd: below it the
// saving is a few hundred bytes at best, less than a file system block.
const MinCompressLen = 4 << 10

// compressible says whether a response with this Content-Type and
// Content-Encoding is worth trying with zstd: text, JSON, JavaScript, CSS,
// XML and their +json/+xml kin (SVG among them), and only as identity (a
// gzip or br body is already compressed).
func compressible(m PutMeta) bool {
	if ce := strings.TrimSpace(m.ContentEncoding); ce != "" && !strings.EqualFold(ce, "identity") {
		return false
	}
	t, _, err := mime.ParseMediaType(m.ContentType)
	if err != nil {
		// A parameter that does not parse does not change the type.
		t, _, _ = strings.Cut(m.ContentType, ";")
		t = strings.ToLower(strings.TrimSpace(t))
	}
	switch {
	case strings.HasPrefix(t, "text/"):
		return true
	case t == "application/json", t == "application/xml", t == "application/ecmascript":
		return true
	case strings.Contains(t, "javascript"):
		return true
	case strings.HasSuffix(t, "+json"), strings.HasSuffix(t, "+xml"):
		return true
	}
	return false
}

// codecs holds one zstd encoder and one decoder for the whole Store. Both
// are safe for concurrent use and run up to GOMAXPROCS calls at once (more
// wait), each on its own pre-built state: a pool in all but name.
type codecs struct {
	enc *zstd.Encoder
	dec *zstd.Decoder
}

// newCodecs makes the encoder and the decoder for slices of sliceSize
// bytes. The decoder's memory is capped: it refuses any frame that would
// decode to more than a slice or needs a window larger than a slice.
func newCodecs(sliceSize int64) (*codecs, error) {
	n := runtime.GOMAXPROCS(0)
	enc, err := zstd.NewWriter(nil,
		zstd.WithEncoderLevel(zstd.SpeedDefault),
		zstd.WithEncoderConcurrency(n),
		zstd.WithEncoderCRC(true),
		zstd.WithWindowSize(windowFor(sliceSize)),
	)
	if err != nil {
		return nil, err
	}
	dec, err := zstd.NewReader(nil,
		zstd.WithDecoderConcurrency(n),
		zstd.WithDecoderMaxMemory(uint64(sliceSize)),
		zstd.WithDecoderMaxWindow(uint64(max(sliceSize, zstd.MinWindowSize))),
		// The CRC-32C of the plaintext, checked after every decode,
		// covers what the frame's xxhash would: checking both costs 7%
		// of the decoding speed for nothing (BenchmarkZstd).
		zstd.IgnoreChecksum(true),
	)
	if err != nil {
		enc.Close()
		return nil, err
	}
	return &codecs{enc: enc, dec: dec}, nil
}

// windowFor is the smallest window zstd accepts that covers a slice: a
// power of two between zstd's minimum and maximum.
func windowFor(sliceSize int64) int {
	w := zstd.MinWindowSize
	for int64(w) < sliceSize && w < zstd.MaxWindowSize {
		w <<= 1
	}
	return w
}

// compress appends the zstd frame of src to dst and reports whether it is
// smaller than src; if not, the caller stores src as it is.
func (c *codecs) compress(dst, src []byte) ([]byte, bool) {
	out := c.enc.EncodeAll(src, dst)
	return out, len(out)-len(dst) < len(src)
}

// decompress decodes frame, which must be one zstd frame that declares
// size bytes of content, into dst[:0] (replaced if it has not the capacity)
// and returns exactly size bytes. A frame that declares or produces another
// size is an error matching ErrCorrupt, and it is caught without decoding
// more than a slice: the declared size is checked first, the decoder stops
// a frame at a block past its declared size, and it refuses to produce
// more than a slice in all (WithDecoderMaxMemory).
func (c *codecs) decompress(dst, frame []byte, size int64) ([]byte, error) {
	var h zstd.Header
	if err := h.Decode(frame); err != nil {
		return nil, detailf(ErrCorrupt, "zstd frame header: %v", err)
	}
	if !h.HasFCS || h.FrameContentSize != uint64(size) {
		return nil, detailf(ErrCorrupt, "zstd frame declares %d bytes (known: %v), the header %d", h.FrameContentSize, h.HasFCS, size)
	}
	// A little room past the end lets the decoder's fast path run to the
	// last block.
	if int64(cap(dst)) < size+decodeSlack {
		dst = make([]byte, 0, size+decodeSlack)
	}
	out, err := c.dec.DecodeAll(frame, dst[:0])
	switch {
	case err != nil:
		return nil, detailf(ErrCorrupt, "zstd: %v", err)
	case int64(len(out)) != size:
		return nil, detailf(ErrCorrupt, "zstd frame decoded to %d bytes, the header says %d", len(out), size)
	}
	return out, nil
}

// decodeSlack is the room past the end that the decoder's fast path wants.
const decodeSlack = 64

func (c *codecs) close() {
	c.enc.Close()
	c.dec.Close()
}

// The body of a peer's answer: pieces of at most maxPeerRun slices, each
// whole slice checked against the checksum the peer sent for it, and the
// parser of that header.

package fetch

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/klauspost/compress/zstd"

	"github.com/slget/slget/segment"
)

// sliceSums are the checksums a peer sent for the whole slices
// [first, first+len(crc)).
type sliceSums struct {
	first int
	crc   []uint32
}

func (ss sliceSums) get(i int) (uint32, bool) {
	if i < ss.first || i-ss.first >= len(ss.crc) {
		return 0, false
	}
	return ss.crc[i-ss.first], true
}

// vouched is how many slices from slice first on have a checksum: none
// unless the list starts there.
func (ss sliceSums) vouched(first int) int {
	if ss.first != first {
		return 0
	}
	return len(ss.crc)
}

// peerBody reads a range from a peer, a piece of at most maxPeerRun slices
// per request, and checks each whole slice as it ends. Reads stop at slice
// boundaries, so a slice that fails its check ends the body right after
// its last byte. Only slices the answer gives a checksum for are read: an
// answer that vouches for none is refused, and one that vouches for its
// first slices alone (a peer filling the rest from the origin as it
// answers cannot know their checksums before its headers) is read that
// far and the rest asked for again.
type peerBody struct {
	s      *PeerSource
	ctx    context.Context // cancelled by Close
	cancel context.CancelFunc
	want   segment.Range
	pos    int64 // offset of the next byte to read

	readMu      sync.Mutex // held by Read, and by Close after it cancelled
	resp        *http.Response
	pieceCancel context.CancelCauseFunc // ends the piece's request
	dec         *zstd.Decoder           // nil for identity
	cur         io.Reader               // the piece's plain bytes
	pieceEnd    int64                   // where the piece's vouched slices end
	cut         bool                    // the answer goes on past pieceEnd, unvouched
	sums        sliceSums
	crc         uint32 // of the current slice so far
	err         error  // sticky
	closed      bool
}

// openPiece asks for the next piece, from pos, and checks the answer's
// headers.
func (b *peerBody) openPiece() error {
	s := b.s
	end := min(b.want.End, b.pos+maxPeerRun*s.Plan.Slice)
	piece := segment.Range{Start: b.pos, End: end}
	// The wait for headers is bounded between signs of progress, and
	// capped (peerWait): a 102 whose progress grew counts as one, for
	// this body's header timer and for the caller (OnWait), but not for
	// the stall watch of a download's connection.
	rctx, wait := s.waitHeaders(b.ctx)
	resp, err := s.send(rctx, piece)
	wait.stop()
	if err != nil {
		var pe *PeerError
		if errors.As(err, &pe) {
			wait.end()
			return err
		}
		cause := context.Cause(rctx)
		wait.end()
		if b.ctx.Err() != nil {
			return b.ctx.Err()
		}
		return wait.failed(cause, err)
	}
	b.pieceCancel = wait.cancel
	if err := s.check(resp, piece); err != nil {
		if err.Status != 0 {
			io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		}
		resp.Body.Close()
		return err
	}
	first := s.Plan.Index(piece.Start)
	sums, err := parseSliceSums(resp.Header.Values(headerSliceSums), first, s.Plan.Index(piece.End-1)+1)
	if err != nil {
		resp.Body.Close()
		return &PeerError{Peer: s.Peer.addr, Reason: "sent a malformed " + headerSliceSums, Err: err, Drop: true}
	}
	// Bytes no checksum vouches for are never taken: a peer that sends
	// none is as untrustworthy as one whose checksums fail.
	n := sums.vouched(first)
	if n == 0 {
		resp.Body.Close()
		return &PeerError{Peer: s.Peer.addr, Drop: true,
			Reason: fmt.Sprintf("sent slice %d (%s) without its checksum in %s", first, s.Plan.SliceRange(first), headerSliceSums)}
	}
	vouchedEnd := min(piece.End, s.Plan.SliceRange(first+n-1).End)
	var plain io.Reader = resp.Body
	if s.slicesAnswer(resp) { // zstd frames, the headers checked
		w := uint64(min(max(s.Plan.Slice, zstd.MinWindowSize), zstd.MaxWindowSize))
		dec, err := zstd.NewReader(resp.Body, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true), zstd.WithDecoderMaxWindow(w))
		if err != nil {
			resp.Body.Close()
			return &PeerError{Peer: s.Peer.addr, Reason: "zstd", Err: err}
		}
		b.dec, plain = dec, dec
	}
	b.resp, b.cur, b.pieceEnd, b.cut, b.sums, b.crc = resp, &pieceReader{r: plain, left: vouchedEnd - piece.Start}, vouchedEnd, vouchedEnd < piece.End, sums, 0
	return nil
}

func (b *peerBody) Read(p []byte) (int, error) {
	b.readMu.Lock()
	defer b.readMu.Unlock()
	if b.err != nil {
		return 0, b.err
	}
	if b.closed {
		return 0, errors.New("read of a closed peer body")
	}
	if b.pos >= b.want.End {
		return 0, io.EOF
	}
	if b.cur == nil {
		if err := b.openPiece(); err != nil {
			b.err = err
			return 0, err
		}
	}
	plan := b.s.Plan
	i := plan.Index(b.pos)
	sliceEnd := plan.SliceRange(i).End
	if int64(len(p)) > sliceEnd-b.pos {
		p = p[:sliceEnd-b.pos]
	}
	n, err := b.cur.Read(p)
	b.crc = crc32.Update(b.crc, castagnoli, p[:n])
	b.pos += int64(n)
	if b.pos == sliceEnd {
		want, ok := b.sums.get(i)
		if !ok { // openPiece reads vouched slices alone: a bug if ever seen
			b.err = &PeerError{Peer: b.s.Peer.addr, Drop: true, Reason: fmt.Sprintf("sent slice %d (%s) without its checksum", i, plan.SliceRange(i))}
			return n, b.err
		}
		if want != b.crc {
			b.err = &PeerError{Peer: b.s.Peer.addr, Drop: true, Lied: true,
				Reason: fmt.Sprintf("sent slice %d (%s) with CRC-32C %08x, but said %08x", i, plan.SliceRange(i), b.crc, want)}
			return n, b.err
		}
		b.crc = 0
	}
	if b.pos == b.pieceEnd && (err == nil || err == io.EOF) {
		err = b.endPiece()
	}
	switch {
	case err == nil:
	case b.ctx.Err() != nil:
		b.err = b.ctx.Err()
	case err == io.EOF && b.pos == b.want.End:
		return n, io.EOF
	default:
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			err = ErrShortBody
		}
		b.err = &PeerError{Peer: b.s.Peer.addr, Reason: "broke off its answer", Err: err}
	}
	if b.err != nil {
		return n, b.err
	}
	return n, nil
}

// endPiece closes a piece read to its end, or to the end of its vouched
// slices; it returns io.EOF when it was the last, nil when another is to
// be asked for.
func (b *peerBody) endPiece() error {
	var err error
	if !b.cut {
		err = b.cur.(*pieceReader).end()
	}
	b.closePiece()
	if err != nil {
		return err
	}
	if b.pos == b.want.End {
		return io.EOF
	}
	return nil
}

func (b *peerBody) closePiece() {
	if b.dec != nil {
		b.dec.Close()
		b.dec = nil
	}
	if b.resp != nil {
		b.resp.Body.Close()
		b.resp = nil
	}
	if b.pieceCancel != nil {
		b.pieceCancel(nil)
		b.pieceCancel = nil
	}
	b.cur = nil
}

// Close ends the body; it may be called while a Read is blocked, which
// it aborts.
func (b *peerBody) Close() error {
	b.cancel()
	b.readMu.Lock()
	defer b.readMu.Unlock()
	b.closed = true
	b.closePiece()
	return nil
}

// pieceReader reads exactly left bytes of a piece and then checks that the
// answer ends there.
type pieceReader struct {
	r    io.Reader
	left int64
}

func (p *pieceReader) Read(b []byte) (int, error) {
	if p.left <= 0 {
		return 0, io.EOF
	}
	n, err := readUpTo(p.r, b, &p.left)
	if err == io.EOF { // the piece's end: end() checks what follows
		err = nil
	}
	return n, err
}

// end checks, once the piece's bytes are read, that nothing follows them.
func (p *pieceReader) end() error {
	var one [1]byte
	for range 100 { // a reader that keeps answering (0, nil) is not ended
		n, err := p.r.Read(one[:])
		if n > 0 {
			return errors.New("the answer is longer than the range asked for")
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
	return errors.New("the answer does not end after the range asked for")
}

// parseSliceSums parses the X-Slget-Crc32c values of an answer that covers
// the slices [first, end): "FIRST:crc,crc,...", FIRST a slice index in
// decimal, each crc the CRC-32C of a whole slice in 8 hex digits. The
// slices it names must lie inside [first, end). No header means no
// checksums; what an answer with too few may be used for is the caller's
// to say (see peerBody).
func parseSliceSums(vals []string, first, end int) (sliceSums, error) {
	switch len(vals) {
	case 0:
		return sliceSums{}, nil
	case 1:
	default:
		return sliceSums{}, errors.New("the header is sent more than once")
	}
	v := strings.TrimSpace(vals[0])
	idx, list, ok := strings.Cut(v, ":")
	if !ok {
		return sliceSums{}, fmt.Errorf("%q has no ':' after the first slice index", clip(v))
	}
	n, err := parseNum(strings.TrimSpace(idx))
	if err != nil || n < int64(first) || n > int64(end) {
		return sliceSums{}, fmt.Errorf("%q: first slice %q is not in the range's slices %d-%d", clip(v), clip(idx), first, end-1)
	}
	ss := sliceSums{first: int(n)}
	list = strings.TrimSpace(list)
	if list == "" {
		return ss, nil
	}
	for f := range strings.SplitSeq(list, ",") {
		f = strings.TrimSpace(f)
		if len(f) != 8 {
			return sliceSums{}, fmt.Errorf("%q: checksum %q is not 8 hex digits", clip(v), clip(f))
		}
		c, err := strconv.ParseUint(f, 16, 32)
		if err != nil {
			return sliceSums{}, fmt.Errorf("%q: checksum %q is not 8 hex digits", clip(v), clip(f))
		}
		if ss.first+len(ss.crc) >= end {
			return sliceSums{}, fmt.Errorf("%q: more checksums than slices %d-%d", clip(v), first, end-1)
		}
		ss.crc = append(ss.crc, uint32(c))
	}
	return ss, nil
}

// clip shortens a string from the network for a message.
func clip(s string) string {
	if len(s) > 64 {
		return s[:64] + "…"
	}
	return s
}

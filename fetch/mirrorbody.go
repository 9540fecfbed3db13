// Mirror bodies: the bytes a mirror sends, counted, timed, and proven as
// they come: each whole piece against its digest, and a new mirror's first
// slice against a trusted mirror's.

package fetch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/slget/slget/segment"
)

// PieceSums are digests of consecutive pieces of Length bytes of the file
// (the last one shorter).
type PieceSums struct {
	Length int64
	Type   string // for messages: "sha-1"
	New    func() hash.Hash
	Sums   [][]byte
}

// PieceSlice is the slice size for a download with pieces of length:
// the multiple of length nearest to want (at least one piece), so that
// a slice holds whole pieces and a bad piece fails its slice.
func PieceSlice(want, length int64) int64 {
	if length <= 0 {
		return want
	}
	n := max((want+length/2)/length, 1)
	return n * length
}

// mirrorBody counts a mirror's bytes, times them, checks its pieces, and
// tells the Mirrors how it ended.
type mirrorBody struct {
	m     *Mirrors
	mr    *mirror
	ctx   context.Context
	rc    io.ReadCloser
	pos   int64 // file offset of the next byte
	end   int64
	start time.Time
	n     int64
	h     hash.Hash // the piece being read, nil when not checking one
	done  bool

	mu   sync.Mutex // pos, n, h, done: Close may run beside a Read
	once sync.Once  // the connection's release
}

// wrap returns rc, the body of r from mr, under its checks.
func (m *Mirrors) wrap(ctx context.Context, mr *mirror, r segment.Range, rc io.ReadCloser) io.ReadCloser {
	b := &mirrorBody{m: m, mr: mr, ctx: ctx, rc: rc, pos: r.Start, end: r.End, start: time.Now()}
	b.nextPiece()
	return b
}

// First wraps the probe's body of slice 0 from the primary: its pieces are
// checked as any other body's.
func (m *Mirrors) First(rc io.ReadCloser) io.ReadCloser {
	if rc == nil || len(m.all) == 0 {
		return rc
	}
	mr := m.all[0]
	m.mu.Lock()
	mr.active++
	m.perHost[mr.host]++
	m.mu.Unlock()
	return m.wrap(context.Background(), mr, m.plan.SliceRange(0), rc)
}

// nextPiece starts the hash of the piece at pos, if it starts there and
// ends inside the body.
func (b *mirrorBody) nextPiece() {
	b.h = nil
	p := b.m.opt.Pieces
	if p == nil || p.Length <= 0 || b.pos%p.Length != 0 {
		return
	}
	i := b.pos / p.Length
	if i >= int64(len(p.Sums)) || min(b.pos+p.Length, b.m.plan.Size) > b.end {
		return
	}
	b.h = p.New()
}

func (b *mirrorBody) Read(buf []byte) (int, error) {
	p := b.m.opt.Pieces
	b.mu.Lock()
	if b.h != nil {
		// Never past the piece's end in one read: its last bytes are
		// held back until the piece is proven.
		pend := min((b.pos/p.Length+1)*p.Length, b.m.plan.Size)
		if int64(len(buf)) > pend-b.pos {
			buf = buf[:pend-b.pos]
		}
	}
	b.mu.Unlock()
	n, err := b.rc.Read(buf)
	b.mu.Lock()
	defer b.mu.Unlock()
	if n > 0 {
		b.n += int64(n)
		b.m.counted(b.mr, int64(n))
		if b.h != nil {
			b.h.Write(buf[:n])
			i := b.pos / p.Length
			if pend := min((i+1)*p.Length, b.m.plan.Size); b.pos+int64(n) == pend {
				if got := b.h.Sum(nil); !bytes.Equal(got, p.Sums[i]) {
					if de := b.m.samePiece(int(i), got, b.mr); de != nil {
						b.done = true
						return 0, Final(de)
					}
					start := i * p.Length
					e := &MirrorError{Mirror: b.mr.name, Reason: fmt.Sprintf("piece %d (bytes %d-%d, in slice %d) does not match its %s digest (it sends other bytes)", i, start, pend-1, b.m.plan.Index(start), p.Type)}
					b.fail(e)
					return 0, e // its last bytes are not given: the slice is not finished
				}
				b.pos += int64(n)
				b.nextPiece()
				return b.ended(n, err)
			}
		}
		b.pos += int64(n)
	}
	return b.ended(n, err)
}

// ended notes how a read ended; b.mu is held.
func (b *mirrorBody) ended(n int, err error) (int, error) {
	switch {
	case err == nil:
	case errors.Is(err, io.EOF) && b.pos == b.end:
		b.finish()
	default:
		cause := context.Cause(b.ctx)
		if cause == nil || errors.Is(cause, ErrStalled) || errors.Is(cause, ErrTooSlow) {
			if cause != nil {
				err = cause
			}
			b.fail(err)
		}
	}
	return n, err
}

// finish and fail end the body's account once; b.mu is held.
func (b *mirrorBody) finish() {
	if !b.done {
		b.done = true
		b.m.measured(b.mr, b.n, time.Since(b.start))
	}
}

func (b *mirrorBody) fail(err error) {
	if !b.done {
		b.done = true
		b.m.failure(b.mr, b.m.plan.Index(min(b.pos, b.end-1)), err, true)
	}
}

// Close may come while a Read is blocked, to abort it.
func (b *mirrorBody) Close() error {
	err := b.rc.Close()
	b.once.Do(func() {
		b.mu.Lock()
		if b.pos == b.end || b.n > 0 {
			// At its end, or given up before it (a copy that won, the
			// download's end): what it did still measures it.
			b.finish()
		}
		b.mu.Unlock()
		b.m.release(b.mr)
	})
	return err
}

// crossCheck reads the first slice of r from mr, which is not trusted
// yet, and the same slice from a trusted mirror, and compares them: the
// same bytes make mr trusted and the body goes on from mr; other bytes
// drop it, and the try fails over to another mirror. The two are read at
// once: the check takes as long as the slower of them, not both in turn.
func (m *Mirrors) crossCheck(ctx context.Context, mr *mirror, r segment.Range) (Body, error) {
	defer m.checked(mr)
	k := m.plan.Index(r.Start)
	first := m.plan.SliceRange(k)
	refCtx, cancel := context.WithCancel(ctx)
	refc := make(chan refRead, 1)
	go func() {
		data, name, err := m.reference(refCtx, first, mr)
		refc <- refRead{data, name, err}
	}()
	waited := false
	defer func() {
		cancel() // given up when mr fails first
		if !waited {
			<-refc
		}
	}()
	// The first slice alone: a mirror with other bytes sends no more.
	b, err := mr.src.Open(ctx, first)
	if err != nil {
		return Body{}, err
	}
	began := time.Now() // from the answer's headers, as a wrapped body's
	mine, err := readAll(b.ReadCloser, first.Len())
	took := time.Since(began)
	b.Close()
	if err != nil {
		return Body{}, err
	}
	// Its rate, known now, lets pick wait for the end of this check
	// rather than give a slower source another slice (worthWaiting); a
	// mirror with one-slice spans is measured by it too.
	m.measured(mr, int64(len(mine)), took)
	ref := <-refc
	waited = true
	if ref.err != nil {
		// The reference failed, not mr: say nothing against it.
		return Body{}, ref.err
	}
	if crc32.Checksum(mine, castagnoli) != crc32.Checksum(ref.data, castagnoli) {
		return Body{}, &MirrorError{Mirror: mr.name, Reason: fmt.Sprintf("slice %d (bytes %d-%d) differs from the same slice from %s (it sends other bytes)", k, first.Start, first.End-1, ref.from)}
	}
	m.mu.Lock()
	mr.trust = true
	m.mu.Unlock()
	m.prob.Checked(mr.name, k)
	m.counted(mr, int64(len(mine)))
	rest := segment.Range{Start: first.End, End: r.End}
	var rc io.ReadCloser = io.NopCloser(strings.NewReader(""))
	if rest.Len() > 0 {
		more, err := mr.src.Open(ctx, rest)
		if err != nil {
			// The first slice is proven: give it, and let the rest fail
			// over as the read of a short body.
			more = Body{ReadCloser: io.NopCloser(errReader{err})}
		}
		rc = more.ReadCloser
	}
	return Body{ReadCloser: &prefixBody{head: mine, rest: m.wrap(ctx, mr, rest, rc)}, From: b.From, Mirror: m.nameOf(mr)}, nil
}

// refRead is a reference's read: the bytes and the mirror they came from.
type refRead struct {
	data []byte
	from string
	err  error
}

// checked ends mr's check: pick may give it spans again, and the picks
// that wait for it (worthWaiting) look again.
func (m *Mirrors) checked(mr *mirror) {
	m.mu.Lock()
	mr.checking = false
	m.wakePicksLocked()
	m.mu.Unlock()
}

// reference reads range r from a proven mirror other than not.
func (m *Mirrors) reference(ctx context.Context, r segment.Range, not *mirror) ([]byte, string, error) {
	var last error = errors.New("no proven mirror to compare with")
	for _, t := range m.all {
		m.mu.Lock()
		ok := t != not && t.proven && !t.banned
		m.mu.Unlock()
		if !ok {
			continue
		}
		b, err := t.src.Open(ctx, r)
		if err != nil {
			last = err
			continue
		}
		data, err := readAll(b.ReadCloser, r.Len())
		b.Close()
		if err != nil {
			last = err
			continue
		}
		m.counted(t, int64(len(data)))
		return data, t.name, nil
	}
	return nil, "", last
}

func readAll(r io.Reader, n int64) ([]byte, error) {
	buf := make([]byte, n)
	_, err := io.ReadFull(r, buf)
	if err == io.ErrUnexpectedEOF || err == io.EOF {
		err = ErrShortBody
	}
	return buf, err
}

// prefixBody reads head, then rest.
type prefixBody struct {
	head []byte
	rest io.ReadCloser
}

func (p *prefixBody) Read(b []byte) (int, error) {
	if len(p.head) > 0 {
		n := copy(b, p.head)
		p.head = p.head[n:]
		return n, nil
	}
	return p.rest.Read(b)
}

func (p *prefixBody) Close() error { return p.rest.Close() }

// errReader fails every read with err.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// PieceDocError is a piece on which two mirrors agree and the document
// does not: the document's piece digest is wrong, not the mirrors.
type PieceDocError struct {
	Piece     int
	Type      string // "sha-1"
	Want, Got []byte
	Mirrors   []string // the mirrors that sent the same bytes
}

func (e *PieceDocError) Error() string {
	return fmt.Sprintf("piece %d: %s send the same bytes (%s %x), not the %x the document gives: its piece digest is wrong, not the mirrors",
		e.Piece, strings.Join(e.Mirrors, " and "), e.Type, e.Got, e.Want)
}

// samePiece records that mr sent piece i with digest got, which is not
// the document's, and returns a *PieceDocError when another mirror sent
// the same.
func (m *Mirrors) samePiece(i int, got []byte, mr *mirror) *PieceDocError {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.badPieces == nil {
		m.badPieces = map[int]map[string]string{}
	}
	seen := m.badPieces[i]
	if seen == nil {
		seen = map[string]string{}
		m.badPieces[i] = seen
	}
	key := string(got)
	if other, ok := seen[key]; ok && other != mr.name {
		// The other mirror was dropped for it: it was right.
		for _, o := range m.all {
			if o.name == other && o.forBytes {
				o.banned, o.forBytes, o.stats.Dropped = false, false, ""
			}
		}
		p := m.opt.Pieces
		return &PieceDocError{Piece: i, Type: p.Type, Want: p.Sums[i], Got: got, Mirrors: []string{other, mr.name}}
	}
	seen[key] = mr.name
	return nil
}

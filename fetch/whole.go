// Whole: a Source that serves the slices in order from one unranged GET of
// the whole file, which is what fills a cache that stores only whole
// answers (Apache mod_cache, Apache Traffic Server), and what costs a proxy
// that reads the file from its start for any range the file once.

package fetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"

	"github.com/slget/slget/segment"
)

// Whole serves each range from one whole answer when the range starts at or
// after where that answer has got to (the bytes before it are read and
// dropped); any other range, and every range once the answer has broken,
// comes from the origin as a ranged request (Origin.Open). The answer is
// checked as a range is: status 200, identity encoding, Content-Length equal
// to the pinned size and the pinned validator; an answer that fails these
// is not used. One range reads it at a time (a download with one
// connection). Close ends it.
type Whole struct {
	o   *Origin
	ctx context.Context // the answer's: it outlives any one range
	// Warn, if set, is told once why the whole answer was given up.
	Warn func(string)

	mu      sync.Mutex
	body    io.ReadCloser // the answer; nil before the first range
	pos     int64         // the offset of body's next byte
	reading bool          // a range is reading body
	broken  bool          // body is not to be used again
}

// NewWhole returns a Whole whose answer is asked under ctx (the download's)
// from o.
func NewWhole(ctx context.Context, o *Origin) *Whole { return &Whole{o: o, ctx: ctx} }

// Start asks for the whole answer now, before any range needs it (a cache
// that fills while it answers may then serve ranges from it). After an
// error every range comes from the origin as a range.
func (w *Whole) Start() error {
	w.mu.Lock()
	if w.body != nil || w.broken {
		w.mu.Unlock()
		return nil
	}
	w.reading = true
	w.mu.Unlock()
	b, err := w.open()
	w.mu.Lock()
	w.reading = false
	if err == nil {
		w.body = b
	}
	w.mu.Unlock()
	if err != nil {
		w.give(err)
	}
	return err
}

// Open implements Source.
func (w *Whole) Open(ctx context.Context, r segment.Range) (Body, error) {
	w.mu.Lock()
	if w.broken || w.reading || r.Start < w.pos {
		w.mu.Unlock()
		return w.o.Open(ctx, r)
	}
	w.reading = true
	w.mu.Unlock()
	if err := w.seek(ctx, r.Start); err != nil {
		w.give(err)
		if ctx.Err() != nil {
			return Body{}, ctx.Err()
		}
		return w.o.Open(ctx, r)
	}
	p := &wholePart{w: w, left: r.Len()}
	p.stop = context.AfterFunc(ctx, func() { w.give(ctx.Err()) })
	return Body{ReadCloser: p, From: segment.FromOrigin}, nil
}

// seek opens the answer if it is not open and reads it up to off; the
// reads tell the stall rule of the connection that the answer moves.
func (w *Whole) seek(ctx context.Context, off int64) error {
	if w.body == nil {
		b, err := w.open()
		if err != nil {
			return err
		}
		w.mu.Lock()
		w.body = b
		w.mu.Unlock()
	}
	alive := keepAliveOf(ctx)
	for {
		w.mu.Lock()
		pos := w.pos
		w.mu.Unlock()
		if pos >= off {
			return nil
		}
		n, err := io.CopyN(io.Discard, w.body, min(off-pos, 1<<20))
		w.mu.Lock()
		w.pos += n
		w.mu.Unlock()
		alive()
		if err != nil {
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
}

// open asks for the whole file, pinned as a range is, and checks the answer.
func (w *Whole) open() (io.ReadCloser, error) {
	o := w.o
	req, err := http.NewRequestWithContext(w.ctx, http.MethodGet, o.URL, nil)
	if err != nil {
		return nil, err
	}
	o.Client.newRequest(req, o.Given)
	if name, value, _ := o.precondition(); name != "" {
		req.Header.Set(name, value)
	}
	resp, err := o.Client.HTTP.Do(req)
	if err != nil {
		return nil, roundTripErr(err)
	}
	why := ""
	got := validatorOf(resp.Header, resp.ContentLength)
	switch {
	case resp.StatusCode != http.StatusOK:
		why = fmt.Sprintf("the answer to a request for the whole file was %s", resp.Status)
	case !identity(resp.Header.Get("Content-Encoding")):
		why = "the whole file came encoded (Content-Encoding: " + resp.Header.Get("Content-Encoding") + ")"
	case resp.ContentLength != o.Validator.Size:
		why = fmt.Sprintf("the whole file came with Content-Length %d, not its size %d", resp.ContentLength, o.Validator.Size)
	default:
		why = o.Validator.Differs(got)
	}
	if why != "" {
		resp.Body.Close()
		return nil, errors.New(why)
	}
	return exactBody(resp.Body, o.Validator.Size), nil
}

// give gives the answer up after err (nil: the download is over): it is
// closed, and every later range is asked for alone.
func (w *Whole) give(err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.broken {
		return
	}
	w.broken = true
	if w.body != nil {
		w.body.Close()
	}
	if err == nil || w.Warn == nil || errors.Is(err, context.Canceled) || w.ctx.Err() != nil {
		return
	}
	if w.body == nil {
		w.Warn(fmt.Sprintf("%s: the whole file was asked for in one answer, but %v; the slices come in ranges", Redact(w.o.URL), err))
		return
	}
	w.Warn(fmt.Sprintf("%s: the whole answer broke off at byte %d (%v); the rest comes in ranges", Redact(w.o.URL), w.pos, err))
}

// Close ends the answer, if it is open.
func (w *Whole) Close() { w.give(nil) }

// wholePart is one range's bytes of the whole answer.
type wholePart struct {
	w    *Whole
	left int64
	stop func() bool
	done bool
}

func (p *wholePart) Read(b []byte) (int, error) {
	if p.left <= 0 {
		return 0, io.EOF
	}
	if int64(len(b)) > p.left {
		b = b[:p.left]
	}
	n, err := p.w.body.Read(b)
	p.w.mu.Lock()
	p.left -= int64(n)
	p.w.pos += int64(n)
	left := p.left
	p.w.mu.Unlock()
	if err == io.EOF && left > 0 {
		err = ErrShortBody
	}
	if err == nil && left == 0 {
		return n, io.EOF
	}
	return n, err
}

// Close lets the next range read the answer, or gives the answer up when
// this range did not read all of its bytes.
func (p *wholePart) Close() error {
	if p.done {
		return nil
	}
	p.done = true
	p.w.mu.Lock()
	left := p.left
	p.w.mu.Unlock()
	if !p.stop() || left > 0 {
		p.w.give(fmt.Errorf("a range ended %d bytes short of its end", left))
	}
	p.w.mu.Lock()
	p.w.reading = false
	p.w.mu.Unlock()
	return nil
}

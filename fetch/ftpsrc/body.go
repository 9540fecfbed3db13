// Open: one range of the file, its version checked (SIZE, MDTM) before its
// RETR, read to the range's end and the data connection closed there.

package ftpsrc

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/segment"
)

// Open implements fetch.Source: on one control connection, SIZE and MDTM
// against the pinned version, then REST and RETR, and a body of exactly
// rg's bytes. A server without REST sends from the start: the bytes
// before rg are read and dropped. A cancelled ctx (a stall, the end of
// the claim) ends both connections, so that no read can hold the
// download.
func (r *Remote) Open(ctx context.Context, rg segment.Range) (fetch.Body, error) {
	c, err := r.get(ctx)
	if err != nil {
		return fetch.Body{}, err
	}
	stop := context.AfterFunc(ctx, c.kill)
	fail := func(err error) (fetch.Body, error) {
		stop()
		c.kill()
		if ctx.Err() != nil {
			return fetch.Body{}, ctx.Err()
		}
		return fetch.Body{}, r.final(err)
	}
	size, mtime, err := r.stat(c)
	if err != nil {
		return fail(err)
	}
	if why := r.differs(size, mtime); why != "" {
		if stop() {
			r.put(c)
		}
		return fetch.Body{}, &fetch.ChangedError{URL: r.url, Reason: why, Confirmed: true}
	}
	from := rg.Start
	if !r.Ranges {
		from = 0
	}
	dc, rep, err := c.retr(ctx, r.t.Path, from)
	if err != nil {
		return fail(err)
	}
	if dc == nil {
		return fail(r.refusedRetr(c, rep))
	}
	if err := skipTo(ctx, dc, rg.Start-from); err != nil {
		return fail(lost(r.url, fmt.Errorf("reading the %d bytes before the range (the server takes no REST): %w", rg.Start-from, err)))
	}
	b := &body{r: r, c: c, dc: dc, stop: stop, left: rg.Len()}
	return fetch.Body{ReadCloser: b, From: segment.FromOrigin}, nil
}

// Unaligned implements fetch.Unaligned: a range may start inside a slice
// (the rest of one a stopped download had begun), a REST at any offset,
// or the bytes before it read and dropped on a server without REST.
func (r *Remote) Unaligned() bool { return true }

// skipTo reads and drops n bytes of dc, telling the download as they come
// that the answer moves (fetch.StillWorking), so that a long way to the
// range's start is not taken for a stall.
func skipTo(ctx context.Context, dc net.Conn, n int64) error {
	for n > 0 {
		got, err := io.CopyN(io.Discard, dc, min(n, 256<<10))
		n -= got
		if got > 0 {
			fetch.StillWorking(ctx)
		}
		if err != nil {
			return fmt.Errorf("%d bytes short: %w", n, err)
		}
	}
	return nil
}

// refusedRetr is the error of a RETR the server would not start.
func (r *Remote) refusedRetr(c *conn, rep Reply) error {
	if rep.Code == 550 {
		return r.notThere(c, rep)
	}
	return c.unexpected("RETR", rep)
}

// body is one range being read; Close gives its control connection back
// when the range ended cleanly, and ends it otherwise.
type body struct {
	r    *Remote
	c    *conn
	dc   net.Conn
	stop func() bool
	left int64
	bad  bool
	once sync.Once
}

func (b *body) Read(p []byte) (int, error) {
	if b.left <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.dc.Read(p)
	b.left -= int64(n)
	switch {
	case b.left == 0:
		return n, nil
	case errors.Is(err, io.EOF):
		b.bad = true
		return n, fmt.Errorf("%s: the FTP data connection closed %d bytes before the range's end: %w", b.r.url, b.left, fetch.ErrShortBody)
	case err != nil:
		b.bad = true
		return n, lost(b.r.url, err)
	}
	return n, nil
}

// Close closes the data connection at the range's end, the rest of the
// file unsent. The server's word on it (226, or 426 for the cut) is read
// aside, so that a server that stops answering holds no range: the
// control connection then takes the next range, or is ended.
func (b *body) Close() error {
	b.once.Do(func() {
		if !b.stop() || b.bad || b.left != 0 {
			b.c.kill()
			return
		}
		b.c.dropData()
		b.r.ending(b.c)
	})
	return nil
}

// Whole is the whole file from its start, for a server that does not
// answer SIZE: its end is proven by the server's 226 after the data
// connection's end, not by a length. MDTM, when the server answers it,
// is checked first.
func (r *Remote) Whole(ctx context.Context) (io.ReadCloser, error) {
	c, err := r.get(ctx)
	if err != nil {
		return nil, err
	}
	stop := context.AfterFunc(ctx, c.kill)
	fail := func(err error) (io.ReadCloser, error) {
		stop()
		c.kill()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, r.final(err)
	}
	size, mtime, err := r.stat(c)
	if err != nil {
		return fail(err)
	}
	if why := r.differs(size, mtime); why != "" {
		stop()
		c.kill()
		return nil, &fetch.ChangedError{URL: r.url, Reason: why, Confirmed: true}
	}
	dc, rep, err := c.retr(ctx, r.t.Path, 0)
	if err != nil {
		return fail(err)
	}
	if dc == nil {
		return fail(r.refusedRetr(c, rep))
	}
	return &whole{r: r, c: c, dc: dc, stop: stop}, nil
}

// whole is the body of Whole: the data connection to its end, then the
// server's 226.
type whole struct {
	r    *Remote
	c    *conn
	dc   net.Conn
	stop func() bool
	ok   bool
	once sync.Once
}

func (w *whole) Read(p []byte) (int, error) {
	n, err := w.dc.Read(p)
	switch {
	case err == nil:
		return n, nil
	case !errors.Is(err, io.EOF):
		return n, lost(w.r.url, err)
	}
	r, err := w.c.endRetr()
	if err == nil && r.Code != 226 && r.Code != 250 {
		err = fmt.Errorf("the server ended the transfer with %q", r.String())
	}
	if err != nil {
		return n, lost(w.r.url, fmt.Errorf("the data connection ended without the server's word that the file was whole: %w", err))
	}
	w.ok = true
	return n, io.EOF
}

func (w *whole) Close() error {
	w.once.Do(func() {
		if w.stop() && w.ok {
			w.c.dropData()
			w.r.put(w.c)
			return
		}
		w.c.kill()
	})
	return nil
}

// Stream: one connection, start to end, for servers without ranges or length.

package fetch

import (
	"context"
	"io"
	"sync/atomic"
	"time"
)

// StreamTo copies body (a whole-resource response) into out from offset 0,
// closing body if it stalls or ctx ends,
// adding to written as bytes land. It stops with ErrStalled when no bytes
// arrive for stall, and honours lim (nil for none). It returns the number of
// bytes copied.
func StreamTo(ctx context.Context, body io.ReadCloser, out io.WriterAt, written *atomic.Int64, stall time.Duration, lim Limiter) (int64, error) {
	if stall <= 0 {
		stall = 30 * time.Second
	}
	cctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	// A stalled read is unblocked by closing the body.
	t := time.AfterFunc(stall, func() { cancel(ErrStalled); body.Close() })
	defer t.Stop()
	stop := context.AfterFunc(ctx, func() { body.Close() })
	defer stop()
	r := &stallReader{r: body, t: t, d: stall}
	buf := make([]byte, 256<<10)
	var off int64
	for {
		n := len(buf)
		if lim != nil {
			if b := lim.Burst(); b > 0 { // rate.Inf may come with burst 0
				n = min(n, b)
			}
			if err := lim.WaitN(cctx, n); err != nil {
				return off, causeOf(cctx, err)
			}
		}
		m, err := r.Read(buf[:n])
		if m > 0 {
			if _, werr := writeOut(cctx, out, t, stall, buf[:m], off); werr != nil {
				return off, werr
			}
			off += int64(m)
			written.Add(int64(m))
		}
		if err == io.EOF {
			return off, nil
		}
		if err != nil {
			if err == io.ErrUnexpectedEOF {
				err = ErrShortBody
			}
			if ctx.Err() != nil && cctx.Err() == nil {
				// The caller's cancel closed the body before it reached
				// cctx, its child: the read failed for the cancel.
				return off, causeOf(ctx, err)
			}
			return off, causeOf(cctx, err)
		}
	}
}

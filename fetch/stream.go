// Stream: one connection, start to end, for servers without ranges or
// length, under the same stall and speed rules as every ranged body.

package fetch

import (
	"context"
	"io"
	"sync/atomic"
	"time"
)

// StreamRules are the rules a whole-resource stream is read under: the
// ones a Downloader applies to each range (Config.StallTimeout,
// LowestSpeed, LowestSpeedWindow, Limiter). The zero value is usable; each
// field says what zero means.
type StreamRules struct {
	Stall time.Duration // stop with ErrStalled when no bytes arrive for this long; zero means 30s
	// LowestSpeed stops the stream with ErrTooSlow when it stays below this
	// many bytes per second over LowestSpeedWindow; zero means no limit.
	LowestSpeed       int64
	LowestSpeedWindow time.Duration // zero means 10s
	Limiter           Limiter       // the pace; nil means none
}

// StreamTo copies body (a whole-resource response) into out from offset 0,
// adding to written as bytes land, under rules: it stops with ErrStalled
// when no bytes arrive for rules.Stall, with ErrTooSlow when the bytes of a
// window of rules.LowestSpeedWindow come slower than rules.LowestSpeed,
// and closes body when it stops for any reason (ctx ending included). It
// returns the number of bytes copied.
func StreamTo(ctx context.Context, body io.ReadCloser, out io.WriterAt, written *atomic.Int64, rules StreamRules) (int64, error) {
	stall := orDefault(rules.Stall, 30*time.Second)
	window := orDefault(rules.LowestSpeedWindow, 10*time.Second)
	lim := rules.Limiter
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
	windowStart, windowBytes := time.Now(), int64(0)
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
			waited, werr := writeOut(cctx, out, t, stall, buf[:m], off)
			if werr != nil {
				return off, werr
			}
			// Time spent waiting for a stream's reader is not the server's.
			windowStart = windowStart.Add(waited)
			off += int64(m)
			written.Add(int64(m))
			windowBytes += int64(m)
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
		if rules.LowestSpeed > 0 {
			if el := time.Since(windowStart); el >= window {
				if float64(windowBytes)/el.Seconds() < float64(rules.LowestSpeed) {
					body.Close()
					return off, ErrTooSlow
				}
				windowStart, windowBytes = time.Now(), 0
			}
		}
	}
}

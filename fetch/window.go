// Window: a File whose writes may wait for a reader that takes the bytes in
// order (a stream to stdout), and how a connection waits for it without
// being taken for a stalled one.

package fetch

import (
	"context"
	"io"
	"time"
)

// A WindowFile is a File that holds only a window of the resource, the
// bytes a reader has not taken yet: a write past the window's end waits
// until the reader moves it. Config.Window tells the scheduler to keep
// claims inside the window, so waits are rare; they are the bound that
// holds whatever the claims do.
type WindowFile interface {
	File
	// WriteAtContext is WriteAt that may wait for room until ctx ends (it
	// then returns ctx's error). It returns how long it waited.
	WriteAtContext(ctx context.Context, p []byte, off int64) (waited time.Duration, err error)
}

// Consumed tells the scheduler that the reader of a stream (Config.Window)
// has taken every byte before off, which moves the window.
func (d *Downloader) Consumed(off int64) {
	if d.plan.Slice > 0 {
		d.sched.Consume(int(off / d.plan.Slice))
	}
}

// writeOut writes p at off into out, a File in pieces of at most
// writeChunk. A WindowFile may wait for its reader:
// the stall timer stall (armed for timeout) is stopped meanwhile, since a
// connection waiting for the reader is not one whose server stalled, and
// the time waited is returned, for the caller to leave out of its speed
// and slice timings. Errors of out are LocalErrors; a wait cut short by ctx
// returns the reason ctx was cancelled.
func writeOut(ctx context.Context, out io.WriterAt, stall *time.Timer, timeout time.Duration, p []byte, off int64) (time.Duration, error) {
	wf, ok := out.(WindowFile)
	if !ok {
		for len(p) > 0 { // in pieces of writeChunk: see readSize
			n := min(len(p), writeChunk)
			if _, err := out.WriteAt(p[:n], off); err != nil {
				return 0, &LocalError{Op: "write", Err: err}
			}
			p, off = p[n:], off+int64(n)
		}
		return 0, nil
	}
	stall.Stop()
	waited, err := wf.WriteAtContext(ctx, p, off)
	stall.Reset(timeout)
	if err != nil {
		if ctx.Err() != nil {
			return waited, causeOf(ctx, err)
		}
		return waited, &LocalError{Op: "write", Err: err}
	}
	return waited, nil
}

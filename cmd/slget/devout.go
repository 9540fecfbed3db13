// -o naming a character device or a FIFO (/dev/null, a named pipe): the
// file is written to it as a stream, in order, as -o - writes to stdout.

package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/internal/units"
)

// streamPath reports whether path names a character device or a FIFO
// (following links: /dev/stdout is one): a place that takes a stream and
// cannot hold NAME.part beside it, nor be renamed onto.
func streamPath(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode()&(os.ModeCharDevice|os.ModeNamedPipe) != 0
}

// checkStreamOut refuses the options that need a file on disk when -o
// names a device or a FIFO; the window is --stream-window's, as for -o -.
func checkStreamOut(cfg config, window int64) error {
	switch {
	case window < cfg.slice:
		return fmt.Errorf("--stream-window %s is smaller than one slice (--slice %s)", units.Exact(window), units.Exact(cfg.slice))
	case cfg.cont:
		return fmt.Errorf("-o %s is a device or a pipe, written as a stream: there is no partial file to continue (-c)", cfg.out)
	case cfg.conditional:
		return fmt.Errorf("-o %s is a device or a pipe: there is no local file for --conditional-get to compare with", cfg.out)
	}
	return nil
}

// openStreamOut opens the device or FIFO at path for writing, without
// creating or truncating anything. A FIFO opened before its reader is
// waited for, as a shell's "> fifo" waits, but under ctx: the open is
// tried without blocking until a reader comes.
func openStreamOut(ctx context.Context, path string) (*os.File, error) {
	for {
		f, err := openNonBlock(path)
		if err == nil {
			return f, nil
		}
		if !isNoReader(err) {
			return nil, &slget.FileError{Op: "open", Path: path, Err: err}
		}
		select {
		case <-ctx.Done():
			return nil, &slget.InterruptedError{Err: ctx.Err()}
		case <-time.After(50 * time.Millisecond):
		}
	}
}

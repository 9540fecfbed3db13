// Command slget downloads a file over several connections in slice-aligned
// ranges, resumes after any crash, and never leaves a file mixed from two
// versions of the resource under its final name.
package main

import (
	"context"
	"io"
	"log"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
)

// gcPercent is the collector's target unless the user sets GOGC. Decision:
// a download's live heap is small (the read buffers are pooled, slices go
// straight to the file), so at Go's default of 100 the young heap of a
// list of small files is collected every few megabytes, each cycle with
// its own page faults and assist work. 400 collects a quarter as often.
const gcPercent = 400

func main() {
	// net/http logs through the standard logger what a server did wrong
	// on an idle connection ("Unsolicited response received on idle HTTP
	// channel", with up to 64 KB of the server's bytes), even under -q.
	// slget has already dropped that connection; the user has nothing to
	// do about it.
	log.SetOutput(io.Discard)
	// As curl: a reader that closes stdout early (slget -o - URL | head)
	// is an error slget ends on with its own exit code, not a signal that
	// kills it in the middle of a write.
	signal.Ignore(syscall.SIGPIPE)
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	// The signals stay caught until os.Exit: one that comes after run has
	// decided the exit code (a Ctrl-C while the daemon ends after
	// aria2.shutdown) neither changes it nor kills the process.
	ctx, _ := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	os.Exit(run(ctx, os.Args, os.Stdin, os.Stdout, os.Stderr))
}

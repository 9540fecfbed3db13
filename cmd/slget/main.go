// Command slget downloads a file over several connections in slice-aligned
// ranges, resumes after any crash, and never leaves a file mixed from two
// versions of the resource under its final name.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args, os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

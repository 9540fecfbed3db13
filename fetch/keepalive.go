// Keep-alive: a source's way to tell the connection reading it that the
// answer moves though no byte of it came yet (a whole body read past to
// reach an offset), so that the wait is not taken for a stall. A peer's
// 102 is no such sign: what it says cannot be checked.

package fetch

import (
	"context"
	"errors"
)

// errPeerHeaderTimeout is a peer that sent neither headers nor a 102 for
// its header timeout.
var errPeerHeaderTimeout = errors.New("sent no headers and no sign of work in time")

type keepAliveKey struct{}

// withKeepAlive returns ctx carrying f, called whenever a source hears
// that the server is still working on the request made under ctx.
func withKeepAlive(ctx context.Context, f func()) context.Context {
	return context.WithValue(ctx, keepAliveKey{}, f)
}

// keepAliveOf is the function withKeepAlive put in ctx, or one that does
// nothing.
func keepAliveOf(ctx context.Context) func() {
	if f, ok := ctx.Value(keepAliveKey{}).(func()); ok {
		return f
	}
	return func() {}
}

// StillWorking tells the connection that asked a Source for a range under
// ctx that the answer moves though no byte of the range came yet: a
// Source that reads and drops the bytes before the range (an FTP server
// without REST) calls it as they come, so that the wait is not a stall.
func StillWorking(ctx context.Context) { keepAliveOf(ctx)() }

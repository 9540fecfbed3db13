// Keep-alive: a source's way to tell the connection reading it that the
// server is working on the answer (a peer's 102 that shows progress),
// so that the wait is not taken for a stall.

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

//go:build !linux

// Elsewhere no TCP_CORK: the headers go in their own segment.

package localcache

import "net"

func cork(net.Conn) (uncork func()) { return func() {} }

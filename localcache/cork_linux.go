// TCP_CORK on Linux: the headers of an answer leave in the same segment as
// the first bytes of its body, as nginx's tcp_nopush does.

package localcache

import (
	"net"
	"syscall"
)

// cork holds back partial segments on c until the returned function is
// called; a no-op for a connection that is not TCP.
func cork(c net.Conn) (uncork func()) {
	tc, ok := c.(*net.TCPConn)
	if !ok {
		return func() {}
	}
	raw, err := tc.SyscallConn()
	if err != nil {
		return func() {}
	}
	set := func(v int) {
		raw.Control(func(fd uintptr) {
			syscall.SetsockoptInt(int(fd), syscall.IPPROTO_TCP, syscall.TCP_CORK, v)
		})
	}
	set(1)
	return func() { set(0) }
}

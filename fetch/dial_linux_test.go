// A TCP connect that never completes, made on Linux with a listener whose
// accept queue is full: the kernel drops the SYNs that follow.

//go:build linux

package fetch_test

import (
	"net"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/slget/slget/fetch"
)

// fullListener returns the address of a loopback listener that never
// accepts and whose queue is full, so that a new connect hangs.
func fullListener(t *testing.T) string {
	t.Helper()
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { syscall.Close(fd) })
	if err := syscall.Bind(fd, &syscall.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}}); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Listen(fd, 0); err != nil {
		t.Fatal(err)
	}
	sa, err := syscall.Getsockname(fd)
	if err != nil {
		t.Fatal(err)
	}
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(sa.(*syscall.SockaddrInet4).Port))
	for range 8 {
		c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
		if err != nil {
			return addr // full: this connect hung
		}
		t.Cleanup(func() { c.Close() })
	}
	t.Fatal("the kernel kept accepting connections into a full queue")
	return ""
}

// The TCP connect to a proxy that never completes ends at the connect
// limit and names the proxy; so does one to the server.
func TestTCPConnectNeverCompletes(t *testing.T) {
	addr := fullListener(t)
	err := probeFails(t, fetch.ClientOptions{ConnectTimeout: limit, Proxy: "socks5h://" + addr}, "https://example.com/f")
	wantPhase(t, err, fetch.PhaseTCP, "socks5h://"+addr, true,
		"connecting to example.com:443 through SOCKS5 proxy "+addr+": the proxy did not accept the TCP connection within 300ms")
	err = probeFails(t, fetch.ClientOptions{ConnectTimeout: limit}, "http://"+addr+"/f")
	wantPhase(t, err, fetch.PhaseTCP, "", true, "connecting to "+addr+": the server did not accept the TCP connection within 300ms")
}

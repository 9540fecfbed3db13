// Sending a range of a held-open slice file to a connection with
// sendfile(2) at an explicit offset, the file's own offset untouched.

package peer

import (
	"cmp"
	"io"
	"net"
	"os"
	"syscall"
)

// maxSendfile bounds one sendfile call (Linux sends at most 0x7ffff000
// bytes a call anyway).
const maxSendfile = 1 << 30

// sendRange sends r to c with sendfile(2), from r.off, without touching
// the file's own offset (the descriptor is shared by concurrent answers).
// It handles partial sends, and waits for c to take more when its socket
// buffer is full (EAGAIN) through the connection's poller, within c's
// write deadline. handled is false, with nothing sent, when c has no
// descriptor to send to.
//
// Cost: sendfile copies from the page cache; a page not in it is read
// from the disk within the call, which blocks the thread that made it (the
// Go scheduler starts another for the other goroutines), as it would
// block nginx's worker.
func sendRange(c net.Conn, r *fileRange) (written int64, handled bool, err error) {
	sc, ok := c.(syscall.Conn)
	if !ok {
		return 0, false, nil
	}
	out, err := sc.SyscallConn()
	if err != nil {
		return 0, false, nil
	}
	in, err := r.f.SyscallConn()
	if err != nil {
		return 0, false, nil
	}
	var serr error
	cerr := in.Control(func(infd uintptr) {
		err = out.Write(func(outfd uintptr) bool {
			for r.n > 0 {
				k, e := syscall.Sendfile(int(outfd), int(infd), &r.off, int(min(r.n, maxSendfile)))
				if k > 0 {
					written += int64(k) // the kernel moved r.off on
					r.n -= int64(k)
				}
				switch {
				case e == syscall.EINTR:
				case e == syscall.EAGAIN:
					return false // wait until the socket takes more
				case e != nil:
					serr = os.NewSyscallError("sendfile", e)
					return true
				case k == 0:
					serr = io.ErrUnexpectedEOF // the file is shorter than its header said
					return true
				}
			}
			return true
		})
	})
	return written, true, cmp.Or(cerr, err, serr)
}

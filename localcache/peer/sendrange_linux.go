//go:build linux && (amd64 || arm64)

// Sending a range of a held-open slice file to a connection with
// sendfile(2) at an explicit offset, the file's own offset untouched (on
// 64-bit Linux, where the offset is 64 bits in the plain sendfile call).

package peer

import (
	"cmp"
	"io"
	"net"
	"os"
	"runtime"
	"syscall"
	"unsafe"
)

// sendPiece bounds one sendfile call: see sendRange.
const sendPiece = 256 << 10

// sendRange sends r to c with sendfile(2), from r.off, without touching
// the file's own offset (the descriptor is shared by concurrent answers).
// It handles partial sends, and waits for c to take more when its socket
// buffer is full (EAGAIN) through the connection's poller, within c's
// write deadline. handled is false, with nothing sent, when c has no
// descriptor to send to.
//
// Decision: the call is a raw system call, which keeps the goroutine's P
// through it, in pieces of sendPiece bytes with a yield between them. A
// 1 MiB sendfile on loopback takes about 300 µs; as an ordinary system
// call that is long enough for the scheduler to hand the P to another
// thread and take it back after, which cost about 80 µs of CPU per 1 MiB
// answer (futex wake-ups and context switches), a sixth of the answer.
// The socket never blocks (EAGAIN returns at once), so a piece holds the
// P for about 80 µs at most. The cost: sendfile copies from the page
// cache, and a page not in it is read from the disk within the call,
// which blocks the thread and, being raw, its P (one of GOMAXPROCS) for
// the read; a garbage collection waits for it to stop. Slices just filled
// or sent are in the page cache; a cold one costs that once.
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
				k, errno := sendfile(outfd, infd, &r.off, min(r.n, sendPiece))
				if k > 0 {
					written += k // the kernel moved r.off on
					r.n -= k
				}
				switch {
				case errno == syscall.EINTR:
				case errno == syscall.EAGAIN:
					return false // wait until the socket takes more
				case errno != 0:
					serr = os.NewSyscallError("sendfile", errno)
					return true
				case k == 0:
					serr = io.ErrUnexpectedEOF // the file is shorter than its header said
					return true
				}
				if r.n > 0 {
					runtime.Gosched()
				}
			}
			return true
		})
	})
	return written, true, cmp.Or(cerr, err, serr)
}

// sendfile is sendfile(2) from in at *off to out, n bytes at most, as a
// raw system call; it returns what it sent, 0 with the error.
func sendfile(out, in uintptr, off *int64, n int64) (int64, syscall.Errno) {
	r0, _, errno := syscall.RawSyscall6(syscall.SYS_SENDFILE, out, in, uintptr(unsafe.Pointer(off)), uintptr(n), 0, 0)
	if errno != 0 {
		return 0, errno
	}
	return int64(r0), 0
}

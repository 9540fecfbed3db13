// An io_uring of Linux, reduced to what Syncer needs: submit an fsync or
// fdatasync of an open file and learn its result through an eventfd that
// Go's network poller waits on, so no thread of the program holds a P
// while the disk works.

package osfile

import (
	"errors"
	"os"
	"sync/atomic"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// The kernel's interface (include/uapi/linux/io_uring.h): fixed-size
// fields, the same layout on every architecture.
const (
	ringOffSQ   = 0
	ringOffCQ   = 0x8000000
	ringOffSQEs = 0x10000000

	opFsync          = 3 // IORING_OP_FSYNC
	fsyncDatasync    = 1 // IORING_FSYNC_DATASYNC
	registerEventfd  = 4 // IORING_REGISTER_EVENTFD
	sqeSize, cqeSize = 64, 16
)

type sqRingOffsets struct {
	head, tail, ringMask, ringEntries, flags, dropped, array, resv1 uint32
	userAddr                                                        uint64
}

type cqRingOffsets struct {
	head, tail, ringMask, ringEntries, overflow, cqes, flags, resv1 uint32
	userAddr                                                        uint64
}

type ringParams struct {
	sqEntries, cqEntries, flags, sqThreadCPU, sqThreadIdle, features, wqFD uint32
	resv                                                                   [3]uint32
	sq                                                                     sqRingOffsets
	cq                                                                     cqRingOffsets
}

type ringSQE struct {
	opcode, flags     uint8
	ioprio            uint16
	fd                int32
	off, addr         uint64
	len, opFlags      uint32
	userData          uint64
	bufIndex, persona uint16
	spliceFDIn        int32
	addr3, pad        uint64
}

type ringCQE struct {
	userData uint64
	res      int32
	flags    uint32
}

// ring is one io_uring with its eventfd. Its methods are called with the
// owning Syncer's lock held, except wait (the eventfd's read).
type ring struct {
	fd               int
	maps             [][]byte // munmapped by close
	sqHead, sqTail   *uint32
	sqMask, entries  uint32
	sqArray          []uint32
	sqes             []ringSQE
	cqHead, cqTail   *uint32
	cqMask           uint32
	cqes             []ringCQE
	event            *os.File // the eventfd, read through the poller
	eventBuf         [8]byte
	submitted, ended uint64 // counts, for the room left
}

// errRingFull says every entry of the submission queue is in flight.
var errRingFull = errors.New("io_uring: submission queue full")

// openRing sets up a ring of at least entries entries.
func openRing(entries uint32) (_ *ring, err error) {
	var p ringParams
	fd, _, errno := unix.Syscall(unix.SYS_IO_URING_SETUP, uintptr(entries), uintptr(unsafe.Pointer(&p)), 0)
	if errno != 0 {
		return nil, os.NewSyscallError("io_uring_setup", errno)
	}
	r := &ring{fd: int(fd), entries: p.sqEntries}
	defer func() {
		if err != nil {
			r.close()
		}
	}()
	sq, err := r.mmap(ringOffSQ, int(p.sq.array+p.sqEntries*4))
	if err != nil {
		return nil, err
	}
	cq, err := r.mmap(ringOffCQ, int(p.cq.cqes+p.cqEntries*cqeSize))
	if err != nil {
		return nil, err
	}
	sqes, err := r.mmap(ringOffSQEs, int(p.sqEntries*sqeSize))
	if err != nil {
		return nil, err
	}
	r.sqHead, r.sqTail = word(sq, p.sq.head), word(sq, p.sq.tail)
	r.sqMask = *word(sq, p.sq.ringMask)
	r.sqArray = unsafe.Slice(word(sq, p.sq.array), p.sqEntries)
	r.sqes = unsafe.Slice((*ringSQE)(unsafe.Pointer(&sqes[0])), p.sqEntries)
	r.cqHead, r.cqTail = word(cq, p.cq.head), word(cq, p.cq.tail)
	r.cqMask = *word(cq, p.cq.ringMask)
	r.cqes = unsafe.Slice((*ringCQE)(unsafe.Pointer(&cq[p.cq.cqes])), p.cqEntries)
	efd, err := unix.Eventfd(0, unix.EFD_CLOEXEC|unix.EFD_NONBLOCK)
	if err != nil {
		return nil, os.NewSyscallError("eventfd", err)
	}
	// Non-blocking, so the os.File waits in the network poller.
	r.event = os.NewFile(uintptr(efd), "io_uring eventfd")
	e := int32(efd)
	if _, _, errno := unix.Syscall6(unix.SYS_IO_URING_REGISTER, uintptr(r.fd), registerEventfd, uintptr(unsafe.Pointer(&e)), 1, 0, 0); errno != 0 {
		return nil, os.NewSyscallError("io_uring_register", errno)
	}
	return r, nil
}

func (r *ring) mmap(off int64, size int) ([]byte, error) {
	b, err := unix.Mmap(r.fd, off, size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED|unix.MAP_POPULATE)
	if err != nil {
		return nil, os.NewSyscallError("mmap", err)
	}
	r.maps = append(r.maps, b)
	return b, nil
}

// word is the ring's 32-bit field at off.
func word(b []byte, off uint32) *uint32 { return (*uint32)(unsafe.Pointer(&b[off])) }

// fsyncEntry is an fsync of fd, an fdatasync if data.
func fsyncEntry(fd int, data bool) ringSQE {
	e := ringSQE{opcode: opFsync, fd: int32(fd)}
	if data {
		e.opFlags = fsyncDatasync
	}
	return e
}

// submit hands e to the kernel.
func (r *ring) submit(e ringSQE) error {
	if r.submitted-r.ended >= uint64(r.entries) {
		return errRingFull
	}
	tail := atomic.LoadUint32(r.sqTail)
	i := tail & r.sqMask
	r.sqes[i] = e
	r.sqArray[i] = i
	atomic.StoreUint32(r.sqTail, tail+1) // the entry is written before the kernel can see it
	for {
		n, _, errno := unix.Syscall6(unix.SYS_IO_URING_ENTER, uintptr(r.fd), 1, 0, 0, 0, 0)
		switch {
		case errno == syscall.EINTR:
			continue
		case errno != 0:
			return os.NewSyscallError("io_uring_enter", errno)
		case n != 1:
			return errors.New("io_uring_enter: the entry was not taken")
		}
		r.submitted++
		return nil
	}
}

// wait blocks, in the poller, until the kernel has posted completions.
func (r *ring) wait() error {
	_, err := r.event.Read(r.eventBuf[:])
	return err
}

// reap calls done with each completion posted so far.
func (r *ring) reap(done func(id uint64, res int32)) {
	for {
		head := atomic.LoadUint32(r.cqHead)
		if head == atomic.LoadUint32(r.cqTail) {
			return
		}
		c := r.cqes[head&r.cqMask]
		atomic.StoreUint32(r.cqHead, head+1) // the entry is read before the kernel may reuse it
		r.ended++
		done(c.userData, c.res)
	}
}

// close releases the ring; nothing may be in flight.
func (r *ring) close() {
	if r.event != nil {
		r.event.Close()
	}
	for _, b := range r.maps {
		unix.Munmap(b)
	}
	unix.Close(r.fd)
}

// The ring of a stream's window outside the Go heap: the collector sets
// its next goal at twice the live heap, so a window on the heap would let
// garbage grow to the window's size before a collection, and memory to
// twice the window. Under the race detector the ring stays on the heap,
// where the detector watches it.

//go:build (linux || darwin || freebsd || netbsd || openbsd || dragonfly) && !race

package streamwin

import "syscall"

// allocRing returns n bytes of zeros and how to give them back; after
// free, nothing may touch them.
func allocRing(n int) (ring []byte, free func()) {
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]byte, n), func() {}
	}
	return b, func() { syscall.Munmap(b) }
}

// The ring of a stream's window on the Go heap, where mmap is missing or
// the race detector must see every access to it.

//go:build !((linux || darwin || freebsd || netbsd || openbsd || dragonfly) && !race)

package streamwin

// allocRing returns n bytes of zeros and how to give them back.
func allocRing(n int) (ring []byte, free func()) {
	return make([]byte, n), func() {}
}

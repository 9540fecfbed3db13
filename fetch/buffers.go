// Read buffers that outlive one download: the workers of the downloads
// that share a Buffers (a Client's) take theirs from it and give them
// back, so that a list of small files does not make (and collect) a fresh
// buffer per file.

package fetch

import "sync"

// keptBuffers is how many idle buffers a Buffers keeps: as many as the
// connections of a few downloads at once; those given back beyond it are
// left to the collector. At the default sizes that is 2 to 16 MiB at most
// (a buffer's pages are resident only once a read has filled them).
const keptBuffers = 16

// Buffers lends the workers their read buffers. The zero value is ready;
// a nil *Buffers lends nothing, and each worker makes its own.
//
// Decision: a free list, not a sync.Pool: a pool is emptied by every
// collection, which a burst of small downloads triggers often, and then
// each download made its buffer again.
type Buffers struct {
	mu   sync.Mutex
	free []*[]byte
}

// get returns a buffer of size bytes: one given back, or a new one.
func (b *Buffers) get(size int) *[]byte {
	if b != nil {
		b.mu.Lock()
		for len(b.free) > 0 {
			p := b.free[len(b.free)-1]
			b.free = b.free[:len(b.free)-1]
			if len(*p) == size {
				b.mu.Unlock()
				return p
			}
		}
		b.mu.Unlock()
	}
	p := make([]byte, size)
	return &p
}

// put gives p back once its worker will read into it no more.
func (b *Buffers) put(p *[]byte) {
	if b == nil || p == nil {
		return
	}
	b.mu.Lock()
	if len(b.free) < keptBuffers {
		b.free = append(b.free, p)
	}
	b.mu.Unlock()
}

// The read buffers' sizes. Decision: larger reads cost less CPU per byte
// (fewer reads, fewer wake-ups of the scheduler per byte; 1 GiB over 8
// connections to tmpfs, writes one at a time: 128 KiB 1.27 s, 256 KiB
// 1.17 s, 512 KiB 1.12 s, curl's single stream 1.07 s, medians of 10
// interleaved rounds; see BENCHMARKS.md), but every connection's buffer
// is resident memory, so they share a budget, the one that keeps peak RSS
// below aria2c's at 8 connections (512 KiB each took it to 26.1 MiB
// against aria2c's 25.4). The writes stay at 128 KiB, the size measured
// best for the page cache of a disk (larger writes get larger folios,
// which cost more to fill than they save in system calls).
const (
	readBudget = 2 << 20   // all the connections' read buffers together
	minRead    = 128 << 10 // the smallest read buffer, whatever the count
	maxRead    = 1 << 20   // the largest
	writeChunk = 128 << 10 // the largest write to the File
)

// readSize is the read buffer of each of conns connections: the budget
// shared out, rounded down to a power of two, within [minRead, maxRead].
func readSize(conns int) int {
	n := readBudget / max(conns, 1)
	size := minRead
	for size*2 <= n && size < maxRead {
		size *= 2
	}
	return size
}

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

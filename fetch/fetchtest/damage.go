// Damage: a server whose copy of the file has one byte wrong (a mirror
// whose disk rotted), or other bytes from an offset on (a mirror half way
// through syncing a new build), while its ETag, size and digest headers
// are the good file's.

package fetchtest

import (
	"io"
	"net/http"
	"sync/atomic"
)

// WithDamage sends the byte at offset off inverted in every answer that
// covers it; the validator, the size and WithReprDigest stay the good
// file's, so only a check of the content can tell.
func WithDamage(off int64) Option { return func(c *config) { c.damage = off + 1 } }

// damaged reads r with the byte at off inverted.
type damaged struct {
	r   io.ReaderAt
	off int64
}

func (d damaged) ReadAt(p []byte, off int64) (int, error) {
	n, err := d.r.ReadAt(p, off)
	if i := d.off - off; i >= 0 && i < int64(n) {
		p[i] ^= 0xff
	}
	return n, err
}

// WithOtherBytesFrom sends every byte at or past offset off inverted in
// every answer: a mirror whose rsync of a new build reached off, with the
// old file's validator, size and WithReprDigest.
func WithOtherBytesFrom(off int64) Option { return func(c *config) { c.otherFrom = off + 1 } }

// WithOtherBytesAfter answers the file GETs after the first n with other
// bytes (Fault.OtherBytes) under the same validator and size: a server
// that passes a first check and then lies. HEADs do not count.
func WithOtherBytesAfter(n int) Option {
	var gets atomic.Int64
	return WithFault(func(r *http.Request, _ int) Fault {
		if r.Method != http.MethodGet {
			return Fault{}
		}
		return Fault{OtherBytes: gets.Add(1) > int64(n)}
	})
}

// otherFrom reads r with every byte at or past off inverted.
type otherFrom struct {
	r   io.ReaderAt
	off int64
}

func (o otherFrom) ReadAt(p []byte, off int64) (int, error) {
	n, err := o.r.ReadAt(p, off)
	for i := max(o.off-off, 0); i < int64(n); i++ {
		p[i] ^= 0xff
	}
	return n, err
}

// Damage: a server whose copy of the file has one byte wrong (a mirror
// whose disk rotted, or that synced half a new version) while its
// ETag, size and digest headers are the good file's.

package fetchtest

import "io"

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

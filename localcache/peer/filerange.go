// A range of a shared, held-open slice file, sent at an explicit offset:
// by sendfile(2) on Linux (sendRange), by positioned reads
// elsewhere.

package peer

import (
	"io"
	"os"
)

// fileRange is the n bytes of f from off on. f is shared by every answer
// that sends the slice at once, so it is read at explicit offsets only,
// never through the file's own offset. Reading it, or sending it, moves
// off on and n down.
type fileRange struct {
	f   *os.File
	off int64
	n   int64
}

// Read reads the next bytes of the range, with a positioned read: what
// net/http reads of an answer before it hands the rest to the
// connection's ReadFrom, and the way a connection without sendfile takes
// it.
func (r *fileRange) Read(p []byte) (int, error) {
	if r.n <= 0 {
		return 0, io.EOF
	}
	k, err := r.f.ReadAt(p[:min(int64(len(p)), r.n)], r.off)
	r.off += int64(k)
	r.n -= int64(k)
	if err == io.EOF && k > 0 {
		err = nil // the next Read says it, if the range goes on
	}
	return k, err
}

//go:build !linux || !(amd64 || arm64)

// Sending a range of a held-open slice file where sendfile(2) with an
// explicit offset is not used: positioned reads copied to the connection.

package peer

import (
	"io"
	"net"
)

// sendRange copies r to c by r's positioned reads (the file's own offset
// untouched, for the descriptor is shared by concurrent answers).
func sendRange(c net.Conn, r *fileRange) (written int64, handled bool, err error) {
	written, err = io.Copy(struct{ io.Writer }{c}, r)
	if err == nil && r.n > 0 {
		err = io.ErrUnexpectedEOF // the file is shorter than its header said
	}
	return written, true, err
}

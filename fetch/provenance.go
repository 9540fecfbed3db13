// Provenance: where the bytes of a slice came from, carried by every body a
// Source returns.

package fetch

import (
	"io"

	"github.com/slget/slget/segment"
)

// Body is what Source.Open returns: exactly the bytes of the range asked
// for, and where they came from. Close may be called while a Read is
// blocked, to abort it.
type Body struct {
	io.ReadCloser
	From segment.Provenance
	// Mirror names the mirror the bytes came from (its URL, redacted),
	// "" for the first URL or a source that is not one of Mirrors.
	Mirror string
}

// mixedBody is a body whose slices come from more than one place (a
// fleet's owners, and the origin for the runs no owner could give): it
// says where each of its slices came from, once the slice is read, and
// From is only where the first came from.
type mixedBody interface {
	SliceFrom(slice int) segment.Provenance
}

// mirroredBody is a body whose slices come from more than one mirror (a
// run read span by span): it says which mirror sent each slice read.
type mirroredBody interface {
	SliceMirror(slice int) string
}

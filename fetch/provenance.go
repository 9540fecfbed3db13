// Provenance: where the bytes of a slice came from, carried by every body a
// Source returns.

package fetch

import (
	"io"
	"strconv"
)

// Provenance is where the bytes of a slice came from. Zero is unknown.
type Provenance uint8

// The provenances of a slice.
const (
	FromOrigin Provenance = 1 // the origin server (or a cache or proxy in front of it)
	FromCache  Provenance = 2 // the local slice cache
	FromPeer   Provenance = 3 // a peer slget
)

const numProvenances = 4 // one more than the highest

func (p Provenance) String() string {
	switch p {
	case FromOrigin:
		return "origin"
	case FromCache:
		return "cache"
	case FromPeer:
		return "peer"
	}
	return "unknown(" + strconv.Itoa(int(p)) + ")"
}

// Body is what Source.Open returns: exactly the bytes of the range asked
// for, and where they came from. Close may be called while a Read is
// blocked, to abort it.
type Body struct {
	io.ReadCloser
	From Provenance
	// Mirror names the mirror the bytes came from (its URL, redacted),
	// "" for the first URL or a source that is not one of Mirrors.
	Mirror string
}

// mixedBody is a body whose slices come from more than one place (a
// fleet's owners, and the origin for the runs no owner could give): it
// says where each of its slices came from, once the slice is read, and
// From is only where the first came from.
type mixedBody interface {
	SliceFrom(slice int) Provenance
}

// Provenance: where the bytes of a slice came from, one value for the
// transfer that reads them (fetch), the journal that records them (resume)
// and the library that counts them (Result.BySource).

package segment

import "strconv"

// Provenance is where the bytes of a slice came from. Zero is unknown. The
// journal stores it as one byte: the values never change.
type Provenance uint8

// The provenances of a slice.
const (
	FromOrigin Provenance = 1 // the origin server (or a cache or proxy in front of it), or a mirror of it
	FromCache  Provenance = 2 // the local slice cache
	FromPeer   Provenance = 3 // a peer slget

	// Provenances is one more than the highest: an array indexed by
	// Provenance has this length.
	Provenances = 4
)

// Valid reports whether p is one of the provenances above.
func (p Provenance) Valid() bool { return p >= FromOrigin && p <= FromPeer }

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

// A download's GID, 16 hex digits as aria2 writes them.

package queue

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"strconv"
)

// GID names one download of a Queue: 64 bits, written as 16 hex digits.
type GID uint64

// String is the GID as aria2 writes it: 16 lower-case hex digits.
func (g GID) String() string { return fmt.Sprintf("%016x", uint64(g)) }

// ParseGID reads a GID of 16 hex digits.
func ParseGID(s string) (GID, error) {
	if len(s) != 16 {
		return 0, fmt.Errorf("GID %s is not 16 hex digits", s)
	}
	n, err := strconv.ParseUint(s, 16, 64)
	if err != nil {
		return 0, fmt.Errorf("GID %s is not 16 hex digits", s)
	}
	return GID(n), nil
}

// newGID is a random GID that is not zero.
func newGID() GID {
	var b [8]byte
	for {
		_, _ = rand.Read(b[:])
		if g := GID(binary.BigEndian.Uint64(b[:])); g != 0 {
			return g
		}
	}
}

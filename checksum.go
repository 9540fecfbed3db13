// Checksum: the whole-file check a user asks for with --checksum ALGO=HEX.

package slget

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"fmt"
	"hash"
	"strings"
)

// Checksum is an expected digest of the whole file.
type Checksum struct {
	Algo string // "sha-256", "sha-512", "sha-1" or "md5"
	Sum  []byte
}

// algo maps each name a user may give (aria2's and the usual spellings)
// to the canonical name, the hash and its size.
func algo(name string) (canon string, newHash func() hash.Hash, size int, ok bool) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "sha-256", "sha256":
		return "sha-256", sha256.New, sha256.Size, true
	case "sha-512", "sha512":
		return "sha-512", sha512.New, sha512.Size, true
	case "sha-1", "sha1":
		return "sha-1", sha1.New, sha1.Size, true
	case "md5":
		return "md5", md5.New, md5.Size, true
	}
	return "", nil, 0, false
}

// ParseChecksum parses ALGO=HEX (aria2's --checksum form). The empty
// string gives nil.
func ParseChecksum(s string) (*Checksum, error) {
	if s == "" {
		return nil, nil
	}
	name, hx, ok := strings.Cut(s, "=")
	canon, _, size, known := algo(name)
	if !known {
		return nil, fmt.Errorf("checksum %q: want sha-256=HEX (or sha-512, sha-1, md5)", s)
	}
	sum, err := hex.DecodeString(strings.TrimSpace(hx))
	if !ok || err != nil || len(sum) != size {
		return nil, fmt.Errorf("checksum %q: want %d hex digits after %s=", s, 2*size, canon)
	}
	return &Checksum{Algo: canon, Sum: sum}, nil
}

// newHash returns a fresh hash of c's algorithm, SHA-256 for an unknown one.
func (c *Checksum) newHash() hash.Hash {
	if _, h, _, ok := algo(c.Algo); ok {
		return h()
	}
	return sha256.New()
}

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

	"github.com/slget/slget/fetch"
)

// Checksum is an expected digest of the whole file.
type Checksum struct {
	Algo string // "sha-256", "sha-512", "sha-1" or "md5"
	Sum  []byte
	// From says where a digest the download found came from: the
	// origin's "Repr-Digest" or "Digest" header; "" for one the caller
	// gave.
	From string
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

// originDigest is the origin's digest of the whole file as a Checksum:
// from the probe (Repr-Digest, or the older Digest), nil when it sent
// none.
func originDigest(p *fetch.Probe) *Checksum {
	if p == nil || p.Digest == nil {
		return nil
	}
	return &Checksum{Algo: p.Digest.Algo, Sum: p.Digest.Sum, From: p.Digest.Header}
}

// String is the form a journal keeps: "sha-256=HEX".
func (c *Checksum) String() string { return c.Algo + "=" + hex.EncodeToString(c.Sum) }

// checksum is what the whole file is checked against: the request's
// Checksum, else the origin's digest (from the probe, or kept in the
// journal), else nil.
func (d *download) checksum() *Checksum {
	if d.req.Checksum != nil {
		return d.req.Checksum
	}
	return d.digest
}

// digestToKeep is the origin's digest as the journal keeps it, "" without
// one.
func (d *download) digestToKeep() string {
	if d.digest == nil {
		return ""
	}
	return d.digest.String()
}

// compareKept compares a digest kept from an earlier run (a journal's, or
// a finished file's record: "sha-256=HEX") with the server's now. pinned:
// both are there and equal, so the content is the same and no bytes need
// comparing; changed: both are there and differ, so it is another file.
func (d *download) compareKept(kept string) (pinned, changed bool) {
	if kept == "" || d.digest == nil {
		return false, false
	}
	same := d.digest.String() == kept
	return same, !same
}

// keptDigest is a digest a journal kept ("sha-256=HEX"), nil when it does
// not parse.
func keptDigest(s string) *Checksum {
	c, err := ParseChecksum(s)
	if err != nil || c == nil {
		return nil
	}
	c.From = "digest kept from the first run"
	return c
}

// Key: what names a slice, its canonical form, and the hash that names its file.

package localcache

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"net/url"
	"strings"

	"github.com/slget/slget/internal/units"
)

// Key names one slice of one version of a resource.
type Key struct {
	// URL is the resource's absolute URL. Its fragment and its userinfo
	// (user:password@) are not part of the key and are never stored.
	URL string

	// Validator pins the version: a strong validator such as the ETag
	// "33a64df5" (quotes included, as the server sent it). Empty and weak
	// (W/...) validators are refused with ErrInvalid: they do not prove
	// that two responses hold the same bytes.
	Validator string

	// SliceSize is the slice size in bytes; it must be the cache's.
	SliceSize int64

	// Index is the slice number, from 0: the slice covers bytes
	// [Index*SliceSize, (Index+1)*SliceSize) of the resource, fewer for
	// the last one.
	Index int64
}

// Limits on what a key and its metadata may hold. They bound the header of
// a slice file and the records of the index.
const (
	MaxURLLen       = 16 << 10 // bytes of a URL, after its fragment and userinfo are removed
	MaxValidatorLen = 1 << 10  // bytes of a validator
	MaxMetaLen      = 1 << 10  // bytes of a Content-Type or Content-Encoding

	maxIndex = 1 << 40 // a slice index past this is an error, not a key
)

// hash is the SHA-256 of a key's canonical encoding; its hex form names the
// slice file.
type hash [32]byte

func (h hash) String() string { return hex.EncodeToString(h[:]) }

// rel is the slice file's path under the cache directory:
// slices/ab/cd/abcd..., two levels of folders as nginx's levels=2:2.
func (h hash) rel() (dir, name string) {
	x := h.String()
	return "slices/" + x[0:2] + "/" + x[2:4], x
}

// file is the slice file's path under the cache directory: rel's folder
// and name joined.
func (h hash) file() string {
	dir, name := h.rel()
	return dir + "/" + name
}

// keyDomain opens every encoded key, so that no other SHA-256 input of this
// program can collide with one by construction.
const keyDomain = "slget localcache key v1\x00"

// sum is the hash of a key whose URL is already canonical: SHA-256 of the
// domain string, the URL and the validator each preceded by its length as 8
// bytes little-endian, then the slice size and the index as 8 bytes each.
// The length prefixes make the encoding unambiguous.
func sum(canonURL, validator string, sliceSize, index int64) hash {
	h := sha256.New()
	var n [8]byte
	h.Write([]byte(keyDomain))
	for _, s := range []string{canonURL, validator} {
		binary.LittleEndian.PutUint64(n[:], uint64(len(s)))
		h.Write(n[:])
		h.Write([]byte(s))
	}
	for _, v := range []int64{sliceSize, index} {
		binary.LittleEndian.PutUint64(n[:], uint64(v))
		h.Write(n[:])
	}
	var out hash
	h.Sum(out[:0])
	return out
}

// canonicalURL is raw without its fragment and userinfo, with the host in
// lower case. raw must be an absolute URL with a host.
func canonicalURL(raw string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", detailf(ErrInvalid, "URL does not parse: %v", redactErr(err))
	}
	if u.Scheme == "" || u.Host == "" {
		return "", detailf(ErrInvalid, "URL %q is not absolute", u.Redacted())
	}
	u.User = nil
	u.Fragment, u.RawFragment = "", ""
	u.Host = strings.ToLower(u.Host)
	s := u.String()
	if len(s) > MaxURLLen {
		return "", detailf(ErrInvalid, "URL of %d bytes is longer than %d", len(s), MaxURLLen)
	}
	return s, nil
}

// canonical is canonicalURL, refusing a URL whose canonical form is not
// its own canonical form (url.URL.String does not always round-trip): the
// URL stored in a slice file's header must check out when it is read.
func canonical(raw string) (string, error) {
	u, err := canonicalURL(raw)
	if err != nil {
		return "", err
	}
	if again, err := canonicalURL(u); err != nil || again != u {
		return "", detailf(ErrInvalid, "URL %q has no stable form", redact(raw))
	}
	return u, nil
}

// redact is raw for messages: without its password, if it parses.
func redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(a URL that does not parse)"
	}
	return u.Redacted()
}

// redactErr drops the URL from a *url.Error, which may hold a password.
func redactErr(err error) error {
	if ue, ok := err.(*url.Error); ok {
		return ue.Err
	}
	return err
}

// checkValidator says whether v can key a slice.
func checkValidator(v string) error {
	switch {
	case v == "":
		return detailf(ErrInvalid, "no validator")
	case strings.HasPrefix(v, "W/"):
		return detailf(ErrInvalid, "weak validator %s", v)
	case len(v) > MaxValidatorLen:
		return detailf(ErrInvalid, "validator of %d bytes is longer than %d", len(v), MaxValidatorLen)
	}
	return nil
}

// slot is a checked key: its canonical URL and its hash.
type slot struct {
	Key
	url  string // canonical
	hash hash
}

// resolve checks k against the cache and computes its hash.
func (s *Store) resolve(k Key) (slot, error) {
	if k.SliceSize != s.slice {
		return slot{}, detailf(ErrSliceSize, "key has slices of %s, the cache %s", units.Exact(k.SliceSize), units.Exact(s.slice))
	}
	if k.Index < 0 || k.Index > maxIndex {
		return slot{}, detailf(ErrInvalid, "slice index %d out of range", k.Index)
	}
	if err := checkValidator(k.Validator); err != nil {
		return slot{}, err
	}
	u, err := canonical(k.URL)
	if err != nil {
		return slot{}, err
	}
	return slot{Key: k, url: u, hash: sum(u, k.Validator, k.SliceSize, k.Index)}, nil
}

// The values a program reads from a download (Validator and its Strength,
// Range, Source, MirrorStats): the root's own types, made from the form
// of the package that found them where they are handed out.

package slget

import (
	"fmt"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/segment"
)

// Validator is what identifies one version of the remote file: its size,
// ETag and Last-Modified, and how much they can prove (Strength).
type Validator struct {
	Size         int64  // total size in bytes; -1 when unknown
	ETag         string // the raw ETag header value, "" if none; may be weak (W/"...")
	LastModified string // the raw Last-Modified header value, "" if none
	// Unsettled is true when Last-Modified was less than a second before
	// the server's Date: the file may change again within that second
	// without another Last-Modified, so it cannot pin a version (RFC 9110
	// §8.8.2.2 calls such a date weak). It lowers Strength.
	Unsettled bool
}

func validatorOf(v fetch.Validator) Validator {
	return Validator{Size: v.Size, ETag: v.ETag, LastModified: v.LastModified, Unsettled: v.Unsettled}
}

func (v Validator) fetch() fetch.Validator {
	return fetch.Validator{Size: v.Size, ETag: v.ETag, LastModified: v.LastModified, Unsettled: v.Unsettled}
}

// Strength is what v can prove: a strong ETag, else a settled
// Last-Modified, else the size alone.
func (v Validator) Strength() Strength { return strengthOf(v.fetch().Strength()) }

// Warning is a sentence for the user when v is weaker than a strong ETag,
// or "" when it is strong.
func (v Validator) Warning() string { return v.fetch().Warning() }

// String says v's parts: "ETag "x", Last-Modified ..., size N".
func (v Validator) String() string { return v.fetch().String() }

// Strength is what a Validator can prove: StrongETag, LastModified or
// SizeOnly.
type Strength int

// The strengths of a Validator, from best to worst.
const (
	StrongETag   Strength = iota // a strong ETag: byte-for-byte identity
	LastModified                 // Last-Modified plus size: good unless changed within a second
	SizeOnly                     // size alone (and a weak ETag, compared weakly): a change of the same size and tag goes unseen
)

func strengthOf(s fetch.Strength) Strength {
	switch s {
	case fetch.StrongETag:
		return StrongETag
	case fetch.LastModified:
		return LastModified
	}
	return SizeOnly
}

// Range is a half-open byte range [Start, End) of the file. The zero
// Range is empty.
type Range struct {
	Start, End int64
}

func rangeOf(r segment.Range) Range { return Range{Start: r.Start, End: r.End} }

// Len is the number of bytes in r.
func (r Range) Len() int64 { return r.End - r.Start }

func (r Range) String() string { return fmt.Sprintf("[%d,%d)", r.Start, r.End) }

// Source is where the bytes of a slice came from: the origin (or a cache
// or proxy in front of it, or a mirror of it), the local slice cache, or
// a peer. Zero is unknown.
type Source uint8

// The sources of a slice's bytes.
const (
	FromOrigin = Source(segment.FromOrigin) // the origin server (or a cache or proxy in front of it), or a mirror of it
	FromCache  = Source(segment.FromCache)  // the local slice cache
	FromPeer   = Source(segment.FromPeer)   // a peer slget
)

func (s Source) String() string { return segment.Provenance(s).String() }

// MirrorStats is what one mirror did in a download.
type MirrorStats struct {
	Bytes   int64  // bytes it sent in this run, whole pieces or not
	Dropped string // why it is out, "" if it is not
}

// mirrorStatsOf is m with the root's values.
func mirrorStatsOf(m map[string]fetch.MirrorStats) map[string]MirrorStats {
	if m == nil {
		return nil
	}
	out := make(map[string]MirrorStats, len(m))
	for k, v := range m {
		out[k] = MirrorStats{Bytes: v.Bytes, Dropped: v.Dropped}
	}
	return out
}

func (r Range) segment() segment.Range { return segment.Range{Start: r.Start, End: r.End} }

// The HTTP side's value types, sentinels and helpers that a program meets,
// named here so that it imports slget alone: aliases of the fetch
// package's own, not copies. Its error types are the root's own
// (errors_http.go).

package slget

import (
	"github.com/slget/slget/fetch"
	"github.com/slget/slget/segment"
)

// Validator is what identifies one version of the remote file: its size,
// ETag and Last-Modified, and how much they can prove (Strength).
type Validator = fetch.Validator

// Strength is what a Validator can prove: StrongETag, LastModified or
// SizeOnly.
type Strength = fetch.Strength

// The strengths of a Validator, from best to worst.
const (
	StrongETag   = fetch.StrongETag
	LastModified = fetch.LastModified
	SizeOnly     = fetch.SizeOnly
)

// Source is where the bytes of a slice came from: the origin (or a cache
// or proxy in front of it), the local slice cache, or a peer. It is the
// one type the transfer reads and the journal records (Status.BySource).
type Source = segment.Provenance

// The sources of a slice's bytes.
const (
	FromOrigin = segment.FromOrigin
	FromCache  = segment.FromCache
	FromPeer   = segment.FromPeer
)

// Range is a byte range [Start, End) of the file.
type Range = segment.Range

// DefaultSlice is the slice size of a Client whose Slice is zero: 1 MiB,
// as nginx's "slice 1m".
const DefaultSlice = segment.DefaultSlice

// MinSlice and MaxSlice bound Client.Slice: 4 KiB and 1 GiB (Do refuses
// a Slice outside them with a *RequestError).
const (
	MinSlice = segment.MinSlice
	MaxSlice = segment.MaxSlice
)

// Sentinel errors of the HTTP side, matched with errors.Is.
var (
	// ErrNoRanges: the server answers ranged requests with the whole file.
	ErrNoRanges = fetch.ErrNoRanges
	// ErrStalled: a connection brought no bytes for the stall timeout.
	ErrStalled = fetch.ErrStalled
	// ErrTooSlow: a connection stayed below Client.LowestSpeed.
	ErrTooSlow = fetch.ErrTooSlow
	// ErrHeadersTooLarge: the server's response headers passed the limit.
	ErrHeadersTooLarge = fetch.ErrHeadersTooLarge
)

// Retryable reports whether err is worth another try: 5xx, 408, 429,
// timeouts, resets, refused connections, stalls and truncated bodies.
func Retryable(err error) bool { return fetch.Retryable(err) }

// IsTimeout reports whether err is a timeout: of a connection's set-up,
// of the response headers, or a stall.
func IsTimeout(err error) bool { return fetch.IsTimeout(err) }

// Redact returns the URL s with its password and tokens replaced, for
// messages and records.
func Redact(s string) string { return fetch.Redact(s) }

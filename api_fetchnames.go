// The HTTP side's constants, sentinels and helpers that a program meets,
// named here so that it imports slget alone. Its types are the root's own
// (the options a program fills, the values it reads, the errors), made
// from the HTTP side's where they are handed over.

package slget

import (
	"github.com/slget/slget/fetch"
	"github.com/slget/slget/segment"
)

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

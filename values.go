// Values a program reads from people or config files and hands to the
// library: sizes in nginx's units, URLs, peers' addresses and header names,
// checked as Do checks them.

package slget

import (
	"net/url"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/segment"
)

// ParseSize parses a byte count with an optional nginx-style suffix: k or K
// (KiB), m or M (MiB), g or G (GiB). A bare number is bytes.
func ParseSize(s string) (int64, error) { return segment.ParseSize(s) }

// ParseSlice parses a slice size (Client.Slice) and checks that it is
// usable: at least 4 KiB and at most 1 GiB.
func ParseSlice(s string) (int64, error) { return segment.ParseSlice(s) }

// FormatSize formats n in the largest nginx-style unit that divides it
// exactly (1048576 → "1m"); other values are plain bytes.
func FormatSize(n int64) string { return segment.FormatSize(n) }

// ParseURL parses an http:// or https:// URL as Do does, and fails for
// any other (with the reason a person can act on).
func ParseURL(s string) (*url.URL, error) { return fetch.ParseURL(s) }

// ParsePeer parses a peer's address for Client.Peers: http://HOST:PORT,
// or http://slget:TOKEN@HOST:PORT with a token.
func ParsePeer(s string) (*url.URL, error) { return fetch.ParsePeer(s) }

// ReservedHeader reports whether the library sets the header name itself
// on every request (Range, the If-* preconditions, Accept-Encoding, ...):
// such a header in HTTPOptions.Header is never sent.
func ReservedHeader(name string) bool { return fetch.ReservedHeader(name) }

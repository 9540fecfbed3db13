// Values a program reads from people or config files and hands to the
// library: URLs, peers' addresses and header names, checked as Do checks
// them.

package slget

import (
	"net/url"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/sftpsrc"
)

// ParseURL parses an http://, https:// or sftp:// URL as Do does, and
// fails for any other (with the reason a person can act on).
func ParseURL(s string) (*url.URL, error) {
	if sftpsrc.IsSFTP(s) {
		if _, err := sftpsrc.ParseURL(s); err != nil {
			return nil, err
		}
		u, err := url.Parse(s)
		if err != nil {
			return nil, err
		}
		u.Fragment, u.RawFragment = "", ""
		return u, nil
	}
	return fetch.ParseURL(s)
}

// ParsePeer parses a peer's address for Client.Peers: http://HOST:PORT,
// or http://slget:TOKEN@HOST:PORT with a token.
func ParsePeer(s string) (*url.URL, error) { return fetch.ParsePeer(s) }

// ReservedHeader reports whether the library sets the header name itself
// on every request (Range, the If-* preconditions, Accept-Encoding, ...):
// such a header in HTTPOptions.Header is never sent.
func ReservedHeader(name string) bool { return fetch.ReservedHeader(name) }

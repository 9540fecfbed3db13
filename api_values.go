// Values a program reads from people or config files and hands to the
// library: URLs, peers' addresses and header names, checked as Do checks
// them.

package slget

import (
	"fmt"
	"net/url"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/ftpsrc"
	"github.com/slget/slget/fetch/sftpsrc"
)

// ParseURL parses an http://, https://, sftp:// or ftp:// URL as Do
// does, and fails for any other (with the reason a person can act on).
func ParseURL(s string) (*url.URL, error) {
	if sftpsrc.IsSFTP(s) || ftpsrc.IsFTP(s) {
		_, err := sftpsrc.ParseURL(s)
		if ftpsrc.IsFTP(s) {
			_, err = ftpsrc.ParseURL(s)
		}
		if err != nil {
			return nil, err
		}
		u, err := url.Parse(s)
		if err != nil {
			return nil, err
		}
		u.Fragment, u.RawFragment = "", ""
		return u, nil
	}
	if u, err := url.Parse(s); err == nil && u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("%q: only http://, https://, sftp:// and ftp:// URLs are supported", fetch.Redact(s))
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

// The errors of announcing and looking up, matched with errors.Is.

package mdns

import "errors"

var (
	// ErrNoAddress: there is no address worth announcing, only loopback
	// (or unspecified) ones; a peer on loopback is reachable from this
	// host only, and this host finds it without mDNS.
	ErrNoAddress = errors.New("mdns: no address to announce but loopback")
	// ErrNoInterface: no interface is up with multicast and an address,
	// so there is nothing to announce or ask on.
	ErrNoInterface = errors.New("mdns: no multicast interface is up")
)

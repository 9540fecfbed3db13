// Names the tests use, exported to them alone.

package slget

import "github.com/slget/slget/fetch"

// SetOriginScope makes every origin of c's downloads count as of scope s,
// whatever address it is on: the test servers are all on loopback.
func SetOriginScope(c *Client, s fetch.Scope) { c.originScope = s }

// SyncsThroughRing is the count of c's syncs made through an io_uring.
func SyncsThroughRing(c *Client) uint64 { return c.shared().syncer.ViaRing() }

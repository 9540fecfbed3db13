// Traffic: what this server counted of each fleet member since it started,
// for the operator's page (Page): the runs it filled through each owner
// and the bytes they brought, and the requests and bytes it answered to
// each address that asked it.

package peer

import (
	"net/http"
	"net/netip"
	"sync"
)

// maxCounted bounds the addresses traffic keeps apart (requesters, owners);
// more are counted together, so that a stream of new addresses cannot
// grow the server's memory.
const maxCounted = 4096

// traffic holds the counts. Its zero value is ready.
type traffic struct {
	mu sync.Mutex
	// owners counts fills by the address of the owner they asked; ""
	// for the fills this server made from origins itself.
	owners map[string]*ownerCount
	// askers counts the proxy requests answered, by requester IP.
	askers   map[netip.Addr]*askerCount
	overflow askerCount // the requesters past maxCounted
}

// ownerCount is what the fills through one owner came to.
type ownerCount struct {
	Runs     int64 // runs asked of it (for this server: filled from origins)
	Failures int64 // of them, runs it failed, filled from the origin instead
	Bytes    int64 // body bytes it sent for them
}

// askerCount is what one requester asked and was sent.
type askerCount struct {
	Requests int64 // proxy requests answered
	Relayed  int64 // of them, relayed by a serve of the fleet
	Bytes    int64 // body bytes sent
}

func (c *askerCount) add(o askerCount) {
	c.Requests += o.Requests
	c.Relayed += o.Relayed
	c.Bytes += o.Bytes
}

// filled counts one run filled through the owner at addr ("" for an
// origin, by this server): failed when the owner failed it, and the
// bytes it brought.
func (t *traffic) filled(addr string, failed bool, bytes int64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.owners == nil {
		t.owners = map[string]*ownerCount{}
	}
	c := t.owners[addr]
	if c == nil {
		if len(t.owners) >= maxCounted {
			addr = "?" // no address: past the bound
			if c = t.owners[addr]; c == nil {
				c = &ownerCount{}
				t.owners[addr] = c
			}
		} else {
			c = &ownerCount{}
			t.owners[addr] = c
		}
	}
	c.Runs++
	if failed {
		c.Failures++
	}
	c.Bytes += max(bytes, 0)
}

// answered counts a proxy request of r, answered through w: the bytes
// of its body that the recorder under w saw.
func (t *traffic) answered(r *http.Request, w http.ResponseWriter) {
	one := askerCount{Requests: 1}
	if rec, ok := w.(*recorder); ok {
		if rec.status == http.StatusGatewayTimeout && onlyIfCached(r) {
			return // a member asking whether this one holds a run: it does not
		}
		one.Bytes = rec.bytes
	}
	if isRelayed(r.Context()) {
		one.Relayed = 1
	}
	ip := requesterIP(r)
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.askers == nil {
		t.askers = map[netip.Addr]*askerCount{}
	}
	c := t.askers[ip]
	if c == nil {
		if !ip.IsValid() || len(t.askers) >= maxCounted {
			t.overflow.add(one)
			return
		}
		c = &askerCount{}
		t.askers[ip] = c
	}
	c.add(one)
}

// requesterIP is the IP r came from; the zero Addr when RemoteAddr is not
// an IP and port (a handler called by a program of its own).
func requesterIP(r *http.Request) netip.Addr {
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return netip.Addr{}
	}
	return ap.Addr().Unmap()
}

// snapshot copies the counts.
func (t *traffic) snapshot() (owners map[string]ownerCount, askers map[netip.Addr]askerCount, overflow askerCount) {
	t.mu.Lock()
	defer t.mu.Unlock()
	owners = make(map[string]ownerCount, len(t.owners))
	for a, c := range t.owners {
		owners[a] = *c
	}
	askers = make(map[netip.Addr]askerCount, len(t.askers))
	for ip, c := range t.askers {
		askers[ip] = *c
	}
	return owners, askers, t.overflow
}

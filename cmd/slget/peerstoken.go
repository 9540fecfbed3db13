// slget peers with the fleet's token: whether each peer proves it holds
// the fleet key, by the signed health check the fleet's members make of
// each other. The token itself never crosses the wire, so a peer found by
// mDNS is asked as one given by --peer.

package main

import (
	"context"
	"time"

	"github.com/slget/slget/fleet"
)

// checkKeys asks every healthy peer of list for a /healthz signed with
// the key of token, at once, each within timeout, and records whether its
// answer carried the key's MAC: Key "proven", or "unproven" with why.
func checkKeys(ctx context.Context, list []peerStatus, token string, timeout time.Duration) {
	var addrs []string
	for _, p := range list {
		if p.Healthy {
			addrs = append(addrs, p.Addr)
		}
	}
	if len(addrs) == 0 {
		return
	}
	m := fleet.NewMembers(addrs, fleet.Options{Timeout: timeout, Key: fleet.NewKey(token)})
	m.Check(ctx)
	byAddr := map[string]fleet.Health{}
	for _, h := range m.Status() {
		byAddr[h.Addr] = h
	}
	for i := range list {
		h, ok := byAddr[list[i].Addr]
		switch {
		case !ok:
		case h.Healthy:
			list[i].Key = "proven"
		case h.Unproven:
			list[i].Key = "unproven"
			list[i].Error = h.Err
		default:
			list[i].Error = h.Err
		}
	}
}

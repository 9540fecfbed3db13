// The peers a client finds while it downloads: the serves mDNS finds
// (--peer auto) and the members of the fleet file, asked again at each
// health check, so that a serve that joins the fleet or comes back after
// a restart is used by the downloads under way.

package main

import (
	"context"
	"slices"
	"sync/atomic"
	"time"

	"github.com/slget/slget/fleet/mdns"
)

// clientBrowseInterval is how often a client with --peer auto asks the LAN
// again while it runs: a member that joins is used within about this
// long, and one health check more.
const clientBrowseInterval = 3 * time.Second

// morePeers returns the Client's MorePeers for --peer auto (auto) and
// --fleet-file (fleetFile, "" for none), or nil for neither. Browsing runs
// until ctx is done; the fleet file is read again each time, and a file
// that cannot be read leaves the members it last listed.
func morePeers(ctx context.Context, auto bool, fleetFile string) func() []string {
	if !auto && fleetFile == "" {
		return nil
	}
	var found, listed atomic.Pointer[[]string]
	if auto {
		go mdns.Browse(ctx, mdns.BrowseOptions{Interval: clientBrowseInterval}, func(peers []string) {
			found.Store(&peers)
		})
	}
	return func() []string {
		var out []string
		if fleetFile != "" {
			if l, err := readFleetFile(fleetFile); err == nil {
				listed.Store(&l)
			}
			if l := listed.Load(); l != nil {
				out = append(out, *l...)
			}
		}
		if f := found.Load(); f != nil {
			out = append(out, *f...)
		}
		return slices.Compact(out)
	}
}

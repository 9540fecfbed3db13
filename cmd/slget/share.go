// The local cache and peers of an invocation: --cache, --peer and
// SLGET_PEERS, and the fleet token (readToken).

package main

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/slget/slget"
	"github.com/slget/slget/fleet/mdns"
)

// envPeers is the environment variable that lists peers, separated by
// spaces or commas, as --peer does one at a time.
const envPeers = "SLGET_PEERS"

func shareFlags() []cli.Flag {
	return append([]cli.Flag{
		&cli.StringFlag{Name: "cache", Usage: "read slices from the slice cache in `DIR` first, and store there what comes from the origin (a cache that slget serve owns is asked as a peer)"},
		&cli.StringSliceFlag{Name: "peer", Usage: "ask the slget peer at `URL` (http://HOST:PORT, or http://slget:TOKEN@HOST:PORT) for slices before the origin; auto: the slget serves mDNS finds on the LAN (repeatable; also " + envPeers + ", separated by spaces or commas)"},
		&cli.StringFlag{Name: "fleet-file", Usage: "ask the peers listed in `FILE` too: one http://HOST:PORT a line, # for comments (the file the fleet's serves read)"},
	}, peerTokenFlags()...)
}

// splitPeers splits a list of peers separated by spaces or commas.
func splitPeers(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' })
}

// openShare sets up the client's cache and peers from the flags and the
// environment. A cache that another slget owns is asked as a peer when it
// serves it, and otherwise left alone.
func (a *app) openShare(c *cli.Context) error {
	peers := append(c.StringSlice("peer"), splitPeers(os.Getenv(envPeers))...)
	if err := checkPeers(peers, len(c.StringSlice("peer"))); err != nil {
		return err
	}
	token, err := readToken(c, tokenSource{"peer-token", "peer-token-file", envPeerToken})
	if err != nil {
		return err
	}
	if err := needKeyForAuto(peers, token); err != nil {
		return err
	}
	a.client.MorePeers = morePeers(c.Context, slices.Contains(peers, peerAuto), c.String("fleet-file"))
	if name := c.String("fleet-file"); name != "" {
		listed, err := readFleetFile(name)
		if err != nil {
			return withCode(exitBadOption, fmt.Errorf("--fleet-file: %v", err))
		}
		peers = append(peers, listed...)
	}
	peers = resolvePeers(c.Context, peers, mdns.Lookup, a.con.warnf)
	if dir := c.String("cache"); dir != "" {
		var opts slget.CacheOptions
		if c.IsSet("slice") {
			opts.SliceSize = a.cfg.slice
		}
		store, owner, err := slget.OpenCache(dir, &opts)
		switch {
		case errors.Is(err, slget.ErrCacheSliceSize):
			return withCode(exitBadOption, fmt.Errorf("--cache: %v (or leave --slice out to use the cache's)", err))
		case errors.Is(err, slget.ErrCacheLocked):
			a.con.warnf("the cache %s is in use by another slget, which does not serve it: downloading without it", dir)
		case err != nil:
			return withCode(exitBadOption, fmt.Errorf("--cache: %w", err))
		case owner != "":
			a.con.warnf("the cache %s is owned by the slget serve at %s: asking it as a peer", dir, owner)
			if !slices.ContainsFunc(peers, func(p string) bool { return p != peerAuto }) {
				// No peer of its own: the serve's fleet is the client's,
				// as the serve knows it (one request every 2s, not one to
				// every member).
				a.client.FleetOf = owner
			}
			peers = append(peers, owner)
		default:
			a.client.Cache = store
			if !c.IsSet("slice") {
				a.client.Slice = store.SliceSize()
			}
		}
	}
	a.client.Peers = peers
	// The fleet token goes to the serve that owns --cache too: its
	// address carries none.
	a.client.PeerOptions = slget.PeerOptions{Timeout: a.cfg.timeout, Connections: a.cfg.connections, UserAgent: a.cfg.userAgent, Token: token}
	return nil
}

// closeShare closes the cache and the idle connections.
func (a *app) closeShare() {
	a.client.CloseIdle()
	if a.client.Cache != nil {
		if err := a.client.Cache.Close(); err != nil {
			a.con.warnf("%v", err)
		}
	}
}

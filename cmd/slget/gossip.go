// slget serve's gossip (--gossip-port): the fleet's membership on
// memberlist, sealed with the fleet key, in place of every member checking
// every other's /healthz; --peer, --fleet-file and mDNS only name members
// to join it through.

package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/slget/slget/fleet"
	"github.com/slget/slget/fleet/gossip"
	"github.com/slget/slget/internal/every"
)

// gossipFlag is serve's --gossip-port. It is off by default (the
// systemd unit turns it on): a member with gossip ranks the members
// outside it that its list names and that prove the fleet key (see
// fleet.Mixed), but a fleet keeps one membership best. A string, so that
// the unit's empty SLGET_GOSSIP_PORT= means the default.
func gossipFlag() cli.Flag {
	return &cli.StringFlag{Name: "gossip-port", Value: "0", Usage: "keep the fleet's membership by gossip on UDP and TCP `PORT` (" + strconv.Itoa(gossip.DefaultPort) +
		" is usual; sealed with the fleet token, which it needs), rather than by every member asking every other's /healthz every 2s; " +
		"--peer, --fleet-file and mDNS then name members to join through (a member they name without gossip is checked and ranked all the same, and said in the log, on /fleet and on the page); 0 (the default) for the health checks"}
}

// readGossipOptions reads --gossip-port into o, after the fleet's token.
func readGossipOptions(c *cli.Context, o *serveOptions) error {
	p, err := strconv.Atoi(strings.TrimSpace(c.String("gossip-port")))
	switch {
	case err != nil:
		return withCode(exitBadOption, fmt.Errorf("--gossip-port %q: want a port, 1 to 65535, or 0 for none", c.String("gossip-port")))
	case p == 0:
		return nil
	case p < 0 || p > 65535:
		return withCode(exitBadOption, fmt.Errorf("--gossip-port %d: want a port, 1 to 65535, or 0 for none", p))
	case o.peerToken == "":
		return withCode(exitBadOption, errors.New("--gossip-port: the gossip is sealed with the fleet token: give --peer-token (or --token)"))
	}
	o.gossipPort = p
	o.cfg.GossipPort = p
	return nil
}

// gossipView is the serve's fleet.View while its gossip starts (the serve
// itself alone), and the gossip's once it has.
type gossipView struct {
	id string
	g  atomic.Pointer[gossip.Gossip]
}

func (v *gossipView) Live() []fleet.Member {
	if g := v.g.Load(); g != nil {
		return g.Live()
	}
	return []fleet.Member{{ID: v.id}}
}

func (v *gossipView) Status() []fleet.Health {
	if g := v.g.Load(); g != nil {
		return g.Status()
	}
	return []fleet.Health{{ID: v.id, Healthy: true, Self: true, State: "starting"}}
}

// startGossip starts the serve's gossip, its HTTP address that of ln, and
// joins the members its list names until ctx is done; stop leaves the
// gossip (so that the others know at once) and ends it.
func startGossip(ctx context.Context, o *serveOptions, ln *net.TCPAddr, log *slog.Logger) (stop func(), err error) {
	if o.gossip == nil {
		return func() {}, nil
	}
	host := ln.IP.String()
	cfg := gossip.Config{
		Key: fleet.NewKey(o.peerToken), ID: o.cfg.ID, Logger: log,
		HTTPAddr: "http://" + net.JoinHostPort(host, strconv.Itoa(ln.Port)),
		Bind:     net.JoinHostPort(host, strconv.Itoa(o.gossipPort)),
	}
	if len(o.announceIPs) > 0 && ln.IP.IsUnspecified() {
		ip := o.announceIPs[0].String()
		cfg.HTTPAddr = "http://" + net.JoinHostPort(ip, strconv.Itoa(ln.Port))
		cfg.Advertise = net.JoinHostPort(ip, strconv.Itoa(o.gossipPort))
	}
	g, err := gossip.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("serve: cannot start the fleet's gossip on port %d: %v", o.gossipPort, err)
	}
	o.gossip.g.Store(g)
	log.Info("fleet gossip", "addr", g.LocalAddr(), "id", o.cfg.ID)
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		j := &joiner{g: g, list: o.members, outside: o.outside, hc: &http.Client{Transport: &http.Transport{Proxy: nil, DisableKeepAlives: true}, Timeout: time.Second}, log: log}
		j.run(ctx)
	}()
	return func() {
		cancel()
		wg.Wait()
		if err := g.Leave(2 * time.Second); err != nil {
			log.Debug("fleet gossip: leaving", "err", err)
		}
		g.Shutdown()
	}, nil
}

// joiner joins the gossip through the members the serve's list names
// (--peer, --fleet-file, mDNS) that it does not know yet: it asks each
// for its gossip's port (/healthz) and joins through it, again after a
// wait that doubles while the member cannot be reached, up to joinWaitMax:
// a fleet file of dead members costs little, and says nothing above debug.
type joiner struct {
	g    *gossip.Gossip
	list *fleet.Members
	// outside checks the listed members that have no gossip (fleet.Mixed);
	// out holds their addresses, and wasOut those of members that were
	// outside it and went: they are asked again every round, as the
	// health checks would ask them, so that one back from a restart is
	// ranked again within a round, not after the joiner's growing wait.
	outside *fleet.Members
	out     map[string]bool
	wasOut  map[string]bool
	hc      *http.Client
	log     *slog.Logger
	next    map[string]retry // by address: when to ask again
	seen    string           // the live members last logged
}

type retry struct {
	at   time.Time
	wait time.Duration
}

const (
	joinEvery   = 2 * time.Second
	joinWaitMax = time.Minute
)

func (j *joiner) run(ctx context.Context) {
	j.next, j.out, j.wasOut = map[string]retry{}, map[string]bool{}, map[string]bool{}
	every.Now(ctx, joinEvery, func(time.Time) bool { j.round(ctx); return true })
}

// round asks the listed members not in the gossip yet, and logs the live
// members when they change.
func (j *joiner) round(ctx context.Context) {
	known := map[string]bool{}
	var ids []string
	for _, m := range j.g.Live() {
		known[m.Addr] = true
		ids = append(ids, m.ID+"="+m.Addr)
	}
	if s := strings.Join(ids, " "); s != j.seen {
		j.seen = s
		j.log.Info("fleet", "live", s)
	}
	now := time.Now()
	for _, a := range j.list.Addrs() {
		if known[a] || j.out[a] || now.Before(j.next[a].at) || ctx.Err() != nil {
			continue
		}
		err := j.join(ctx, a)
		if err == nil { // listed by a name the gossip does not give: ask again later
			j.next[a] = retry{at: now.Add(joinWaitMax)}
			continue
		}
		if errors.Is(err, errNoGossip) && j.outside != nil {
			j.out[a], j.wasOut[a] = true, true // a member outside the gossip, if it proves the key
			continue
		}
		w := min(max(2*j.next[a].wait, joinEvery), joinWaitMax)
		if j.wasOut[a] {
			w = joinEvery
		}
		j.next[a] = retry{at: now.Add(w), wait: w}
		j.log.Debug("fleet gossip: cannot join through a listed member", "addr", a, "err", err)
	}
	j.checkOutside(ctx, known)
}

// checkOutside checks the listed members outside the gossip, which
// fleet.Mixed ranks while they prove the fleet key. One that is gone from
// the list, joined the gossip, names a gossip port now, or does not
// answer, goes back to the members to join: the next round asks it again.
func (j *joiner) checkOutside(ctx context.Context, known map[string]bool) {
	if j.outside == nil {
		return
	}
	listed := j.list.Addrs()
	for a := range j.wasOut {
		if known[a] || !slices.Contains(listed, a) {
			delete(j.out, a)
			delete(j.wasOut, a)
		}
	}
	j.outside.SetFound("list", slices.Sorted(maps.Keys(j.out)))
	if len(j.out) == 0 {
		return
	}
	j.outside.Check(ctx)
	for _, h := range j.outside.Status() {
		gone := !h.Healthy && !h.Unproven && !h.Claimed
		if j.out[h.Addr] && (gone || h.Healthy && h.Membership == "") {
			delete(j.out, h.Addr)
			j.next[h.Addr] = retry{at: time.Now().Add(joinEvery)}
		}
	}
	j.outside.SetFound("list", slices.Sorted(maps.Keys(j.out)))
}

// errNoGossip: a listed member answers /healthz without a gossip port.
var errNoGossip = errors.New("it has no gossip (no " + fleet.HeaderGossip + " in its /healthz)")

// join asks the serve at addr for its gossip's port and joins through it.
func (j *joiner) join(ctx context.Context, addr string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, addr+"/healthz", nil)
	if err != nil {
		return err
	}
	resp, err := j.hc.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	port, err := strconv.Atoi(resp.Header.Get(fleet.HeaderGossip))
	if err != nil || port < 1 || port > 65535 {
		return errNoGossip
	}
	u, err := url.Parse(addr)
	if err != nil {
		return err
	}
	seed := net.JoinHostPort(u.Hostname(), strconv.Itoa(port))
	if seed == j.g.LocalAddr() {
		return nil
	}
	_, err = j.g.Join([]string{seed})
	return err
}

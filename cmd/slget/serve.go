// slget serve: share a slice cache with a LAN as a caching forward proxy.

package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/slget/slget/fleet"
	"github.com/slget/slget/internal/units"
	"github.com/slget/slget/internal/version"
	"github.com/slget/slget/localcache"
	"github.com/slget/slget/localcache/peer"
)

func serveCommand(con *console) *cli.Command {
	return &cli.Command{
		Name:  "serve",
		Usage: "share a slice cache with a fleet: a forward proxy that fetches each slice from the origin once",
		UsageText: "slget serve --cache DIR --allow HOST [--allow HOST...] [--listen 127.0.0.1:7878] [--token-file FILE]\n" +
			"   curl -x http://PEER http://HOST/file    aria2c --all-proxy=http://PEER URL    slget --peer http://PEER URL    slget --peer auto URL",
		Description: "Answers forward-proxy GETs (GET http://origin/path, and GET https://origin/path from\n" +
			"slget --peer) from the slice cache in DIR, filling a miss from the origin once however\n" +
			"many clients wait for it. Any range is served from whole cached slices, exactly as asked.\n" +
			"Every slice is kept under the origin's strong ETag: two versions sit side by side and a\n" +
			"client that pins one (If-Match) never gets bytes of the other. CONNECT is refused: a\n" +
			"tunnel cannot be cached, so https:// origins go through the peer only as GET https://.\n" +
			"GET / (the fleet as this serve sees it: a page for a browser, JSON with ?format=json),\n" +
			"GET /metrics (Prometheus), GET /status, GET /fleet and GET /healthz are the peer's own pages.\n\n" +
			"Listening beyond loopback, it announces itself on the LAN by mDNS (_slget._tcp) with\n" +
			"the host's real addresses (never 0.0.0.0), so that slget --peer auto and slget peers\n" +
			"find it; --no-announce turns that off, --announce-addr chooses the address.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "cache", Usage: "the cache `DIR` (created if missing; one slget owns it at a time)", Required: true},
			&cli.StringFlag{Name: "listen", Value: "127.0.0.1:7878", Usage: "listen on `ADDR` (loopback by default: give a LAN address, with --token, to share)"},
			&cli.StringSliceFlag{Name: "allow", Usage: "fill only from `HOST` (ports 80 and 443) or HOST:PORT; repeatable; anything else is refused with 403"},
			&cli.StringFlag{Name: "token", Usage: "require `TOKEN` from clients: Proxy-Authorization Basic (any user, the token as password) or Bearer; also " + envServeToken + ", which keeps it out of ps"},
			&cli.StringFlag{Name: "token-file", Usage: "read the token from the first line of `FILE` (--token wins over it, and it over " + envServeToken + ")"},
			&cli.BoolFlag{Name: "no-announce", Usage: "do not announce this peer by mDNS (it does only when it listens beyond loopback)"},
			&cli.StringSliceFlag{Name: "announce-addr", Usage: "announce `IP` rather than every address of the host's interfaces (repeatable)"},
			&cli.StringSliceFlag{Name: "peer", Usage: "a member of this serve's fleet: `URL` (http://HOST:PORT; this serve's own address may be in the list), or auto for those mDNS finds (repeatable); each run of slices has one owner among the live members, and a miss of a run another member owns is filled from it, not from the origin"},
			&cli.StringFlag{Name: "fleet-file", Usage: "the fleet's members, one http://HOST:PORT a line, from `FILE` (# for comments), read again when it changes: the same file on every host"},
			&cli.StringFlag{Name: "peer-token", Usage: "the `TOKEN` to give other serves (default: this one's own); also " + envPeerToken},
			&cli.StringFlag{Name: "peer-token-file", Usage: "read the token for other serves from the first line of `FILE`"},
			gossipFlag(),
			&cli.StringFlag{Name: "max-size", Value: "10g", Usage: "keep the cache under `SIZE` (least recently used slices go first); 0 for no bound"},
			&cli.StringFlag{Name: "inactive", Value: "60m", Usage: "remove slices unread for `DURATION` (as nginx's inactive=); 0 to keep them"},
			&cli.StringFlag{Name: "revalidate", Value: "60s", Usage: "ask the origin for the current version at most every `DURATION`, for clients that pin none"},
			&cli.StringFlag{Name: "slice", Usage: "slice `SIZE` of a new cache (default 1m; an existing cache keeps its own)"},
			&cli.IntFlag{Name: "max-fills", Value: 16, Usage: "at most `N` origin requests at once"},
			&cli.IntFlag{Name: "max-connections", Value: 1024, Usage: "at most `N` client connections at once"},
			&cli.Float64Flag{Name: "rate", Value: 1000, Usage: "at most `N` requests per second from one client address; 0 for no limit"},
			&cli.StringFlag{Name: "ca-certificate", Usage: "trust the CA certificates in `FILE` (PEM) for https:// origins, besides the system's"},
			&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "log every request"},
			&cli.BoolFlag{Name: "log-json", Usage: "log JSON lines instead of text"},
		},
		Before: emptyMeansDefault,
		Action: func(c *cli.Context) error { return runServe(c, con) },
	}
}

// serveOptions are the flags of slget serve, checked.
type serveOptions struct {
	dir, listen string
	store       localcache.Options
	cfg         peer.Config
	// announce is true unless --no-announce; announceIPs are those of
	// --announce-addr (none: the listener's, or every usable address of
	// the host for a wildcard listener). instance is the name announced,
	// set when the announcement is made.
	announce    bool
	announceIPs []net.IP
	instance    string
	// peers are the other serves of --peer, "auto" kept as given (see
	// browsePeers); peerToken is the token to give them: --peer-token,
	// --peer-token-file, SLGET_PEER_TOKEN, else the serve's own token.
	// The fleet's member list takes both.
	peers     []string
	peerToken string
	fleetFile string // --fleet-file, read again when it changes
	// members is the fleet's member list, cfg.Fleet, nil without a fleet.
	members *fleet.Members
	// gossipPort is --gossip-port, 0 for none; with it, gossip is
	// cfg.Fleet, and members only names members to join it through.
	gossipPort int
	gossip     *gossipView
	// outside checks the members the list names that keep no gossip, and
	// that cfg.Fleet (fleet.Mixed) ranks with the gossip's.
	outside *fleet.Members
}

func readServeOptions(c *cli.Context) (serveOptions, error) {
	bad := func(err error) (serveOptions, error) { return serveOptions{}, withCode(exitBadOption, err) }
	o := serveOptions{dir: c.String("cache"), listen: c.String("listen")}
	if o.dir == "" {
		return bad(errors.New("serve: --cache DIR is required"))
	}
	allow := listValues(c.StringSlice("allow"))
	if len(allow) == 0 {
		return bad(errors.New("serve: give --allow HOST for each origin the peer may fetch from (e.g. --allow mirror.example.com); it fetches from no other"))
	}
	var err error
	if o.store.MaxSize, err = units.ParseSize(c.String("max-size")); err != nil {
		return bad(fmt.Errorf("--max-size: %v", err))
	}
	if o.store.Inactive, err = parseDuration("inactive", c.String("inactive")); err != nil {
		return bad(err)
	}
	if s := c.String("slice"); s != "" {
		if o.store.SliceSize, err = parseSlice(s); err != nil {
			return bad(fmt.Errorf("--slice: %v", err))
		}
	}
	token, err := readToken(c, tokenSource{"token", "token-file", envServeToken})
	if err != nil {
		return serveOptions{}, err
	}
	o.cfg = peer.Config{
		Allow:      allow,
		Token:      token,
		MaxFills:   c.Int("max-fills"),
		MaxConns:   c.Int("max-connections"),
		ClientRate: c.Float64("rate"),
	}
	if o.cfg.Revalidate, err = parseDuration("revalidate", c.String("revalidate")); err != nil {
		return bad(err)
	}
	if o.cfg.Revalidate == 0 {
		o.cfg.Revalidate = time.Nanosecond // every request asks the origin
	}
	if o.cfg.MaxFills < 1 || o.cfg.MaxConns < 1 {
		return bad(errors.New("--max-fills and --max-connections must be at least 1"))
	}
	switch r := o.cfg.ClientRate; {
	case r < 0:
		return bad(fmt.Errorf("--rate %v: want 0 (no limit) or more", r))
	case r == 0:
		o.cfg.ClientRate = -1 // Config: negative means no limit
	}
	if o.cfg.Client.TLSConfig, o.cfg.Client.CAs, err = tlsConfig(c.String("ca-certificate"), true); err != nil {
		return bad(err)
	}
	if _, _, err := net.SplitHostPort(o.listen); err != nil {
		return bad(fmt.Errorf("--listen %q: want HOST:PORT, such as 127.0.0.1:7878 or 0.0.0.0:7878", o.listen))
	}
	if err := readFleetOptions(c, &o); err != nil {
		return serveOptions{}, err
	}
	if err := readGossipOptions(c, &o); err != nil {
		return serveOptions{}, err
	}
	return o, nil
}

// parseDuration reads "60m", "90s", "1h30m", or a bare number of seconds.
func parseDuration(name, s string) (time.Duration, error) {
	if s == "0" {
		return 0, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		if secs, serr := parseSeconds(name, s); serr == nil {
			return secs, nil
		}
		return 0, fmt.Errorf("--%s %q: want a duration such as 90s, 60m or 1h", name, s)
	}
	if d < 0 {
		return 0, fmt.Errorf("--%s %q: want a duration of 0 or more", name, s)
	}
	return d, nil
}

// runServe is slget serve.
// Its steps (options, log, store, fleet, server, listener, signals) come in
// the order a start needs them, each a few lines that use the one before;
// split, each piece would take and hand back most of them.
func runServe(c *cli.Context, con *console) error {
	o, err := readServeOptions(c)
	if err != nil {
		return err
	}
	level := slog.LevelInfo
	if c.Bool("verbose") {
		level = slog.LevelDebug
	}
	hopts := &slog.HandlerOptions{Level: level}
	var h slog.Handler = slog.NewTextHandler(con.stderr, hopts)
	if c.Bool("log-json") {
		h = slog.NewJSONHandler(con.stderr, hopts)
	}
	log := slog.New(h)
	o.cfg.Logger = log

	st, err := localcache.Open(o.dir, &o.store)
	if err != nil {
		if errors.Is(err, localcache.ErrLocked) {
			if addr, oerr := localcache.Owner(o.dir); oerr == nil {
				return withCode(exitJournal, fmt.Errorf("another slget owns the cache %s and serves it at %s: use it as a peer (--peer %s, curl -x %s), or give serve another --cache", o.dir, addr, addr, addr))
			}
			return withCode(exitJournal, fmt.Errorf("another slget owns the cache %s (a download with --cache, or another slget serve): stop it, or give serve another --cache", o.dir))
		}
		return withCode(exitFileOpen, err)
	}
	defer st.Close()
	o.cfg.Store = st
	if len(o.peers) > 0 || o.fleetFile != "" || o.gossipPort != 0 {
		static := slices.DeleteFunc(slices.Clone(o.peers), func(p string) bool { return p == peerAuto })
		if o.gossipPort != 0 {
			// The gossip keeps the membership; the list only names the
			// members to join.
			if o.cfg.ID, err = st.FleetID(); err != nil {
				return withCode(exitFileOpen, err)
			}
			key := fleet.NewKey(o.peerToken)
			o.members = fleet.NewMembers(static, fleet.Options{SelfID: o.cfg.ID, Logger: log, Key: key})
			o.outside = fleet.NewMembers(nil, fleet.Options{SelfID: o.cfg.ID, Logger: log, Key: key, Gossip: true})
			o.gossip = &gossipView{id: o.cfg.ID}
			o.cfg.Fleet = fleet.Mixed{In: o.gossip, Out: o.outside}
			// A serve on health checks that checks this one is a member
			// to ask too, though the lists may not name it.
			o.cfg.HeardMember = newHeardMembers(o.members).add
		} else {
			// The server assembles its fleet: its ID is the cache's fleet
			// ID, and the members' checks, signed with the fleet key (a
			// host that announces itself by mDNS without the token is
			// never live, so it owns no run and is never sent a
			// request), run while it serves.
			o.cfg.InFleet = true
			o.cfg.FleetPeers = static
		}
		o.cfg.FleetToken = o.peerToken
	}
	srv, err := peer.NewServer(o.cfg)
	if err != nil {
		return withCode(exitBadOption, err)
	}
	if o.gossip == nil {
		o.members = srv.Members()
	}
	if o.members != nil && o.fleetFile != "" {
		listed, err := readFleetFile(o.fleetFile)
		if err != nil {
			srv.Close()
			return withCode(exitBadOption, fmt.Errorf("--fleet-file: %v", err))
		}
		o.members.SetFound("file", listed) // watchFleetFile replaces it
	}
	ln, err := net.Listen("tcp", o.listen)
	if err != nil {
		srv.Close()
		return withCode(exitNetwork, fmt.Errorf("serve: cannot listen on %s: %v", o.listen, err))
	}
	ln = listenedAs(ln, o.listen)
	stopGossip, err := startGossip(c.Context, &o, ln.Addr().(*net.TCPAddr), log)
	if err != nil {
		ln.Close()
		srv.Close()
		return withCode(exitNetwork, err)
	}
	defer stopGossip()
	addr := "http://" + ownerAddr(ln.Addr().(*net.TCPAddr))
	if err := localcache.WriteOwner(o.dir, addr); err != nil {
		log.Warn("cannot publish the address for other slget processes", "err", err)
	}
	if host, _, _ := net.SplitHostPort(o.listen); o.cfg.Token == "" && !isLoopback(host) {
		log.Warn("listening beyond loopback without --token: anyone who can reach " + ln.Addr().String() + " may fetch the allowed origins through this peer")
	}
	stats := st.Stats()
	log.Info("serving", "listen", ln.Addr().String(), "local", addr, "cache", o.dir, "slice", units.Exact(st.SliceSize()),
		"max_size", o.store.MaxSize, "slices", stats.Slices, "stored_bytes", stats.StoredBytes,
		"allow", strings.Join(o.cfg.Allow, ","), "token", o.cfg.Token != "", "fleet", fleetSize(o.members), "id", srv.ID(), "version", version.Version)
	o.cfg.ID = srv.ID() // a random one without a fleet: it names the announcement
	actx, stopAnnounce := context.WithCancel(c.Context)
	announced := announceServe(actx, &o, ln.Addr().(*net.TCPAddr), log)
	fleetDone := keepFleet(actx, &o, log)
	err = srv.Serve(c.Context, ln)
	stopAnnounce()
	announced()
	fleetDone()
	if err != nil {
		return withCode(exitNetwork, fmt.Errorf("serve: %v", err))
	}
	log.Info("stopped")
	return nil
}

// listenedAs is ln, its address read as the one asked for (HOST:PORT) with
// the port it got: Go listens on "0.0.0.0:P" with one socket for IPv4 and
// IPv6, whose address reads "[::]:P", and the serve's log, its /status and
// /fleet are to say 0.0.0.0, as the operator wrote it.
func listenedAs(ln net.Listener, asked string) net.Listener {
	host, _, _ := net.SplitHostPort(asked)
	ip := net.ParseIP(host).To4()
	got, ok := ln.Addr().(*net.TCPAddr)
	if !ok || ip == nil || !ip.IsUnspecified() || !got.IP.IsUnspecified() || got.IP.To4() != nil {
		return ln
	}
	return askedListener{ln, &net.TCPAddr{IP: ip, Port: got.Port}}
}

// askedListener is a listener whose address is the one asked for.
type askedListener struct {
	net.Listener
	addr *net.TCPAddr
}

func (l askedListener) Addr() net.Addr { return l.addr }

// ownerAddr is the address other processes on this machine reach the
// listener at: loopback for a listener on every address.
func ownerAddr(a *net.TCPAddr) string {
	ip := a.IP
	switch {
	case ip == nil || ip.IsUnspecified() && ip.To4() != nil:
		ip = net.IPv4(127, 0, 0, 1)
	case ip.IsUnspecified():
		ip = net.IPv6loopback
	}
	return net.JoinHostPort(ip.String(), fmt.Sprint(a.Port))
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// keepFleet keeps the serve's fleet up to date until ctx is done (the
// server runs the members' health checks): the fleet file, what the
// checks find said, and for --peer auto the members mDNS finds
// (after announceServe, which names this serve, so that it leaves itself
// out). It returns a function that waits for both to end.
func keepFleet(ctx context.Context, o *serveOptions, log *slog.Logger) (wait func()) {
	m := o.members
	if m == nil {
		return func() {}
	}
	var wg sync.WaitGroup
	if o.fleetFile != "" {
		wg.Add(1)
		go func() {
			defer wg.Done()
			watchFleetFile(ctx, o.fleetFile, m, 2*time.Second, func(f string, args ...any) { log.Warn(fmt.Sprintf(f, args...)) })
		}()
	}
	wg.Add(2)
	go func() {
		defer wg.Done()
		if o.gossip == nil {
			reportFleet(ctx, m, log)
		} else { // with gossip, the list names members to join, and those outside it
			reportFleet(ctx, o.outside, log)
		}
	}()
	go func() {
		defer wg.Done()
		err := o.browsePeers(ctx, func(all []string) {
			m.SetFound("mdns", all)
			log.Info("fleet", "members", strings.Join(m.Addrs(), " "))
		}, newErrors(func(err error) {
			log.Warn("cannot ask the LAN for the fleet by mDNS: give its members as --peer http://HOST:PORT", "err", err)
		}))
		if err != nil && ctx.Err() == nil {
			log.Warn("cannot look for the fleet by mDNS: give its members as --peer http://HOST:PORT", "err", err)
		}
	}()
	return wg.Wait
}

// fleetSize is how many members a serve knows of, none without a fleet.
func fleetSize(m *fleet.Members) int {
	if m == nil {
		return 0
	}
	return len(m.Addrs())
}

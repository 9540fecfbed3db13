// The fleet's side of the command line: the fleet token (--peer-token,
// --peer-token-file, SLGET_PEER_TOKEN), --peer auto, and what a serve
// announces of itself and browses for.

package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/urfave/cli/v2"

	"github.com/slget/slget"
	"github.com/slget/slget/fleet/mdns"
	"github.com/slget/slget/internal/version"
)

const (
	// envPeerToken holds the fleet token, so that it sits neither in a
	// URL nor in ps.
	envPeerToken = "SLGET_PEER_TOKEN"
	// envServeToken holds the token a serve requires of its clients.
	envServeToken = "SLGET_SERVE_TOKEN"
	// peerAuto, as a peer, means the peers mDNS finds on the LAN.
	peerAuto = "auto"
	// lookupTimeout is how long a client waits for the LAN's answers.
	lookupTimeout = time.Second
)

func peerTokenFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "peer-token", Usage: "the fleet's `TOKEN` (the serves' --token): its key signs every request to a peer whose URL has none; the token itself is never sent. Also " + envPeerToken + ", which keeps it out of ps"},
		&cli.StringFlag{Name: "peer-token-file", Usage: "read the fleet's token from the first line of `FILE` (--peer-token wins over it, and it over " + envPeerToken + ")"},
	}
}

// tokenSource names where a token is read from: a flag, a flag naming a
// file, and an environment variable, in that order of precedence.
type tokenSource struct{ flag, file, env string }

// readToken returns the token of the first of ts's flag, file and
// environment variable that is given, else of the systemd credential
// slget-token (readCredentialToken); "" when none is. A file that cannot
// be read, or whose first line is empty, is an error naming the file; no
// message carries the token.
func readToken(c *cli.Context, ts tokenSource) (string, error) {
	if tok := c.String(ts.flag); c.IsSet(ts.flag) {
		if tok = strings.TrimSpace(tok); tok == "" || strings.ContainsFunc(tok, unicode.IsControl) {
			return "", withCode(exitBadOption, fmt.Errorf("--%s: an empty token, or one with a control character", ts.flag))
		}
		return tok, nil
	}
	if name := c.String(ts.file); name != "" {
		tok, err := tokenFile(name)
		if err != nil {
			return "", withCode(exitBadOption, fmt.Errorf("--%s: %v", ts.file, err))
		}
		return tok, nil
	}
	tok := strings.TrimSpace(os.Getenv(ts.env))
	if strings.ContainsFunc(tok, unicode.IsControl) {
		return "", withCode(exitBadOption, fmt.Errorf("%s: a token with a control character", ts.env))
	}
	if tok == "" {
		return readCredentialToken() // last: systemd's LoadCredential=
	}
	return tok, nil
}

// tokenFile reads the token on the first line of the file name.
func tokenFile(name string) (string, error) {
	f, err := os.Open(name)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return "", fmt.Errorf("cannot read the token file %s: %v", name, err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 4096), 64<<10)
	var line string
	if sc.Scan() {
		line = strings.TrimSpace(sc.Text())
	}
	if err := sc.Err(); err != nil {
		return "", fmt.Errorf("cannot read the token file %s: %v", name, err)
	}
	if line == "" {
		return "", fmt.Errorf("the token file %s is empty: put the token on its first line", name)
	}
	if strings.ContainsFunc(line, unicode.IsControl) {
		return "", fmt.Errorf("the token file %s has a control character on its first line", name)
	}
	return line, nil
}

// needKeyForAuto refuses --peer auto without a fleet token: anyone on the
// LAN can announce a serve, and only the key tells the fleet's own apart.
func needKeyForAuto(peers []string, token string) error {
	if token != "" || !slices.Contains(peers, peerAuto) {
		return nil
	}
	return withCode(exitBadOption, fmt.Errorf("--peer auto needs the fleet's token (--peer-token, --peer-token-file or %s): "+
		"anyone on the LAN can announce a serve, and only the token's key tells the fleet's own apart; "+
		"or list the peers you trust with --peer http://HOST:PORT", envPeerToken))
}

// lookupFunc asks the LAN for peers once: mdns.Lookup.
type lookupFunc func(ctx context.Context, timeout time.Duration) ([]string, error)

// resolvePeers replaces "auto" in peers with what lookup finds on the LAN
// within about a second, warning when it finds nothing; the other peers
// stay as given, in order, and a peer found twice is asked once.
func resolvePeers(ctx context.Context, peers []string, lookup lookupFunc, warnf func(string, ...any)) []string {
	if !slices.Contains(peers, peerAuto) {
		return peers
	}
	found, err := lookup(ctx, lookupTimeout)
	out := slices.DeleteFunc(slices.Clone(peers), func(p string) bool { return p == peerAuto })
	for _, p := range found {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	switch {
	case err != nil:
		warnf("--peer auto: cannot ask the LAN for peers (%v); downloading without them", err)
	case len(found) == 0:
		warnf("--peer auto: no slget serve answered on the LAN; downloading without peers")
	}
	return out
}

// announcement is what a serve listening on ln announces: nil when it
// listens on loopback, or was told not to announce.
func (o *serveOptions) announcement(ln *net.TCPAddr) *mdns.Announcement {
	if !o.announce || ln.IP.IsLoopback() {
		return nil
	}
	a := &mdns.Announcement{Port: ln.Port, IPs: o.announceIPs}
	if len(a.IPs) == 0 && !ln.IP.IsUnspecified() {
		a.IPs = []net.IP{ln.IP}
	}
	host, _ := os.Hostname()
	host, _, _ = strings.Cut(host, ".")
	// The serve's ID makes the name unique where two serves share a host
	// name and port (containers, network namespaces).
	if len(host) > 36 {
		host = host[:36] // the label's 63 bytes keep the port and the ID
	}
	a.Instance = mdns.Label(host + "-" + strconv.Itoa(ln.Port) + "-" + o.cfg.ID)
	a.Text = []string{"v=1", "version=" + version.Version, "id=" + o.cfg.ID}
	if o.cfg.Token != "" {
		a.Text = append(a.Text, "auth=token")
	}
	o.instance = a.Instance
	return a
}

// browsePeers calls found with the serves mDNS finds on the LAN, the
// serve itself left out, every time the list changes, until ctx is done;
// without --peer auto it returns at once. onErr is told of a query that
// could not be sent. The static peers of --peer are the member list's own,
// given when it was made.
func (o *serveOptions) browsePeers(ctx context.Context, found func(peers []string), onErr func(error)) error {
	if !slices.Contains(o.peers, peerAuto) {
		return nil
	}
	return mdns.Browse(ctx, mdns.BrowseOptions{Exclude: o.instance, OnError: onErr}, found)
}

// checkPeers checks the peers of --peer (and SLGET_PEERS for a client),
// "auto" included, naming the flag of a bad one; no message carries a
// token.
func checkPeers(peers []string, nflag int) error {
	for i, p := range peers {
		if p == peerAuto {
			continue
		}
		if _, err := slget.ParsePeer(p); err != nil {
			from := "--peer"
			if i >= nflag {
				from = envPeers
			}
			return withCode(exitBadOption, fmt.Errorf("%s: %v", from, err))
		}
	}
	return nil
}

// readFleetOptions reads serve's flags of the fleet into o.
func readFleetOptions(c *cli.Context, o *serveOptions) error {
	o.announce = !c.Bool("no-announce")
	for _, s := range listValues(c.StringSlice("announce-addr")) {
		ip := net.ParseIP(s)
		if ip == nil || ip.IsLoopback() || ip.IsUnspecified() || ip.IsMulticast() {
			return withCode(exitBadOption, fmt.Errorf("--announce-addr %q: want an IP address of this host that the LAN reaches (not loopback or 0.0.0.0)", s))
		}
		o.announceIPs = append(o.announceIPs, ip)
	}
	o.peers = listValues(c.StringSlice("peer"))
	if err := checkPeers(o.peers, len(o.peers)); err != nil {
		return err
	}
	tok, err := readToken(c, tokenSource{"peer-token", "peer-token-file", envPeerToken})
	if err != nil {
		return err
	}
	if tok == "" {
		tok = o.cfg.Token
	}
	if err := needKeyForAuto(o.peers, tok); err != nil {
		return err
	}
	o.peerToken = tok
	o.fleetFile = c.String("fleet-file")
	return nil
}

// announceServe announces the serve listening on ln by mDNS until ctx is
// done, unless it listens on loopback or was told not to; it returns a
// function that waits for the announcement to end.
func announceServe(ctx context.Context, o *serveOptions, ln *net.TCPAddr, log *slog.Logger) (wait func()) {
	a := o.announcement(ln)
	if a == nil {
		if len(o.announceIPs) > 0 && o.announce {
			log.Warn("not announcing by mDNS: --announce-addr is given, but the peer listens on loopback only")
		}
		return func() {}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		shown := a.IPs
		if len(shown) == 0 {
			shown, _ = mdns.HostAddrs()
		}
		log.Info("announcing by mDNS", "service", mdns.Service, "instance", a.Instance, "addrs", fmt.Sprint(shown), "port", a.Port)
		if err := mdns.Announce(ctx, *a); err != nil {
			log.Warn("cannot announce by mDNS: slget --peer auto will not find this peer (give it as --peer http://HOST:PORT)", "err", err)
		}
	}()
	return func() { <-done }
}

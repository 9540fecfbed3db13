// slget peers: the fleet as this host sees it, by mDNS and --peer, and
// whether each peer answers.

package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"text/tabwriter"
	"time"
	"unicode"

	"github.com/urfave/cli/v2"

	"github.com/slget/slget"
	"github.com/slget/slget/fleet"
	"github.com/slget/slget/fleet/mdns"
)

func peersCommand(con *console) *cli.Command {
	return &cli.Command{
		Name:      "peers",
		Usage:     "list the slget serves of the fleet (found by mDNS, and --peer), and whether each answers",
		UsageText: "slget peers [--json] [--peer URL...] [--fleet-file FILE] [--no-mdns] [--timeout 1s] [--peer-token-file FILE]",
		Description: "Asks the LAN by mDNS for _slget._tcp (the serves that listen beyond loopback\n" +
			"announce themselves), adds the peers of --peer and " + envPeers + ", and asks each for\n" +
			"GET /healthz. One line per peer, named as its serves' /fleet names it: its ID (the\n" +
			"X-Slget-Id it answers with; its address when it gives none), its address, healthy or\n" +
			"what went wrong, its version when it says it, and where it was found. With the\n" +
			"fleet's token, each peer is asked to prove it holds the fleet key, as the members\n" +
			"check each other (a signed /healthz whose answer must carry the key's MAC); the\n" +
			"token itself is never sent.",
		Flags: append([]cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "print a JSON array of {id, addr, instance, source, healthy, version, error, key}"},
			&cli.StringSliceFlag{Name: "peer", Usage: "a peer to check besides those found: `URL` (http://HOST:PORT; repeatable)"},
			&cli.StringFlag{Name: "fleet-file", Usage: "check the peers listed in `FILE` too (one http://HOST:PORT a line, as serve --fleet-file reads it)"},
			&cli.BoolFlag{Name: "no-mdns", Usage: "do not ask the LAN; check the peers given only"},
			&cli.StringFlag{Name: "timeout", Value: "1s", Usage: "wait `DURATION` for the LAN's answers, and as long for each /healthz"},
		}, askTokenFlags("", "")...),
		Action: func(c *cli.Context) error { return listPeers(c, con) },
	}
}

// peerStatus is one line of slget peers.
type peerStatus struct {
	ID       string `json:"id,omitempty"` // as /fleet names it: X-Slget-Id, else the address; "" when unreachable
	Addr     string `json:"addr"`
	Instance string `json:"instance,omitempty"`
	Source   string `json:"source"` // "mdns" or "static"
	Healthy  bool   `json:"healthy"`
	Version  string `json:"version,omitempty"`
	Error    string `json:"error,omitempty"`
	// Key says, when the fleet's token is given, whether the peer proved
	// it holds the fleet key: "proven" or "unproven".
	Key string `json:"key,omitempty"`
	// Claimed: another serve answers with its ID (another run of it,
	// fleet.HeaderInstance, at another address): two serves claim one
	// ID, and a fleet sets both aside. Error says which.
	Claimed bool   `json:"claimed,omitempty"`
	txtVer  string // the version the announcement carries
	run     string // its fleet.HeaderInstance
}

func listPeers(c *cli.Context, con *console) error {
	wait, err := parseDuration("timeout", c.String("timeout"))
	if err != nil || wait == 0 {
		return withCode(exitBadOption, fmt.Errorf("--timeout %q: want a duration such as 1s or 500ms", c.String("timeout")))
	}
	token, err := readAskToken(c, "")
	if err != nil {
		return err
	}
	static := append(c.StringSlice("peer"), splitPeers(os.Getenv(envPeers))...)
	static = slices.DeleteFunc(static, func(p string) bool { return p == peerAuto })
	var list []peerStatus
	for _, p := range static {
		u, err := slget.ParsePeer(p)
		if err != nil {
			return withCode(exitBadOption, fmt.Errorf("--peer: %v", err))
		}
		list = addPeer(list, peerStatus{Addr: "http://" + u.Host, Source: "static"})
	}
	if name := c.String("fleet-file"); name != "" {
		listed, err := readFleetFile(name)
		if err != nil {
			return withCode(exitBadOption, fmt.Errorf("--fleet-file: %v", err))
		}
		for _, a := range listed {
			list = addPeer(list, peerStatus{Addr: a, Source: "file"})
		}
	}
	if !c.Bool("no-mdns") {
		es, err := mdns.LookupEntries(c.Context, wait)
		if err != nil {
			con.warnf("cannot ask the LAN for peers: %v", err)
		}
		for _, e := range es {
			for _, a := range e.Addrs {
				list = addPeer(list, peerStatus{Addr: a, Instance: e.Instance, Source: "mdns", txtVer: txtValue(e.Text, "version")})
			}
		}
	}
	slices.SortFunc(list, func(a, b peerStatus) int { return strings.Compare(a.Addr, b.Addr) })
	checkHealth(c.Context, list, wait)
	if token != "" {
		checkKeys(c.Context, list, token, wait)
	}
	if c.Bool("json") {
		b, _ := json.Marshal(list)
		if list == nil {
			b = []byte("[]")
		}
		fmt.Fprintf(con.stdout, "%s\n", b)
		return nil
	}
	if len(list) == 0 {
		con.warnf("no slget peer found: none answered on the LAN, and no --peer was given")
		return nil
	}
	tw := tabwriter.NewWriter(con.stdout, 0, 8, 2, ' ', 0)
	for _, p := range list {
		state := "healthy"
		switch {
		case p.Claimed:
			state = "set aside: " + p.Error
		case !p.Healthy:
			state = "unhealthy: " + p.Error
		}
		switch p.Key {
		case "proven":
			state += ", holds the fleet key"
		case "unproven":
			state = "unproven: " + p.Error
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", cmp.Or(p.ID, "-"), p.Addr, state, cmp.Or(p.Version, "-"), p.Source)
	}
	return tw.Flush()
}

// addPeer adds p to list unless its address is there: mDNS then fills in
// the instance a static entry lacks.
func addPeer(list []peerStatus, p peerStatus) []peerStatus {
	i := slices.IndexFunc(list, func(q peerStatus) bool { return q.Addr == p.Addr })
	if i < 0 {
		return append(list, p)
	}
	if list[i].Instance == "" {
		list[i].Instance, list[i].txtVer = p.Instance, p.txtVer
	}
	return list
}

// checkHealth asks every peer of list for GET /healthz at once, each
// within timeout, and records what it answered.
func checkHealth(ctx context.Context, list []peerStatus, timeout time.Duration) {
	hc := &http.Client{
		Transport:     &http.Transport{Proxy: nil, DisableKeepAlives: true},
		Timeout:       timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	defer hc.CloseIdleConnections()
	var wg sync.WaitGroup
	for i := range list {
		wg.Go(func() {
			p := &list[i]
			p.Healthy, p.ID, p.Version, p.run, p.Error = health(ctx, hc, p.Addr)
			if p.Version == "" {
				p.Version = p.txtVer
			}
		})
	}
	wg.Wait()
	markClaims(list)
}

// markClaims marks the healthy peers of list that answer one ID from two
// runs: two serves that claim one ID (one serve at two addresses answers
// from one run).
func markClaims(list []peerStatus) {
	first := map[string]int{} // ID -> the first healthy peer with it
	for i := range list {
		p := &list[i]
		if !p.Healthy || p.run == "" || p.ID == p.Addr {
			continue
		}
		j, ok := first[p.ID]
		if !ok {
			first[p.ID] = i
			continue
		}
		if list[j].run == p.run {
			continue
		}
		why := fmt.Sprintf("two members claim ID %s: %s and %s (give each serve its own cache)", p.ID, list[j].Addr, p.Addr)
		for _, q := range []*peerStatus{&list[j], p} {
			q.Healthy, q.Claimed, q.Error = false, true, why
		}
	}
}

// health asks the peer at addr for /healthz: healthy when it answers 200
// with a body that starts with "ok"; its ID as a serve's fleet names it
// (fleet.HeaderID, else its address, once it answers HTTP); and the
// version the body names ("slget/X" or "version=X"), if any.
func health(ctx context.Context, hc *http.Client, addr string) (ok bool, id, ver, run, problem string) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, addr+"/healthz", nil)
	if err != nil {
		return false, "", "", "", err.Error()
	}
	resp, err := hc.Do(req)
	if err != nil {
		return false, "", "", "", "not reachable: " + unwrapped(err).Error()
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	id = addr
	if h := strings.TrimSpace(resp.Header.Get(fleet.HeaderID)); resp.StatusCode == http.StatusOK && h != "" && len(h) <= 128 && !strings.ContainsFunc(h, unicode.IsControl) {
		id = h
	}
	if resp.StatusCode != http.StatusOK {
		return false, id, "", "", resp.Status
	}
	body := string(b)
	if !strings.HasPrefix(strings.TrimSpace(body), "ok") {
		return false, id, "", "", "not a slget peer (/healthz did not say ok)"
	}
	return true, id, fleet.HealthzVersion(body), resp.Header.Get(fleet.HeaderInstance), ""
}

// txtValue is the value of key=VALUE among TXT strings.
func txtValue(txt []string, key string) string {
	for _, t := range txt {
		if v, ok := strings.CutPrefix(t, key+"="); ok {
			return v
		}
	}
	return ""
}

// unwrapped is the cause of a *url.Error, which repeats the URL.
func unwrapped(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

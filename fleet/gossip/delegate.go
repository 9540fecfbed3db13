// What memberlist asks of a member and tells it: its meta (HTTP address,
// version), joins and departures, and two nodes that claim one name.

package gossip

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/hashicorp/memberlist"

	"github.com/slget/slget/fleet"
	"github.com/slget/slget/internal/version"
)

// versionString is the version a member gives in its meta.
const versionString = version.Version

// meta is a node's meta: what the gossip says of a member besides its
// name and gossip address.
type meta struct {
	HTTP    string `json:"http,omitempty"` // http://HOST:PORT
	Version string `json:"v,omitempty"`
}

// maxField bounds each field of a meta or a conflict message.
const maxField = 200

func encodeMeta(m meta) ([]byte, error) {
	if m.HTTP != "" {
		if err := checkHTTPAddr(m.HTTP); err != nil {
			return nil, fmt.Errorf("gossip: HTTP address %q: %v", m.HTTP, err)
		}
	}
	b, err := json.Marshal(m)
	if err == nil && len(b) > memberlist.MetaMaxSize {
		err = errors.New("gossip: meta too long")
	}
	return b, err
}

// decodeMeta reads a node's meta, as another member sent it.
func decodeMeta(b []byte) (meta, error) {
	var m meta
	if len(b) > memberlist.MetaMaxSize {
		return meta{}, errors.New("meta too long")
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return meta{}, errors.New("meta is not JSON")
	}
	if len(m.Version) > maxField || strings.ContainsFunc(m.Version, badRune) {
		return meta{}, errors.New("bad version in meta")
	}
	if m.HTTP != "" {
		if err := checkHTTPAddr(m.HTTP); err != nil {
			return meta{}, err
		}
	}
	return m, nil
}

// checkHTTPAddr checks that s is http://HOST:PORT and nothing more, as
// fleet.Addr keeps a member's address.
func checkHTTPAddr(s string) error {
	u, err := url.Parse(s)
	if err != nil || len(s) > maxField || u.Scheme != "http" || u.Host == "" || u.Port() == "" ||
		u.User != nil || u.Path != "" || u.RawQuery != "" || u.Fragment != "" || fleet.Addr(s) != s {
		return errors.New("want the HTTP address as http://HOST:PORT")
	}
	return nil
}

func badRune(r rune) bool { return r < ' ' || r == 0x7f }

// delegate is memberlist's view of a Gossip: its Delegate, EventDelegate
// and ConflictDelegate. memberlist calls the last two under its own lock:
// they only record.
type delegate struct{ g *Gossip }

func (d delegate) NodeMeta(limit int) []byte {
	d.g.mu.Lock()
	defer d.g.mu.Unlock()
	return d.g.meta
}

func (d delegate) NotifyMsg(b []byte) { d.g.heard(b) }

func (d delegate) GetBroadcasts(overhead, limit int) [][]byte {
	return d.g.bcast.GetBroadcasts(overhead, limit)
}

func (d delegate) LocalState(join bool) []byte { return nil }

func (d delegate) MergeRemoteState(buf []byte, join bool) {}

func (d delegate) NotifyJoin(n *memberlist.Node) {
	d.g.members.Add(1)
	d.g.mu.Lock()
	delete(d.g.gone, n.Name)
	d.g.seen[n.Name] = d.g.now()
	d.g.mu.Unlock()
}

// AckPayload: a probe's ack carries nothing of slget's.
func (d delegate) AckPayload() []byte { return nil }

// NotifyPingComplete: a member acked this one's probe, so it was seen
// now (Status's LastSeen). Each member is probed in turn, one a round.
func (d delegate) NotifyPingComplete(n *memberlist.Node, _ time.Duration, _ []byte) {
	d.g.mu.Lock()
	d.g.seen[n.Name] = d.g.now()
	d.g.mu.Unlock()
}

func (d delegate) NotifyLeave(n *memberlist.Node) {
	d.g.members.Add(-1)
	addr := n.Address()
	if m, err := decodeMeta(n.Meta); err == nil && m.HTTP != "" {
		addr = m.HTTP
	}
	d.g.mu.Lock()
	when := d.g.now()
	if s, ok := d.g.seen[n.Name]; ok {
		when = s // the last time it was heard, not when it was given up
	}
	d.g.gone[n.Name] = goneNode{addr: addr, when: when}
	delete(d.g.seen, n.Name)
	d.g.mu.Unlock()
}

func (d delegate) NotifyUpdate(n *memberlist.Node) {}

// NotifyConflict: another node claims the name of one memberlist knows.
func (d delegate) NotifyConflict(existing, other *memberlist.Node) {
	d.g.claimed(existing.Name, nodeAddr(existing), nodeAddr(other), true)
}

// nodeAddr is how a conflict names a node: its HTTP address, else its
// gossip address.
func nodeAddr(n *memberlist.Node) string {
	if m, err := decodeMeta(n.Meta); err == nil && m.HTTP != "" {
		return m.HTTP
	}
	return n.Address()
}

// conflict is an ID two members claim.
type conflict struct {
	id    string
	addrs [2]string // sorted
	seen  time.Time // the last sign of it
}

func (c *conflict) String() string {
	return fmt.Sprintf("two members claim ID %s: %s and %s", c.id, c.addrs[0], c.addrs[1])
}

// conflictLocked returns the conflict over id, nil when there is none or
// it ended ConflictHold ago.
func (g *Gossip) conflictLocked(id string, now time.Time) *conflict {
	c := g.conflicts[id]
	if c == nil || now.Sub(c.seen) >= g.cfg.ConflictHold {
		return nil
	}
	return c
}

func (g *Gossip) conflictedLocked(id string, now time.Time) bool {
	return g.conflictLocked(id, now) != nil
}

// claimed records that the members at a and b claim id; a conflict new to
// this member is logged and gossiped (sent on when it came by gossip, so
// that it reaches every member).
func (g *Gossip) claimed(id, a, b string, seen bool) {
	addrs := [2]string{a, b}
	slices.Sort(addrs[:])
	now := g.now()
	g.mu.Lock()
	c := g.conflictLocked(id, now)
	fresh := c == nil
	if fresh {
		c = &conflict{id: id, addrs: addrs}
		g.conflicts[id] = c
	}
	c.seen = now
	g.mu.Unlock()
	if !fresh {
		return
	}
	how := "seen"
	if !seen {
		how = "told by another member"
	}
	g.log.Error(c.String()+": both are set aside (no runs go to either) until one of them goes", "id", id, "addrs", addrs[0]+" "+addrs[1], "how", how)
	g.bcast.QueueBroadcast(conflictMsg{id: id, b: encodeConflict(id, addrs)})
}

// The messages members send one another through the gossip: a conflict is
// the only one, marked by its first byte.
const msgConflict = 'c'

type conflictWire struct {
	ID    string    `json:"id"`
	Addrs [2]string `json:"addrs"`
}

func encodeConflict(id string, addrs [2]string) []byte {
	b, _ := json.Marshal(conflictWire{ID: id, Addrs: addrs})
	return append([]byte{msgConflict}, b...)
}

// decodeConflict reads a conflict message another member sent.
func decodeConflict(b []byte) (id string, addrs [2]string, err error) {
	if len(b) < 2 || b[0] != msgConflict || len(b) > 1024 {
		return "", addrs, errors.New("not a conflict message")
	}
	var w conflictWire
	if err := json.Unmarshal(b[1:], &w); err != nil {
		return "", addrs, errors.New("conflict message is not JSON")
	}
	for _, s := range []string{w.ID, w.Addrs[0], w.Addrs[1]} {
		if s == "" || len(s) > maxField || strings.ContainsFunc(s, badRune) {
			return "", addrs, errors.New("bad field in a conflict message")
		}
	}
	return w.ID, w.Addrs, nil
}

// heard takes a message another member sent through the gossip.
func (g *Gossip) heard(b []byte) {
	id, addrs, err := decodeConflict(b)
	if err != nil {
		g.log.Debug("gossip: a message not understood", "err", err)
		return
	}
	g.claimed(id, addrs[0], addrs[1], false)
}

// conflictMsg is a conflict's broadcast; a newer one over the same ID
// replaces it in the queue.
type conflictMsg struct {
	id string
	b  []byte
}

func (m conflictMsg) Invalidates(o memberlist.Broadcast) bool {
	c, ok := o.(conflictMsg)
	return ok && c.id == m.id
}

func (m conflictMsg) Message() []byte { return m.b }

func (m conflictMsg) Finished() {}

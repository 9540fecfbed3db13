// Tests of Gossip: members join, die and leave; no key, no membership; the
// wire is sealed.

package gossip

import (
	"bytes"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/memberlist"

	"github.com/slget/slget/fleet"
)

// fast makes memberlist's rounds short, for tests on loopback.
func fast(mc *memberlist.Config) {
	mc.ProbeInterval = 100 * time.Millisecond
	mc.ProbeTimeout = 50 * time.Millisecond
	mc.GossipInterval = 20 * time.Millisecond
	mc.SuspicionMult = 2
	mc.PushPullInterval = time.Second
	mc.TCPTimeout = time.Second
}

// syncBuffer is a log sink several goroutines write.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// member starts a member on 127.0.0.1 (a free port) with token's key.
func member(t *testing.T, token, id, httpAddr string, logs *syncBuffer, seeds ...string) *Gossip {
	t.Helper()
	var lg *slog.Logger
	if logs != nil {
		lg = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelInfo}))
	}
	g, err := New(Config{Key: fleet.NewKey(token), ID: id, HTTPAddr: httpAddr, Bind: "127.0.0.1:0", Seeds: seeds, Logger: lg, Tune: fast})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Shutdown() })
	return g
}

func liveIDs(v fleet.View) string {
	var s []string
	for _, m := range v.Live() {
		s = append(s, m.ID+"="+m.Addr)
	}
	return strings.Join(s, ",")
}

// waitFor polls cond until it holds, failing after a generous deadline.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestGossipJoinDieLeave(t *testing.T) {
	a := member(t, "tok", "aaa", "http://127.0.0.1:1001", nil)
	b := member(t, "tok", "bbb", "http://127.0.0.1:1002", nil, a.LocalAddr())
	c := member(t, "tok", "ccc", "http://127.0.0.1:1003", nil, b.LocalAddr())
	all := "aaa=http://127.0.0.1:1001,bbb=http://127.0.0.1:1002,ccc=http://127.0.0.1:1003"
	for _, g := range []*Gossip{a, b, c} {
		waitFor(t, "three live members", func() bool { return liveIDs(g) == all })
	}
	st := a.Status()
	if len(st) != 3 || !st[0].Self || st[1].Self || st[1].Version == "" || st[2].State != "alive" {
		t.Fatalf("status %+v", st)
	}

	c.Shutdown() // as a serve killed: no word to the others
	for _, g := range []*Gossip{a, b} {
		waitFor(t, "a dead member dropped", func() bool {
			return liveIDs(g) == "aaa=http://127.0.0.1:1001,bbb=http://127.0.0.1:1002"
		})
	}
	st = a.Status()
	if len(st) != 3 || st[2].ID != "ccc" || st[2].Healthy || st[2].State != "gone" || st[2].Addr != "http://127.0.0.1:1003" {
		t.Fatalf("status after a death %+v", st)
	}

	if err := b.Leave(time.Second); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "a member that left dropped", func() bool { return liveIDs(a) == "aaa=http://127.0.0.1:1001" })

	// A member restarted under its ID, at another address, after it left.
	b2 := member(t, "tok", "bbb", "http://127.0.0.1:2002", nil, a.LocalAddr())
	waitFor(t, "a restarted member back", func() bool {
		return liveIDs(a) == "aaa=http://127.0.0.1:1001,bbb=http://127.0.0.1:2002" && liveIDs(b2) == liveIDs(a)
	})
}

func TestGossipHTTPAddrOfAWildcard(t *testing.T) {
	a := member(t, "tok", "aaa", "http://0.0.0.0:1001", nil)
	b := member(t, "tok", "bbb", "http://[::]:1002", nil, a.LocalAddr())
	waitFor(t, "both with their addresses", func() bool {
		return liveIDs(b) == "aaa=http://127.0.0.1:1001,bbb=http://127.0.0.1:1002"
	})
}

func TestGossipNeedsTheKey(t *testing.T) {
	if _, err := New(Config{ID: "x"}); err != ErrNoKey {
		t.Fatalf("no key: %v", err)
	}
	if _, err := New(Config{Key: fleet.NewKey("t")}); err != ErrNoID {
		t.Fatalf("no ID: %v", err)
	}
	a := member(t, "right", "aaa", "http://127.0.0.1:1001", nil)
	b := member(t, "right", "bbb", "http://127.0.0.1:1002", nil, a.LocalAddr())
	waitFor(t, "two members", func() bool { return len(a.Live()) == 2 })

	logs := &syncBuffer{}
	x := member(t, "wrong", "xxx", "http://127.0.0.1:1009", logs)
	if n, err := x.Join([]string{a.LocalAddr(), b.LocalAddr()}); n != 0 || err == nil {
		t.Fatalf("a member of another token joined %d (%v)", n, err)
	}
	// An outsider without any key, speaking plain memberlist.
	mc := memberlist.DefaultLANConfig()
	mc.Name, mc.BindAddr, mc.BindPort, mc.AdvertisePort = "plain", "127.0.0.1", 0, 0
	mc.LogOutput = &syncBuffer{}
	plain, err := memberlist.Create(mc)
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Shutdown()
	if n, err := plain.Join([]string{a.LocalAddr()}); n != 0 || err == nil {
		t.Fatalf("a member without a key joined %d (%v)", n, err)
	}
	time.Sleep(500 * time.Millisecond) // five probe rounds: neither may come in by gossip
	for _, g := range []*Gossip{a, b} {
		if got := liveIDs(g); got != "aaa=http://127.0.0.1:1001,bbb=http://127.0.0.1:1002" {
			t.Fatalf("members: %s", got)
		}
	}
	if len(x.Live()) != 1 || plain.NumMembers() != 1 {
		t.Fatalf("outsiders see %v and %d members", x.Live(), plain.NumMembers())
	}
}

func TestGossipWireSealed(t *testing.T) {
	var taps []*tapTransport
	var gs []*Gossip
	for i := range 3 {
		tt := newTap(t, true)
		taps = append(taps, tt)
		cfg := Config{
			Key: fleet.NewKey("tok"), ID: fmt.Sprintf("member-%d", i), HTTPAddr: fmt.Sprintf("http://127.0.0.1:%d", 3000+i),
			Bind: "127.0.0.1:0", Transport: tt,
			// Uncompressed, so that only the seal hides what is sent.
			Tune: func(mc *memberlist.Config) { fast(mc); mc.EnableCompression = false },
		}
		if i > 0 {
			cfg.Seeds = []string{gs[0].LocalAddr()}
		}
		g, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { g.Shutdown() })
		gs = append(gs, g)
	}
	waitFor(t, "three members", func() bool { return len(gs[2].Live()) == 3 && len(gs[0].Live()) == 3 })
	// A conflict message goes by gossip too.
	gs[1].claimed("member-9", "http://127.0.0.1:3009", "http://127.0.0.1:3010", true)
	waitFor(t, "a conflict gossiped", func() bool { return gs[2].Status()[len(gs[2].Status())-1].State == "conflict" })
	n := 0
	for _, tt := range taps {
		for _, w := range tt.writes() {
			n++
			for _, secret := range []string{"member-", "127.0.0.1:300", "http:"} {
				if bytes.Contains(w, []byte(secret)) {
					t.Fatalf("%q in clear on the wire: %q", secret, w)
				}
			}
		}
	}
	if n < 10 {
		t.Fatalf("only %d writes seen", n)
	}
}

// A live member has a last seen time, as the health checks give one: when
// it joined, then each time it acks a probe; the member itself is seen
// now.
func TestGossipLastSeen(t *testing.T) {
	a := member(t, "tok", "aaa", "http://127.0.0.1:1001", nil)
	member(t, "tok", "bbb", "http://127.0.0.1:1002", nil, a.LocalAddr())
	seen := func(id string) time.Time {
		for _, h := range a.Status() {
			if h.ID == id {
				return h.LastSeen
			}
		}
		return time.Time{}
	}
	waitFor(t, "two live members", func() bool { return len(a.Live()) == 2 })
	first := seen("bbb")
	if first.IsZero() || time.Since(first) > 10*time.Second {
		t.Fatalf("a live member last seen %v, want a time of the last seconds", first)
	}
	if s := seen("aaa"); time.Since(s) > time.Second {
		t.Errorf("the member itself last seen %v, want now", s)
	}
	waitFor(t, "a later probe acked", func() bool { return seen("bbb").After(first) })
}

// The membership's cost and speed at 4 to 256 members, against the
// all-pairs /healthz checks of fleet.Members: traffic per host, and the
// time for every member to notice a join and a death.
//
//	SLGET_GOSSIP_SCALE=4,16,64,256 go test -run TestGossipScale -v -timeout 30m ./fleet/gossip
//
// Without SLGET_GOSSIP_SCALE it runs 4 members with a short window (and
// nothing under -short).

package gossip

import (
	"context"
	"fmt"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hashicorp/memberlist"

	"github.com/slget/slget/fleet"
	"github.com/slget/slget/internal/version"
)

func TestGossipScale(t *testing.T) {
	if testing.Short() {
		t.Skip("measures for seconds")
	}
	sizes, full := []int{4}, false
	if s := os.Getenv("SLGET_GOSSIP_SCALE"); s != "" {
		sizes, full = nil, true
		for _, f := range strings.Split(s, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 2 {
				t.Fatalf("SLGET_GOSSIP_SCALE=%q: want sizes such as 4,16,64,256", s)
			}
			sizes = append(sizes, n)
		}
	}
	check := healthzCost(t)
	t.Logf("one /healthz check: %d bytes asked, %d answered (TCP payload)", check.req, check.resp)
	t.Logf("| members | gossip: bytes/s sent per host (payload; with headers) | packets/s | streams/s | join seen by all | death seen by all | all-pairs: checks/s per host | bytes/s sent per host (payload; with headers) |")
	t.Logf("| --- | --- | --- | --- | --- | --- | --- | --- |")
	for _, n := range sizes {
		r := measure(t, n, full)
		// Every member (and every client) asks every member every 2 s, and
		// answers every member's checks: N/2 requests and N/2 answers a
		// second.
		perHost := float64(n) / 2
		// Headers: IPv4 and UDP, 28 bytes a packet; IPv4 and TCP with
		// timestamps, 52 bytes a segment, about 10 segments a connection
		// (handshake, request, answer, their ACKs, the close), half of them
		// sent by each end.
		wire := r.bytes + 28*r.packets + 10*52*r.streams
		pairs := perHost * float64(check.req+check.resp)
		t.Logf("| %d | %.0f; %.0f | %.1f | %.2f | %v | %v | %.0f | %.0f; %.0f |", n, r.bytes, wire, r.packets, r.streams,
			spread(r.join), spread(r.death), perHost, pairs, pairs+perHost*10*52)
	}
}

// result is what measure finds at one size: traffic per host per second,
// and the times until every member noticed a join and a death (three
// newcomers in turn, in full).
type result struct {
	bytes, packets, streams float64
	join, death             []time.Duration // of each newcomer in turn
}

// measure starts n members on 127.0.0.1 with memberlist's LAN timings,
// the ones a serve uses, and measures them. In full, the traffic is
// measured in the steady state: after every member's first full state
// sync (a random stagger up to the push-pull interval, then the interval,
// which memberlist stretches past 32 members), over one such interval, so
// that the syncs are counted at their rate; otherwise over 3 s, probes and
// gossip only.
func measure(t *testing.T, n int, full bool) result {
	window := 3 * time.Second
	var settle time.Duration
	if full {
		const pushPull = 30 * time.Second // memberlist.DefaultLANConfig's
		window = pushPull
		if n > 32 { // memberlist's pushPullScale
			window *= time.Duration(math.Ceil(math.Log2(float64(n))-5) + 1)
		}
		settle = pushPull + window
	}
	key := fleet.NewKey("scale")
	var taps []*tapTransport
	var gs []*Gossip
	start := func(i int, seeds []string) (*Gossip, *tapTransport) {
		tt := newTap(t, false)
		g, err := New(Config{
			Key: key, ID: fmt.Sprintf("m%04d", i), HTTPAddr: fmt.Sprintf("http://127.0.0.1:%d", 10000+i),
			Bind: "127.0.0.1:0", Transport: tt, Seeds: seeds,
		})
		if err != nil {
			t.Error(err) // on a goroutine of the test's: t.Fatal follows
		}
		return g, tt
	}
	// The first eight one after another, the rest eight at a time, each
	// joining through one of the first eight.
	gs, taps = make([]*Gossip, n), make([]*tapTransport, n)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for i := range n {
		if i == min(8, n) {
			wg.Wait()
		}
		var seeds []string
		if i > 0 {
			seeds = []string{gs[i%min(8, i)].LocalAddr()}
		}
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			gs[i], taps[i] = start(i, seeds)
		}()
		if i < 8 {
			wg.Wait()
		}
	}
	wg.Wait()
	defer func() {
		for _, g := range gs {
			if g != nil {
				g.Shutdown()
			}
		}
	}()
	if t.Failed() {
		t.FailNow()
	}
	// seeing counts the members that see name as a member, of those that
	// see at least most of the others.
	var connected []*Gossip
	seeing := func(name string) int {
		k := 0
		for _, g := range connected {
			if slices.ContainsFunc(g.list.Members(), func(m *memberlist.Node) bool { return m.Name == name }) {
				k++
			}
		}
		return k
	}
	whole := func() int { // members that see every member
		k := 0
		for _, g := range gs {
			if g.list.NumMembers() == n {
				k++
			}
		}
		return k
	}
	t0 := time.Now()
	for whole() < n && time.Since(t0) < 3*time.Minute {
		// A join that failed on a busy machine is tried again, as a serve
		// does with its list.
		for i, g := range gs {
			if i > 0 && g.list.NumMembers() < n/2 {
				g.Join([]string{gs[0].LocalAddr()})
			}
		}
		time.Sleep(time.Second)
	}
	t.Logf("%d members started; %d of them saw all the others after %v", n, whole(), time.Since(t0).Round(time.Second))
	time.Sleep(settle) // to the steady state, not a condition to wait for

	var sent0, packets0, streams0 int64
	for _, tt := range taps {
		sent0, packets0 = sent0+tt.sent.Load(), packets0+tt.packets.Load()
		streams0 += tt.dials.Load()
	}
	time.Sleep(window) // the window measured: the assertion is on what it shows
	var r result
	var sent, packets, streams int64
	for _, tt := range taps {
		sent, packets, streams = sent+tt.sent.Load(), packets+tt.packets.Load(), streams+tt.dials.Load()
	}
	t.Logf("%d members: %d saw all the others at the window's end", n, whole())
	per := float64(n) * window.Seconds()
	r.bytes, r.packets, r.streams = float64(sent-sent0)/per, float64(packets-packets0)/per, float64(streams-streams0)/per
	if r.packets < 0.5 {
		t.Fatalf("%d members sent %.2f packets/s each: no probes?", n, r.packets)
	}
	// Said at once: a join that never reaches every member (a process
	// starved of CPU) must not lose the traffic figures.
	t.Logf("%d members: %.0f bytes/s, %.1f packets/s, %.2f streams/s sent per host", n, r.bytes, r.packets, r.streams)

	for _, g := range gs {
		if g.list.NumMembers() >= n*9/10 {
			connected = append(connected, g)
		}
	}
	if len(connected) < n {
		t.Logf("%d members: %d see nine in ten of the others or more; join and death are timed over those", n, len(connected))
	}
	reps := 1
	if full {
		reps = 3
	}
	for k := range reps {
		t0 = time.Now()
		name := fmt.Sprintf("m%04d", n+k)
		newcomer, _ := start(n+k, []string{gs[k%n].LocalAddr()})
		waitLong(t, "a join seen by all", func() bool { return seeing(name) == len(connected) })
		r.join = append(r.join, time.Since(t0))
		t0 = time.Now()
		newcomer.Shutdown() // killed: no word to the others
		waitLong(t, "a death seen by all", func() bool { return seeing(name) == 0 })
		r.death = append(r.death, time.Since(t0))
	}
	return r
}

// spread shows times as their median and their maximum.
func spread(l []time.Duration) string {
	l = slices.Sorted(slices.Values(l))
	round := func(d time.Duration) time.Duration { return d.Round(10 * time.Millisecond) }
	if len(l) == 1 {
		return round(l[0]).String()
	}
	return fmt.Sprintf("%v (max %v)", round(l[len(l)/2]), round(l[len(l)-1]))
}

// waitLong polls cond until it holds, failing after ten minutes.
func waitLong(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// checkCost is the TCP payload of one health check of fleet.Members.
type checkCost struct{ req, resp int64 }

// healthzCost measures one check by a real fleet.Members of an answer as a
// serve's (its headers and body as localcache/peer sends them).
func healthzCost(t *testing.T) checkCost {
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set(fleet.HeaderID, "0123456789ab")
		w.Header().Set(fleet.HeaderInstance, "ba9876543210")
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprint(w, "ok slget/"+version.Version+"\n")
	}))
	var in, out atomic.Int64
	srv.Listener = &countListener{Listener: srv.Listener, in: &in, out: &out}
	srv.Start()
	defer srv.Close()
	m := fleet.NewMembers([]string{srv.URL}, fleet.Options{})
	const checks = 10
	for range checks {
		m.Check(context.Background())
	}
	if l := m.Live(); len(l) != 1 || l[0].ID != "0123456789ab" {
		t.Fatalf("live %+v", l)
	}
	return checkCost{req: in.Load() / checks, resp: out.Load() / checks}
}

type countListener struct {
	net.Listener
	in, out *atomic.Int64
}

func (l *countListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &countConn{Conn: c, l: l}, nil
}

type countConn struct {
	net.Conn
	l *countListener
}

func (c *countConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	c.l.in.Add(int64(n))
	return n, err
}

func (c *countConn) Write(b []byte) (int, error) {
	n, err := c.Conn.Write(b)
	c.l.out.Add(int64(n))
	return n, err
}

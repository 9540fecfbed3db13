// Announce and Browse across a LAN of two network namespaces joined by a
// veth pair: a peer is found at its veth address, never at loopback; the
// caller's own instance is left out; a peer that stops is dropped once it
// expires. Needs root and iproute2; skips without them, and fails without
// them in CI.

package mdns

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/internal/netnstest"
)

// The processes of the namespace test: this test binary, run again with
// SLGET_TEST_MDNS=announce:INSTANCE:PORT or browse:EXCLUDE, until its stdin
// ends.
func TestNetnsHelper(t *testing.T) {
	mode := os.Getenv("SLGET_TEST_MDNS")
	if mode == "" {
		t.Skip("a helper process of TestAcrossNamespaces")
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { io.Copy(io.Discard, os.Stdin); cancel() }()
	f := strings.Split(mode, ":")
	switch f[0] {
	case "announce":
		var port int
		fmt.Sscan(f[2], &port)
		fmt.Println("announcing")
		if err := Announce(ctx, Announcement{Instance: f[1], Port: port, Text: []string{"v=1"}}); err != nil {
			t.Fatal(err)
		}
	case "browse":
		err := Browse(ctx, BrowseOptions{Interval: 200 * time.Millisecond, Timeout: 300 * time.Millisecond, Expire: 1500 * time.Millisecond, Exclude: f[1]},
			func(peers []string) { fmt.Printf("found [%s]\n", strings.Join(peers, " ")) })
		if err != nil {
			t.Fatal(err)
		}
	}
}

func TestAcrossNamespaces(t *testing.T) {
	l := netnstest.New(t)
	helper := func(ns, mode string) *netnstest.Process {
		return l.Start(t, ns, []string{"SLGET_TEST_MDNS=" + mode}, t.Logf, os.Args[0], "-test.run=^TestNetnsHelper$")
	}
	other := "http://" + l.AddrA + ":7878"
	self := "http://" + l.AddrB + ":7879"
	excluding := helper(l.B, "browse:self")
	all := helper(l.B, "browse:")
	announcer := helper(l.A, "announce:other:7878")
	helper(l.B, "announce:self:7879")

	// Both browsers find the other namespace's peer; only the one that
	// does not exclude "self" finds this namespace's own.
	if line, ok := all.WaitLine("found [" + other + " " + self + "]"); !ok {
		t.Fatalf("a browser found no %s and %s (last: %q)", other, self, line)
	}
	line, ok := excluding.WaitLine(other)
	if !ok {
		t.Fatalf("the browser that excludes itself never found %s", other)
	}
	if line != "found ["+other+"]" {
		t.Errorf("the browser that excludes itself found %q, want only %s", line, other)
	}
	// The other peer stops: it is dropped once it expires, and the
	// browser says so.
	announcer.Stop()
	if _, ok := excluding.WaitLine("found []"); !ok {
		t.Errorf("%s was never dropped after it stopped", other)
	}
}

// Tests of Scope: the scope of each kind of address, and a Client held to
// a scope refusing, at the dial, addresses and names more private, the
// idle connections of the unlimited client notwithstanding, without a
// retry. (Redirects: cmd/slget's TestServerNamesClientLoopbackAcrossNamespaces.)

package fetch_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"

	"golang.org/x/net/dns/dnsmessage"

	"github.com/slget/slget/fetch"
)

func TestAddrScope(t *testing.T) {
	for _, tc := range []struct {
		addr string
		want fetch.Scope
	}{
		{"127.0.0.1", fetch.ScopeLoopback},
		{"127.9.9.9", fetch.ScopeLoopback},
		{"::1", fetch.ScopeLoopback},
		{"0.0.0.0", fetch.ScopeLoopback},
		{"0.1.2.3", fetch.ScopeLoopback},
		{"::", fetch.ScopeLoopback},
		{"::ffff:127.0.0.1", fetch.ScopeLoopback},
		{"::127.0.0.1", fetch.ScopeLoopback},
		{"64:ff9b::7f00:1", fetch.ScopeLoopback},
		{"::ffff:0.0.0.0", fetch.ScopeLoopback},
		{"10.1.2.3", fetch.ScopePrivate},
		{"172.16.0.1", fetch.ScopePrivate},
		{"192.168.1.1", fetch.ScopePrivate},
		{"169.254.169.254", fetch.ScopePrivate},
		{"100.64.0.1", fetch.ScopePrivate},
		{"::ffff:192.168.1.1", fetch.ScopePrivate},
		{"fd00::1", fetch.ScopePrivate},
		{"fc00::1", fetch.ScopePrivate},
		{"fe80::1%eth0", fetch.ScopePrivate},
		{"fec0::1", fetch.ScopePrivate},
		{"224.0.0.251", fetch.ScopePrivate},
		{"ff02::1", fetch.ScopePrivate},
		{"255.255.255.255", fetch.ScopePrivate},
		{"93.184.216.34", fetch.ScopePublic},
		{"172.32.0.1", fetch.ScopePublic},
		{"2001:db8::1", fetch.ScopePublic},
		{"::ffff:8.8.8.8", fetch.ScopePublic},
	} {
		if got := fetch.AddrScope(netip.MustParseAddr(tc.addr)); got != tc.want {
			t.Errorf("AddrScope(%s) = %s, want %s", tc.addr, got, tc.want)
		}
	}
	for _, tc := range []struct {
		origin, to fetch.Scope
		ok         bool
	}{
		{fetch.ScopePublic, fetch.ScopePublic, true},
		{fetch.ScopePublic, fetch.ScopePrivate, false},
		{fetch.ScopePublic, fetch.ScopeLoopback, false},
		{fetch.ScopePrivate, fetch.ScopePrivate, true},
		{fetch.ScopePrivate, fetch.ScopeLoopback, false},
		{fetch.ScopeLoopback, fetch.ScopeLoopback, true},
		{0, fetch.ScopeLoopback, true},
	} {
		if got := tc.origin.Allows(tc.to); got != tc.ok {
			t.Errorf("%s.Allows(%s) = %v", tc.origin, tc.to, got)
		}
	}
}

// A client held to the public scope connects neither to 127.0.0.1 nor to
// localhost, though the unlimited client beside it has an idle connection
// there; it says why and is not retried. Held to loopback it is the
// client itself.
func TestWithinRefusesAtTheDial(t *testing.T) {
	var asked atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		w.Write([]byte("x"))
	}))
	defer srv.Close()
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	c, err := fetch.NewClient(fetch.ClientOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseIdle()
	if c.Within(fetch.ScopeLoopback) != c || c.Within(0) != c {
		t.Error("Within(loopback) is not the client itself")
	}
	if _, err := c.GetDocument(t.Context(), srv.URL, nil, 10); err != nil { // an idle connection to srv
		t.Fatal(err)
	}
	// This server's HEAD is not enough to probe with (an error), but its
	// answer still says where it came from.
	p, _ := c.ProbeHead(context.Background(), srv.URL)
	if p != nil && p.Scope != fetch.ScopeLoopback {
		t.Errorf("the probe's scope is %s", p.Scope)
	}
	before := asked.Load()
	for _, s := range []fetch.Scope{fetch.ScopePublic, fetch.ScopePrivate} {
		w := c.Within(s)
		for _, u := range []string{srv.URL + "/a", "http://localhost:" + port + "/b", "http://[::ffff:127.0.0.1]:" + port + "/c"} {
			_, err := w.GetDocument(t.Context(), u, nil, 10)
			var se *fetch.ScopeError
			if !errors.As(err, &se) || se.Scope != fetch.ScopeLoopback || se.Limit != s || fetch.Retryable(err) {
				t.Errorf("%s within %s: %v (retryable %v), want a final *ScopeError", u, s, err, fetch.Retryable(err))
				continue
			}
			if !strings.Contains(err.Error(), "is a loopback address, more private than the "+s.String()+" server") {
				t.Errorf("message %q", err)
			}
		}
	}
	if n := asked.Load() - before; n != 0 {
		t.Errorf("the server was sent %d requests by a client held to public or private", n)
	}
}

// fakeDNS answers every A question with 127.0.0.1 and every AAAA with ::1,
// on loopback, counting the questions: any name can be made to resolve
// to this machine, as a server's own DNS can.
func fakeDNS(t *testing.T) (*net.Resolver, *atomic.Int32) {
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pc.Close() })
	var asked atomic.Int32
	go func() {
		buf := make([]byte, 1500)
		for {
			n, from, err := pc.ReadFrom(buf)
			if err != nil {
				return
			}
			var m dnsmessage.Message
			if m.Unpack(buf[:n]) != nil || len(m.Questions) != 1 {
				continue
			}
			asked.Add(1)
			q := m.Questions[0]
			m.Header.Response, m.Header.Authoritative = true, true
			h := dnsmessage.ResourceHeader{Name: q.Name, Type: q.Type, Class: q.Class, TTL: 0}
			switch q.Type {
			case dnsmessage.TypeA:
				m.Answers = []dnsmessage.Resource{{Header: h, Body: &dnsmessage.AResource{A: [4]byte{127, 0, 0, 1}}}}
			case dnsmessage.TypeAAAA:
				m.Answers = []dnsmessage.Resource{{Header: h, Body: &dnsmessage.AAAAResource{AAAA: netip.IPv6Loopback().As16()}}}
			}
			if out, err := m.Pack(); err == nil {
				pc.WriteTo(out, from)
			}
		}
	}()
	r := &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, _, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "udp", pc.LocalAddr().String())
	}}
	return r, &asked
}

// A name that the server's DNS resolves to 127.0.0.1 is loopback: the
// check is on the address dialled, not on the name.
func TestWithinRefusesANameResolvedToLoopback(t *testing.T) {
	var asked atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { asked.Add(1) }))
	defer srv.Close()
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	res, questions := fakeDNS(t)
	c, err := fetch.NewClient(fetch.ClientOptions{Resolver: res})
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseIdle()
	u := "http://mirror.rebind.test:" + port + "/f"
	if _, err := c.GetDocument(t.Context(), u, nil, 10); err != nil { // the name does resolve to the server
		t.Fatalf("unlimited: %v", err)
	}
	before := asked.Load()
	_, err = c.Within(fetch.ScopePublic).GetDocument(t.Context(), u, nil, 10)
	var se *fetch.ScopeError
	if !errors.As(err, &se) || se.Scope != fetch.ScopeLoopback {
		t.Errorf("within public: %v, want a *ScopeError", err)
	}
	if n := asked.Load() - before; n != 0 {
		t.Errorf("the server was sent %d requests", n)
	}
	if questions.Load() == 0 {
		t.Error("the DNS server was asked nothing: the name did not go through it")
	}
}

// FuzzAddrScope: an IPv4 address has the same scope in every IPv6 form
// that carries it, and a zone changes nothing.
func FuzzAddrScope(f *testing.F) {
	f.Add([]byte{127, 0, 0, 1})
	f.Add([]byte{10, 0, 0, 1})
	f.Add([]byte{8, 8, 8, 8})
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) != 4 {
			return
		}
		v4 := netip.AddrFrom4([4]byte(b))
		want := fetch.AddrScope(v4)
		mapped := netip.AddrFrom16(v4.As16())
		n64 := netip.MustParseAddr("64:ff9b::").As16()
		copy(n64[12:], b)
		for _, a := range []netip.Addr{mapped, netip.AddrFrom16(n64)} {
			if got := fetch.AddrScope(a); got != want {
				t.Errorf("AddrScope(%s) = %s, AddrScope(%s) = %s", a, got, v4, want)
			}
		}
		if want == 0 {
			t.Errorf("AddrScope(%s) is unknown", v4)
		}
	})
}

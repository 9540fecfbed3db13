// Tests of the package's parts that need no network: an answer as the
// responder packs it, read back; the choice of addresses; refusals.

package mdns

import (
	"context"
	"errors"
	"net"
	"slices"
	"testing"
	"time"

	"github.com/miekg/dns"
)

// answer packs what the responder of a announces in answer to a PTR query
// for Service, with the query's id.
func answer(t testing.TB, a Announcement, id uint16) []byte {
	t.Helper()
	a.IPs = append([]net.IP(nil), a.IPs...)
	svc, _, err := prepareRecords(a)
	if err != nil {
		t.Fatal(err)
	}
	m := &dns.Msg{MsgHdr: dns.MsgHdr{Id: id, Response: true, Authoritative: true}}
	m.Answer = svc.Records(dns.Question{Name: Service + "." + Domain, Qtype: dns.TypePTR, Qclass: dns.ClassINET})
	b, err := m.Pack()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func ips(s ...string) []net.IP {
	var out []net.IP
	for _, x := range s {
		out = append(out, net.ParseIP(x))
	}
	return out
}

func nets(t *testing.T, s ...string) []*net.IPNet {
	var out []*net.IPNet
	for _, x := range s {
		ip, n, err := net.ParseCIDR(x)
		if err != nil {
			t.Fatal(err)
		}
		n.IP = ip
		out = append(out, n)
	}
	return out
}

func TestParseAnswer(t *testing.T) {
	a := Announcement{Instance: "box.lan:7878", Port: 7878, IPs: ips("10.1.2.3", "172.17.0.1", "2001:db8::5", "fe80::1"), Text: []string{"v=1", "id=abc"}}
	for _, tc := range []struct {
		name string
		nets []*net.IPNet
		src  net.IP
		want []string
	}{
		{"on the LAN", nets(t, "10.1.2.9/24", "127.0.0.1/8"), net.ParseIP("10.1.2.3"), []string{"http://10.1.2.3:7878"}},
		{"source only", nil, net.ParseIP("172.17.0.1"), []string{"http://172.17.0.1:7878"}},
		{"nothing known", nil, net.ParseIP("192.0.2.1"), []string{"http://10.1.2.3:7878", "http://172.17.0.1:7878", "http://[2001:db8::5]:7878"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			es := parseAnswer(answer(t, a, 42), 42, tc.src, tc.nets)
			if len(es) != 1 {
				t.Fatalf("entries %+v, want one", es)
			}
			e := es[0]
			if e.Instance != "box-lan-7878" || !slices.Equal(e.Addrs, tc.want) || !slices.Equal(e.Text, a.Text) {
				t.Errorf("got %+v, want instance box-lan-7878, addrs %v, text %v", e, tc.want, a.Text)
			}
		})
	}
	// Another query's answer, a question, and noise are nothing.
	b := answer(t, a, 42)
	if es := parseAnswer(b, 43, nil, nil); es != nil {
		t.Errorf("another query's answer gave %+v", es)
	}
	q := new(dns.Msg)
	q.SetQuestion(Service+"."+Domain, dns.TypePTR)
	qb, _ := q.Pack()
	if es := parseAnswer(qb, q.Id, nil, nil); es != nil {
		t.Errorf("a query gave %+v", es)
	}
	if es := parseAnswer(b[:len(b)/2], 42, nil, nil); es != nil {
		t.Errorf("half an answer gave %+v", es)
	}
}

func TestParseAnswerLoopbackOnly(t *testing.T) {
	// A responder that announces loopback (not ours: ours refuses) gives
	// nothing to dial.
	m := &dns.Msg{MsgHdr: dns.MsgHdr{Response: true}}
	inst := "x." + Service + "." + Domain
	m.Answer = []dns.RR{
		&dns.PTR{Hdr: dns.RR_Header{Name: Service + "." + Domain, Rrtype: dns.TypePTR, Class: dns.ClassINET}, Ptr: inst},
		&dns.SRV{Hdr: dns.RR_Header{Name: inst, Rrtype: dns.TypeSRV, Class: dns.ClassINET}, Port: 7878, Target: "h.local."},
		&dns.A{Hdr: dns.RR_Header{Name: "h.local.", Rrtype: dns.TypeA, Class: dns.ClassINET}, A: net.IPv4(127, 0, 0, 1)},
		&dns.A{Hdr: dns.RR_Header{Name: "h.local.", Rrtype: dns.TypeA, Class: dns.ClassINET}, A: net.IPv4zero},
	}
	b, _ := m.Pack()
	if es := parseAnswer(b, 0, nil, nil); len(es) != 0 {
		t.Errorf("loopback answer gave %+v", es)
	}
}

func TestAnnounceRefusesLoopback(t *testing.T) {
	for _, a := range []Announcement{
		{Port: 7878, IPs: ips("127.0.0.1")},
		{Port: 7878, IPs: ips("::1", "0.0.0.0")},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		err := Announce(ctx, a)
		cancel()
		if !errors.Is(err, ErrNoAddress) {
			t.Errorf("Announce(%v) = %v, want ErrNoAddress", a.IPs, err)
		}
	}
	if err := Announce(context.Background(), Announcement{IPs: ips("10.0.0.1")}); err == nil {
		t.Error("Announce without a port: no error")
	}
}

func TestHostAddrsUsable(t *testing.T) {
	got, err := HostAddrs()
	if err != nil {
		t.Fatal(err)
	}
	for _, ip := range got {
		if ip.IsLoopback() || ip.IsUnspecified() {
			t.Errorf("HostAddrs gave %v", ip)
		}
	}
}

func TestExpire(t *testing.T) {
	now := time.Now()
	seen := map[string]time.Time{"http://a:1": now, "http://b:1": now.Add(-time.Minute), "http://c:1": now.Add(-time.Second)}
	got := expire(seen, now, 10*time.Second)
	if want := []string{"http://a:1", "http://c:1"}; !slices.Equal(got, want) {
		t.Errorf("expire = %v, want %v", got, want)
	}
	if _, ok := seen["http://b:1"]; ok {
		t.Error("an expired address stays in seen")
	}
}

func TestLabel(t *testing.T) {
	for in, want := range map[string]string{"box.lan-7878": "box-lan-7878", "": "slget", "a b\\c": "a-b-c"} {
		if got := Label(in); got != want {
			t.Errorf("Label(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzParseAnswer(f *testing.F) {
	f.Add(answer(f, Announcement{Instance: "a", Port: 1, IPs: ips("10.0.0.1"), Text: []string{"v=1"}}, 0))
	f.Add(answer(f, Announcement{Instance: "b", Port: 65535, IPs: ips("2001:db8::1", "10.0.0.2")}, 7))
	f.Add([]byte{})
	n := []*net.IPNet{{IP: net.IPv4(10, 0, 0, 9), Mask: net.CIDRMask(8, 32)}}
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, e := range parseAnswer(b, 7, net.IPv4(10, 0, 0, 1), n) {
			if len(e.Addrs) == 0 {
				t.Fatalf("entry without an address: %+v", e)
			}
			for _, a := range e.Addrs {
				host, _, err := net.SplitHostPort(a[len("http://"):])
				if err != nil || !usable(net.ParseIP(host)) {
					t.Fatalf("address %q not usable (%v)", a, err)
				}
			}
		}
	})
}

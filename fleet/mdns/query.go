// Lookup: one mDNS query for _slget._tcp on every multicast interface, and
// the peers that answered within the timeout.

package mdns

import (
	"context"
	"errors"
	"fmt"
	"net"
	"slices"
	"strconv"
	"time"

	"github.com/miekg/dns"
	"golang.org/x/net/ipv4"
)

// group is where mDNS queries go.
var group = &net.UDPAddr{IP: net.IPv4(224, 0, 0, 251), Port: 5353}

// Entry is one peer that answered: its instance name, its addresses as
// http://IP:PORT (sorted) and its TXT strings.
type Entry struct {
	Instance string
	Addrs    []string
	Text     []string
}

// Lookup asks once for the peers of the LAN and returns their addresses,
// http://IP:PORT, sorted and without duplicates, after timeout (zero means
// 1s) or sooner when ctx is done. No peer is not an error; no interface to
// ask on is ErrNoInterface.
func Lookup(ctx context.Context, timeout time.Duration) ([]string, error) {
	es, err := LookupEntries(ctx, timeout)
	return addrsOf(es, ""), err
}

// LookupEntries is Lookup with each peer's instance name and TXT strings.
// It is one query's life (a socket per interface, the question, the answers
// until the timeout) sharing the sockets; split, each step would pass them
// along.
func LookupEntries(ctx context.Context, timeout time.Duration) ([]Entry, error) {
	if timeout <= 0 {
		timeout = time.Second
	}
	ifaces, err := multicastInterfaces()
	if err != nil {
		return nil, fmt.Errorf("mdns: the host's interfaces: %w", err)
	}
	if len(ifaces) == 0 {
		return nil, ErrNoInterface
	}
	nets, _ := hostNets()
	conn, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4zero})
	if err != nil {
		return nil, fmt.Errorf("mdns: %w", err)
	}
	defer conn.Close()
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()

	q := new(dns.Msg)
	q.SetQuestion(Service+"."+Domain, dns.TypePTR)
	q.RecursionDesired = false
	q.Question[0].Qclass |= 1 << 15 // QU: answer to this port (RFC 6762 §5.4)
	buf, err := q.Pack()
	if err != nil {
		return nil, fmt.Errorf("mdns: %w", err)
	}
	pc := ipv4.NewPacketConn(conn)
	pc.SetMulticastTTL(255) // RFC 6762 §11
	pc.SetMulticastLoopback(true)
	var sent int
	var sendErr error
	for i := range ifaces {
		if err := pc.SetMulticastInterface(&ifaces[i]); err != nil {
			sendErr = err
			continue
		}
		if _, err := conn.WriteToUDP(buf, group); err != nil {
			sendErr = err
			continue
		}
		sent++
	}
	if sent == 0 {
		return nil, fmt.Errorf("mdns: cannot send a query: %w", sendErr)
	}

	found := map[string]*Entry{} // by address
	conn.SetReadDeadline(time.Now().Add(timeout))
	rb := make([]byte, 65536)
	for {
		n, src, err := conn.ReadFromUDP(rb)
		if err != nil {
			var ne net.Error
			if ctx.Err() != nil || errors.As(err, &ne) && ne.Timeout() {
				break
			}
			return nil, fmt.Errorf("mdns: %w", err)
		}
		for _, e := range parseAnswer(rb[:n], q.Id, src.IP, nets) {
			for _, a := range e.Addrs {
				if found[a] == nil {
					found[a] = &e
				}
			}
		}
	}
	var out []Entry
	for _, e := range found {
		if !slices.ContainsFunc(out, func(o Entry) bool { return o.Instance == e.Instance && slices.Equal(o.Addrs, e.Addrs) }) {
			out = append(out, *e)
		}
	}
	slices.SortFunc(out, func(a, b Entry) int {
		if c := compareStrings(a.Addrs[0], b.Addrs[0]); c != 0 {
			return c
		}
		return compareStrings(a.Instance, b.Instance)
	})
	return out, nil
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// addrsOf returns the addresses of the entries, but those of the instance
// exclude, sorted and without duplicates.
func addrsOf(es []Entry, exclude string) []string {
	var out []string
	for _, e := range es {
		if exclude != "" && e.Instance == exclude {
			continue
		}
		out = append(out, e.Addrs...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// parseAnswer reads the peers out of one mDNS message: an answer (id 0,
// or the id of the query) whose PTR records name instances of Service, with
// each instance's SRV (port and host), that host's A and AAAA records and
// the instance's TXT. An instance without a port or an address is left
// out. src is the sender, nets this host's networks (see prefer).
func parseAnswer(b []byte, id uint16, src net.IP, nets []*net.IPNet) []Entry {
	var m dns.Msg
	if m.Unpack(b) != nil || !m.Response || m.Opcode != dns.OpcodeQuery || m.Rcode != 0 || m.Id != 0 && m.Id != id {
		return nil
	}
	svc := dns.CanonicalName(Service + "." + Domain)
	var insts []string
	srv := map[string]*dns.SRV{}
	txt := map[string][]string{}
	ips := map[string][]net.IP{}
	for _, rr := range append(m.Answer, m.Extra...) {
		name := dns.CanonicalName(rr.Header().Name)
		switch r := rr.(type) {
		case *dns.PTR:
			if name == svc && !slices.Contains(insts, dns.CanonicalName(r.Ptr)) {
				insts = append(insts, dns.CanonicalName(r.Ptr))
			}
		case *dns.SRV:
			srv[name] = r
		case *dns.TXT:
			txt[name] = r.Txt
		case *dns.A:
			ips[name] = append(ips[name], r.A)
		case *dns.AAAA:
			ips[name] = append(ips[name], r.AAAA)
		}
	}
	var out []Entry
	for _, inst := range insts {
		s := srv[inst]
		if s == nil || s.Port == 0 {
			continue
		}
		var addrs []string
		for _, ip := range prefer(ips[dns.CanonicalName(s.Target)], src, nets) {
			addrs = append(addrs, "http://"+net.JoinHostPort(ip.String(), strconv.Itoa(int(s.Port))))
		}
		if len(addrs) == 0 {
			continue
		}
		slices.Sort(addrs)
		name := inst
		if len(inst) > len(svc) && inst[len(inst)-len(svc)-1:] == "."+svc {
			name = inst[:len(inst)-len(svc)-1]
		}
		out = append(out, Entry{Instance: name, Addrs: addrs, Text: txt[inst]})
	}
	return out
}

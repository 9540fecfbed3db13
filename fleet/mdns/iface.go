// The host's side of the LAN: the interfaces to announce and ask on, the
// addresses worth announcing, and the networks this host is on.

package mdns

import (
	"net"
	"slices"
)

// Service is the DNS-SD service type of slget peers, and Domain the
// domain they are announced in.
const (
	Service = "_slget._tcp"
	Domain  = "local."
)

// multicastInterfaces returns the interfaces that are up, can multicast,
// are not loopback and have an IPv4 address.
func multicastInterfaces() ([]net.Interface, error) {
	all, err := net.Interfaces()
	if err != nil {
		return nil, err
	}
	var out []net.Interface
	for _, ifi := range all {
		if ifi.Flags&net.FlagUp == 0 || ifi.Flags&net.FlagMulticast == 0 || ifi.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, err := ifi.Addrs()
		if err != nil {
			continue
		}
		if slices.ContainsFunc(addrs, func(a net.Addr) bool {
			n, ok := a.(*net.IPNet)
			return ok && n.IP.To4() != nil
		}) {
			out = append(out, ifi)
		}
	}
	return out, nil
}

// usable reports whether ip is worth announcing or dialling: not loopback,
// unspecified, multicast or an IPv6 link-local address (which means
// nothing without the zone of an interface of the one who dials).
func usable(ip net.IP) bool {
	switch {
	case ip == nil, ip.IsLoopback(), ip.IsUnspecified(), ip.IsMulticast(), ip.IsInterfaceLocalMulticast():
		return false
	case ip.To4() == nil && ip.IsLinkLocalUnicast():
		return false
	}
	return true
}

// HostAddrs returns the usable addresses of the interfaces that are up:
// what an announcement of a listener on every address (0.0.0.0 or ::)
// carries.
func HostAddrs() ([]net.IP, error) {
	nets, err := hostNets()
	if err != nil {
		return nil, err
	}
	var ips []net.IP
	for _, n := range nets {
		if usable(n.IP) {
			ips = append(ips, n.IP)
		}
	}
	return ips, nil
}

// hostNets returns the networks of the interfaces that are up, each with
// this host's address on it.
func hostNets() ([]*net.IPNet, error) {
	all, err := net.Interfaces()
	if err != nil {
		return nil, err
	}
	var out []*net.IPNet
	for _, ifi := range all {
		if ifi.Flags&net.FlagUp == 0 {
			continue
		}
		addrs, err := ifi.Addrs()
		if err != nil {
			continue
		}
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok {
				out = append(out, n)
			}
		}
	}
	return out, nil
}

// prefer reduces the addresses of one answer to those worth dialling:
// the usable ones, and of those the ones on a network in nets (this host
// is directly connected to it) when there are any, else the answer's
// source address when it is one of them.
func prefer(ips []net.IP, src net.IP, nets []*net.IPNet) []net.IP {
	var ok, near []net.IP
	for _, ip := range ips {
		if !usable(ip) || slices.ContainsFunc(ok, ip.Equal) {
			continue
		}
		ok = append(ok, ip)
		if slices.ContainsFunc(nets, func(n *net.IPNet) bool { return n.Contains(ip) && !n.IP.IsLoopback() }) {
			near = append(near, ip)
		}
	}
	switch {
	case len(near) > 0:
		return near
	case src != nil && slices.ContainsFunc(ok, src.Equal):
		return []net.IP{src}
	}
	return ok
}

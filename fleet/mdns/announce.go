// Announce: answer mDNS queries for _slget._tcp with this host's address
// and port until the context is done.

package mdns

import (
	"context"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"strings"

	hmdns "github.com/hashicorp/mdns"
)

// Announcement is what a peer announces of itself.
type Announcement struct {
	// Instance names this peer among the fleet; "" means HOSTNAME-PORT.
	// Characters other than letters, digits and '-' become '-'.
	Instance string
	// Port is the port the peer listens on; required.
	Port int
	// IPs are the addresses announced; empty means every usable address
	// of the interfaces that are up (see HostAddrs). Loopback and
	// unspecified addresses are never announced.
	IPs []net.IP
	// Text are the TXT strings, such as "v=1" or "id=...".
	Text []string
}

// Announce answers the queries for Service on every multicast interface
// until ctx is done, and then returns nil. It fails at once with
// ErrNoAddress when there is no address but loopback to announce, and
// with ErrNoInterface when no interface can multicast.
func Announce(ctx context.Context, a Announcement) error {
	svc, ifaces, err := prepare(a)
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return nil
	}
	discard := log.New(io.Discard, "", 0)
	var servers []*hmdns.Server
	defer func() {
		for _, s := range servers {
			s.Shutdown()
		}
	}()
	var lastErr error
	for i := range ifaces {
		s, err := hmdns.NewServer(&hmdns.Config{Zone: svc, Iface: &ifaces[i], Logger: discard})
		if err != nil {
			lastErr = fmt.Errorf("mdns: cannot listen on %s: %w", ifaces[i].Name, err)
			continue
		}
		servers = append(servers, s)
	}
	if len(servers) == 0 {
		return lastErr
	}
	<-ctx.Done()
	return nil
}

// prepare checks an announcement and returns its records and the
// interfaces to answer on.
func prepare(a Announcement) (*hmdns.MDNSService, []net.Interface, error) {
	svc, _, err := prepareRecords(a)
	if err != nil {
		return nil, nil, err
	}
	ifaces, err := multicastInterfaces()
	if err != nil {
		return nil, nil, fmt.Errorf("mdns: the host's interfaces: %w", err)
	}
	if len(ifaces) == 0 {
		return nil, nil, ErrNoInterface
	}
	return svc, ifaces, nil
}

// prepareRecords checks an announcement and returns its records and the
// addresses they carry.
func prepareRecords(a Announcement) (*hmdns.MDNSService, []net.IP, error) {
	if a.Port < 1 || a.Port > 65535 {
		return nil, nil, fmt.Errorf("mdns: port %d is not between 1 and 65535", a.Port)
	}
	ips := a.IPs
	if len(ips) == 0 {
		var err error
		if ips, err = HostAddrs(); err != nil {
			return nil, nil, fmt.Errorf("mdns: the host's addresses: %w", err)
		}
	}
	var keep []net.IP
	for _, ip := range ips {
		if usable(ip) {
			keep = append(keep, ip)
		}
	}
	if len(keep) == 0 {
		return nil, nil, ErrNoAddress
	}
	host := hostLabel()
	inst := a.Instance
	if inst == "" {
		inst = fmt.Sprintf("%s-%d", host, a.Port)
	}
	svc, err := hmdns.NewMDNSService(Label(inst), Service, Domain, host+"."+Domain, a.Port, keep, a.Text)
	if err != nil {
		return nil, nil, fmt.Errorf("mdns: %w", err)
	}
	return svc, keep, nil
}

// hostLabel is the host's name as one DNS label.
func hostLabel() string {
	h, err := os.Hostname()
	if err != nil || h == "" {
		return "slget"
	}
	h, _, _ = strings.Cut(h, ".")
	return Label(h)
}

// Label makes s one DNS label of letters, digits and '-', at most 63
// long, as Announce makes an Announcement's Instance (and as BrowseOptions'
// Exclude is compared).
func Label(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-') {
			b[i] = '-'
		}
	}
	if len(b) > 63 {
		b = b[:63]
	}
	if len(b) == 0 {
		return "slget"
	}
	return string(b)
}

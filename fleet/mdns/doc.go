// Package mdns finds the slget fleet on a LAN without configuration: a
// `slget serve` announces itself as the DNS-SD service _slget._tcp in the
// local. domain (RFC 6762, 6763), and clients and other serves look it up.
//
// Announce answers queries until its context is done; Lookup asks once and
// returns the addresses that answered, as http://IP:PORT; Browse asks
// again every interval and hands a callback the whole current list each
// time it changes, dropping a peer not heard from for a while.
//
//	go mdns.Announce(ctx, mdns.Announcement{Port: 7878, Text: []string{"v=1"}})
//	peers, err := mdns.Lookup(ctx, time.Second) // ["http://10.0.0.5:7878"]
//
// The responder is github.com/hashicorp/mdns, one per multicast interface
// so that it joins the group on each (a namespace or a host without a
// default route has no "default multicast interface"), with its logging
// discarded. The querier is this package's own, on github.com/miekg/dns:
// it sends from an ephemeral port on every multicast interface and asks
// for unicast answers (RFC 6762 §5.4), so it needs no port 5353 of its own
// and can run beside a responder on the same host, and it reads every
// address an answer carries (hashicorp's client keeps one).
//
// An announcement of a listener on every address (0.0.0.0) carries the
// host's real addresses, never a wildcard or a loopback one; Announce
// refuses to announce loopback only. An answer that lists several
// addresses is reduced to those on a network this host is directly
// connected to, so that a peer's docker0 or VPN address is not taken for
// its LAN one.
//
// # Caveats
//
// Queries go out over IPv4 only (answers may list IPv6 addresses, which are
// used when global). The interfaces are listed once, when Announce or a
// query starts: an interface that comes up later is announced on after a
// restart, and found by the next query of a Browse. Instance names are not
// defended against conflicts (RFC 6762 §9): peers are told apart by
// address, and a name only serves BrowseOptions.Exclude. A responder does
// not send goodbye packets; a peer that stops is dropped after
// BrowseOptions.Expire.
package mdns

// HTTP/2 or connections of their own: how a ranged download uses a server
// that speaks HTTP/2, and the words that say which it chose.

package slget

import (
	"fmt"

	"github.com/slget/slget/fetch"
)

// chooseProtocol decides, for a ranged download whose probe went over
// HTTP/2, whether its connections are streams of that one HTTP/2
// connection (Client.HTTP2Streams) or HTTP/1.1 connections of their own
// (origin.H1), and says what was chosen, for Started.Protocol. left is
// how many slices are still to be asked for.
//
// Connections of their own are the default: N TCP connections get N
// congestion windows and N shares of a server or path that limits each
// connection, where N streams share one (BENCHMARKS.md, "HTTP/2"). A
// download of one connection, and every probe, stays on HTTP/2, so the
// small files of one host share one connection.
//
// On HTTP/2 streams, Connections and -x count streams: autoscale adds
// streams while they pay, as it adds connections on HTTP/1.1.
func (d *download) chooseProtocol(origin *fetch.Origin, cfg *fetch.Config, left int) string {
	if !d.probe.HTTP2 {
		return "HTTP/1.1"
	}
	n := min(max(cfg.Connections, cfg.MaxConnections), left)
	switch {
	case n <= 1:
		return "HTTP/2"
	case d.c.HTTP2Streams:
		return fmt.Sprintf("HTTP/2, the ranges as %s of one connection", count(n, cfg.MaxConnections > cfg.Connections && n > cfg.Connections, "stream"))
	}
	origin.H1 = true
	return fmt.Sprintf("HTTP/1.1 for the ranges, %s of their own (the server speaks HTTP/2; streams of one connection share its limits)",
		count(n, cfg.MaxConnections > cfg.Connections && n > cfg.Connections, "connection"))
}

// count says n things, or "up to n" when their number is found as the
// download runs.
func count(n int, upTo bool, thing string) string {
	s := fmt.Sprintf("%d %ss", n, thing)
	if upTo {
		s = "up to " + s
	}
	return s
}

// protocolOf is the download's Started.Protocol: what chooseProtocol
// said, or what the probe came over.
func (d *download) protocolOf() string {
	switch {
	case d.protocol != "":
		return d.protocol
	case d.probe != nil && d.probe.HTTP2:
		return "HTTP/2"
	}
	return "HTTP/1.1"
}

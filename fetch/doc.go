// Package fetch downloads one HTTP(S) resource over several connections in
// slice-aligned ranges and proves that every byte came from one version of it.
//
// The flow is probe → plan → transfer → verify:
//
//   - Probe asks for slice 0 with a ranged GET (never HEAD, which is often
//     wrong or blocked). A 206 gives the size and the Validator, and its body
//     is slice 0; a 200 means the server does not do ranges and the body is
//     the whole resource, to be read on that one connection.
//   - A Downloader runs N workers. Each claims a run of missing slices from a
//     segment.Scheduler, asks a Source for exactly those bytes, and writes
//     them through an io.WriterAt. Every ranged request pins the version with
//     If-Match (or If-Unmodified-Since), and every response is checked:
//     status 206, the exact Content-Range asked for, a Content-Length of the
//     range, identity encoding, the same ETag. Anything else is a typed
//     error; a response of another version is confirmed with a fresh
//     request before it counts as a change (ChangedError), and is otherwise
//     retried (OutOfStepError).
//   - Finished slices are reported to a Journal only after the data file has
//     been synced, in groups, so that a crash loses at most the slices in
//     flight.
//
// Peers (`slget serve`) are Sources too: a PeerSource asks one peer in the
// proxy form of the peer protocol and checks each answer as the origin's,
// and each whole slice against the checksum the peer sends; a Chain asks
// the peers still in the download before the origin, and tells the
// Downloader (Failover) when a failed try was a peer's, so that it costs
// no try.
//
// fetch knows nothing of terminals, journals on disk or cache layouts: it
// defines the small interfaces it needs (Source, Journal, File) and the
// slget package wires the real ones in.
//
// # Caveats
//
// HTTP/2 is offered by ALPN on HTTPS (not in clear text, not to a proxy),
// so requests to one host (a probe, many small files) share one
// connection as streams. Several streams on one TCP connection share one
// congestion window and one per-connection rate limit, which is what
// parallel connections are meant to avoid: the ranges of a big file can
// go over HTTP/1.1 on connections of their own instead (Origin.H1,
// OwnConnection), and the slget package chooses which. Requests that
// come while a host's first HTTPS connection is set up wait for it, so
// that N at once cost one handshake, not N (firstConn).
//
// Connections are set up by this package, not by net/http: DNS, TCP, the
// SOCKS5 handshake or HTTP CONNECT with a proxy, and TLS, all under the one
// ClientOptions.ConnectTimeout, each failure a *PhaseError that names the
// phase and the proxy. net/http bounds neither a SOCKS5 handshake nor (but
// for a fixed minute) a CONNECT. Only an http:// request through an HTTP
// proxy is left to net/http, which sends it in absolute form as curl does.
package fetch

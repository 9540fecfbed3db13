// Package peer is slget's peer cache server, `slget serve`: a forward
// proxy that answers ranged GETs of origin URLs from a localcache.Store,
// filling what it lacks from the origin, so that the hosts of a LAN fetch
// each slice of a large file from the origin once.
//
// It speaks forward-proxy GET ("GET http://origin/file" with a Range), so
// that `curl -x`, `aria2c --all-proxy` and `slget --peer` all use it, plus
// its own pages GET / (the operator's page: the fleet as this server sees
// it, in HTML or JSON), GET /metrics (Prometheus' text format), GET
// /status, GET /healthz and GET /fleet. With Config.Fleet it is one member of a fleet of serves:
// each run of slices has one owner among the live members (package fleet),
// and a miss of a run another member owns is filled from that owner, so
// that the fleet asks the origin for each slice once.
// NewServer takes a Config whose Store is the open cache (the server never
// closes it); the Server is an http.Handler, and Serve runs it on a
// listener with the limits of the Config until its context is done.
//
//	st, err := localcache.Open(dir, nil)
//	...
//	srv, err := peer.NewServer(peer.Config{Store: st, Allow: []string{"mirror.example.com"}})
//	...
//	err = srv.Serve(ctx, ln) // returns once ctx is done and requests have finished
//	st.Close()
//
// A request's version comes from a one-byte probe of the origin, asked
// again at most once per Config.Revalidate for requesters that pin none;
// a requester that pins one with If-Match gets that version or 412. Its
// range is served from whole slices of that version, exactly as asked. A
// missing slice is filled from the origin once however many requests wait
// for it (singleflight, a run of slices per origin request, under a
// context that outlives any one waiter, taken over when stuck). Every
// answer lists the CRC-32C of its whole slices in X-Slget-Crc32c. Text
// stored as zstd goes out decompressed, or as zstd to a peer that asks.
// A resource without a strong ETag, a known size and ranges is passed
// through uncached.
//
// One concern to a file: the Server (Config, NewServer, Serve, Close);
// routing and refusals (ServeHTTP); request parsing (parseTarget,
// parseRange); answers (serveProxy) and their headers; versions and
// probes (versions); fills (fills); sending and the stall writer
// (stallWriter); held slice files sent at their offsets (fileRange,
// sendRange); slices kept in memory (hotSet); zstd answers as correct HTTP
// (zstdFormOf) and raw zstd frames (writeRawFrame); the server as a member
// of a fleet: fills from a run's owner, relays, only-if-cached, 102s,
// /fleet (ownerPeers); the fleet key's MACs on requests and answers
// (provenKey); the count each 102 carries (runProgress); which request a
// fill was started for (asker); GET /status (Status); passThrough, the
// limits (clientLimits) and the metrics; the operator's page (Page, what it
// shows; pageFormat, HTML or JSON; newPageTemplate, its template, style
// and CSP; traffic, what it counted of each member).
// The store's side (keys, files, the index, eviction, ownership of the
// directory) is package localcache, which knows nothing of HTTP serving;
// this package is apart so that a program that only downloads links no
// metrics stack.
//
// # Caveats
//
// Trust: the server fetches only from the origins in Config.Allow, asks
// a token of peers when Config.Token is set, refuses requests that carry
// credentials (a shared cache must not hold one user's private bytes for
// the next), and no path from a request ever reaches the file system.
// Listening beyond loopback without a token lets anyone who can reach the
// port fetch the allowed origins through it.
//
// X-Slget-Crc32c lists only the slices made ready before the headers go
// out: a long answer from a cold cache lists only its first slices.
// A requester's Cache-Control is not obeyed but for only-if-cached. Several ranges in one
// request are refused (400), and so is CONNECT (405): a tunnel cannot be
// cached. HTTP/1.1 only.
//
// The Store must be opened by this process (localcache.Open holds the
// directory's lock); publish the server's address with
// localcache.WriteOwner so that other slget processes on the host find it.
// Close stops fills and probes but leaves the Store open.
package peer

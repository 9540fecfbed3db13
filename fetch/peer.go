// Peer: one slget peer (`slget serve`), reached directly as an HTTP forward
// proxy, and the errors of asking it.

package fetch

import (
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/slget/slget/internal/version"
)

// PeerOptions configure NewPeer. The zero value is usable.
type PeerOptions struct {
	// ConnectTimeout bounds the TCP connection to the peer; zero means 5s.
	// A peer is on the LAN: one that does not answer should cost little
	// before the origin is asked instead.
	ConnectTimeout time.Duration
	// Timeout bounds the wait for response headers, counted again from
	// each "102 Processing" the peer sends while a fill keeps it busy
	// whose HeaderProgress shows the fill moved on (a 102 without it
	// counts for nothing); zero means 60s. A download's stall timeout
	// bounds it too, 102s or not: a slice waits for a peer's headers at
	// most one stall timeout, then goes to another source.
	Timeout time.Duration
	// MaxWait bounds the whole wait for one answer's headers, however
	// much progress the peer's 102s show: past it the request is given
	// up with a *PeerError and the slices asked elsewhere. Zero means
	// four times Timeout.
	MaxWait time.Duration
	// Connections is how many idle connections are kept to the peer; zero
	// means 4.
	Connections int
	// UserAgent replaces the default "slget/VERSION".
	UserAgent string
	// Token is the fleet's token (a serve's --token), for a peer whose
	// address has no token of its own (http://slget:TOKEN@HOST:PORT wins);
	// "" means none. The token itself is never sent: Proofs makes the
	// PeerProof that signs each request with the key derived from it, and
	// each answer must carry the peer's proof, or nothing of it is taken.
	Token string
	// Proofs makes the PeerProof of a token (the library passes the
	// fleet's). A peer with a token and no Proofs is refused by NewPeer:
	// its answers could not be checked.
	Proofs PeerProofs
	// Proof, if set, proves a peer whose address and Token hold no token:
	// one the caller holds already (the key of a token another peer's
	// address gave, for the members that peer names).
	Proof PeerProof
}

// Peer is one slget peer: an HTTP/1.1 forward proxy that caches whole
// slices (`slget serve`). It is asked in proxy form, GET
// http://origin/path with a Range, directly: never through the proxies of
// the environment, which are for the origin. A Peer keeps its own
// connections and is safe for concurrent use; PeerSource asks it for the
// slices of one resource.
type Peer struct {
	addr  string    // http://host:port, for messages: no token
	host  string    // host:port to dial
	proof PeerProof // nil without a token: requests go unsigned
	ua    string
	hc    *http.Client
	// headerTimeout bounds the wait for headers between two signs of
	// life (openPiece's timer: the transport's own would not count a 102),
	// and maxWait the whole wait (see peerWait).
	headerTimeout, maxWait time.Duration
}

// ParsePeer checks a peer address, http://HOST:PORT or
// http://slget:TOKEN@HOST:PORT (any user name; the password is the
// peer's --token), and returns it parsed.
func ParsePeer(s string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(s))
	// url.Parse's error quotes s: it is not passed on. A raw '/', '?' or
	// '#' in a token makes the rest of it a path, a query or a fragment,
	// and what came before it a host and a port: the same error, and
	// none of those parts in it.
	if err != nil || u.User == nil && strings.Contains(s, "@") {
		return nil, fmt.Errorf("peer %q: not a URL; want http://HOST:PORT or http://slget:TOKEN@HOST:PORT (write / + %% @ : in a token as %%2F %%2B %%25 %%40 %%3A)", RedactPeer(s))
	}
	switch {
	case u.Scheme != "http":
		return nil, fmt.Errorf("peer %q: want http://HOST:PORT (a peer speaks plain HTTP on the LAN)", RedactPeer(s))
	case u.Host == "" || u.Hostname() == "":
		return nil, fmt.Errorf("peer %q: no host; want http://HOST:PORT", RedactPeer(s))
	case u.Path != "" && u.Path != "/", u.RawQuery != "", u.Fragment != "":
		return nil, fmt.Errorf("peer %q: a peer address has no path or query; want http://HOST:PORT", RedactPeer(s))
	}
	if p := u.Port(); p != "" {
		if n, err := parseNum(p); err != nil || n < 1 || n > 65535 {
			return nil, fmt.Errorf("peer %q: port %s is not between 1 and 65535", RedactPeer(s), p)
		}
	}
	if u.User != nil {
		if _, ok := u.User.Password(); !ok {
			return nil, fmt.Errorf("peer %q: give its token as http://slget:TOKEN@HOST:PORT", RedactPeer(s))
		}
	}
	return u, nil
}

// RedactPeer is the peer address s with everything between "://" and its
// last '@' hidden: a peer address has no '@' but the one after its token,
// wherever a raw '/', '?' or '#' in the token made url.Parse see it.
func RedactPeer(s string) string {
	i := strings.Index(s, "://")
	if i < 0 {
		i = -3
	}
	rest := s[i+3:]
	if at := strings.LastIndex(rest, "@"); at >= 0 {
		return s[:i+3] + "***" + rest[at:]
	}
	// No '@' (a list split at a token's raw ',' or space): a "port" that
	// is no number is a user:token cut short.
	auth, _, _ := strings.Cut(rest, "/")
	auth, _, _ = strings.Cut(auth, "?")
	auth, _, _ = strings.Cut(auth, "#")
	if j := strings.LastIndex(auth, "]"); j >= 0 {
		auth = auth[j+1:]
	}
	if j := strings.LastIndex(auth, ":"); j >= 0 && strings.Trim(auth[j+1:], "0123456789") != "" {
		return s[:i+3] + "***"
	}
	return Redact(s)
}

// NewPeer returns the Peer at the address s (see ParsePeer).
func NewPeer(s string, o PeerOptions) (*Peer, error) {
	u, err := ParsePeer(s)
	if err != nil {
		return nil, err
	}
	ct := orDefault(o.ConnectTimeout, 5*time.Second)
	rt := orDefault(o.Timeout, 60*time.Second)
	conns := orDefault(o.Connections, 4)
	mw := orDefault(o.MaxWait, 4*rt)
	p := &Peer{addr: "http://" + u.Host, host: u.Host, ua: o.UserAgent, headerTimeout: rt, maxWait: mw}
	if p.ua == "" {
		p.ua = "slget/" + version.Version
	}
	tok := o.Token
	if u.User != nil {
		tok, _ = u.User.Password()
	}
	if tok != "" {
		if o.Proofs == nil {
			return nil, fmt.Errorf("peer %s: a token and no PeerOptions.Proofs to prove it with", p.addr)
		}
		p.proof = o.Proofs(tok)
	} else if u.User == nil {
		p.proof = o.Proof
	}
	tr := &http.Transport{
		Proxy:                  nil, // the peer is the proxy
		DialContext:            (&net.Dialer{Timeout: ct, KeepAlive: 30 * time.Second}).DialContext,
		MaxIdleConns:           2 * conns,
		MaxIdleConnsPerHost:    2 * conns,
		IdleConnTimeout:        90 * time.Second,
		DisableCompression:     true, // zstd is asked for, and decoded, by PeerSource
		ForceAttemptHTTP2:      false,
		TLSNextProto:           map[string]func(string, *tls.Conn) http.RoundTripper{},
		MaxResponseHeaderBytes: 1 << 20,
	}
	p.hc = &http.Client{
		Transport: tr,
		// A peer answers; it does not send the client elsewhere.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	return p, nil
}

// Proof is what signs its requests and checks its answers; nil for
// none (no token).
func (p *Peer) Proof() PeerProof { return p.proof }

// String is the peer's address without its token.
func (p *Peer) String() string { return p.addr }

// CloseIdle closes the idle connections to the peer.
func (p *Peer) CloseIdle() { p.hc.CloseIdleConnections() }

// PeerError is a peer that did not deliver: it answered with an error
// status, sent something the protocol does not allow, sent bytes that
// failed their checksum, or could not be reached. A Chain falls back to the
// origin; a download never fails because of a peer.
type PeerError struct {
	Peer   string // its address, without the token
	Status int    // the HTTP status, 0 if the answer was not an error status
	Reason string // what went wrong, for people
	Err    error  // the cause, if any
	// Drop is true when asking this peer again in the same download is
	// pointless or unsafe: it lied about a slice, has another version,
	// refuses us, breaks the protocol, or is down.
	Drop bool
	// Lied is true when bytes it sent failed their checksum.
	Lied bool
	// Gone is true when it could not be reached or stopped answering: a
	// serve that restarts comes back, and may be asked again then.
	Gone bool
}

func (e *PeerError) Error() string {
	s := "peer " + e.Peer + ": " + e.Reason
	if e.Err != nil {
		if e.Reason == "" {
			return "peer " + e.Peer + ": " + e.Err.Error()
		}
		s += ": " + e.Err.Error()
	}
	return s
}

func (e *PeerError) Unwrap() error { return e.Err }

// retryable: a peer's failure is always worth a try elsewhere.
func (e *PeerError) retryable() bool { return true }

// statusError is the PeerError of an error status.
func (p *Peer) statusError(resp *http.Response) *PeerError {
	e := &PeerError{Peer: p.addr, Status: resp.StatusCode, Drop: true}
	code := fmt.Sprintf("%d %s", resp.StatusCode, http.StatusText(resp.StatusCode))
	switch c := resp.StatusCode; {
	case c == http.StatusPreconditionFailed:
		e.Reason = "has another version of the file (" + code + ")"
	case c == http.StatusProxyAuthRequired || c == http.StatusUnauthorized:
		if p.proof == nil {
			e.Reason = "wants a token (" + code + "); give the fleet's token, or the peer as http://slget:TOKEN@HOST:PORT"
		} else {
			// A refusal with the peer's own MAC: it holds the key, but
			// our clock was too far from its, which its answer has now
			// told us; the next request is signed in its clock.
			e.Reason, e.Drop = "refused our fleet MAC ("+code+"): "+refusal(resp), false
		}
	case c == http.StatusForbidden:
		e.Reason = "does not fetch from this origin host (" + code + "; see the origins that serve allows)"
	case c >= 500:
		// A miss it could not fill (502), an origin that did not answer it
		// in time (504), an overload: the next slices may do better.
		e.Reason, e.Drop = "could not serve the slices ("+code+")", false
	default:
		e.Reason = "answered " + code
	}
	return e
}

// connError is the PeerError of a request that got no answer.
func (p *Peer) connError(err error) *PeerError {
	err = unwrapURLError(err)
	var oe *net.OpError
	down := errors.As(err, &oe) && oe.Op == "dial"
	e := &PeerError{Peer: p.addr, Err: err, Drop: down, Gone: down}
	if down {
		e.Reason = "is not reachable"
	}
	return e
}

// refusal is the first line of a refusal's body (a serve says there why it
// refused: another token, a clock too far off), read before the body is
// discarded; "another fleet token?" when it says nothing.
func refusal(resp *http.Response) string {
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	line, _, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
	line = strings.TrimPrefix(line, "slget peer: ")
	if line == "" || !printable(line) {
		return "another fleet token?"
	}
	return line
}

// printable reports whether s has no control characters, so that a line a
// peer sent can go into a message.
func printable(s string) bool {
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return false
		}
	}
	return true
}

// unproven is the PeerError of an answer without the fleet key's MAC (err,
// as the PeerProof said it): the peer is dropped and none of its bytes are
// read.
func (p *Peer) unproven(err error) *PeerError {
	return &PeerError{Peer: p.addr, Drop: true, Err: err,
		Reason: "is not a member of this fleet"}
}

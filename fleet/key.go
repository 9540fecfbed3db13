// The fleet key: the secret every member holds, derived from the fleet
// token, and the proofs made with it: a MAC on each request, a MAC on each
// answer bound to its request, so that the token itself never crosses the
// wire.

package fleet

import (
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// The headers of the fleet's proofs.
const (
	// HeaderAuth carries a request's MAC: "v2 t=UNIX n=NONCE r=RUN
	// m=MAC", RUN the HeaderInstance of the serve it is sent to (see
	// SignRequest).
	HeaderAuth = "X-Slget-Auth"
	// HeaderAnswerMAC carries an answer's MAC, bound to the request's
	// nonce, its status and the headers of answerHeaders.
	HeaderAnswerMAC = "X-Slget-Answer-Mac"
	// HeaderTime is a serve's clock (Unix seconds) in its answers, so that
	// a client signs its requests in the serve's time.
	HeaderTime = "X-Slget-Time"
	// HeaderBodySum is the SHA-256 of a short answer's body (a serve's
	// pages), in hex, so that the answer's MAC covers the body too.
	HeaderBodySum = "X-Slget-Body-Sha256"
)

// MaxSkew is how far a request's time may be from the serve's clock. A
// client learns the serve's clock from its answers (HeaderTime) and signs
// in it, so that hosts whose clocks differ still agree.
const MaxSkew = 30 * time.Second

// Key is a fleet key: the keys derived from the fleet token, one for each
// use (HKDF-SHA256, RFC 5869), so that a MAC made for one use can never
// pass as another. The zero Key is not usable; nil means no key.
type Key struct {
	req, ans, gossip []byte
}

// NewKey derives the fleet key from token; nil for "".
func NewKey(token string) *Key {
	if token == "" {
		return nil
	}
	derive := func(info string) []byte {
		k, err := hkdf.Key(sha256.New, []byte(token), []byte("slget fleet key v1"), info, 32)
		if err != nil {
			panic(err) // only for a length past 255*32 bytes
		}
		return k
	}
	return &Key{req: derive("request mac"), ans: derive("answer mac"), gossip: derive("gossip keyring")}
}

// GossipKey is the 32-byte key of the fleet's gossip (AES-256-GCM), apart
// from the MAC keys.
func (k *Key) GossipKey() []byte { return append([]byte(nil), k.gossip...) }

// signedRequestHeaders are the request headers a request's MAC covers
// besides its method and target: what decides what the serve does and
// sends, down to whether it waits for a fill in flight (X-Slget-Held) and
// sends 102s while it waits (X-Slget-Wait).
var signedRequestHeaders = []string{"Range", "If-Match", "Accept", "Accept-Encoding", "Cache-Control", "X-Slget-Slice", "X-Slget-Relay",
	"X-Slget-Held", "X-Slget-Wait"}

// answerHeaders are the answer headers an answer's MAC covers: the
// version, the range, the slices' checksums, the encoding, and what a
// serve says of itself. Not Content-Length, which net/http may add after
// the headers are signed: a body cut short or run long fails the checks
// of its range and of each slice's checksum anyway.
var answerHeaders = []string{"ETag", "Content-Range", "Content-Type", "Content-Encoding",
	"X-Slget-Range", "X-Slget-Crc32c", HeaderID, HeaderInstance, HeaderGossip, HeaderTime, HeaderBodySum}

// NewNonce returns 16 random bytes in hex.
func NewNonce() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// HealthzTarget is the one request target a request may be signed for
// without a run: how a client learns a serve's run (its /healthz answer
// says only what it says to anyone).
const HealthzTarget = "/healthz"

// SignRequest sets HeaderAuth on h, the headers of a request of method
// for target (the request line's target: "/healthz", or an origin's
// absolute URL), made at t (in the serve's clock), for the run of the
// serve it is sent to (its HeaderInstance; "" only for HealthzTarget); it
// returns the nonce, which the answer's MAC is bound to. The run binds
// the request to one member and one start of it: another member, or the
// same one after a restart, refuses it, so a request overheard on the LAN
// cannot be sent anywhere again.
func (k *Key) SignRequest(method, target string, h http.Header, t time.Time, run string) (nonce string) {
	nonce = NewNonce()
	ts := strconv.FormatInt(t.Unix(), 10)
	h.Set(HeaderAuth, "v2 t="+ts+" n="+nonce+" r="+run+" m="+k.requestMAC(method, target, h, ts, nonce, run))
	return nonce
}

func (k *Key) requestMAC(method, target string, h http.Header, ts, nonce, run string) string {
	return mac(k.req, []string{"slget request v2", method, target}, h, signedRequestHeaders, ts, nonce, run)
}

// mac is the HMAC-SHA256 with key of the fields pre, the values of the
// headers names of h, and the fields post, each framed by its length so
// that no two lists of fields read alike; in base64url.
func mac(key []byte, pre []string, h http.Header, names []string, post ...string) string {
	m := hmac.New(sha256.New, key)
	field := func(s string) {
		m.Write([]byte(strconv.Itoa(len(s))))
		m.Write([]byte{':'})
		m.Write([]byte(s))
	}
	for _, f := range pre {
		field(f)
	}
	for _, name := range names {
		field(strings.Join(h.Values(name), "\x00"))
	}
	for _, f := range post {
		field(f)
	}
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// Errors of checking a request's MAC.
var (
	// ErrNoAuth: the request carries no HeaderAuth.
	ErrNoAuth = errors.New("the request carries no fleet MAC")
	// ErrBadAuth: it carries one that is not the fleet key's.
	ErrBadAuth = errors.New("the request's fleet MAC is not the fleet key's")
	// ErrReplay: its nonce was seen before.
	ErrReplay = errors.New("the request's fleet MAC was used before")
)

// RunError is a request signed for another run than the serve's own
// (Want): made for another member, or for this one before it restarted.
// Its MAC was the fleet key's, so the refusal is signed, and its
// HeaderInstance tells a client the serve's run to sign for again; a
// replay gets no further.
type RunError struct{ Got, Want string }

func (e *RunError) Error() string {
	if e.Got == "" {
		return "the request names no run of this serve (" + HeaderInstance + "): sign it for " + e.Want
	}
	return "the request was signed for another run of a serve (" + e.Got + "), not this one's (" + e.Want + "): meant for another member, or for this one before it restarted"
}

// SkewError is a request whose time is too far from the serve's clock.
type SkewError struct{ Off time.Duration }

func (e *SkewError) Error() string {
	return fmt.Sprintf("the request was signed %v away from this serve's clock (at most %v): set the hosts' clocks (NTP)", e.Off.Round(time.Second), MaxSkew)
}

// VerifyRequest checks the HeaderAuth of a request of method for target
// with headers h, received at now by the serve whose run (HeaderInstance)
// is run, and returns its nonce. The request must be signed for run, but
// a GET or HEAD of HealthzTarget may name none; run "" takes any. seen,
// if not nil, refuses a nonce used before. A *SkewError or a *RunError
// comes with the nonce: the MAC was the fleet key's, so the refusal may
// be signed, and its HeaderTime and HeaderInstance tell the requester the
// serve's clock and run.
func (k *Key) VerifyRequest(method, target string, h http.Header, now time.Time, run string, seen *Replays) (nonce string, err error) {
	v := h.Values(HeaderAuth)
	if len(v) == 0 {
		return "", ErrNoAuth
	}
	if len(v) > 1 || len(v[0]) > 256 {
		return "", ErrBadAuth
	}
	ver, rest, _ := strings.Cut(v[0], " ")
	if ver != "v2" {
		return "", ErrBadAuth
	}
	var ts, mac, got string
	for f := range strings.FieldsSeq(rest) {
		name, val, _ := strings.Cut(f, "=")
		switch name {
		case "t":
			ts = val
		case "n":
			nonce = val
		case "r":
			got = val
		case "m":
			mac = val
		}
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || len(nonce) != 32 || mac == "" {
		return "", ErrBadAuth
	}
	want := k.requestMAC(method, target, h, ts, nonce, got)
	if !hmac.Equal([]byte(mac), []byte(want)) {
		return "", ErrBadAuth
	}
	if off := time.Unix(sec, 0).Sub(now); off > MaxSkew || off < -MaxSkew {
		return nonce, &SkewError{Off: off}
	}
	unbound := got == "" && target == HealthzTarget && (method == http.MethodGet || method == http.MethodHead)
	if run != "" && got != run && !unbound {
		return nonce, &RunError{Got: got, Want: run}
	}
	if seen != nil && !seen.add(nonce, time.Unix(sec, 0), now) {
		return "", ErrReplay
	}
	return nonce, nil
}

// SignAnswer sets HeaderAnswerMAC on h, the headers of an answer of
// status to the request whose nonce is given.
func (k *Key) SignAnswer(nonce string, status int, h http.Header) {
	h.Set(HeaderAnswerMAC, k.answerMAC(nonce, status, h))
}

// SignResponse signs the headers h of a net/http answer of status, sent at
// now, to the request whose nonce is given, before they are written: it
// sets HeaderTime (the serve's clock, for the client to sign in), keeps
// net/http from sniffing a Content-Type the MAC would not cover, and sets
// HeaderAnswerMAC.
func (k *Key) SignResponse(nonce string, status int, h http.Header, now time.Time) {
	h.Set(HeaderTime, strconv.FormatInt(now.Unix(), 10))
	if _, ok := h["Content-Type"]; !ok {
		h["Content-Type"] = nil
	}
	k.SignAnswer(nonce, status, h)
}

func (k *Key) answerMAC(nonce string, status int, h http.Header) string {
	return mac(k.ans, []string{"slget answer v1", nonce, strconv.Itoa(status)}, h, answerHeaders)
}

// ErrUnproven is an answer without a MAC of the fleet key: whoever sent it
// does not hold the key.
var ErrUnproven error = unprovenError{}

// unprovenError is ErrUnproven's type: its method Unproven is how the
// HTTP side (fetch.PeerProof) tells it from other failures.
type unprovenError struct{}

func (unprovenError) Error() string {
	return "did not prove it holds the fleet key (its answer has no valid " + HeaderAnswerMAC + ")"
}

// Unproven reports true: whoever answered does not hold the key.
func (unprovenError) Unproven() bool { return true }

// VerifyAnswer checks the HeaderAnswerMAC of an answer of status with
// headers h to the request whose nonce is given.
func (k *Key) VerifyAnswer(nonce string, status int, h http.Header) error {
	v := h.Values(HeaderAnswerMAC)
	if len(v) != 1 || !hmac.Equal([]byte(v[0]), []byte(k.answerMAC(nonce, status, h))) {
		return ErrUnproven
	}
	return nil
}

// BodySum is the HeaderBodySum value of body.
func BodySum(body []byte) string {
	s := sha256.Sum256(body)
	return hex.EncodeToString(s[:])
}

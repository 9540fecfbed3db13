// PeerSource: the slices of one resource from one Peer, every answer
// checked as the origin's are, and every whole slice against the checksum
// the peer sends for it.

package fetch

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/slget/slget/segment"
)

// maxPeerRun is the most slices one request to a peer asks for. A longer
// range is asked for in pieces of this many, one after the other, inside
// one Body: it bounds the X-Slget-Crc32c header and what a peer must have
// at hand for one answer.
const maxPeerRun = 64

// The headers of the peer protocol.
const (
	headerSliceSums = "X-Slget-Crc32c"
	headerSlice     = "X-Slget-Slice"
	headerRange     = "X-Slget-Range" // the plain bytes of a slices answer
	// HeaderRelay marks a request that a serve sends to the owner of the
	// slices on behalf of its own client: the owner fills them from the
	// origin itself and never passes the request on, so that two serves
	// whose views of the fleet differ cannot send a request round.
	HeaderRelay = "X-Slget-Relay"
	// HeaderHeld, with only-if-cached, asks a member for the slices it
	// holds or is filling from the origin now: a member that took a run
	// over (it joined, or came back) gets the run's bytes from the one
	// filling it, not from the origin a second time.
	HeaderHeld = "X-Slget-Held"
	// HeaderWait asks a peer to send "102 Processing" while the slices
	// wait for a fill (queued behind others, or coming from a slow
	// origin): a peer that says it is working is not a stalled one.
	HeaderWait = "X-Slget-Wait"
	// HeaderProgress, on each 102 a peer sends, is a decimal count that
	// grows only when what the answer waits for moved on: bytes came in
	// to the fills it waits for (or, while they are queued, to the fills
	// ahead of them), or another of its slices got ready. A requester
	// takes a 102 as a sign of work only when its count is greater than
	// the last one it saw; a 102 without it (an older serve) is none.
	HeaderProgress = "X-Slget-Progress"
)

// slicesType is the media type of a peer's zstd answer to a range: the
// zstd frames of its slices, in a 200 whose X-Slget-Range says which plain
// bytes they decode to, and whose ETag is the version's with "-zstd"
// inside the quotes. A range never travels as a 206 with Content-Encoding:
// zstd, whose Content-Range could not describe the bytes sent.
const slicesType = "application/vnd.slget.slices+zstd"

// zstdETag is the ETag of the zstd answers of the version whose strong
// ETag is etag.
func zstdETag(etag string) string {
	if len(etag) < 2 || !strings.HasPrefix(etag, `"`) || !strings.HasSuffix(etag, `"`) {
		return etag
	}
	return etag[:len(etag)-1] + `-zstd"`
}

// PeerSource is a Source that asks one Peer for the ranges of one version
// of one resource. Each request is the protocol's proxy-form GET with the
// Range, If-Match with the strong ETag the client's own probe of the origin
// found, and X-Slget-Slice. Each answer must be a 206 with exactly the
// Content-Range asked for, the same ETag, and identity encoding; or, when
// Zstd asked for it, a 200 of slicesType with exactly that range in
// X-Slget-Range and the version's zstd ETag, decoded here. Each slice is
// checked as it is
// read against the checksum the answer gives for it (X-Slget-Crc32c), and
// a mismatch ends the body with a *PeerError whose Lied is true. A slice
// without a checksum is never read: an answer with none for its first
// slice is refused and the peer is to be dropped, and the slices after
// the last one vouched for are asked for again. Every failure is a
// *PeerError.
type PeerSource struct {
	Peer *Peer
	// Target is the resource's absolute URL as the peer is to fetch it:
	// the origin's URL without userinfo or fragment. The user's
	// credentials for the origin never go to a peer.
	Target    string
	Validator Validator    // the version; its ETag must be strong
	Plan      segment.Plan // the slices: checksums are per slice of Plan.Slice
	// Zstd asks the peer to send slices it holds compressed as they are
	// (Accept: slicesType); they are decoded here.
	Zstd bool
	// Relay marks the requests as a serve's on behalf of its client
	// (HeaderRelay).
	Relay bool
	// OnlyIfCached asks for slices the peer holds, never fetched for this
	// request (Cache-Control: only-if-cached): a miss is a 504 at once.
	OnlyIfCached bool
	// Held, with OnlyIfCached, takes the slices the peer is filling from
	// the origin too (HeaderHeld): the answer waits for them.
	Held bool
	// OnWait, if set, is called whenever the peer says it is still
	// working on an answer and shows progress (a 102 whose HeaderProgress
	// grew). A download's stall watch does not take it for progress.
	OnWait func()
}

// NewPeerSource returns a PeerSource for the resource o downloads, in the
// slices of plan. It fails when the version has no strong ETag: without
// one, nothing pins the version a peer would serve.
func NewPeerSource(p *Peer, o *Origin, plan segment.Plan) (*PeerSource, error) {
	if o.Validator.Strength() != StrongETag {
		return nil, fmt.Errorf("%s: peers need a strong ETag to pin the version, and the server sends none", Redact(o.URL))
	}
	u, err := url.Parse(o.URL)
	if err != nil {
		return nil, err
	}
	u.User, u.Fragment, u.RawFragment = nil, "", ""
	return &PeerSource{Peer: p, Target: u.String(), Validator: o.Validator, Plan: plan, Zstd: true}, nil
}

// Open implements Source. The first piece of r is asked for before Open
// returns, so that a peer that misses, refuses or is down fails here and
// a Chain can ask elsewhere; later pieces fail in Read.
func (s *PeerSource) Open(ctx context.Context, r segment.Range) (Body, error) {
	if !s.Plan.Aligned(r) || r.End > s.Plan.Size || r.Len() <= 0 {
		return Body{}, fmt.Errorf("peer source: range %s is not whole slices of the file", r) // a bug if ever seen
	}
	bctx, cancel := context.WithCancel(ctx)
	b := &peerBody{s: s, ctx: bctx, cancel: cancel, want: r, pos: r.Start}
	if err := b.openPiece(); err != nil {
		cancel()
		return Body{}, err
	}
	return Body{ReadCloser: b, From: segment.FromPeer}, nil
}

// request is the proxy-form GET of piece: the request line names the
// origin's absolute URL, the connection goes to the peer. With a fleet key
// it is signed last, and nonce is what the answer's MAC must be bound to.
func (s *PeerSource) request(ctx context.Context, piece segment.Range) (req *http.Request, nonce string, err error) {
	t, err := url.Parse(s.Target)
	if err != nil {
		return nil, "", err
	}
	req, err = http.NewRequestWithContext(ctx, http.MethodGet, "http://"+s.Peer.host+"/", nil)
	if err != nil {
		return nil, "", err
	}
	// With Opaque set, net/http writes it as the request target as it is:
	// "GET https://origin/path?q HTTP/1.1" (never CONNECT), to the peer.
	req.URL.Path, req.URL.Opaque = "", s.Target
	req.Host = t.Host
	h := req.Header
	h.Set("User-Agent", s.Peer.ua)
	h.Set("Range", piece.Header())
	h.Set("If-Match", s.Validator.ETag)
	h.Set(headerSlice, strconv.FormatInt(s.Plan.Slice, 10))
	h.Set("Accept-Encoding", "identity")
	if s.Zstd {
		h.Set("Accept", slicesType)
	}
	h.Set(HeaderWait, "102")
	if s.Relay {
		h.Set(HeaderRelay, "1")
	}
	if s.OnlyIfCached {
		h.Set("Cache-Control", "only-if-cached")
		if s.Held {
			h.Set(HeaderHeld, "1")
		}
	}
	if pr := s.Peer.proof; pr != nil {
		nonce = pr.Sign(req)
	}
	return req, nonce, nil
}

// send asks the peer for piece and returns its proven answer. With a fleet
// key, each request is signed for the peer's run: learned first from its
// /healthz, and once more from the signed refusal of a peer that
// restarted, when the request is signed again and sent once more. An
// answer that proves nothing is a *PeerError; an error of another kind
// is the request's.
func (s *PeerSource) send(ctx context.Context, piece segment.Range) (*http.Response, error) {
	p := s.Peer
	if p.proof != nil && p.proof.Run() == "" {
		if err := p.proof.LearnRun(ctx, p.hc, p.addr); err != nil {
			return nil, p.learnError(err)
		}
	}
	for try := 0; ; try++ {
		var run string
		if p.proof != nil {
			run = p.proof.Run()
		}
		req, nonce, err := s.request(ctx, piece)
		if err != nil {
			return nil, err
		}
		resp, err := p.hc.Do(req)
		if err != nil {
			return nil, err
		}
		if err := s.proven(resp, nonce); err != nil {
			resp.Body.Close()
			return nil, err
		}
		if try > 0 || p.proof == nil || !p.proof.Rebound(resp, run) {
			return resp, nil
		}
		io.Copy(io.Discard, io.LimitReader(resp.Body, 4<<10))
		resp.Body.Close()
	}
}

// proven checks that an answer carries the peer's MAC of the fleet key,
// bound to the request's nonce, before anything else of it is looked at.
// Without a key there is nothing to prove.
func (s *PeerSource) proven(resp *http.Response, nonce string) *PeerError {
	pr := s.Peer.proof
	if pr == nil {
		return nil
	}
	err := pr.Check(nonce, resp)
	if err == nil {
		return nil
	}
	if c := resp.StatusCode; c == http.StatusProxyAuthRequired || c == http.StatusUnauthorized {
		// A serve with another token (or none) cannot sign its refusal.
		return &PeerError{Peer: s.Peer.addr, Status: c, Drop: true,
			Reason: fmt.Sprintf("refused our fleet MAC (%d %s): it has another fleet token, or none", c, http.StatusText(c))}
	}
	return s.Peer.unproven(err)
}

// check looks at the headers of a peer's answer for piece. Its Status is
// set when the answer was an error status.
func (s *PeerSource) check(resp *http.Response, piece segment.Range) *PeerError {
	bad := func(format string, args ...any) *PeerError {
		return &PeerError{Peer: s.Peer.addr, Reason: fmt.Sprintf(format, args...), Drop: true}
	}
	encoded := func() *PeerError {
		if ce := resp.Header.Get("Content-Encoding"); !identity(ce) {
			return bad("sent Content-Encoding %q, which it was not asked for", ce)
		}
		return nil
	}
	if s.slicesAnswer(resp) {
		if err := encoded(); err != nil {
			return err
		}
		if crh := resp.Header.Get("Content-Range"); crh != "" {
			return bad("sent Content-Range %q with a 200 of %s", crh, slicesType)
		}
		rh := resp.Header.Get(headerRange)
		if cr, err := ParseContentRange(rh); err != nil || !cr.Matches(piece, s.Validator.Size) {
			return bad("asked for %s of %d bytes, sent %s %q", piece.Header(), s.Validator.Size, headerRange, rh)
		}
		if et, want := resp.Header.Get("ETag"), zstdETag(s.Validator.ETag); et != want {
			return bad("sent ETag %q with zstd slices for If-Match %s (want %s)", et, s.Validator.ETag, want)
		}
		return nil
	}
	if resp.StatusCode != http.StatusPartialContent {
		return s.Peer.statusError(resp)
	}
	crh := resp.Header.Get("Content-Range")
	if cr, err := ParseContentRange(crh); err != nil || !cr.Matches(piece, s.Validator.Size) {
		return bad("asked for %s of %d bytes, sent Content-Range %q", piece.Header(), s.Validator.Size, crh)
	}
	if et := resp.Header.Get("ETag"); et != s.Validator.ETag {
		return bad("sent ETag %q for If-Match %s", et, s.Validator.ETag)
	}
	if err := encoded(); err != nil {
		return err
	}
	if resp.ContentLength >= 0 && resp.ContentLength != piece.Len() {
		return bad("sent Content-Length %d for a range of %d bytes", resp.ContentLength, piece.Len())
	}
	return nil
}

// slicesAnswer reports whether resp is a 200 of slicesType, to a request
// that asked for one.
func (s *PeerSource) slicesAnswer(resp *http.Response) bool {
	if !s.Zstd || resp.StatusCode != http.StatusOK {
		return false
	}
	mt, _, _ := strings.Cut(resp.Header.Get("Content-Type"), ";")
	return strings.EqualFold(strings.TrimSpace(mt), slicesType)
}

// Peer proofs: what signs a request to a peer with the fleet key and
// checks that its answer carries the peer's proof, as an interface, so
// that the HTTP side knows nothing of the fleet; package fleet's Prover is
// the one the library passes.

package fetch

import (
	"context"
	"errors"
	"net/http"
)

// PeerProof is the fleet key's proofs with one peer: it signs each request
// and checks that each answer proves the peer holds the key. It keeps what
// it learns of the peer (its clock, its run), so one is made per peer.
// fleet.Prover is one.
type PeerProof interface {
	// Sign signs req and returns the nonce its answer must be bound to.
	Sign(req *http.Request) (nonce string)
	// Check returns nil when resp, the answer to the request signed with
	// nonce, proves the peer holds the key.
	Check(nonce string, resp *http.Response) error
	// LearnRun learns the peer's run (which start of it answers) from
	// addr with hc, before a first request. Its error tells by its
	// methods what the peer did: RefusedStatus() int, a refusal of our
	// proof that proves nothing; Unproven() bool, an answer that proves
	// nothing; any other, the request's own failure.
	LearnRun(ctx context.Context, hc *http.Client, addr string) error
	// Run is the peer's run as learned; "" before.
	Run() string
	// Rebound reports whether resp, a proven answer to a request signed
	// for run, refused it and named another run: the peer restarted, and
	// the request may be signed again and sent once more.
	Rebound(resp *http.Response, run string) bool
}

// PeerProofs makes the PeerProof of a fleet token for one peer. It is
// called only with a token, never "".
type PeerProofs func(token string) PeerProof

// learnError is the PeerError of a failed LearnRun, or err itself when the
// peer did not answer (see PeerProof.LearnRun).
func (p *Peer) learnError(err error) error {
	var refused interface{ RefusedStatus() int }
	var unproven interface{ Unproven() bool }
	switch {
	case errors.As(err, &refused):
		return &PeerError{Peer: p.addr, Status: refused.RefusedStatus(), Drop: true, Reason: err.Error()}
	case errors.As(err, &unproven) && unproven.Unproven():
		return p.unproven(err)
	}
	return err
}

// Prover: the fleet key's proofs with one serve, as the HTTP side asks for
// them (fetch.PeerProof): its requests signed in the serve's clock and for
// its run, its answers checked, its run learned.

package fleet

import (
	"context"
	"net/http"
)

// Prover is the fleet key's proofs with one serve: the key, and the
// serve's clock and run as its proven answers tell them. It satisfies
// fetch.PeerProof, so that the HTTP side signs and checks without knowing
// the fleet. Safe for concurrent use.
type Prover struct {
	key   *Key
	clock Clock
}

// Prover returns a new Prover of k for one serve; nil for a nil k.
func (k *Key) Prover() *Prover {
	if k == nil {
		return nil
	}
	return &Prover{key: k}
}

// Key is the key p proves with.
func (p *Prover) Key() *Key { return p.key }

// Sign signs req for the serve (Key.Sign) and returns its nonce.
func (p *Prover) Sign(req *http.Request) (nonce string) { return p.key.Sign(req, &p.clock) }

// Check checks the answer to the request signed with nonce (Key.Check).
func (p *Prover) Check(nonce string, resp *http.Response) error {
	return p.key.Check(nonce, resp, &p.clock)
}

// LearnRun learns the serve's clock and run from its /healthz
// (Key.LearnRun).
func (p *Prover) LearnRun(ctx context.Context, hc *http.Client, addr string) error {
	return p.key.LearnRun(ctx, hc, addr, &p.clock)
}

// Run is the serve's run as learned; "" before.
func (p *Prover) Run() string { return p.clock.Run() }

// Rebound reports whether resp refused a request signed for run and named
// another run of the serve (the package's Rebound).
func (p *Prover) Rebound(resp *http.Response, run string) bool { return Rebound(resp, run, &p.clock) }

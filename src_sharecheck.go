// Peers without the fleet key: their answers carry CRCs they made
// themselves, so nothing but a comparison with the origin proves their
// bytes. Their slices are on probation for the whole download, as a
// mirror's without a digest, and a caught peer's slices are fetched again
// from the origin.

package slget

import (
	"context"
	"hash/crc32"
	"io"
	"slices"

	"github.com/slget/slget/fetch"

	"github.com/slget/slget/segment"
)

// keylessPeers is the name the peers that hold no fleet key go by on
// probation: a slice's record says it came from a peer, not which.
const keylessPeers = "the peers without the fleet key"

// watchKeyless puts the download's peers that hold no fleet key on
// probation, unless a digest of the whole file will check their bytes,
// or the peer is the Client's own serve (FleetOf); with none, it does
// nothing.
func (s *sharing) watchKeyless() {
	d := s.d
	if d.checksum() != nil {
		return // the whole file's digest proves the peers' bytes, or has them fetched again
	}
	d.c.peerMu.Lock()
	for addr, p := range d.c.peerByAddr {
		// The Client's own serve (the owner of its cache) is the user's
		// cache, trusted as the cache is.
		if p.Proof() == nil && addr != d.c.FleetOf {
			s.keyless = append(s.keyless, addr)
		}
	}
	d.c.peerMu.Unlock()
	if len(s.keyless) == 0 {
		return
	}
	s.prob = newOriginProbation(s.ctx, d, s)
	s.prob.Watch(keylessPeers)
	s.prob.OnCaught = func(_, why string) {
		for _, a := range s.keyless {
			s.chain.Drop(a, "it holds no fleet key and sent other bytes: "+why)
		}
	}
}

// proveKeyless samples the keyless peers' slices once the transfer ended
// and, when one is caught, fetches every slice from a peer again from the
// origin.
func (s *sharing) proveKeyless() error {
	if s.prob == nil {
		return nil
	}
	if err := s.prob.Sample(s.ctx); err != nil {
		return err
	}
	why, caught := s.prob.Caught()[keylessPeers]
	if !caught {
		return nil
	}
	idx := s.prob.Slices(keylessPeers)
	for i := range s.d.plan.N() {
		if _, from, ok := s.record(i); ok && from == segment.FromPeer {
			idx = append(idx, i)
		}
	}
	slices.Sort(idx)
	idx = slices.Compact(idx)
	s.d.res.Proof.Refetched += len(idx)
	s.d.warn("%s: %s; the %s from peers are fetched again from the origin", keylessPeers, why, plural(len(idx), "slice"))
	return s.refetch(idx)
}

// newOriginProbation is a Probation whose reference is the origin.
func newOriginProbation(ctx context.Context, d *download, s *sharing) *fetch.Probation {
	return fetch.NewProbation(ctx, d.plan, func(ctx context.Context, i int) (uint32, string, error) {
		r := d.plan.SliceRange(i)
		b, err := s.origin.Open(ctx, r)
		if err != nil {
			return 0, "", err
		}
		defer b.Close()
		buf := make([]byte, r.Len())
		if _, err := io.ReadFull(b, buf); err != nil {
			return 0, "", err
		}
		return crc32.Checksum(buf, castagnoli), d.res.FinalURL, nil
	})
}

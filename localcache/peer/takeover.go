// Runs that change owners: an owner that fails hands its run to the next
// one, as every member ranks them without it, and a member that takes a
// run over (it joined, or came back) gets what the previous owner holds or
// is filling before it asks the origin.

package peer

import (
	"context"
	"slices"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fleet"
	"github.com/slget/slget/segment"
)

// fetchRun reads rng from the fleet member that owns it, or from the
// origin when this server is to fill it or the owner fails, slice by
// slice, storing each and completing its slot; progress is called with
// their count whenever bytes arrive (and with 1 when the owner says its
// own fill moved on).
func (s *Server) fetchRun(ctx context.Context, r *run, rng segment.Range, progress func(int64)) error {
	// An owner that fails hands the run to the next one, as every member
	// ranks them without it: the others whose owner failed ask that one
	// too, and only the member that is next fills from the origin.
	var gone []string
	for addr := s.owner(r.v, r.first, r.relayed); addr != ""; addr = s.ownerWithout(r.v, r.first, gone) {
		src, err := s.ownerSource(r.v, addr, progress)
		from := r.next
		if err == nil {
			err = s.readRun(ctx, r, src, rng, progress, fromPeer)
		}
		failed := err != nil && r.ctx.Err() == nil
		s.traffic.filled(addr, failed, s.runBytes(r, from))
		if !failed {
			return err // a stuck or cancelled run is the caller's to tell
		}
		s.log.Warn("the owner of the slices failed; asking the next owner, or the origin", "owner", addr,
			"url", fetch.Redact(r.v.url), "range", rng.Header(), "err", err)
		s.metrics.ownerFailures.Inc()
		rng.Start = r.next * s.sliceSize
		if gone = append(gone, addr); len(gone) >= maxOwnerTries {
			break
		}
	}
	if err := s.fromHolders(ctx, r, rng, progress); err == nil || r.ctx.Err() != nil {
		return err
	}
	from := r.next
	rng.Start = r.next * s.sliceSize
	r.fromOrigin.Store(true)
	err := s.readRun(ctx, r, r.v.origin, rng, progress, fromOrigin)
	s.traffic.filled("", false, s.runBytes(r, from))
	return err
}

// maxOwnerTries bounds the owners a fill asks in turn before the origin.
const maxOwnerTries = 3

// ownerWithout is owner for a run whose owners at the addresses gone
// failed: the owner among the live members but those, or "" when this
// server is the one to fill it.
func (s *Server) ownerWithout(v *version, i int64, gone []string) string {
	var live []fleet.Member
	var ids []string
	for _, m := range s.cfg.Fleet.Live() {
		if m.Addr == "" || !slices.Contains(gone, m.Addr) {
			live, ids = append(live, m), append(ids, m.ID)
		}
	}
	o := fleet.Own(fleet.File{URL: v.url, ETag: v.etag, Size: v.size, Slice: s.sliceSize}, ids).Owner(fleet.Run(i))
	for _, m := range live {
		if m.ID == o && o != s.cfg.ID {
			return m.Addr
		}
	}
	return ""
}

// heldWhole is cachedWhole for a request that takes the slices being
// filled from the origin too (fetch.HeaderHeld), when held: a member
// that took over a run this server is filling waits for this fill rather
// than asking the origin again. A run read from another member is not
// counted: it may be the asker's own.
func (s *Server) heldWhole(v *version, start, end int64, held bool) bool {
	if !held || end <= start {
		return s.cachedWhole(v, start, end)
	}
	for i := start / s.sliceSize; i <= (end-1)/s.sliceSize; i++ {
		s.fills.mu.Lock()
		r := s.fills.claims[flightKey(v, i)]
		s.fills.mu.Unlock()
		if (r == nil || !r.fromOrigin.Load()) && len(s.store.StatRun(v.vk, i, i+1)) != 1 {
			return false
		}
	}
	return true
}

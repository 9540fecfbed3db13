// Sharing: what one download does with the local cache and peers. The
// cache's slices are copied in before the transfer, peers stand before the
// origin in a Chain, fetched slices go to the cache after their commit, and
// the checks after the transfer keep a peer's wrong bytes out of a
// finished file: slices a failed peer wrote into are read back, and a
// whole-file checksum that fails has the slices from peers and the cache
// fetched again from the origin.

package slget

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"slices"
	"strings"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/internal/units"
	"github.com/slget/slget/localcache"
	"github.com/slget/slget/segment"
)

// sharing is the cache and peers of one download. A nil *sharing (neither
// is used) is valid: its methods do nothing.
type sharing struct {
	d      *download
	ctx    context.Context // the download's
	store  *localcache.Store
	keys   sliceKeyer
	chain  *fetch.Chain // nil without peers
	fill   *cacheFill   // nil without a cache
	origin *fetch.Origin
	cfg    fetch.Config // the transfer's, for fetching slices again
	mem    *memRecords  // the slices' records when there is no journal
	cached int64        // bytes copied from the cache in this run
	again  int64        // bytes fetched again from the origin after the transfer
	// stopWatch ends the health checks of the peers during the transfer
	// (watchPeers); nil without peers.
	stopWatch func()
	// prob cross-checks the slices of peers that hold no fleet key
	// (watchKeyless); nil when every peer proves the key.
	prob    *fetch.Probation
	keyless []string
}

// memRecords is what a journal would record, for a download without one.
type memRecords struct {
	crc  []uint32
	from []segment.Provenance // zero: not done in this run
}

// startSharing sets up the cache and peers for the transfer: it copies the
// cached slices in, and sets cfg's Journal to one that also fills the
// cache. It returns nil when the download uses neither.
func (d *download) startSharing(ctx context.Context, origin *fetch.Origin, cfg *fetch.Config) (*sharing, error) {
	if d.c.Cache == nil && !d.c.usesPeers() {
		return nil, nil
	}
	if d.probe.Validator.Strength() != fetch.StrongETag {
		d.warn("the server sends no strong ETag, so nothing pins the version a cache or peer would give: downloading from the origin only")
		return nil, nil
	}
	chain, own, err := d.chain(ctx, origin)
	if err != nil {
		return nil, err
	}
	s := &sharing{d: d, ctx: ctx, chain: chain, origin: origin, keys: newSliceKeyer(d.probe.FinalURL, d.probe.Validator, d.plan.Slice)}
	if st := d.c.Cache; st != nil {
		if st.SliceSize() != d.plan.Slice {
			d.warn("the cache %s holds slices of %s and this download is in slices of %s (the Client's slice size, or its journal's): not using the cache for it",
				st.Dir(), units.Exact(st.SliceSize()), units.Exact(d.plan.Slice))
		} else {
			s.store = st.store
		}
	}
	if s.store == nil && s.chain == nil {
		return nil, nil
	}
	if d.journal == nil {
		s.mem = &memRecords{crc: make([]uint32, d.plan.N()), from: make([]segment.Provenance, d.plan.N())}
	}
	if s.store != nil {
		if err := s.copyFromCache(); err != nil {
			return nil, err
		}
		s.fill = startFill(ctx, s.store, s.keys, localcache.PutMeta{ContentType: d.probe.ContentType}, d.plan, d.lock.f, d.warn)
	}
	cfg.Journal, cfg.Hash = s, true
	s.cfg = *cfg
	if s.chain != nil {
		s.stopWatch = d.watchPeers(ctx, s.chain, own, origin)
		s.watchKeyless()
	}
	return s, nil
}

// source is where the transfer reads slices from.
func (s *sharing) source() fetch.Source {
	if s.chain != nil {
		return s.chain
	}
	return s.origin
}

// Commit implements fetch.Journal: the journal (or the records in memory)
// first, then the cache gets the slices from the origin. Those from peers
// wait for a whole-file checksum (verified).
func (s *sharing) Commit(done []fetch.SliceDone) error {
	if s.d.journal != nil {
		if err := (committer{s.d.journal}).Commit(done); err != nil {
			return err
		}
	} else {
		for _, sd := range done {
			s.mem.crc[sd.Index], s.mem.from[sd.Index] = sd.CRC32C, sd.From
		}
	}
	for _, sd := range done {
		if sd.From == segment.FromPeer {
			s.prob.Sent(keylessPeers, sd.Index, sd.CRC32C)
		}
	}
	if s.fill != nil {
		var fromOrigin []fetch.SliceDone
		for _, sd := range done {
			if sd.From == segment.FromOrigin {
				fromOrigin = append(fromOrigin, sd)
			}
		}
		s.fill.add(fromOrigin)
	}
	return nil
}

// record is what the journal (or memory) knows of slice i.
func (s *sharing) record(i int) (crc uint32, from segment.Provenance, ok bool) {
	if j := s.d.journal; j != nil {
		r, ok := j.Record(i)
		return r.CRC32C, r.From, ok
	}
	return s.mem.crc[i], s.mem.from[i], s.mem.from[i] != 0
}

// afterTransfer runs once every slice is done. A peer's body that stopped
// in the middle of a slice, or whose slice failed its checksum, wrote some
// of its bytes there; and a peer's end-game duplicate of a slice that
// another copy finished first can have written after it. If that other
// copy won, the peer's last writes may sit over its bytes. Those slices
// are read back, and the ones that no longer match the checksum of the
// copy that won are fetched again from the origin.
func (s *sharing) afterTransfer() error {
	if s == nil || s.chain == nil {
		return nil
	}
	d := s.d
	d.res.ByPeer = s.chain.ByPeer()
	if err := s.proveKeyless(); err != nil {
		return err
	}
	check := s.chain.Suspects()
	for _, i := range s.chain.PeerSlices() {
		if _, from, ok := s.record(i); ok && from != segment.FromPeer {
			check = append(check, i)
		}
	}
	slices.Sort(check)
	bad, err := changedSlices(d.lock.f, d.plan, slices.Compact(check), s.record)
	if err != nil {
		return fileErr("io", d.lock.path, err)
	}
	if len(bad) == 0 {
		return nil
	}
	d.warn("%s held bytes of a peer that failed after another copy finished them; fetching them again from the origin", plural(len(bad), "slice"))
	return s.refetch(bad)
}

// changedSlices reads the slices idx of f back and lists those whose bytes
// do not have the checksum record gives them (or that have no record).
func changedSlices(f io.ReaderAt, plan segment.Plan, idx []int, record func(int) (uint32, segment.Provenance, bool)) ([]int, error) {
	var bad []int
	var b []byte
	for _, i := range idx {
		sr := plan.SliceRange(i)
		b = slices.Grow(b[:0], int(sr.Len()))[:sr.Len()]
		if _, err := f.ReadAt(b, sr.Start); err != nil {
			return nil, err
		}
		if crc, _, ok := record(i); !ok || crc32.Checksum(b, castagnoli) != crc {
			bad = append(bad, i)
		}
	}
	return bad, nil
}

// refetch fetches the slices idx again from the origin alone, through the
// journal like any other slice.
func (s *sharing) refetch(idx []int) error {
	d := s.d
	if d.journal != nil {
		if err := d.journal.Forget(idx); err != nil {
			return err
		}
	}
	again := segment.NewSet(d.plan.N())
	for _, i := range idx {
		again.Add(i)
		if s.mem != nil {
			s.mem.from[i] = 0
		}
	}
	done := segment.NewSet(d.plan.N())
	for i := 0; i < d.plan.N(); i++ {
		if !again.Has(i) {
			done.Add(i)
		}
	}
	dl := fetch.NewDownloader(s.cfg, d.plan, done, s.origin, d.partialFile())
	err := dl.Run(s.ctx, nil)
	s.again += dl.Stats().Written
	s.recount()
	return err
}

// recount sets Result.BySource from the records.
func (s *sharing) recount() {
	d := s.d
	clear(d.res.BySource)
	if d.journal != nil {
		for src, n := range d.journal.Counts() {
			if n > 0 {
				d.res.BySource[Source(src)] = n
			}
		}
		return
	}
	for i, p := range s.mem.from {
		if p != 0 {
			d.res.BySource[Source(p)] += d.plan.SliceRange(i).Len()
		}
	}
}

// retryChecksum is called when the whole file failed the request's
// checksum (err). If slices came from peers or the cache, they are fetched
// again from the origin and nil is returned: the caller checks again. The
// checksums they had are returned, to tell afterwards which were wrong.
func (s *sharing) retryChecksum(err error) (map[int]uint32, error) {
	var ce *ChecksumError
	if s == nil || !errors.As(err, &ce) {
		return nil, err
	}
	d := s.d
	var idx []int
	old := map[int]uint32{}
	from := map[segment.Provenance]bool{}
	for i := 0; i < d.plan.N(); i++ {
		if crc, f, ok := s.record(i); ok && f != segment.FromOrigin {
			idx = append(idx, i)
			old[i], from[f] = crc, true
		}
	}
	if s.chain != nil {
		for _, i := range s.chain.PeerSlices() {
			if _, ok := old[i]; !ok {
				crc, _, _ := s.record(i)
				idx, old[i], from[segment.FromPeer] = append(idx, i), crc, true
			}
		}
	}
	if len(idx) == 0 {
		return nil, err
	}
	slices.Sort(idx)
	where := "peers or the cache"
	switch {
	case !from[segment.FromCache]:
		where = "peers"
	case !from[segment.FromPeer]:
		where = "the cache"
	}
	d.warn("the file does not match its %s checksum (it is %x); fetching the %s from %s again from the origin",
		ce.Algo, ce.Got, plural(len(idx), "slice"), where)
	if rerr := s.refetch(idx); rerr != nil {
		return nil, d.fail(s.ctx, rerr)
	}
	return old, nil
}

// checksumFixed is called when the file matched its checksum after
// retryChecksum: it says which sources had sent wrong slices, and takes a
// wrong cache's slices of this file out of it.
func (s *sharing) checksumFixed(old map[int]uint32) {
	d := s.d
	var fromPeer, fromCache int
	for i, crc := range old {
		now, _, _ := s.record(i)
		if now == crc {
			continue
		}
		// Which source the old bytes came from is in the records no
		// longer; a slice the cache served was copied in this run, or
		// resumed from a run that copied it.
		if s.wasCached(i) {
			fromCache++
		} else {
			fromPeer++
		}
	}
	var who []string
	if fromPeer > 0 {
		who = append(who, fmt.Sprintf("%s from peers", plural(fromPeer, "slice")))
	}
	if fromCache > 0 {
		who = append(who, fmt.Sprintf("%s from the cache %s", plural(fromCache, "slice"), s.store.Dir()))
		if n, _, err := s.store.Purge(s.keys.url); err == nil {
			who = append(who, fmt.Sprintf("the cache's %s of this file removed", plural(n, "slice")))
		}
	}
	if len(who) > 0 {
		d.warn("the file matches its checksum now: %s were wrong", strings.Join(who, ", "))
	}
}

// wasCached reports whether the cache holds slice i with other bytes than
// the partial file's.
func (s *sharing) wasCached(i int) bool {
	if s.store == nil {
		return false
	}
	sr := s.d.plan.SliceRange(i)
	b := make([]byte, sr.Len())
	ok, err := s.readCached(i, b)
	if err != nil || !ok {
		return false
	}
	crc, _, _ := s.record(i)
	return crc32.Checksum(b, castagnoli) != crc
}

// verified is called when the whole file matched the request's checksum:
// the slices from peers are now proven, and go to the cache too.
func (s *sharing) verified() {
	if s == nil || s.fill == nil || s.d.checksum() == nil {
		return
	}
	var proven []fetch.SliceDone
	for i := 0; i < s.d.plan.N(); i++ {
		if crc, from, ok := s.record(i); ok && from == segment.FromPeer {
			proven = append(proven, fetch.SliceDone{Index: i, CRC32C: crc, From: from})
		}
	}
	s.fill.add(proven)
}

// close stores the slices still queued for the cache, unless the
// download's context ended.
func (s *sharing) close() {
	if s != nil && s.stopWatch != nil {
		s.stopWatch()
	}
	if s != nil && s.fill != nil {
		s.fill.close()
	}
}

// Eviction: least recently used slices out by size and by idle time, batched access times, the sweep.

package localcache

import (
	"bytes"
	"context"
	"errors"
	"time"

	bolt "go.etcd.io/bbolt"
)

const (
	// touchBatch is how many accesses Get gathers before writing them to
	// the index in one transaction; Sweep and Close write the rest.
	touchBatch = 1024

	// evictBatch bounds the slices removed in one transaction, so that a
	// large eviction does not hold one huge write transaction.
	evictBatch = 1024
)

// SweepStats say what a sweep removed.
type SweepStats struct {
	Inactive int   // slices unread for Options.Inactive
	Evicted  int   // slices removed to get under Options.MaxSize
	Bytes    int64 // their stored bytes
}

// Sweep writes the pending access times, removes the slices unread for
// Options.Inactive, then the least recently used ones until the cache is
// within Options.MaxSize. Run calls it periodically; Put makes room on its
// own when the cache is full.
func (s *Store) Sweep() (SweepStats, error) {
	if err := s.enter(); err != nil {
		return SweepStats{}, s.wrap("sweep", "", err)
	}
	defer s.leave()
	st, err := s.sweep()
	return st, s.wrap("sweep", "", err)
}

func (s *Store) sweep() (SweepStats, error) {
	var st SweepStats
	s.evictMu.Lock()
	defer s.evictMu.Unlock()
	if err := s.flushAccess(); err != nil {
		return st, err
	}
	if s.inactive > 0 {
		cutoff := s.now().Add(-s.inactive).UnixNano()
		n, b, err := s.evictWhile(func(access, _ int64) bool { return access < cutoff })
		st.Inactive, st.Bytes = n, b
		if err != nil {
			return st, err
		}
	}
	if s.maxSize > 0 {
		n, b, err := s.evictTo(s.maxSize)
		st.Evicted, st.Bytes = n, st.Bytes+b
		return st, err
	}
	return st, nil
}

// Run sweeps every Options.SweepInterval until ctx is done or the Store is
// closed, and then returns nil; it returns early with the error of a sweep
// that fails. It is meant to run in a goroutine of the caller's, beside
// whatever uses the Store. A Store has one sweeper: while a Run (or
// RunReporting, which a peer server that serves the Store runs itself) is
// running, another returns nil at once.
func (s *Store) Run(ctx context.Context) error {
	var failed error
	s.RunReporting(ctx, func(_ SweepStats, err error) bool {
		failed = err
		return err == nil
	})
	return failed
}

// RunReporting is Run that tells report of every sweep that evicted
// something or failed; it goes on while report returns true.
func (s *Store) RunReporting(ctx context.Context, report func(SweepStats, error) bool) {
	if !s.sweeping.CompareAndSwap(false, true) {
		return // the Store's one sweeper runs already
	}
	defer s.sweeping.Store(false)
	t := time.NewTicker(s.every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.done:
			return
		case <-t.C:
			st, err := s.Sweep()
			if errors.Is(err, ErrClosed) {
				return
			}
			if (err != nil || st.Inactive+st.Evicted > 0) && !report(st, err) {
				return
			}
		}
	}
}

// makeRoom reserves stored bytes for a Put, evicting first if the cache
// would pass MaxSize with them, and returns the function that gives the
// reservation back once the slice is indexed (its bytes then count in the
// totals) or not stored. The bytes reserved by every Put between its
// makeRoom and its index count as stored, so that Puts at once cannot each
// pass the check and together pass the bound: when nothing indexed is left
// to evict, a Put waits for the others' reservations to come back (they
// are indexed then, and can be evicted). The stored bytes stay within
// MaxSize unless one slice alone is more.
func (s *Store) makeRoom(stored int64) (release func(), err error) {
	if s.maxSize == 0 {
		return func() {}, nil
	}
	release = func() {
		s.reserved.Add(-stored)
		s.roomMu.Lock()
		if s.roomFreed != nil {
			close(s.roomFreed)
			s.roomFreed = nil
		}
		s.roomMu.Unlock()
	}
	if s.reserve(stored) {
		return release, nil
	}
	s.evictMu.Lock()
	defer s.evictMu.Unlock()
	if err := s.flushAccess(); err != nil {
		return nil, err
	}
	for {
		freed := s.roomFreedCh()
		target := s.maxSize - stored - s.reserved.Load()
		excess := s.Stats().StoredBytes - target
		n, _, err := s.evictTo(target)
		if err != nil {
			return nil, err
		}
		if s.reserve(stored) {
			return release, nil
		}
		if n > 0 || excess <= 0 {
			// Evicted, or there was nothing to evict when it looked but
			// another Put was indexed since: look again. (Taking "nothing
			// evicted" for "nothing left" here let a slice pass the
			// bound.)
			continue
		}
		if s.reserved.Load() == 0 {
			// Nothing indexed is left to take out, and nothing is being
			// written: this slice alone passes the bound.
			s.reserved.Add(stored)
			return release, nil
		}
		<-freed // another Put's slice is indexed, or given up: evictable now
	}
}

// roomFreedCh is the channel closed when a reservation is next given back.
func (s *Store) roomFreedCh() <-chan struct{} {
	s.roomMu.Lock()
	defer s.roomMu.Unlock()
	if s.roomFreed == nil {
		s.roomFreed = make(chan struct{})
	}
	return s.roomFreed
}

// reserve adds stored to the reserved bytes if the cache stays within
// MaxSize with them. A change of the reservations in between (another
// Put's) makes it look again; one of the totals (a Put indexed, an
// eviction) only makes it count a slice twice for a moment, never less.
func (s *Store) reserve(stored int64) bool {
	for {
		r := s.reserved.Load()
		if s.Stats().StoredBytes+r+stored > s.maxSize {
			return false
		}
		if s.reserved.CompareAndSwap(r, r+stored) {
			return true
		}
	}
}

// evictTo removes least recently used slices until the stored bytes are at
// most target. The caller holds evictMu.
func (s *Store) evictTo(target int64) (int, int64, error) {
	excess := s.Stats().StoredBytes - target
	if excess <= 0 {
		return 0, 0, nil
	}
	return s.evictWhile(func(_, freed int64) bool { return freed < excess })
}

// evictWhile removes slices from the least recently used on, while more(the
// access time of the next one, the bytes freed so far) holds, in
// transactions of at most evictBatch slices. Index first, then files: a
// reader that found the record before it went may still read the file, and
// a crash in between leaves files that Verify takes back. The caller holds
// evictMu.
func (s *Store) evictWhile(more func(access, freed int64) bool) (int, int64, error) {
	var n int
	var freed int64
	for {
		var victims []hash
		var t tally
		var done bool
		err := s.db.Update(func(tx *bolt.Tx) error {
			victims, t, done = victims[:0], tally{}, true
			lru := tx.Bucket(bucketLRU)
			var keys [][]byte
			sum := freed
			c := lru.Cursor()
			for k, _ := c.First(); k != nil; k, _ = c.Next() {
				if len(keys) == evictBatch {
					done = false
					break
				}
				r, _, ok := isCurrent(tx, k)
				if ok && !more(r.access, sum) {
					break
				}
				keys = append(keys, bytes.Clone(k))
				sum += r.stored
			}
			for _, k := range keys {
				_, h, ok := isCurrent(tx, k)
				if !ok {
					// Left over from a record since replaced or lost.
					if err := lru.Delete(k); err != nil {
						return err
					}
					continue
				}
				if _, err := deleteEntry(tx, h, &t); err != nil {
					return err
				}
				victims = append(victims, h)
			}
			return nil
		})
		if err != nil {
			return n, freed, err
		}
		s.apply(t)
		for _, h := range victims {
			s.removeUnindexed(h)
		}
		n += len(victims)
		freed -= t.stored
		if done {
			return n, freed, nil
		}
	}
}

// touch records an access to h now, to be written with the next batch.
func (s *Store) touch(h hash) {
	s.amu.Lock()
	s.pending[h] = s.now().UnixNano()
	n := len(s.pending)
	s.amu.Unlock()
	if n >= touchBatch {
		s.flushAccess()
	}
}

// flushAccess writes the pending accesses in one transaction. They are
// lost if it fails: an access time is a hint for eviction, not data.
func (s *Store) flushAccess() error {
	s.amu.Lock()
	p := s.pending
	if len(p) == 0 {
		s.amu.Unlock()
		return nil
	}
	s.pending = make(map[hash]int64, len(p))
	s.amu.Unlock()
	return s.db.Update(func(tx *bolt.Tx) error {
		for h, t := range p {
			if err := touchEntry(tx, h, t); err != nil {
				return err
			}
		}
		return nil
	})
}

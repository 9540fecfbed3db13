// Prefixes: the part of a slice in flight already written, kept across a
// pause, a stop or a crash, and the rest of it fetched on resume.

package fetch

import (
	"sync"
	"time"

	"github.com/slget/slget/segment"
)

// Prefix is the written start of a slice not done: its length from the
// slice's start and the CRC-32C of those bytes.
type Prefix struct {
	Index  int
	Len    int64
	CRC32C uint32
}

// PrefixJournal is a Journal that also records prefixes. CommitPrefixes is
// called only after the File has been synced, with prefixes whose bytes
// were all written before that sync (write, fdatasync, then commit, as for
// finished slices).
type PrefixJournal interface {
	Journal
	CommitPrefixes(p []Prefix) error
}

// Unaligned is a Source that answers a range starting inside a slice as
// exactly as one on slice boundaries (the origin: a ranged GET, checked).
// Peers, caches and mirrors answer whole slices (their checks are per
// slice), so a resumed prefix is used only with a Source that says so.
type Unaligned interface {
	Unaligned() bool
}

// Unaligned implements Unaligned: any range is one GET, checked.
func (o *Origin) Unaligned() bool { return true }

// prefixEvery is how often prefixes are committed when no slice finishes:
// a slow link still keeps its progress across a crash, at one sync a
// second at most.
const prefixEvery = time.Second

// Decision: the rest of a slice paused mid-way is asked for from the
// first byte not on disk, not from the slice's start. The rule that every
// request covers whole slices exists so that a slice cache (nginx's slice
// module, a CDN) answers from what it holds; a request that starts inside
// a slice still falls in one cached slice there, and only the first claim
// of a resumed download makes one, once per prefix. Asking for the whole
// slice and discarding the prefix would save disk writes but send the
// prefix over the wire again, which is what a pause on a slow link must
// not cost. The bytes not fetched again are trusted because the caller
// re-read them and matched their CRC-32C, recorded only after a sync,
// before passing them in Config.Prefixes; the slice's CRC then continues
// from the prefix's (crc32.Update), so the finished slice's record covers
// every byte of it.

// writtenPrefix is the prefix a connection has written of its current slice;
// Len 0 when it writes none.
type writtenPrefix struct {
	mu sync.Mutex
	p  Prefix
}

func (f *writtenPrefix) set(p Prefix) {
	f.mu.Lock()
	f.p = p
	f.mu.Unlock()
}

func (f *writtenPrefix) get() Prefix {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.p
}

// takePrefix returns the checked prefix of slice i and forgets it, for a
// first copy that starts on it (Len 0 if none, or if the source cannot
// start inside a slice).
func (d *Downloader) takePrefix(i int) Prefix {
	d.mu.Lock()
	defer d.mu.Unlock()
	p, ok := d.prefixes[i]
	if !ok {
		return Prefix{}
	}
	delete(d.prefixes, i)
	d.idlePrefix.Add(-p.Len)
	return p
}

// cutAtPrefix ends a first copy's run before the next slice that has a
// checked prefix, so that the rest of that slice is asked for by a claim
// of its own, from its first byte not on disk. ok is false when another
// worker took the run in between (the caller claims again).
func (d *Downloader) cutAtPrefix(c segment.Claim) (_ segment.Claim, ok bool) {
	if !d.unaligned || c.Dup {
		return c, true
	}
	cut := c.Run.End
	d.mu.Lock()
	for j := range d.prefixes {
		if j > c.Run.First && j < cut {
			cut = j
		}
	}
	d.mu.Unlock()
	if cut == c.Run.End {
		return c, true
	}
	d.sched.Release(c)
	return d.sched.ClaimRun(segment.Run{First: c.Run.First, End: cut})
}

// keepPrefix records p, the prefix a first copy leaves written of a
// slice it did not finish, unless a longer one is known.
func (d *Downloader) keepPrefix(p Prefix) {
	if p.Len <= 0 || d.sched.IsDone(p.Index) {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if old, ok := d.prefixes[p.Index]; ok {
		if old.Len >= p.Len {
			return
		}
		d.idlePrefix.Add(-old.Len)
	}
	d.prefixes[p.Index] = p
	d.idlePrefix.Add(p.Len)
	d.prefixDirty = true
}

// prefixBatch is what the next commit records: every known prefix, the
// ones in flight included, when one changed since the last commit.
// It is taken before the sync, so every byte it counts is synced by it.
func (d *Downloader) prefixBatch(force bool) []Prefix {
	if _, ok := d.cfg.Journal.(PrefixJournal); !ok {
		return nil
	}
	var out []Prefix
	for i := range d.conns {
		if p := d.conns[i].cur.get(); p.Len > 0 {
			out = append(out, p)
		}
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if !force && len(out) == 0 && !d.prefixDirty {
		return nil
	}
	if !force && time.Since(d.prefixAt) < prefixEvery {
		return nil
	}
	for _, p := range d.prefixes {
		out = append(out, p)
	}
	d.prefixDirty, d.prefixAt = false, time.Now()
	return out
}

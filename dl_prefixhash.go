// Hashing while downloading: the whole-file hash a request asks for (its
// SHA-256, a checksum) taken over the file's settled prefix as the slices
// come in, so that what is left to read after the last byte is a tail, not
// the whole file.

package slget

import (
	"context"
	"crypto/sha256"
	"hash"
	"io"
	"os"
	"sync/atomic"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/segment"
)

// fileSums are the hashes one read of a file feeds: the SHA-256 (for
// Request.SHA256, or a sha-256 checksum) and a checksum's own algorithm.
type fileSums struct {
	sha, ch hash.Hash
	w       io.Writer
	algo    string // the checksum's algorithm, "" for none
}

// newSums returns the hashes the request asks for, false when none.
func (d *download) newSums() (fileSums, bool) {
	c := d.checksum()
	if c == nil && !d.req.SHA256 {
		return fileSums{}, false
	}
	var s fileSums
	if c != nil {
		s.algo = c.Algo
	}
	var ws []io.Writer
	if d.req.SHA256 || c.Algo == "sha-256" {
		s.sha = sha256.New()
		ws = append(ws, s.sha)
	}
	if c != nil && c.Algo != "sha-256" {
		s.ch = c.newHash()
		ws = append(ws, s.ch)
	}
	s.w = io.MultiWriter(ws...)
	return s, true
}

// prefixHash feeds fileSums with a download's file from its start, slice
// by slice, as the slices settle (fetch.Downloader.Settled: done, and no
// connection may write them again). Every write to the file below what it
// has claimed (a slice fetched again after the transfer, a copy no rule
// foresaw) spoils it, and the file is then read whole, as without it.
type prefixHash struct {
	f       *os.File
	plan    segment.Plan
	sums    fileSums
	claimed atomic.Int64 // bytes claimed for hashing: set before each slice is read
	spoiled atomic.Bool
	fed     atomic.Int64 // bytes fed to sums
	cancel  context.CancelFunc
	done    chan struct{}
}

// start sets p (nil: nothing) hashing the settled prefix of the file dl
// writes, until stop.
func (p *prefixHash) start(ctx context.Context, dl *fetch.Downloader) {
	if p == nil {
		return
	}
	ctx, p.cancel = context.WithCancel(ctx)
	p.done = make(chan struct{})
	go func() {
		defer close(p.done)
		p.follow(ctx, dl)
	}()
}

// newPrefixHash is the prefixHash of the transfer to come, nil when the
// request asks for no hash or the file is one slice (nothing to overlap).
func (d *download) newPrefixHash() *prefixHash {
	sums, ok := d.newSums()
	if !ok || d.plan.N() < 2 {
		return nil
	}
	return &prefixHash{f: d.lock.f, plan: d.plan, sums: sums}
}

// follow hashes each slice once it is settled, in order, until every
// slice is hashed or ctx ends.
func (p *prefixHash) follow(ctx context.Context, dl *fetch.Downloader) {
	buf := make([]byte, min(p.plan.Slice, 1<<20))
	for i := 0; i < p.plan.N(); {
		changed := dl.Changed()
		for ; i < p.plan.N() && dl.Settled(i); i++ {
			if ctx.Err() != nil {
				return
			}
			sr := p.plan.SliceRange(i)
			p.claimed.Store(sr.End)
			if _, err := io.CopyBuffer(p.sums.w, io.NewSectionReader(p.f, sr.Start, sr.Len()), buf); err != nil {
				p.spoiled.Store(true)
				return
			}
			p.fed.Store(sr.End)
		}
		if i == p.plan.N() {
			return
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return
		}
	}
}

// wrote is told of every write to the file at off, once it is made: a
// write below what is claimed for hashing spoils the hash.
func (p *prefixHash) wrote(off int64) {
	if p != nil && off < p.claimed.Load() {
		p.spoiled.Store(true)
	}
}

// stop ends the hashing and waits for it.
func (p *prefixHash) stop() {
	if p != nil && p.cancel != nil {
		p.cancel()
		<-p.done
	}
}

// takePrefix returns the sums the transfer fed and how many of the file's
// first bytes they hold; otherwise (none, spoiled, or not the hashes the
// request asks for now) new sums and 0, and false when it asks for none.
// The prefix is taken once: a second look reads the whole file.
func (d *download) takePrefix() (fileSums, int64, bool) {
	p := d.prefix
	d.prefix = nil
	p.stop()
	sums, ok := d.newSums()
	if !ok {
		return sums, 0, false
	}
	if p == nil || p.spoiled.Load() || p.sums.algo != sums.algo || (p.sums.sha == nil) != (sums.sha == nil) {
		return sums, 0, true
	}
	return p.sums, p.fed.Load(), true
}

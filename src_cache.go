// The local slice cache in a download: the key of a slice, the slices
// copied from the cache before the transfer, and the fill that stores the
// slices fetched, read back from the partial file after their commit.

package slget

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"strconv"
	"sync"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/localcache"
	"github.com/slget/slget/segment"
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// sliceKeyer names the slices of one version of one resource in the cache:
// the URL peers are asked for (the final URL; the cache drops its userinfo
// and fragment), and the validator "ETAG;SIZE" of the peer protocol.
type sliceKeyer struct {
	url, validator string
	slice          int64
}

func newSliceKeyer(finalURL string, v fetch.Validator, slice int64) sliceKeyer {
	return sliceKeyer{url: finalURL, validator: v.ETag + ";" + strconv.FormatInt(v.Size, 10), slice: slice}
}

func (k sliceKeyer) key(i int) localcache.Key {
	return localcache.Key{URL: k.url, Validator: k.validator, SliceSize: k.slice, Index: int64(i)}
}

// copyFromCache copies the slices of the plan that are not done and that
// the cache holds into the partial file, syncs it, and commits them as
// done from the cache.
func (s *sharing) copyFromCache() error {
	d := s.d
	buf := make([]byte, d.plan.Slice)
	var got []fetch.SliceDone
	var bytes int64
	for i := 0; i < d.plan.N(); i++ {
		if d.done.Has(i) {
			continue
		}
		sr := d.plan.SliceRange(i)
		b := buf[:sr.Len()]
		ok, err := s.readCached(i, b)
		if err != nil {
			d.warn("%v; reading no more of this file from the cache", err)
			break
		}
		if !ok {
			continue
		}
		if _, err := d.lock.f.WriteAt(b, sr.Start); err != nil {
			return fileErr("io", d.lock.path, err)
		}
		d.prefix.wrote(sr.Start)
		got = append(got, fetch.SliceDone{Index: i, CRC32C: crc32.Checksum(b, castagnoli), From: segment.FromCache})
		bytes += sr.Len()
	}
	if len(got) == 0 {
		return nil
	}
	// Like every slice, those from the cache count as done only once
	// their bytes are durable.
	if err := d.c.shared().syncer.Datasync(d.lock.f); err != nil {
		return fileErr("io", d.lock.path, err)
	}
	if err := s.Commit(got); err != nil {
		return err
	}
	for _, g := range got {
		d.done.Add(g.Index)
	}
	s.cached = bytes
	d.warn("%d of %s from the cache %s", len(got), plural(d.plan.N(), "slice"), s.store.Dir())
	return nil
}

// readCached reads slice i from the cache into b, which is its length. It
// reports false for a slice the cache does not hold or holds damaged (the
// cache has set that aside), and an error when the cache cannot be read
// at all.
func (s *sharing) readCached(i int, b []byte) (bool, error) {
	rc, info, err := s.store.Get(s.keys.key(i))
	switch {
	case err == localcache.ErrMiss || errors.Is(err, localcache.ErrCorrupt):
		return false, nil
	case err != nil:
		return false, err
	}
	defer rc.Close()
	if info.Size != int64(len(b)) {
		return false, nil
	}
	if _, err := io.ReadFull(rc, b); err != nil {
		return false, nil
	}
	// Get checked the bytes against this before it returned; a second
	// look costs a few microseconds a slice.
	return crc32.Checksum(b, castagnoli) == info.CRC32C, nil
}

// slicePutter is what the fill needs of a *localcache.Store.
type slicePutter interface {
	Put(k localcache.Key, meta localcache.PutMeta, data []byte) error
	Dir() string
}

// fillWorkers is how many slices the fill stores at once: each Put ends
// with an fsync, and several in flight keep the disk busy where one at a
// time would leave it waiting (BenchmarkShare).
const fillWorkers = 4

// cacheFill stores slices in the cache from goroutines of its own, so that
// the commits of the transfer never wait for the cache's fsyncs. Each slice
// is read back from the partial file and stored only if it still has the
// checksum it was committed with. A full disk (localcache.ErrFull) or any
// other failure of the cache stops the fill with one warning; it never
// fails the download.
type cacheFill struct {
	store slicePutter
	keys  sliceKeyer
	meta  localcache.PutMeta
	plan  segment.Plan
	f     io.ReaderAt
	warn  func(format string, args ...any)

	wake    chan struct{} // slices were queued
	closing chan struct{} // no more slices: store the queue, then end
	workers sync.WaitGroup

	mu      sync.Mutex
	queue   []fetch.SliceDone
	stopped bool // the cache failed: nothing more is stored
}

// startFill starts the fill; it runs until close, or until ctx ends.
func startFill(ctx context.Context, store slicePutter, keys sliceKeyer, meta localcache.PutMeta, plan segment.Plan, f io.ReaderAt,
	warn func(string, ...any)) *cacheFill {
	c := &cacheFill{store: store, keys: keys, meta: meta, plan: plan, f: f, warn: warn,
		wake: make(chan struct{}, fillWorkers), closing: make(chan struct{})}
	for range fillWorkers {
		c.workers.Add(1)
		go func() {
			defer c.workers.Done()
			c.work(ctx)
		}()
	}
	return c
}

// add queues slices to be stored; it does not wait.
func (c *cacheFill) add(sds []fetch.SliceDone) {
	if len(sds) == 0 {
		return
	}
	c.mu.Lock()
	if !c.stopped {
		c.queue = append(c.queue, sds...)
	}
	c.mu.Unlock()
	for range min(len(sds), fillWorkers) {
		select {
		case c.wake <- struct{}{}:
		default: // every worker has a wake-up pending already
		}
	}
}

// close stores what is queued (unless the download's context has ended)
// and waits for the fill to end.
func (c *cacheFill) close() {
	close(c.closing)
	c.workers.Wait()
}

// next takes a slice off the queue.
func (c *cacheFill) next() (fetch.SliceDone, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.queue) == 0 {
		return fetch.SliceDone{}, false
	}
	sd := c.queue[0]
	c.queue = c.queue[1:]
	return sd, true
}

func (c *cacheFill) work(ctx context.Context) {
	buf := make([]byte, c.plan.Slice)
	for {
		if sd, ok := c.next(); ok {
			if ctx.Err() != nil {
				return
			}
			c.put(sd, buf)
			continue
		}
		select {
		case <-ctx.Done():
			return
		case <-c.wake:
		case <-c.closing:
			c.mu.Lock()
			empty := len(c.queue) == 0
			c.mu.Unlock()
			if empty {
				return
			}
		}
	}
}

// put stores one slice.
func (c *cacheFill) put(sd fetch.SliceDone, buf []byte) {
	sr := c.plan.SliceRange(sd.Index)
	b := buf[:sr.Len()]
	if _, err := c.f.ReadAt(b, sr.Start); err != nil && !(err == io.EOF && sr.End == c.plan.Size) {
		return // the transfer will say what is wrong with the file
	}
	if crc32.Checksum(b, castagnoli) != sd.CRC32C {
		return // not the bytes that were committed: not for the cache
	}
	err := c.store.Put(c.keys.key(sd.Index), c.meta, b)
	if err == nil {
		return
	}
	c.mu.Lock()
	first := !c.stopped
	c.stopped, c.queue = true, nil
	c.mu.Unlock()
	if !first {
		return // another worker has said so
	}
	if errors.Is(err, localcache.ErrFull) {
		c.warn("the cache %s is full; the rest of this file is not stored in it", c.store.Dir())
	} else {
		c.warn("%v; the rest of this file is not stored in the cache", fmt.Errorf("storing slice %d: %w", sd.Index, err))
	}
}

// Held slice files: the open descriptors of slice files already checked
// whole, a bounded set shared by concurrent sends, let go when the store
// lets the slice go (evicted, quarantined, replaced) or the set is closed.
//
// Decision: nginx keeps the descriptors of the files it serves open
// (open_file_cache) and sends from them at an explicit offset; opening and
// closing a slice file for every answer cost the peer about 40 µs of CPU
// per 1 MiB answer. A held descriptor is shared by every answer that sends
// the slice at once, so it is read only at explicit offsets (pread,
// sendfile with an offset), never through its own offset. Before each use
// its identity is checked again (fstat: device, inode, size, change time,
// and that the file still has a name), so that a file unlinked, renamed
// over or rewritten in place is never sent from a stale descriptor; the
// store also drops the descriptor as soon as it removes, quarantines or
// replaces the file.

package localcache

import (
	"container/list"
	"encoding/hex"
	"os"
	"strings"
)

// maxHeld bounds the descriptors a CheckedFiles holds open.
const maxHeld = 256

// heldFile is one open slice file, checked whole.
type heldFile struct {
	h    hash
	f    *os.File
	c    checkedFile
	refs int  // sends using f now
	gone bool // out of the set: f is closed once refs is 0
	el   *list.Element
}

// acquire returns the held file of h, counted in use until release; nil
// if none is held.
func (c *CheckedFiles) acquire(h hash) *heldFile {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.held[h]
	if e == nil {
		return nil
	}
	e.refs++
	c.order.MoveToFront(e.el)
	return e
}

// release ends a use of e that acquire or hold began.
func (c *CheckedFiles) release(e *heldFile) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e.refs--
	if e.gone && e.refs == 0 {
		e.f.Close()
	}
}

// hold keeps f, the file of h as c describes it, open for later sends
// and returns it counted in use (release ends that use). Once the set is
// closed it closes f and returns nil.
func (c *CheckedFiles) hold(h hash, f *os.File, cf checkedFile) *heldFile {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		f.Close()
		return nil
	}
	if old := c.held[h]; old != nil {
		c.dropLocked(old)
	}
	for len(c.held) >= maxHeld {
		c.dropLocked(c.order.Back().Value.(*heldFile))
	}
	e := &heldFile{h: h, f: f, c: cf, refs: 1}
	e.el = c.order.PushFront(e)
	c.held[h] = e
	return e
}

// drop lets go of the held file of h, if it is e (or any, if e is nil).
func (c *CheckedFiles) drop(h hash, e *heldFile) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if cur := c.held[h]; cur != nil && (e == nil || cur == e) {
		c.dropLocked(cur)
	}
}

func (c *CheckedFiles) dropLocked(e *heldFile) {
	delete(c.held, e.h)
	c.order.Remove(e.el)
	e.gone = true
	if e.refs == 0 {
		e.f.Close()
	}
}

// attach makes s tell c of the slice files it lets go. It reports false
// once c is closed.
func (c *CheckedFiles) attach(s *Store) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return false
	}
	if _, ok := c.stores[s]; !ok {
		c.stores[s] = struct{}{}
		s.heldMu.Lock()
		s.heldBy[c] = struct{}{}
		s.heldMu.Unlock()
	}
	return true
}

// closeHeld lets go of every held file (each closes once its sends are
// done) and of the stores attached; nothing is held from then on.
func (c *CheckedFiles) closeHeld() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
	for _, e := range c.held {
		c.dropLocked(e)
	}
	for s := range c.stores {
		s.heldMu.Lock()
		delete(s.heldBy, c)
		s.heldMu.Unlock()
		delete(c.stores, s)
	}
}

// letGo tells the CheckedFiles attached to s that the slice file rel is
// gone from its name (removed, quarantined or replaced), so that none of
// them sends from a descriptor of it. The caller has already moved or
// removed the file.
func (s *Store) letGo(rel string) {
	name := rel[strings.LastIndexByte(rel, '/')+1:]
	var h hash
	if len(name) != 2*len(h) {
		return
	}
	if _, err := hex.Decode(h[:], []byte(name)); err != nil {
		return
	}
	s.heldMu.Lock()
	sets := make([]*CheckedFiles, 0, len(s.heldBy))
	for c := range s.heldBy {
		sets = append(sets, c)
	}
	s.heldMu.Unlock()
	for _, c := range sets {
		c.drop(h, nil)
	}
}

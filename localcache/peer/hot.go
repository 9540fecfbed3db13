// The hot set: the plaintext of recently served slices, kept in memory once
// checked, so that a popular slice is not read, checked and decompressed
// from disk for every request.
//
// Decision: nginx serves a cached file with sendfile from the page cache,
// one copy. The peer cannot: a slice is checked against its CRC-32C before
// its first byte goes out (a damaged file is never served), which means
// reading it into memory, a second copy, and decompressing it if it is
// stored as zstd. Keeping the checked bytes of the most recently used
// slices in memory, within a bound (Config.HotBytes), brings a hit back to
// one copy; what it holds was checked when it came in, from the disk or
// from the origin, and a slice's bytes never change under its key.

package peer

import (
	"container/list"
	"sync"
)

// hotSet is a bounded LRU of slice plaintexts by flight key.
type hotSet struct {
	mu    sync.Mutex
	max   int64
	size  int64
	order *list.List // of *hotEntry, most recent first
	byKey map[string]*list.Element
}

type hotEntry struct {
	key  string
	data []byte
	crc  uint32
}

func newHotSet(max int64) *hotSet {
	return &hotSet{max: max, order: list.New(), byKey: make(map[string]*list.Element)}
}

// get returns the bytes and CRC-32C of key, if held. The bytes must not be
// changed.
func (h *hotSet) get(key string) ([]byte, uint32, bool) {
	if h.max <= 0 {
		return nil, 0, false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	e, ok := h.byKey[key]
	if !ok {
		return nil, 0, false
	}
	h.order.MoveToFront(e)
	he := e.Value.(*hotEntry)
	return he.data, he.crc, true
}

// add keeps data (checked, with its CRC-32C) under key, making room by
// dropping the least recently used. data must not change afterwards.
func (h *hotSet) add(key string, data []byte, crc uint32) {
	n := int64(cap(data)) // what it holds on to
	if h.max <= 0 || n > h.max/4 {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if e, ok := h.byKey[key]; ok {
		h.order.MoveToFront(e)
		return
	}
	for h.size+n > h.max {
		last := h.order.Back()
		le := last.Value.(*hotEntry)
		h.order.Remove(last)
		delete(h.byKey, le.key)
		h.size -= int64(cap(le.data))
	}
	h.byKey[key] = h.order.PushFront(&hotEntry{key: key, data: data, crc: crc})
	h.size += n
}

// Opening a slice cache for Client.Cache: the store itself, or the address
// of the slget serve that owns it, to be asked as a peer.

package slget

import (
	"errors"
	"fmt"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/localcache"
)

// Cache is a slice cache on disk (a directory that `slget --cache DIR` and
// `slget serve` use), open for Client.Cache: the slices it holds are copied
// into a download before the transfer, and the slices fetched are stored in
// it. One process owns a cache directory at a time (see OpenCache). The
// peer server and `slget cache` work on the store itself (package
// localcache); a program that downloads needs only these methods.
type Cache struct {
	store *localcache.Store
}

// CacheStats are a Cache's totals.
type CacheStats struct {
	Slices      int64 // slices held
	StoredBytes int64 // their sizes on disk (compressed where that saved space), what CacheOptions.MaxSize bounds
	SliceSize   int64 // the cache's slice size
	Damaged     int64 // slice files found damaged when read since OpenCache (set aside, and fetched again)
}

// Dir is the cache's directory.
func (c *Cache) Dir() string { return c.store.Dir() }

// SliceSize is the size of the slices the cache holds: a download in
// slices of another size does not use it.
func (c *Cache) SliceSize() int64 { return c.store.SliceSize() }

// Stats are the cache's totals now.
func (c *Cache) Stats() CacheStats {
	st := c.store.Stats()
	return CacheStats{Slices: st.Slices, StoredBytes: st.StoredBytes, SliceSize: st.SliceSize, Damaged: st.Damaged}
}

// Purge removes every slice of the resource at rawURL (any version) and
// says how many slices and stored bytes went.
func (c *Cache) Purge(rawURL string) (slices int, bytes int64, err error) {
	return c.store.Purge(rawURL)
}

// Close closes the cache and gives up its ownership. Downloads that use it
// must have returned.
func (c *Cache) Close() error { return c.store.Close() }

// Errors of OpenCache, matched with errors.Is.
var (
	// ErrCacheLocked: another process owns the cache and serves it nowhere.
	ErrCacheLocked = localcache.ErrLocked
	// ErrCacheSliceSize: CacheOptions.SliceSize differs from the cache's.
	ErrCacheSliceSize = localcache.ErrSliceSize
)

// OpenCache opens the slice cache in dir for Client.Cache, with opts
// (nil: the defaults; a SliceSize that differs from the cache's fails with
// ErrCacheSliceSize). When another process owns the cache, OpenCache
// returns no Cache and the address at which that process serves it
// (`slget serve` publishes one), to be used as one of Client.Peers; when
// it publishes none, the error matches ErrCacheLocked.
func OpenCache(dir string, opts *CacheOptions) (cache *Cache, owner string, err error) {
	s, err := localcache.Open(dir, opts.store())
	if err == nil {
		return &Cache{store: s}, "", nil
	}
	if !errors.Is(err, localcache.ErrLocked) {
		return nil, "", err
	}
	addr, oerr := localcache.Owner(dir)
	if oerr != nil {
		return nil, "", err // served nowhere
	}
	if _, perr := fetch.ParsePeer(addr); perr != nil {
		return nil, "", fmt.Errorf("%w; its owner's address: %v", err, perr)
	}
	return nil, addr, nil
}

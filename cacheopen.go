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
// `slget serve` use), for Client.Cache.
type Cache = localcache.Store

// CacheOptions configure OpenCache; nil means the defaults.
type CacheOptions = localcache.Options

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
func OpenCache(dir string, opts *CacheOptions) (store *Cache, owner string, err error) {
	s, err := localcache.Open(dir, opts)
	if err == nil {
		return s, "", nil
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

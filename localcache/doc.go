// Package localcache is slget's store of slices on disk: the cache that
// `slget --cache DIR` reads before the origin, and that `slget serve`
// (package localcache/peer, the peer server) shares with peers on a LAN.
// This package holds the store only, and knows nothing of HTTP serving: a
// program that downloads with a cache links no server and no metrics.
//
// A slice is named by a Key: the resource's URL (without fragment or
// userinfo), a strong validator such as its ETag, the slice size and the
// slice index. The key is hashed (SHA-256 of a length-prefixed encoding)
// and nothing of a URL ever becomes a path: the slice lives in
// DIR/slices/ab/cd/<hash in hex>, two levels of folders as nginx's
// levels=2:2. Each file starts with a small header that describes it
// (key, sizes, codec, CRC-32C of the plaintext and of the stored bytes, a
// CRC of the header itself) so that a damaged file is detected, never
// served, and the index can be rebuilt from the files alone.
//
// DIR/index.db is a bbolt index of metadata only: per slice its sizes,
// codec, CRC-32C, creation and last access, URL and validator (for List
// and Purge), and the slices in order of last access (for eviction).
// Slice bytes never go in bbolt: large values fragment it and it never
// shrinks.
//
// Open takes the directory, Get and Put move slices in and out, OpenRaw
// hands out the stored zstd frame as it is, Sweep and Run evict, List,
// Purge and Verify are for operators, and Close gives the directory back.
// Version, StatRun, Touch and OpenIdentity are the peer server's hot path:
// a version checked once, what the index holds of a run of slices, and a
// checked slice file handed out for sendfile, held open (heldFile) and
// read at explicit offsets by the answers that share it.
// Nil Options mean the defaults, and every field says what its zero means.
//
//	s, err := localcache.Open(dir, nil)
//	...
//	defer s.Close()
//	go s.Run(ctx) // periodic sweep; returns when ctx is done
//	rc, info, err := s.Get(key)
//	if err == localcache.ErrMiss { ... fetch, then s.Put(key, meta, data) }
//
// Text (text/*, JSON, JavaScript, CSS, XML, SVG and the +json/+xml types)
// without a Content-Encoding, at least MinCompressLen bytes, is stored as
// zstd level 3 when that is smaller; Get decompresses it through a decoder
// whose memory is capped at one slice. Eviction removes the least recently
// used slices when Options.MaxSize would be passed, and the slices unread
// for Options.Inactive, like nginx's max_size= and inactive=.
//
// # One owner per cache
//
// Decision: a cache directory belongs to one process at a time. Open takes
// an exclusive flock on DIR/lock before bbolt opens the index, and a
// second Open (another slget, or another Store in the same process) fails
// at once with ErrLocked; it does not wait. Sharing the directory between
// processes would mean every reader taking bbolt's write lock to record
// access times, evictions in one process deleting files another is
// reading, and two processes filling the same slice from the origin.
// Instead the owner (`slget serve`) publishes its address with WriteOwner,
// and another slget that finds the cache locked asks Owner for it and
// fetches slices from the owner over HTTP, as from any peer. Owner
// returns ErrNoOwner once the owner has gone (its lock goes with it),
// and then the caller may open the cache itself.
//
// # Caveats
//
// Only whole slices are stored, each read whole into memory by Get to be
// checked before its first byte is handed out: a Get holds one slice in
// memory (two while decompressing) until its reader is closed.
//
// The checksums (CRC-32C) catch torn writes and rot, not tampering: anyone
// who can write DIR can put any bytes in the cache. Keep DIR private to
// the user that runs slget (Open creates it 0700). Paths stay inside DIR
// whatever DIR holds (everything goes through an os.Root), and no symlink
// in the slices tree is followed; Verify moves the ones it finds to
// DIR/quarantine.
//
// Options.MaxSize counts stored bytes, not file headers (about 150 bytes a
// slice) or file system blocks; concurrent Puts can pass it by a few
// slices until the next Put or sweep. Access times are written in batches
// (see Sweep), so a crash forgets the latest ones. Files are synced before
// they are renamed into place, but the folder is not synced after the
// rename: a crash may lose the newest slices, never leave a torn one. The
// quarantine folder is never emptied by the cache; it is for a person to
// look at and delete.
//
// bbolt checksums only its meta pages. Open reads every record and lru key
// of the index, under a recover, so that an index damaged to the point of
// faulting is caught there and rebuilt; damage inside a record that still
// decodes is caught by the slice file's header when the slice is read.
// Rebuilding reads the header of every slice file.
//
// Purge and List read the whole index: fine for an operator's command, not
// for a request path.
//
// Locking uses flock(2) where it exists, LockFileEx on Windows. Elsewhere bbolt's lock on
// DIR/index.db is the only one, and Owner cannot tell a live owner from a
// dead one.
package localcache

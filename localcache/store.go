// Store: options, Open and Close, totals, and the life cycle every method shares.

package localcache

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/slget/slget/internal/units"
	"github.com/slget/slget/segment"
	bolt "go.etcd.io/bbolt"
)

// DefaultSweepInterval is how often Run sweeps when Options.SweepInterval
// is zero.
const DefaultSweepInterval = time.Minute

// minSlice is the smallest slice size a cache takes, as segment.ParseSlice.
const minSlice = 4 << 10

// Options configure Open. A nil *Options means the defaults.
type Options struct {
	// SliceSize is the cache's slice size in bytes, between 4 KiB and
	// segment.MaxSlice. Zero means the size the cache was created with,
	// or segment.DefaultSlice (1 MiB) for a new cache. A nonzero size
	// that differs from an existing cache's fails with ErrSliceSize.
	SliceSize int64

	// MaxSize bounds the stored bytes of all slices (compressed sizes;
	// file headers and file system blocks not counted). When a Put would
	// pass it, the least recently used slices are removed first, counting
	// the slices other Puts are writing at that moment: the bound holds
	// however many Puts run at once, unless the slices being written, alone,
	// are more than MaxSize. Zero means no bound.
	MaxSize int64

	// Inactive is how long a slice may go unread before a sweep removes
	// it, like nginx's proxy_cache_path inactive=. Zero means slices are
	// never removed for idleness.
	Inactive time.Duration

	// SweepInterval is how often Run sweeps; zero means
	// DefaultSweepInterval (one minute).
	SweepInterval time.Duration

	// NoSync turns off fsync of slice files and of the index. For tests
	// and benchmarks: after a crash the index may be rebuilt and the
	// newest slices lost.
	NoSync bool
}

// PutMeta is what Put is told of the response a slice came from.
type PutMeta struct {
	ContentType     string // the response's Content-Type
	ContentEncoding string // the response's Content-Encoding; empty or "identity" for plain bytes
}

// Info describes a cached slice.
type Info struct {
	Size            int64     // plaintext bytes
	StoredSize      int64     // bytes in the file after its header: Size for Identity, less for Zstd
	Codec           Codec     // how the bytes are stored
	CRC32C          uint32    // CRC-32C (Castagnoli) of the plaintext
	ContentType     string    // as given to Put
	ContentEncoding string    // as given to Put
	Created         time.Time // when the slice was stored
	LastAccess      time.Time // the last Put or Get before this one, as far as the index knows
}

// Stats are a Store's totals.
type Stats struct {
	Slices      int64 // slices in the index
	StoredBytes int64 // their stored sizes, what Options.MaxSize bounds
	SliceSize   int64 // the cache's slice size
	Damaged     int64 // slice files found damaged when read, quarantined and unindexed, since Open
}

// Store is an open cache directory. It is safe for concurrent use by many
// goroutines; it owns the directory (see ErrLocked) until Close.
type Store struct {
	dir      string
	root     *os.Root
	lock     *os.File
	db       *bolt.DB
	codecs   *codecs
	slice    int64
	maxSize  int64
	inactive time.Duration
	every    time.Duration
	sweeping atomic.Bool // a Run is sweeping: the Store's one sweeper
	noSync   bool
	bufs     sync.Pool // *[]byte of cap bufCap()

	// now is the clock; tests move it.
	now func() time.Time
	// create makes a temporary slice file; tests make it fail.
	create func(name string) (tempFile, error)

	life   sync.RWMutex // held shared by every operation, exclusively by Close
	closed bool
	done   chan struct{} // closed by Close

	mu     sync.Mutex
	totals Stats

	amu     sync.Mutex
	pending map[hash]int64 // accesses not yet in the index

	evictMu   sync.Mutex   // one eviction at a time
	reserved  atomic.Int64 // stored bytes of Puts not indexed yet (see makeRoom)
	roomMu    sync.Mutex
	roomFreed chan struct{} // closed (and replaced) when a reservation is given back

	tmpMu    sync.Mutex
	inFlight map[string]bool // temporary files being written

	slots slotSet // see slotSet

	heldMu sync.Mutex
	heldBy map[*CheckedFiles]struct{} // told of the slice files let go (see heldFile)
}

// tempFile is what Put writes a slice through.
type tempFile interface {
	io.Writer
	Sync() error
	Close() error
}

// Open opens the cache in dir, creating dir and an empty cache if there is
// none, and takes ownership of it: a second Open of the same directory, in
// this process or another, fails with ErrLocked until Close. It fails with
// ErrSliceSize if opts asks for another slice size than the cache has,
// ErrVersion if a newer slget wrote it, and ErrNotCache if dir holds other
// files.
//
// A missing or damaged index is rebuilt from the slice files (it is moved
// to the quarantine folder first); this reads the header of every file.
// Open starts no goroutine: call Run for the periodic sweep.
func Open(dir string, opts *Options) (*Store, error) {
	s, err := open(dir, opts)
	if err != nil {
		var e *Error
		if !errors.As(err, &e) {
			err = &Error{Dir: dir, Op: "open", Err: err}
		}
		return nil, err
	}
	return s, nil
}

func (o *Options) orZero() Options {
	if o == nil {
		return Options{}
	}
	return *o
}

func open(dir string, opts *Options) (*Store, error) {
	o := opts.orZero()
	if o.SliceSize != 0 && (o.SliceSize < minSlice || o.SliceSize > segment.MaxSlice) {
		return nil, fmt.Errorf("slice size %d must be between 4k and 1g", o.SliceSize)
	}
	if o.MaxSize < 0 || o.Inactive < 0 || o.SweepInterval < 0 {
		return nil, errors.New("negative MaxSize, Inactive or SweepInterval")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	s := &Store{
		dir: dir, root: root,
		maxSize: o.MaxSize, inactive: o.Inactive, every: o.SweepInterval, noSync: o.NoSync,
		now:      time.Now,
		done:     make(chan struct{}),
		pending:  make(map[hash]int64),
		inFlight: make(map[string]bool),
		heldBy:   make(map[*CheckedFiles]struct{}),
	}
	if s.every == 0 {
		s.every = DefaultSweepInterval
	}
	s.create = s.createTemp
	ok := false
	defer func() {
		if !ok {
			s.release()
		}
	}()
	if err := s.checkDir(); err != nil {
		return nil, err
	}
	if s.lock, err = root.OpenFile(lockName, os.O_RDWR|os.O_CREATE, 0o600); err != nil {
		return nil, err
	}
	if err := lockFile(s.lock); err != nil {
		return nil, err
	}
	if err := s.makeDirs(); err != nil {
		return nil, err
	}
	if err := s.openIndex(o.SliceSize); err != nil {
		return nil, err
	}
	if s.maxSize != 0 && s.maxSize < s.slice {
		return nil, fmt.Errorf("MaxSize %d is smaller than one slice (%s)", s.maxSize, units.Exact(s.slice))
	}
	if s.codecs, err = newCodecs(s.slice); err != nil {
		return nil, err
	}
	ok = true
	return s, nil
}

// release closes what open opened, in reverse order; the lock goes last.
func (s *Store) release() {
	if s.codecs != nil {
		s.codecs.close()
	}
	if s.db != nil {
		s.db.Close()
	}
	if s.lock != nil {
		s.lock.Close()
	}
	s.root.Close()
}

// Close writes the pending access times, closes the index and gives up the
// directory. Operations running when Close is called finish first; those
// called after fail with ErrClosed. Readers returned by Get stay readable.
func (s *Store) Close() error {
	s.life.Lock()
	defer s.life.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	close(s.done)
	err := s.flushAccess()
	s.root.Remove(ownerName) // the owner's address dies with its lock
	s.codecs.close()
	if cerr := s.db.Close(); err == nil {
		err = cerr
	}
	s.db = nil
	s.codecs = nil
	s.release()
	return s.wrap("close", "", err)
}

// enter starts an operation; leave ends it.
func (s *Store) enter() error {
	s.life.RLock()
	if s.closed {
		s.life.RUnlock()
		return ErrClosed
	}
	return nil
}

func (s *Store) leave() { s.life.RUnlock() }

// Dir is the cache directory.
func (s *Store) Dir() string { return s.dir }

// SliceSize is the cache's slice size.
func (s *Store) SliceSize() int64 { return s.slice }

// MaxSize is Options.MaxSize: the stored bytes eviction keeps the cache
// within, 0 for no bound. The peer server reports it in its metrics.
func (s *Store) MaxSize() int64 { return s.maxSize }

// SweepInterval is Options.SweepInterval, or its default: how often Run
// sweeps. The peer server, which sweeps and logs on its own, uses it.
func (s *Store) SweepInterval() time.Duration { return s.every }

// Stats returns the Store's totals.
func (s *Store) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.totals
}

// apply adds the change of a committed transaction to the totals.
func (s *Store) apply(t tally) {
	s.mu.Lock()
	s.totals.Slices += t.slices
	s.totals.StoredBytes += t.stored
	s.mu.Unlock()
}

// path is the absolute path of rel, for messages.
func (s *Store) path(rel string) string { return filepath.Join(s.dir, filepath.FromSlash(rel)) }

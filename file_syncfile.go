// The File the Downloader writes to: NAME.part with fdatasync, its blocks
// reserved a slice at a time just before the slice's first write.

package slget

import (
	"os"
	"sync"
	"sync/atomic"

	"github.com/slget/slget/internal/osfile"
	"github.com/slget/slget/segment"
)

// syncFile makes the partial file a fetch.File.
//
// Reserving blocks (fallocate with KEEP_SIZE) a slice at a time: N
// connections writing at N places of a sparse file make ext4 track each
// write as delayed allocation (extent status entries, reservations, quota)
// under the inode lock, and allocate the blocks at writeback; written into
// reserved blocks, the same bytes cost less system time (see BENCHMARKS.md).
// A slice at a time, not the whole file at the start: a disk that fills up
// during the download still fails the download when it does (and a
// resumed download reserves only what it still lacks). A file of one slice
// reserves nothing: its one connection (or the end-game's copy of it)
// writes it in order from its start, which is what ext4's delayed
// allocation handles best, and a reservation would be one more call per
// file of a list of small ones (on tmpfs, pages zeroed only to be written
// over).
type syncFile struct {
	f         *os.File
	size      int64 // the file's
	slice     int64
	reserved  []atomic.Uint64 // bit i: slice i was reserved (or tried)
	noReserve atomic.Bool     // the file system cannot: stop asking
	writing   sync.Mutex      // one write at a time: see WriteAt
	prefix    *prefixHash     // told of every write; nil for none
	syncer    *osfile.Syncer  // makes Sync's fdatasync; nil for the plain call
}

// newSyncFile returns the File for f, sized for plan (f already is); every
// write is told to prefix (nil for none).
func newSyncFile(f *os.File, plan segment.Plan, prefix *prefixHash) *syncFile {
	s := &syncFile{f: f, size: plan.Size, slice: plan.Slice, reserved: make([]atomic.Uint64, (plan.N()+63)/64), prefix: prefix}
	if plan.N() <= 1 {
		s.noReserve.Store(true)
	}
	return s
}

// WriteAt reserves the blocks of the slices p touches for the first time,
// then writes p at off, one write at a time.
//
// Decision: the kernel takes the file's inode lock for every buffered
// write anyway (ext4, tmpfs), and writers that meet on it spin while its
// holder runs; waiting here parks the goroutine instead. 1 GiB over 8
// connections to tmpfs: 1.15 s of CPU with the writes free, 1.11 s one at
// a time (medians of 8 interleaved rounds; see BENCHMARKS.md).
func (s *syncFile) WriteAt(p []byte, off int64) (int, error) {
	s.writing.Lock()
	defer s.writing.Unlock()
	if len(p) > 0 && s.slice > 0 && !s.noReserve.Load() {
		for i := off / s.slice; i <= (off+int64(len(p))-1)/s.slice; i++ {
			if err := s.reserve(int(i)); err != nil {
				return 0, err
			}
		}
	}
	n, err := s.f.WriteAt(p, off)
	s.prefix.wrote(off)
	return n, err
}

// reserve reserves slice i's blocks unless that was done or tried. Only
// a full disk (or quota) is an error: a file system that cannot reserve
// blocks (or any other failure to) leaves the file sparse, as it was.
func (s *syncFile) reserve(i int) error {
	if i < 0 || i/64 >= len(s.reserved) {
		return nil // past the plan: the write itself will say
	}
	w, bit := &s.reserved[i/64], uint64(1)<<(i%64)
	if w.Or(bit)&bit != 0 {
		return nil
	}
	start := int64(i) * s.slice
	if start >= s.size {
		return nil
	}
	err := osfile.Preallocate(s.f, start, min(s.slice, s.size-start))
	switch {
	case err == nil:
		return nil
	case osfile.IsDiskFull(err):
		w.And(^bit) // not reserved: the next write of the slice asks again
		return &os.PathError{Op: "write", Path: s.f.Name(), Err: err}
	}
	s.noReserve.Store(true)
	return nil
}

// Sync makes what was written durable: fdatasync where the system has it.
func (s *syncFile) Sync() error {
	if s.syncer != nil {
		return s.syncer.Datasync(s.f)
	}
	return osfile.Datasync(s.f)
}

// partialFile is the File the Downloader writes d's partial file through,
// its syncs made by the Client's Syncer.
func (d *download) partialFile() *syncFile {
	s := newSyncFile(d.lock.f, d.plan, d.prefix)
	s.syncer = &d.c.shared().syncer
	return s
}

// Syncer on Linux: fdatasync and fsync through an io_uring, so that a
// sync that waits on the disk holds no P of the Go scheduler; plain system
// calls where the kernel offers no io_uring.

package osfile

import (
	"errors"
	"os"
	"runtime"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Decision: a blocking system call keeps its P (the right to run Go code)
// until the runtime's monitor takes it back, which needs the same call
// seen on two of the monitor's rounds, and the monitor sleeps up to 10 ms
// between rounds once it has found nothing to take for a while. An
// fdatasync on a disk takes about 1 ms, so each one in progress stalls a
// P: on the project's 2-CPU test machine, slget fetching 100 files of
// 64 KiB at -j 8 spent 33 of 41 ms with downloads ready to run and fewer
// than two running, while the syncs held both Ps. Through an io_uring the
// kernel's own workers wait on the disk and the caller waits on a channel.
// A Go program that fetches those files and keeps only the file promises
// took 27-28 ms instead of 43; slget 46.7 ms instead of 53.2 (medians; see
// BENCHMARKS.md).

// ringEntries is the submission queue's size: more syncs at once than
// that are made with plain system calls.
const ringEntries = 64

// ringIdle is how long a ring with nothing in flight is kept for the next
// sync before it is closed (a list of files syncs every few milliseconds).
const ringIdle = time.Second

// Syncer makes files' data and folders' entries durable, as Datasync and
// SyncDir do. The zero value is ready. Its ring is opened at the first
// sync and closed when idle (or by Close); no goroutine is left while
// nothing is in flight.
type Syncer struct {
	mu      sync.Mutex
	r       *ring
	noRing  bool // the kernel refused a ring: plain system calls
	waiting map[uint64]chan int32
	next    uint64
	reaping bool // a goroutine waits for completions
	idle    *time.Timer
	viaRing uint64 // syncs made through a ring, for tests
	// open sets up the ring; nil means openRing. Tests set it.
	open func(entries uint32) (*ring, error)
}

// Datasync makes f's data durable, as Datasync does.
func (s *Syncer) Datasync(f *os.File) error {
	return s.sync(f, true)
}

// SyncDir fsyncs the directory dir, as SyncDir does (errors ignored).
func (s *Syncer) SyncDir(dir string) {
	syncDirWith(dir, func(d *os.File) error { return s.sync(d, false) })
}

// ViaRing is the count of syncs made through an io_uring so far.
func (s *Syncer) ViaRing() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.viaRing
}

// Close closes the ring if nothing is in flight; a later sync opens one
// again.
func (s *Syncer) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closeIdle()
}

func (s *Syncer) sync(f *os.File, data bool) error {
	fd := int(f.Fd())
	if inMemory(fd) {
		return plainSync(f, data)
	}
	res, err := s.await(fsyncEntry(fd, data))
	runtime.KeepAlive(f) // open until the kernel is done with its descriptor
	if err != nil {
		return plainSync(f, data)
	}
	if res == -int32(syscall.EINVAL) || res == -int32(syscall.EOPNOTSUPP) {
		// A kernel whose ring has no fsync says so here: the system call
		// gives the file's own answer.
		return plainSync(f, data)
	}
	if res < 0 {
		return syscall.Errno(-res) // as the system call returns it
	}
	return nil
}

// await makes e through the ring and returns its result, or an error if
// the ring cannot take it.
func (s *Syncer) await(e ringSQE) (int32, error) {
	ch, err := s.submit(e)
	if err != nil {
		return 0, err
	}
	return <-ch, nil
}

// submit puts e in the ring and returns where its result comes.
func (s *Syncer) submit(e ringSQE) (chan int32, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.noRing {
		return nil, errors.ErrUnsupported
	}
	if s.r == nil {
		open := s.open
		if open == nil {
			open = openRing
		}
		r, err := open(ringEntries)
		if err != nil {
			s.noRing = true
			return nil, err
		}
		s.r, s.waiting = r, map[uint64]chan int32{}
	}
	if s.idle != nil {
		s.idle.Stop()
	}
	s.next++
	e.userData = s.next
	if err := s.r.submit(e); err != nil {
		if !errors.Is(err, errRingFull) {
			s.noRing = true // the kernel's answer will not change
			s.closeIdle()
		}
		return nil, err
	}
	ch := make(chan int32, 1)
	s.waiting[s.next] = ch
	if e.opcode == opFsync {
		s.viaRing++
	}
	if !s.reaping {
		s.reaping = true
		go s.reap(s.r)
	}
	return ch, nil
}

// reap hands out the results while syncs are in flight, then arms the
// idle close and ends.
func (s *Syncer) reap(r *ring) {
	for {
		err := r.wait()
		s.mu.Lock()
		r.reap(func(id uint64, res int32) {
			if ch := s.waiting[id]; ch != nil {
				delete(s.waiting, id)
				ch <- res
			}
		})
		if len(s.waiting) == 0 || err != nil {
			// err: the eventfd cannot be read (it never closes while
			// this goroutine runs); the waiting syncs are failed, and
			// the next ones made plainly.
			for id, ch := range s.waiting {
				delete(s.waiting, id)
				ch <- -int32(syscall.EINVAL)
			}
			s.reaping = false
			if err != nil {
				s.noRing = true
				s.closeIdle()
			} else {
				s.armIdle()
			}
			s.mu.Unlock()
			return
		}
		s.mu.Unlock()
	}
}

// armIdle closes the ring after ringIdle unless a sync comes; s.mu held.
func (s *Syncer) armIdle() {
	if s.idle == nil {
		s.idle = time.AfterFunc(ringIdle, s.Close)
		return
	}
	s.idle.Reset(ringIdle)
}

// closeIdle closes the ring when nothing is in flight; s.mu held.
func (s *Syncer) closeIdle() {
	if s.r == nil || s.reaping {
		return
	}
	if s.idle != nil {
		s.idle.Stop()
	}
	s.r.close()
	s.r = nil
}

// inMemory reports whether fd's file system holds its files in memory
// (tmpfs, ramfs), where a sync returns at once and the ring would only add
// the wake-up of a kernel worker and of the poller: 1 ms more for 100
// files of 64 KiB.
func inMemory(fd int) bool {
	var st unix.Statfs_t
	if unix.Fstatfs(fd, &st) != nil {
		return false
	}
	t := uint32(st.Type) // int32 on some 32-bit systems, where RAMFS_MAGIC reads negative
	return t == unix.TMPFS_MAGIC || t == unix.RAMFS_MAGIC
}

// plainSync is the system call itself: Datasync's, or the full sync of
// os.File.Sync.
func plainSync(f *os.File, data bool) error {
	if data {
		return Datasync(f)
	}
	return f.Sync()
}

// RingAvailable says whether the kernel gives this process an io_uring
// (nil), or why not.
func RingAvailable() error {
	r, err := openRing(1)
	if err == nil {
		r.close()
	}
	return err
}

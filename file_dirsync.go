// Directory syncs shared by the downloads of a Client: a rename is durable
// once an fsync of its folder that started after it has ended, so the
// downloads that finish together in one folder (a script's list of small
// files) share one fsync instead of one each.
//
// Decision: an fsync waits a little (gatherWait at most) for the renames
// it knows are coming: the downloads of the Client whose output is in the
// same folder and not yet renamed (expect). Without that wait, the fsyncs
// of a list of small files rarely overlapped and one ran per file, each
// two writes to the disk that the data syncs of the others then queued
// behind (96 fsyncs for 100 files at -j 8; 15 with it). A download alone
// in its folder, or the last of a list, does not wait; a large file still
// arriving beside small ones costs each of them gatherWait at most. The
// wait never comes before the rename it covers: made counts the rename,
// then waits for an fsync that begins after it.

package slget

import (
	"sync"
	"time"

	"github.com/slget/slget/internal/osfile"
)

// gatherWait is the longest an fsync of a folder waits for the renames
// that are coming: a few data syncs of small files. The wait holds no
// place of -j (a download gives its place away once its bytes are
// written, see Syncing), so it delays a download's end, not the next
// ones: 100 files of 64 KiB at -j 8 took a median of 9 folder fsyncs
// with 8 ms against 21 with 2 ms (fewer disk writes); their wall times
// differed by less than the noise of a busy machine.
const gatherWait = 8 * time.Millisecond

// dirSyncs coalesces the fsyncs of each directory.
type dirSyncs struct {
	mu   sync.Mutex
	dirs map[string]*dirSync
	// gather is the longest wait for expected renames; zero means
	// gatherWait. fsync syncs a folder; nil means syncer's, or
	// osfile.SyncDir without one. Tests set them.
	gather time.Duration
	fsync  func(dir string)
	// syncer, if set, makes the fsyncs when fsync is nil.
	syncer *osfile.Syncer
}

// dirSync is one directory's syncs: started counts the fsyncs begun, done
// the last one ended; expected counts the renames into it that are coming.
type dirSync struct {
	started, done int
	running       bool
	expected      int
	callers       int        // in sync now
	ended         *sync.Cond // also told when an expected rename is made or abandoned
}

// of returns dir's state; ds.mu is held.
func (ds *dirSyncs) of(dir string) *dirSync {
	if ds.dirs == nil {
		ds.dirs = map[string]*dirSync{}
	}
	s := ds.dirs[dir]
	if s == nil {
		s = &dirSync{ended: sync.NewCond(&ds.mu)}
		ds.dirs[dir] = s
	}
	return s
}

// forget drops dir's state when nothing is under way there; ds.mu is held.
func (ds *dirSyncs) forget(dir string, s *dirSync) {
	if !s.running && s.done == s.started && s.expected == 0 && s.callers == 0 {
		delete(ds.dirs, dir) // nothing grows with the folders a Client has used
	}
}

// expectedRename is a rename into a folder that is coming: its file's
// data is being synced, and the folder's fsyncs wait a little for it.
type expectedRename struct {
	ds   *dirSyncs
	dir  string
	over bool // made or abandoned; ds.mu
}

// expect says that a rename into dir is coming. Once it is made, call
// made, which syncs dir; on every other way out, abandon (which does
// nothing after made).
func (ds *dirSyncs) expect(dir string) *expectedRename {
	ds.mu.Lock()
	ds.of(dir).expected++
	ds.mu.Unlock()
	return &expectedRename{ds: ds, dir: dir}
}

// end marks r made or abandoned; ds.mu is held.
func (r *expectedRename) end() *dirSync {
	s := r.ds.of(r.dir)
	if !r.over {
		r.over = true
		s.expected--
		s.ended.Broadcast()
	}
	return s
}

// abandon says that the rename will not be made.
func (r *expectedRename) abandon() {
	r.ds.mu.Lock()
	defer r.ds.mu.Unlock()
	r.ds.forget(r.dir, r.end())
}

// made says that the rename is made, and returns once an fsync of the
// folder that began after it has ended. The two are one step: an fsync
// that another download starts as soon as nothing is expected covers
// this rename, and this call waits for it.
func (r *expectedRename) made() {
	r.ds.mu.Lock()
	defer r.ds.mu.Unlock()
	r.ds.syncHeld(r.dir, r.end())
}

// sync returns once an fsync of dir that began after this call has ended:
// it starts one, or waits for the one that the next caller started. One
// it starts waits, up to gather from this call, while renames into dir
// are expected, so that it covers them too.
func (ds *dirSyncs) sync(dir string) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	ds.syncHeld(dir, ds.of(dir))
}

// syncHeld is sync for dir, whose state is s, with ds.mu held.
func (ds *dirSyncs) syncHeld(dir string, s *dirSync) {
	s.callers++
	want := s.started + 1 // the first fsync to begin after now
	gather, fsync := ds.gather, ds.fsync
	if gather <= 0 {
		gather = gatherWait
	}
	if fsync == nil {
		fsync = osfile.SyncDir
		if ds.syncer != nil {
			fsync = ds.syncer.SyncDir
		}
	}
	deadline := time.Now().Add(gather)
	var wake *time.Timer
	defer func() {
		if wake != nil {
			wake.Stop()
		}
	}()
	for s.done < want {
		if s.running {
			s.ended.Wait()
			continue
		}
		if s.expected > 0 && time.Now().Before(deadline) {
			if wake == nil { // a Cond has no timeout: the timer tells it
				wake = time.AfterFunc(time.Until(deadline), func() {
					ds.mu.Lock()
					s.ended.Broadcast()
					ds.mu.Unlock()
				})
			}
			s.ended.Wait()
			continue
		}
		s.running = true
		s.started++
		mine := s.started
		ds.mu.Unlock()
		fsync(dir)
		ds.mu.Lock()
		s.running, s.done = false, mine
		s.ended.Broadcast()
	}
	s.callers--
	ds.forget(dir, s)
}

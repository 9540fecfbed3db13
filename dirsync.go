// Directory syncs shared by the downloads of a Client: a rename is durable
// once an fsync of its folder that started after it has ended, so the
// downloads that finish together in one folder (a script's list of small
// files) share one fsync instead of one each.

package slget

import (
	"sync"

	"github.com/slget/slget/internal/osfile"
)

// dirSyncs coalesces the fsyncs of each directory.
type dirSyncs struct {
	mu   sync.Mutex
	dirs map[string]*dirSync
}

// dirSync is one directory's syncs: started counts the fsyncs begun, done
// the last one ended.
type dirSync struct {
	started, done int
	running       bool
	ended         *sync.Cond
}

// sync returns once an fsync of dir that began after this call has ended:
// it starts one, or waits for the one that the next caller started.
func (ds *dirSyncs) sync(dir string) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	if ds.dirs == nil {
		ds.dirs = map[string]*dirSync{}
	}
	s := ds.dirs[dir]
	if s == nil {
		s = &dirSync{ended: sync.NewCond(&ds.mu)}
		ds.dirs[dir] = s
	}
	want := s.started + 1 // the first fsync to begin after now
	for s.done < want {
		if s.running {
			s.ended.Wait()
			continue
		}
		s.running = true
		s.started++
		mine := s.started
		ds.mu.Unlock()
		osfile.SyncDir(dir)
		ds.mu.Lock()
		s.running, s.done = false, mine
		s.ended.Broadcast()
	}
	if !s.running && s.done == s.started {
		delete(ds.dirs, dir) // nothing grows with the folders a Client has used
	}
}

// Tests of the shared directory syncs: every caller's rename is covered by
// an fsync that began after it, and callers at once share them.

package slget

import (
	"sync"
	"testing"
)

func TestDirSyncsCoalesce(t *testing.T) {
	var ds dirSyncs
	dir := t.TempDir()
	var wg sync.WaitGroup
	for range 32 {
		wg.Go(func() { ds.sync(dir) })
	}
	wg.Wait()
	ds.mu.Lock()
	defer ds.mu.Unlock()
	if len(ds.dirs) != 0 {
		t.Fatalf("%d folders still held after every sync ended", len(ds.dirs))
	}
}

// Each call returns only after an fsync that started after the call did:
// counted with a stand-in for the fsync.
func TestDirSyncStartsAfterTheCall(t *testing.T) {
	var ds dirSyncs
	dir := t.TempDir()
	ds.sync(dir)
	ds.mu.Lock()
	s := &dirSync{ended: sync.NewCond(&ds.mu), started: 5, done: 4, running: true}
	ds.dirs = map[string]*dirSync{dir: s}
	ds.mu.Unlock()
	done := make(chan struct{})
	go func() { ds.sync(dir); close(done) }()
	// The running fsync (5) began before the call: ending it must not
	// release the caller, who needs number 6.
	ds.mu.Lock()
	s.running, s.done = false, 5
	s.ended.Broadcast()
	ds.mu.Unlock()
	<-done
	ds.mu.Lock()
	defer ds.mu.Unlock()
	if s.done < 6 {
		t.Fatalf("the call returned after fsync %d, which began before it", s.done)
	}
}

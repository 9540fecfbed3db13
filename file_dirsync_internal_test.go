// Tests of the shared directory syncs: every caller's rename is covered by
// an fsync that began after it, and callers at once share them.

package slget

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
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

// countingSyncs is a dirSyncs whose fsyncs are counted, and which waits as
// long as gather for the renames it expects.
func countingSyncs(gather time.Duration) (*dirSyncs, *atomic.Int32) {
	var n atomic.Int32
	return &dirSyncs{gather: gather, fsync: func(string) { n.Add(1) }}, &n
}

// waitCallers waits until n callers are in sync for dir, failing the
// test if an fsync runs first.
func waitCallers(t *testing.T, ds *dirSyncs, fsyncs *atomic.Int32, dir string, n int) {
	t.Helper()
	for fsyncs.Load() == 0 {
		ds.mu.Lock()
		s := ds.dirs[dir]
		in := s != nil && s.callers == n
		ds.mu.Unlock()
		if in {
			return
		}
		runtime.Gosched()
	}
	t.Fatalf("an fsync ran with %d of the renames still expected", 8-n)
}

// Eight downloads finish in one folder, each syncing it after its rename:
// while the renames of the others are expected, the fsync waits for them,
// and one fsync, begun after the last rename, covers all eight.
func TestDirSyncGathersExpectedRenames(t *testing.T) {
	ds, fsyncs := countingSyncs(time.Minute) // the wait ends on the renames, not on time
	dir := t.TempDir()
	const n = 8
	renames := make([]*expectedRename, n)
	for i := range renames {
		renames[i] = ds.expect(dir)
	}
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(renames[i].made) // renamed: now it syncs the folder
		if i == n-1 {
			break // the last rename: the fsync starts
		}
		waitCallers(t, ds, fsyncs, dir, i+1)
	}
	wg.Wait()
	if got := fsyncs.Load(); got != 1 {
		t.Errorf("%d fsyncs for eight renames made together, want 1", got)
	}
	ds.mu.Lock()
	defer ds.mu.Unlock()
	if len(ds.dirs) != 0 {
		t.Fatalf("%d folders still held after every sync ended", len(ds.dirs))
	}
}

// A rename that is expected and never made (the download failed, or is a
// large file still arriving) holds a sync back no longer than gather, and
// a download alone in its folder does not wait at all.
func TestDirSyncWaitIsBounded(t *testing.T) {
	ds, fsyncs := countingSyncs(50 * time.Millisecond)
	dir := t.TempDir()
	never := ds.expect(dir)
	start := time.Now()
	ds.sync(dir)
	if took := time.Since(start); took < 50*time.Millisecond || fsyncs.Load() != 1 {
		t.Errorf("sync returned after %v with %d fsyncs, want one after the 50ms wait", took, fsyncs.Load())
	}
	never.abandon()
	ds.gather = time.Hour // a sync with nothing expected must not wait for it
	ds.sync(dir)
	if fsyncs.Load() != 2 {
		t.Errorf("%d fsyncs, want 2", fsyncs.Load())
	}
	other := t.TempDir() // renames expected in another folder are not waited for
	elsewhere := ds.expect(other)
	defer elsewhere.abandon()
	ds.sync(dir)
	if fsyncs.Load() != 3 {
		t.Errorf("%d fsyncs, want 3", fsyncs.Load())
	}
}

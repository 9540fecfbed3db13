// Tests of eviction: by size (least recently used first), by idle time, and the sweep loop.

package localcache

import (
	"context"
	"os"
	"testing"
	"time"
)

const slice4k = 4 << 10

// present says which of slices 0..n-1 of version v the cache returns.
func present(t *testing.T, s *Store, v string, n int64) []bool {
	t.Helper()
	out := make([]bool, n)
	for i := range n {
		rc, _, err := s.Get(key(s, v, i))
		switch err {
		case nil:
			rc.Close()
			out[i] = true
		case ErrMiss:
		default:
			t.Fatalf("Get(%d): %v", i, err)
		}
	}
	return out
}

func TestEvictBySize(t *testing.T) {
	dir := t.TempDir()
	s := openAt(t, dir, fast(Options{SliceSize: slice4k, MaxSize: 4 * slice4k}))
	c := newClock(s)
	for i := range int64(4) {
		mustPut(t, s, key(s, "v", i), PutMeta{}, randomBytes(uint64(i), slice4k))
		c.Add(time.Second)
	}
	// Slice 0 is read: now slice 1 is the least recently used.
	mustGet(t, s, key(s, "v", 0))
	c.Add(time.Second)
	for i := int64(4); i < 6; i++ {
		mustPut(t, s, key(s, "v", i), PutMeta{}, randomBytes(uint64(i), slice4k))
		c.Add(time.Second)
	}
	if st := s.Stats(); st.StoredBytes > 4*slice4k || st.Slices != 4 {
		t.Errorf("stats %+v, want 4 slices within MaxSize", st)
	}
	// Reading changes the order again, so look at the files, not Get.
	for i, want := range []bool{true, false, false, true, true, true} {
		_, err := os.Lstat(sliceFile(t, s, key(s, "v", int64(i))))
		if got := err == nil; got != want {
			t.Errorf("slice %d on disk: %v, want %v", i, got, want)
		}
	}
	if got := present(t, s, "v", 6); got[1] || got[2] || !got[0] || !got[5] {
		t.Errorf("present after eviction: %v", got)
	}
	if n := len(treeFiles(t, dir, slicesDir)); n != 4 {
		t.Errorf("%d slice files, want 4", n)
	}
}

// A cache reopened with a smaller MaxSize is brought down by a sweep.
func TestSweepToSmallerMaxSize(t *testing.T) {
	dir := t.TempDir()
	s := openAt(t, dir, fast(Options{SliceSize: slice4k}))
	for i := range int64(10) {
		mustPut(t, s, key(s, "v", i), PutMeta{}, randomBytes(uint64(i), slice4k))
	}
	s.Close()
	s = openAt(t, dir, fast(Options{MaxSize: 3 * slice4k}))
	st, err := s.Sweep()
	if err != nil {
		t.Fatal(err)
	}
	if st.Evicted != 7 || st.Bytes != 7*slice4k || s.Stats().Slices != 3 {
		t.Errorf("sweep %+v, stats %+v; want 7 evicted, 3 left", st, s.Stats())
	}
	if n := len(treeFiles(t, dir, slicesDir)); n != 3 {
		t.Errorf("%d slice files, want 3", n)
	}
}

func TestEvictInactive(t *testing.T) {
	s := openStore(t, fast(Options{SliceSize: slice4k, Inactive: 10 * time.Minute}))
	c := newClock(s)
	mustPut(t, s, key(s, "v", 0), PutMeta{}, randomBytes(0, slice4k))
	mustPut(t, s, key(s, "v", 1), PutMeta{}, randomBytes(1, slice4k))
	mustPut(t, s, key(s, "v", 2), PutMeta{}, randomBytes(2, slice4k))
	c.Add(6 * time.Minute)
	mustGet(t, s, key(s, "v", 0)) // idle 6 minutes at the sweep
	mustPut(t, s, key(s, "v", 2), PutMeta{}, randomBytes(2, slice4k))
	c.Add(6 * time.Minute)
	st, err := s.Sweep()
	if err != nil {
		t.Fatal(err)
	}
	if st.Inactive != 1 || st.Bytes != slice4k {
		t.Errorf("sweep %+v, want 1 inactive slice", st)
	}
	if got := present(t, s, "v", 3); !got[0] || got[1] || !got[2] {
		t.Errorf("present after the sweep: %v, want [true false true]", got)
	}
	if _, err := os.Lstat(sliceFile(t, s, key(s, "v", 1))); !os.IsNotExist(err) {
		t.Errorf("file of the inactive slice: %v", err)
	}
	c.Add(11 * time.Minute)
	if st, err := s.Sweep(); err != nil || st.Inactive != 2 || s.Stats().Slices != 0 {
		t.Errorf("second sweep %+v, %v; stats %+v", st, err, s.Stats())
	}
}

// Run sweeps until its context is done, and returns when the Store closes.
func TestRun(t *testing.T) {
	s := openStore(t, fast(Options{SliceSize: slice4k, Inactive: time.Minute, SweepInterval: time.Millisecond}))
	c := newClock(s)
	mustPut(t, s, key(s, "v", 0), PutMeta{}, randomBytes(0, slice4k))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	c.Add(2 * time.Minute)
	for s.Stats().Slices != 0 {
		select {
		case err := <-done:
			t.Fatalf("Run returned %v before sweeping", err)
		case <-time.After(time.Millisecond):
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Run after cancel: %v", err)
	}

	go func() { done <- s.Run(context.Background()) }()
	s.Close()
	if err := <-done; err != nil {
		t.Errorf("Run after Close: %v", err)
	}
}

// Access times wait in memory, but eviction sees them.
func TestPendingAccessCounts(t *testing.T) {
	s := openStore(t, fast(Options{SliceSize: slice4k, MaxSize: 2 * slice4k}))
	c := newClock(s)
	mustPut(t, s, key(s, "v", 0), PutMeta{}, randomBytes(0, slice4k))
	c.Add(time.Second)
	mustPut(t, s, key(s, "v", 1), PutMeta{}, randomBytes(1, slice4k))
	c.Add(time.Second)
	mustGet(t, s, key(s, "v", 0))
	c.Add(time.Second)
	mustPut(t, s, key(s, "v", 2), PutMeta{}, randomBytes(2, slice4k))
	if got := present(t, s, "v", 3); !got[0] || got[1] || !got[2] {
		t.Errorf("present: %v, want slice 1 evicted", got)
	}
}

// A Store has one sweeper: a second Run, while one runs, returns at once.
func TestOneSweeper(t *testing.T) {
	s := openStore(t, fast(Options{SliceSize: 16 << 10}))
	ctx, stop := context.WithCancel(context.Background())
	first := make(chan error, 1)
	go func() { first <- s.Run(ctx) }()
	for !s.sweeping.Load() {
		time.Sleep(time.Millisecond)
	}
	second := make(chan error, 1)
	go func() { second <- s.Run(context.Background()) }()
	select {
	case err := <-second:
		if err != nil {
			t.Errorf("the second Run: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a second Run swept beside the first")
	}
	stop()
	if err := <-first; err != nil {
		t.Errorf("the first Run: %v", err)
	}
}

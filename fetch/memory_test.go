// Point 7: memory stays bounded by connections × a fixed buffer, whatever
// the size of the file.

package fetch_test

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/segment"
)

// spotFile is a fetch.File that keeps nothing: it checks the first bytes of
// every write against the content and counts the bytes, so a download of
// any size can run without holding the file.
type spotFile struct {
	want    fetchtest.Content
	written atomic.Int64
	bad     atomic.Int64
}

func (f *spotFile) WriteAt(p []byte, off int64) (int, error) {
	var w [8]byte
	n := min(len(p), len(w))
	f.want.ReadAt(w[:n], off)
	if string(w[:n]) != string(p[:n]) {
		f.bad.Add(1)
	}
	f.written.Add(int64(len(p)))
	return len(p), nil
}

func (f *spotFile) Sync() error { return nil }

// heapPeak samples HeapInuse until stop is called and returns the largest.
func heapPeak(every time.Duration) (stop func() uint64) {
	var peak uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(every)
		defer t.Stop()
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapInuse)
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	return func() uint64 {
		close(done)
		wg.Wait()
		return peak
	}
}

// runDiscard downloads srv's file with conns connections into a spotFile.
func runDiscard(tb testing.TB, srv *fetchtest.Server, slice int64, conns int) *spotFile {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c := newClient(tb, conns)
	p, err := c.Probe(ctx, srv.FileURL(), slice)
	if err != nil {
		tb.Fatal(err)
	}
	plan, err := segment.NewPlan(p.Validator.Size, slice)
	if err != nil {
		tb.Fatal(err)
	}
	out := &spotFile{want: srv.Content()}
	d := fetch.NewDownloader(fetch.Config{Connections: conns}, plan, nil, fetch.NewOrigin(c, p), out)
	if err := d.Run(ctx, p.Body); err != nil {
		tb.Fatal(err)
	}
	if out.bad.Load() != 0 {
		tb.Fatalf("%d writes of wrong bytes", out.bad.Load())
	}
	if out.written.Load() < plan.Size {
		tb.Fatalf("wrote %d bytes of %d", out.written.Load(), plan.Size)
	}
	return out
}

// TestMemoryBounded downloads 256 MiB (128 MiB under the race detector, 64
// MiB with -short) over 8 connections and checks that the bytes allocated
// and the heap in use stay far below the size of the file: the client and
// the origin (which runs in this process too) together allocate less than a
// quarter of the file, and never more than 64 MiB.
func TestMemoryBounded(t *testing.T) {
	size := int64(256 * mib)
	switch {
	case testing.Short():
		size = 64 * mib
	case raceEnabled:
		size = 128 * mib
	}
	const slice, conns = 1 * mib, 8
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))

	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	stop := heapPeak(5 * time.Millisecond)
	start := time.Now()
	runDiscard(t, srv, slice, conns)
	el := time.Since(start)
	peak := stop()
	runtime.ReadMemStats(&after)

	alloc := after.TotalAlloc - before.TotalAlloc
	growth := int64(peak) - int64(before.HeapInuse)
	t.Logf("%d MiB in %s (%.0f MiB/s): TotalAlloc %.1f MiB (%.3f bytes per byte), peak HeapInuse %.1f MiB (+%.1f MiB over the start), %d mallocs",
		size>>20, el.Round(time.Millisecond), float64(size)/mib/el.Seconds(),
		float64(alloc)/mib, float64(alloc)/float64(size), float64(peak)/mib, float64(growth)/mib, after.Mallocs-before.Mallocs)
	if limit := min(uint64(size)/4, 64*mib); alloc > limit {
		t.Errorf("allocated %.1f MiB to download %d MiB, want < %d MiB", float64(alloc)/mib, size>>20, limit>>20)
	}
	if growth > 32*mib {
		t.Errorf("heap in use grew by %.1f MiB, want < 32 MiB (8 connections × 256 KiB buffers and their HTTP state)", float64(growth)/mib)
	}
}

// TestMemoryDoesNotGrowWithSize: four times the file, about the same
// allocation.
func TestMemoryDoesNotGrowWithSize(t *testing.T) {
	const slice, conns = 256 * kib, 4
	measure := func(size int64) uint64 {
		srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		runDiscard(t, srv, slice, conns)
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	small, large := measure(8*mib), measure(32*mib)
	t.Logf("TotalAlloc: 8 MiB → %.2f MiB, 32 MiB → %.2f MiB", float64(small)/mib, float64(large)/mib)
	// Allow the per-request cost (a few KiB each) and the done-set; what must
	// not happen is anything in proportion to the bytes.
	if large > 2*small+4*mib {
		t.Errorf("allocation grew with the file: %d then %d bytes", small, large)
	}
}

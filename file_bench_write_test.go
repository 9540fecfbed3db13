// Benchmarks of the write path: N writers filling the partial file through
// syncFile as the Downloader does, with the CPU the kernel spends on it.

//go:build unix

package slget

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/slget/slget/internal/units"
	"github.com/slget/slget/segment"
)

// cpuTime is this process's user and system time so far.
func cpuTime() (user, sys time.Duration) {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano()), time.Duration(ru.Stime.Nano())
}

// BenchmarkWritePath writes 256 MiB into a fresh file in t.TempDir's file
// system: writers goroutines each take runs of 16 slices of 1 MiB and write
// them in buf-sized pieces (the Downloader's BufferSize), while a committer
// syncs every 64 slices (the Downloader's CommitSlices). Modes:
//
//   - sparse: plain writes and fdatasync, what slget did before;
//   - reserve: each slice's blocks reserved on its first write (what
//     slget does).
//
// Besides ns/op it reports the process's system and user CPU seconds per
// GiB, the figures the side-by-side harness compares (go run ./bench).
// The disk and the page cache make these noisy: compare with -count and
// benchstat, on the same machine, in one sitting.
func BenchmarkWritePath(b *testing.B) {
	const size, slice, run = 256 << 20, 1 << 20, 16
	plan, err := segment.NewPlan(size, slice)
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		writers int
		buf     int
	}{{1, 128 << 10}, {8, 128 << 10}, {16, 128 << 10}, {8, 16 << 10}, {8, 1 << 20}} {
		for _, mode := range []string{"sparse", "reserve"} {
			name := fmt.Sprintf("writers=%d/buf=%s/%s", bc.writers, units.Exact(int64(bc.buf)), mode)
			b.Run(name, func(b *testing.B) {
				b.SetBytes(size)
				var user, sys time.Duration
				for b.Loop() {
					b.StopTimer()
					path := filepath.Join(b.TempDir(), "f.part")
					f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
					if err != nil {
						b.Fatal(err)
					}
					if err := f.Truncate(size); err != nil {
						b.Fatal(err)
					}
					s := newSyncFile(f, plan, nil)
					if mode == "sparse" {
						s.noReserve.Store(true)
					}
					syscall.Sync() // no earlier writeback in this one
					u0, s0 := cpuTime()
					b.StartTimer()
					if err := writeLikeDownloader(s, size, slice, run, bc.writers, bc.buf); err != nil {
						b.Fatal(err)
					}
					b.StopTimer()
					u1, s1 := cpuTime()
					user, sys = user+u1-u0, sys+s1-s0
					f.Close()
					os.Remove(path)
					b.StartTimer()
				}
				gib := float64(b.N) * size / (1 << 30)
				b.ReportMetric(sys.Seconds()/gib, "sys-s/GiB")
				b.ReportMetric(user.Seconds()/gib, "user-s/GiB")
			})
		}
	}
}

// writeLikeDownloader fills s with writers goroutines, each taking runs of
// run slices and writing them buf bytes at a time, syncing after every
// 64 slices finished, and once at the end.
func writeLikeDownloader(s *syncFile, size, slice int64, run, writers, buf int) error {
	var next, done atomic.Int64
	var syncMu sync.Mutex
	errs := make(chan error, writers)
	var wg sync.WaitGroup
	for range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := make([]byte, buf)
			for i := range p {
				p[i] = byte(i*131 + 7)
			}
			for {
				start := next.Add(int64(run)*slice) - int64(run)*slice
				if start >= size {
					return
				}
				end := min(start+int64(run)*slice, size)
				for off := start; off < end; {
					n := min(int64(buf), end-off)
					if _, err := s.WriteAt(p[:n], off); err != nil {
						errs <- err
						return
					}
					off += n
					if off%slice == 0 && done.Add(1)%64 == 0 {
						syncMu.Lock()
						err := s.Sync()
						syncMu.Unlock()
						if err != nil {
							errs <- err
							return
						}
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return err
	}
	return s.Sync()
}

// Benchmarks of the commit path and of Open on a large journal.

package resume

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/slget/slget/segment"
)

// BenchmarkCommit commits batches of 1, 8, 64 and 256 slice records, with
// fsync (on the file system of the test's temporary directory) and without.
// Besides ns/op (one Commit) it reports ms/GiB: the time spent committing
// one GiB of 1 MiB slices at that batch size, 1024/batch commits. A
// committer that flushes every 250 ms or every 8 slices, whichever comes
// first, commits at most 128 times per GiB, so its cost per GiB is at most
// the batch=8 figure; at 1 GiB/s the timer alone would make batches of 256
// (4 commits per GiB).
func BenchmarkCommit(b *testing.B) {
	for _, sync := range []bool{true, false} {
		for _, batch := range []int{1, 8, 64, 256} {
			b.Run(fmt.Sprintf("sync=%v/batch=%d", sync, batch), func(b *testing.B) {
				const n = 1 << 20 // 1 TiB in 1 MiB slices
				j := newJournal(b, testMeta(n<<20, 1<<20), &Options{NoSync: !sync})
				h := hashOf(0)
				recs := make([]Record, batch)
				next, ops := 0, 0
				for b.Loop() {
					for k := range recs {
						recs[k] = Record{Index: next % n, CRC32C: h, From: segment.FromOrigin}
						next++
					}
					if err := j.Commit(recs); err != nil {
						b.Fatal(err)
					}
					ops++
				}
				perOp := float64(b.Elapsed().Nanoseconds()) / float64(ops)
				b.ReportMetric(perOp*float64(1024/batch)/1e6, "ms/GiB")
				b.ReportMetric(perOp/float64(batch), "ns/slice")
			})
		}
	}
}

// BenchmarkOpen opens (and closes) a journal with every slice done, the
// worst case: the check of the file, the full read, and the derivation of
// the done-set from the records. 100k slices is 100 GiB in 1 MiB slices.
func BenchmarkOpen(b *testing.B) {
	for _, n := range []int{1_000, 100_000} {
		b.Run(fmt.Sprintf("slices=%d", n), func(b *testing.B) {
			p := filepath.Join(b.TempDir(), "j.slget")
			j, err := Create(p, testMeta(int64(n)<<20, 1<<20), &Options{NoSync: true})
			if err != nil {
				b.Fatal(err)
			}
			h := hashOf(0)
			var recs []Record
			for i := range n {
				recs = append(recs, Record{Index: i, CRC32C: h, From: segment.FromOrigin})
			}
			if err := j.Commit(recs); err != nil {
				b.Fatal(err)
			}
			j.Close()
			for b.Loop() {
				j, err := Open(p, nil)
				if err != nil {
					b.Fatal(err)
				}
				j.Close()
			}
			if fi, err := os.Stat(p); err == nil {
				b.ReportMetric(float64(fi.Size())/float64(n), "file-bytes/slice")
			}
		})
	}
}

// Benchmarks of a whole download with and without the journal.

package slget

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/resume"
	"github.com/slget/slget/segment"
)

// BenchmarkJournalCost downloads 256 MiB from a fast loopback origin into a
// real file: without a journal (none, what a plain downloader does), with
// slget's journal (journal: per-slice CRC-32C, fdatasync, grouped bbolt
// commits), and, to tell the costs apart, the journal without the hashes
// (commits) and the hashes without the journal (hashes).
func BenchmarkJournalCost(b *testing.B) {
	const size, slice = 256 << 20, 1 << 20
	srv := fetchtest.NewServer(b, fetchtest.WithSize(size))
	for _, mode := range []string{"none", "journal", "commits", "hashes"} {
		withJournal := mode == "journal" || mode == "commits"
		b.Run(mode, func(b *testing.B) {
			b.SetBytes(size)
			for i := 0; i < b.N; i++ {
				dir := b.TempDir()
				f, err := os.OpenFile(filepath.Join(dir, "f.part"), os.O_RDWR|os.O_CREATE, 0o644)
				if err != nil {
					b.Fatal(err)
				}
				f.Truncate(size)
				client, _ := fetch.NewClient(fetch.ClientOptions{Connections: 8})
				p, err := client.Probe(context.Background(), srv.FileURL(), slice)
				if err != nil {
					b.Fatal(err)
				}
				cfg := fetch.Config{Connections: 8}
				var j *resume.Journal
				if withJournal {
					j, err = resume.Create(filepath.Join(dir, "f.slget"), resume.Meta{URL: srv.FileURL(), Size: size, SliceSize: slice, ETag: p.Validator.ETag}, nil)
					if err != nil {
						b.Fatal(err)
					}
					cfg.Journal = committer{j}
				}
				cfg.Hash = mode == "journal" || mode == "hashes"
				plan, _ := segment.NewPlan(size, slice)
				d := fetch.NewDownloader(cfg, plan, nil, fetch.NewOrigin(client, p), newSyncFile(f, plan, nil))
				if err := d.Run(context.Background(), p.Body); err != nil {
					b.Fatal(err)
				}
				if j != nil {
					j.Close()
				}
				f.Close()
				client.CloseIdle()
			}
		})
	}
}

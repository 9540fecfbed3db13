// A benchmark of many small downloads through one Client, as a script's
// list of small files: each is smaller than one slice, so the probe's
// answer is the whole file.

package slget

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

// BenchmarkSmallFiles downloads 100 files of 64 KiB, 8 at a time, into a
// real folder (-i with -j 8): as -j does, a download gives its place to the
// next one at Syncing, once its bytes are written.
func BenchmarkSmallFiles(b *testing.B) {
	const files, jobs = 100, 8
	srv := fetchtest.NewServer(b, fetchtest.WithSize(64<<10))
	c := &Client{}
	b.SetBytes(files * 64 << 10)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		dir := b.TempDir()
		sem := make(chan struct{}, jobs)
		var wg sync.WaitGroup
		errs := make([]error, files)
		for k := range files {
			sem <- struct{}{}
			wg.Add(1)
			go func() {
				defer wg.Done()
				var once sync.Once
				free := func() { once.Do(func() { <-sem }) }
				defer free()
				_, errs[k] = c.Do(context.Background(), &Request{URL: fmt.Sprintf("%s?n=%d", srv.FileURL(), k), Path: filepath.Join(dir, fmt.Sprintf("f%03d.bin", k)),
					Events: func(e Event) {
						if _, ok := e.(*Syncing); ok {
							free()
						}
					}})
			}()
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				b.Fatal(err)
			}
		}
	}
}

// Benchmarks of the hot paths: a whole download over loopback, and the
// Downloader's copy loop without HTTP.

package fetch_test

import (
	"context"
	"fmt"
	"io"
	"testing"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/internal/units"
	"github.com/slget/slget/segment"
)

// BenchmarkDownload downloads 64 MiB from an unlimited fetchtest origin over
// 8 connections in 1 MiB slices. The origin runs in the same process, so the
// figure includes generating the bytes.
func BenchmarkDownload(b *testing.B) {
	const size = 64 * mib
	srv := fetchtest.NewServer(b, fetchtest.WithSize(size))
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		runDiscard(b, srv, 1*mib, 8)
	}
}

// memSource is a Source that serves Content from memory, so that a
// benchmark measures the Downloader and nothing else.
type memSource struct{ c fetchtest.Content }

func (s memSource) Open(_ context.Context, r segment.Range) (fetch.Body, error) {
	return fetch.Body{ReadCloser: io.NopCloser(io.NewSectionReader(s.c, r.Start, r.Len())), From: segment.FromCache}, nil
}

// discardFile is a fetch.File that keeps nothing.
type discardFile struct{}

func (discardFile) WriteAt(p []byte, _ int64) (int, error) { return len(p), nil }
func (discardFile) Sync() error                            { return nil }

// BenchmarkCopyLoop runs the Downloader's claim, read, write and complete
// loop over an in-memory Source: scheduling, buffers and bookkeeping, no
// network.
func BenchmarkCopyLoop(b *testing.B) {
	const size = 64 * mib
	for _, bc := range []struct {
		conns int
		slice int64
		hash  bool
	}{{1, 1 * mib, false}, {8, 1 * mib, false}, {8, 64 * kib, false}, {8, 1 * mib, true}} {
		b.Run(fmt.Sprintf("conns=%d/slice=%s/hash=%v", bc.conns, units.Exact(bc.slice), bc.hash), func(b *testing.B) {
			plan, err := segment.NewPlan(size, bc.slice)
			if err != nil {
				b.Fatal(err)
			}
			src := memSource{fetchtest.Content{Size: size, Seed: 1}}
			b.SetBytes(size)
			b.ReportAllocs()
			for b.Loop() {
				d := fetch.NewDownloader(fetch.Config{Connections: bc.conns, Hash: bc.hash}, plan, nil, src, discardFile{})
				if err := d.Run(context.Background(), nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

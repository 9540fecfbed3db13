// Benchmarks of a stream (Request.Writer) against a file download of the
// same resource: on loopback, and from an origin that limits each
// connection's rate, where the window must not cost throughput.

package slget_test

import (
	"context"
	"io"
	"path/filepath"
	"testing"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

// benchGet downloads srv's file b.N times, to a file or to io.Discard.
func benchGet(b *testing.B, srv *fetchtest.Server, size int64, stream bool, window int64) {
	c := &slget.Client{Connections: 8, Slice: 1 << 20}
	dir := b.TempDir()
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		req := &slget.Request{URL: srv.FileURL(), NoJournal: true, AllowOverwrite: true}
		if stream {
			req.Writer, req.StreamWindow = io.Discard, window
		} else {
			req.Path = filepath.Join(dir, "file.bin")
		}
		if _, err := c.Do(context.Background(), req); err != nil {
			b.Fatal(err)
		}
	}
}

// 256 MiB on loopback, 8 connections.
func BenchmarkStreamLoopback(b *testing.B) {
	const size = 256 << 20
	srv := fetchtest.NewServer(b, fetchtest.WithSize(size))
	b.Run("file", func(b *testing.B) { benchGet(b, srv, size, false, 0) })
	b.Run("stream-64m", func(b *testing.B) { benchGet(b, srv, size, true, 64<<20) })
	b.Run("stream-16m", func(b *testing.B) { benchGet(b, srv, size, true, 16<<20) })
}

// 64 MiB from an origin that sends 4 MiB/s per connection, 8 connections:
// the ideal is 2s for a file and for a stream alike.
func BenchmarkStreamRateLimited(b *testing.B) {
	const size = 64 << 20
	srv := fetchtest.NewServer(b, fetchtest.WithSize(size), fetchtest.WithRateLimit(4<<20))
	b.Run("file", func(b *testing.B) { benchGet(b, srv, size, false, 0) })
	b.Run("stream-64m", func(b *testing.B) { benchGet(b, srv, size, true, 64<<20) })
	b.Run("stream-16m", func(b *testing.B) { benchGet(b, srv, size, true, 16<<20) })
}

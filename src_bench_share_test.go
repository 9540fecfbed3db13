// Benchmarks of downloads with the cache and peers, on loopback: what
// filling the cache costs a download from the origin, how fast a download
// comes out of the cache, and through a peer.

package slget_test

import (
	"path/filepath"
	"testing"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

const benchSize = 256 * mib

func benchDo(b *testing.B, c *slget.Client, srv *fetchtest.Server) {
	b.Helper()
	b.SetBytes(benchSize)
	for b.Loop() {
		res, err := c.Do(b.Context(), &slget.Request{URL: srv.FileURL(), Path: filepath.Join(b.TempDir(), "f")})
		if err != nil || res.Size != benchSize {
			b.Fatalf("Do: %v", err)
		}
	}
}

func benchCache(b *testing.B) *slget.Cache {
	b.Helper()
	s, _, err := slget.OpenCache(filepath.Join(b.TempDir(), "cache"), nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	return s
}

// BenchmarkShare compares, for a 256 MiB file over 4 connections: the
// origin alone, the origin while the cache is filled (each slice read back
// and stored with an fsync), the cache alone (every slice copied from it),
// and a peer that has the file.
func BenchmarkShare(b *testing.B) {
	b.Run("origin", func(b *testing.B) {
		srv := fetchtest.NewServer(b, fetchtest.WithSize(benchSize))
		c := &slget.Client{}
		b.Cleanup(c.CloseIdle)
		benchDo(b, c, srv)
	})
	b.Run("origin-filling-cache", func(b *testing.B) {
		srv := fetchtest.NewServer(b, fetchtest.WithSize(benchSize))
		// A new cache each time: a full one would leave nothing to fill.
		b.SetBytes(benchSize)
		for b.Loop() {
			c := &slget.Client{Cache: benchCache(b)}
			if _, err := c.Do(b.Context(), &slget.Request{URL: srv.FileURL(), Path: filepath.Join(b.TempDir(), "f")}); err != nil {
				b.Fatal(err)
			}
			c.CloseIdle()
		}
	})
	b.Run("cache", func(b *testing.B) {
		srv := fetchtest.NewServer(b, fetchtest.WithSize(benchSize))
		c := &slget.Client{Cache: benchCache(b)}
		b.Cleanup(c.CloseIdle)
		if _, err := c.Do(b.Context(), &slget.Request{URL: srv.FileURL(), Path: filepath.Join(b.TempDir(), "f")}); err != nil {
			b.Fatal(err)
		}
		b.ResetTimer()
		benchDo(b, c, srv)
	})
	b.Run("peer", func(b *testing.B) {
		srv := fetchtest.NewServer(b, fetchtest.WithSize(benchSize))
		peer := fetchtest.NewPeer(b, srv)
		c := &slget.Client{Peers: []string{peer.URL}}
		b.Cleanup(c.CloseIdle)
		benchDo(b, c, srv)
	})
}

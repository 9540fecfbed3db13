// Benchmarks: zstd at rest on text slices (MB/s per core, ratio), Put and Get of 1 MiB slices.

package localcache

import (
	"fmt"
	"io"
	"runtime"
	"testing"
)

// perCore runs loop on a goroutine locked to its thread and reports, beside
// the wall-clock MB/s of b.SetBytes, "MB/cpu-s": bytes per second of CPU
// time the loop used, which is what one core does when the machine is busy
// with other work.
func perCore(b *testing.B, bytesPerOp int64, loop func(b *testing.B) int) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.SetBytes(bytesPerOp)
	t0, ok := threadCPU()
	n := loop(b)
	t1, _ := threadCPU()
	if ok && t1 > t0 {
		b.ReportMetric(float64(bytesPerOp)*float64(n)/1e6/(t1-t0).Seconds(), "MB/cpu-s")
	}
}

// BenchmarkZstd encodes and decodes 1 MiB slices of the nginx offset file
// (9-digit offsets and newlines, as nginx's byte-range tests serve) and of
// English-like text, on one goroutine: MB/s is per core. ratio is
// plaintext over stored bytes. Decode is the path of Get: the frame header
// check, the capped DecodeAll and the CRC-32C of the plaintext.
func BenchmarkZstd(b *testing.B) {
	const S = 1 << 20
	inputs := []struct {
		name string
		data []byte
	}{
		{"offsets", offsetFile(10 * S)},
		{"text", textBytes(1, 10*S)},
	}
	for _, in := range inputs {
		c, err := newCodecs(S)
		if err != nil {
			b.Fatal(err)
		}
		var frames [][]byte
		var stored int
		for off := 0; off < len(in.data); off += S {
			f, _ := c.compress(nil, in.data[off:off+S])
			frames = append(frames, f)
			stored += len(f)
		}
		ratio := float64(len(in.data)) / float64(stored)
		b.Run(in.name+"/encode", func(b *testing.B) {
			buf := make([]byte, 0, S+S/8)
			perCore(b, S, func(b *testing.B) int {
				i := 0
				for b.Loop() {
					off := (i % len(frames)) * S
					buf, _ = c.compress(buf[:0], in.data[off:off+S])
					i++
				}
				return i
			})
			b.ReportMetric(ratio, "ratio")
		})
		b.Run(in.name+"/decode", func(b *testing.B) {
			out := make([]byte, 0, S+decodeSlack)
			perCore(b, S, func(b *testing.B) int {
				i := 0
				for b.Loop() {
					p, err := c.decompress(out, frames[i%len(frames)], S)
					if err != nil {
						b.Fatal(err)
					}
					_ = crc32c(p)
					i++
				}
				return i
			})
			b.ReportMetric(ratio, "ratio")
		})
		c.close()
	}
}

// BenchmarkPut stores 1 MiB slices of random bytes (identity) under new
// keys, with fsync of each file and of the index and without, in a cache
// bounded to 256 MiB so that eviction runs as in a full cache.
func BenchmarkPut(b *testing.B) {
	const S = 1 << 20
	data := randomBytes(1, S)
	for _, sync := range []bool{true, false} {
		b.Run(fmt.Sprintf("sync=%v", sync), func(b *testing.B) {
			s := openStore(b, &Options{SliceSize: S, MaxSize: 256 * S, NoSync: !sync})
			b.SetBytes(S)
			var i int64
			for b.Loop() {
				if err := s.Put(key(s, "p", i), PutMeta{}, data); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

// BenchmarkGet reads 1 MiB slices back, binary (identity) and text (zstd,
// the offset file), on one goroutine and on all of them.
func BenchmarkGet(b *testing.B) {
	const S, n = 1 << 20, 32
	cases := []struct {
		name string
		data func(i int) []byte
		meta PutMeta
	}{
		{"binary", func(i int) []byte { return randomBytes(uint64(i), S) }, PutMeta{}},
		{"offsets-zstd", func(i int) []byte { return offsetFile((i + 1) * S)[i*S:] }, PutMeta{ContentType: "text/plain"}},
	}
	for _, c := range cases {
		s := openStore(b, &Options{SliceSize: S, NoSync: true})
		for i := range n {
			if err := s.Put(key(s, "g", int64(i)), c.meta, c.data(i)); err != nil {
				b.Fatal(err)
			}
		}
		get := func(b *testing.B, i int) {
			rc, _, err := s.Get(key(s, "g", int64(i%n)))
			if err != nil {
				b.Fatal(err)
			}
			io.Copy(io.Discard, rc)
			rc.Close()
		}
		b.Run(c.name+"/serial", func(b *testing.B) {
			perCore(b, S, func(b *testing.B) int {
				i := 0
				for b.Loop() {
					get(b, i)
					i++
				}
				return i
			})
		})
		b.Run(c.name+"/parallel", func(b *testing.B) {
			b.SetBytes(S)
			b.RunParallel(func(pb *testing.PB) {
				i := 0
				for pb.Next() {
					get(b, i)
					i++
				}
			})
		})
	}
}

// Benchmark of the per-slice checksum as the worker computes it: CRC-32C
// (Castagnoli) updated with each read, beside the SHA-256 it replaced.

package fetch

import (
	"crypto/sha256"
	"fmt"
	"hash/crc32"
	"testing"
)

// BenchmarkSliceChecksum hashes a 1 MiB slice in pieces of the read size
// (the worker hashes each read's bytes right after writing them). The
// bytes are in the CPU's caches, as they are in the worker. Compare crc32c
// with sha256 for what the journal's checksum costs per GiB: at 1 GB/s of
// download, 1 GB/s of hashing is one core.
func BenchmarkSliceChecksum(b *testing.B) {
	const slice = 1 << 20
	data := make([]byte, slice)
	for i := range data {
		data[i] = byte(i*131 + i>>9)
	}
	for _, piece := range []int{16 << 10, 128 << 10, slice} {
		b.Run(fmt.Sprintf("crc32c/read=%dk", piece>>10), func(b *testing.B) {
			b.SetBytes(slice)
			var crc uint32
			for b.Loop() {
				crc = 0
				for off := 0; off < slice; off += piece {
					crc = crc32.Update(crc, castagnoli, data[off:off+piece])
				}
			}
			if crc != crc32.Checksum(data, castagnoli) {
				b.Fatal("the pieces' CRC differs from the whole slice's")
			}
		})
	}
	b.Run("sha256/read=128k", func(b *testing.B) {
		b.SetBytes(slice)
		for b.Loop() {
			h := sha256.New()
			for off := 0; off < slice; off += 128 << 10 {
				h.Write(data[off : off+128<<10])
			}
			h.Sum(nil)
		}
	})
}

// Tests of Buffers: downloads that share one reuse their read buffers, and
// the bytes stay right.

package fetch_test

import (
	"runtime"
	"testing"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
)

// TestBuffersShared: twenty small downloads of two different files, one
// after the other, each checked byte for byte. With one Buffers they make
// (nearly) no read buffer after the first; each makes its own without.
func TestBuffersShared(t *testing.T) {
	const bufSize = 1 << 20
	srvs := []*fetchtest.Server{
		fetchtest.NewServer(t, fetchtest.WithSize(64*kib), fetchtest.WithSeed(1)),
		fetchtest.NewServer(t, fetchtest.WithSize(48*kib+7), fetchtest.WithSeed(2)),
	}
	allocated := func(bufs *fetch.Buffers) uint64 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for i := range 20 {
			mustDownload(t, srvs[i%2], 1*mib, fetch.Config{Connections: 4, BufferSize: bufSize, Buffers: bufs})
		}
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	own := allocated(nil)
	shared := allocated(&fetch.Buffers{})
	t.Logf("allocated by 20 downloads: %d KiB with their own buffers, %d KiB sharing them", own>>10, shared>>10)
	if own < 20*bufSize {
		t.Fatalf("20 downloads with their own buffers allocated %d bytes, under 20 buffers: the test measures nothing", own)
	}
	if shared > own-15*bufSize {
		t.Errorf("sharing the buffers saved %d KiB of %d, want at least 15 buffers' worth", (own-shared)>>10, own>>10)
	}
}

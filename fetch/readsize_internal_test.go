// Tests of the read buffers' sizes and of the writes cut to writeChunk.

package fetch

import (
	"bytes"
	"context"
	"crypto/sha256"
	"sync"
	"testing"
	"time"
)

func TestReadSizeSharesTheBudget(t *testing.T) {
	for _, c := range []struct{ conns, want int }{
		{0, 1 << 20}, {1, 1 << 20}, {2, 1 << 20}, {3, 512 << 10}, {4, 512 << 10},
		{5, 256 << 10}, {8, 256 << 10}, {9, 128 << 10}, {16, 128 << 10}, {1000, 128 << 10},
	} {
		if got := readSize(c.conns); got != c.want {
			t.Errorf("readSize(%d) = %d, want %d", c.conns, got, c.want)
		}
	}
	var cfg Config
	cfg.Connections, cfg.MaxConnections = 2, 8 // sized for the most it may open
	cfg.defaults()
	if cfg.BufferSize != 256<<10 {
		t.Errorf("BufferSize for up to 8 connections = %d, want 256 KiB", cfg.BufferSize)
	}
	cfg = Config{BufferSize: 4096}
	cfg.defaults()
	if cfg.BufferSize != 4096 {
		t.Errorf("a BufferSize given was changed to %d", cfg.BufferSize)
	}
}

// writeLog is a File that keeps what it is given and every write's length.
type writeLog struct {
	mu    sync.Mutex
	data  []byte
	sizes []int
}

func (w *writeLog) WriteAt(p []byte, off int64) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if need := off + int64(len(p)); need > int64(len(w.data)) {
		w.data = append(w.data, make([]byte, need-int64(len(w.data)))...)
	}
	copy(w.data[off:], p)
	w.sizes = append(w.sizes, len(p))
	return len(p), nil
}

func TestWriteOutCutsLargeReadsIntoChunks(t *testing.T) {
	p := make([]byte, 1<<20+12345) // one large read, not a multiple of the chunk
	for i := range p {
		p[i] = byte(i*7 + i>>9)
	}
	const off = 3 << 20
	var w writeLog
	stall := time.AfterFunc(time.Hour, func() {})
	defer stall.Stop()
	if _, err := writeOut(context.Background(), &w, stall, time.Hour, p, off); err != nil {
		t.Fatal(err)
	}
	if got, want := sha256.Sum256(w.data[off:]), sha256.Sum256(p); got != want || len(w.data) != off+len(p) {
		t.Fatalf("the bytes written differ from the read's (%d bytes written up to %d)", len(w.data)-off, len(w.data))
	}
	if !bytes.Equal(w.data[:off], make([]byte, off)) {
		t.Fatal("bytes written before the offset")
	}
	if len(w.sizes) != 9 {
		t.Errorf("%d writes (%v); want 9: eight of %d and the rest", len(w.sizes), w.sizes, writeChunk)
	}
	for _, n := range w.sizes {
		if n > writeChunk {
			t.Errorf("a write of %d bytes; the largest should be %d", n, writeChunk)
		}
	}
}

// Tests of the stream's window: bytes written in any order, twice, or past
// the window come out once, in order, and the window never grows.

package streamwin

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"syscall"
	"testing"
	"time"
)

// pattern is n bytes that differ at every offset modulo 251.
func pattern(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i % 251)
	}
	return b
}

// chunk is a piece [off, off+n) of the content to write.
type chunk struct{ off, n int64 }

// writeAll writes every chunk of src from its own goroutine, as the
// connections of a download do, while drain runs; it returns drain's error
// and what came out.
func writeAll(t testing.TB, src []byte, window int64, chunks []chunk) ([]byte, error) {
	t.Helper()
	var out bytes.Buffer
	w := New(&out, int64(len(src)), window)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	for _, c := range chunks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := w.WriteAtContext(ctx, src[c.off:c.off+c.n], c.off); err != nil && ctx.Err() == nil {
				t.Errorf("write of %+v: %v", c, err)
			}
		}()
	}
	err := w.Drain(ctx)
	wg.Wait()
	if ctx.Err() != nil {
		t.Fatalf("drain did not end: %d of %d bytes out", w.Written(), len(src))
	}
	return out.Bytes(), err
}

// cut splits [0, size) into chunks of at most max bytes, in random order,
// with some written twice (an end-game duplicate) or overlapping.
func cut(rng *rand.Rand, size, most int64) []chunk {
	var cs []chunk
	for off := int64(0); off < size; {
		n := min(1+rng.Int64N(most), size-off)
		cs = append(cs, chunk{off, n})
		if rng.IntN(4) == 0 {
			cs = append(cs, chunk{off, n}) // a second copy
		}
		if rng.IntN(5) == 0 && off > 0 {
			back := rng.Int64N(off) % most
			cs = append(cs, chunk{off - back, min(back+n, size-off+back)}) // overlapping
		}
		off += n
	}
	rng.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
	return cs
}

func TestStreamWriterInOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct{ size, window, most int64 }{
		{1, 1, 1},
		{1000, 100, 30},
		{1000, 1000, 1000},
		{1000, 4096, 64},
		{10007, 333, 333},
		{1 << 20, 64 << 10, 16 << 10},
	} {
		src := pattern(int(tc.size))
		got, err := writeAll(t, src, tc.window, cut(rng, tc.size, tc.most))
		if err != nil {
			t.Fatalf("%+v: drain: %v", tc, err)
		}
		if !bytes.Equal(got, src) {
			t.Fatalf("%+v: %d bytes out, not the %d written in order", tc, len(got), len(src))
		}
	}
}

// The window is the bound: a write past it waits, and its wait ends with
// its context.
func TestStreamWriterWaitsPastWindow(t *testing.T) {
	var out bytes.Buffer
	w := New(&out, 1000, 100)
	if len(w.ring) != 100 {
		t.Fatalf("ring of %d bytes, want the window's 100", len(w.ring))
	}
	src := pattern(1000)
	if _, err := w.WriteAtContext(context.Background(), src[50:100], 50); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	waited, err := w.WriteAtContext(ctx, src[90:110], 90)
	if !errors.Is(err, context.DeadlineExceeded) || waited < 40*time.Millisecond {
		t.Fatalf("a write past the window: waited %s, %v; want a wait until its context ended", waited, err)
	}
	// Once the head comes out, the window moves and the write goes in.
	done := make(chan error, 1)
	go func() { _, err := w.WriteAtContext(context.Background(), src[100:200], 100); done <- err }()
	select {
	case err := <-done:
		t.Fatalf("a write of [100,200) went in before the window moved: %v", err)
	case <-time.After(20 * time.Millisecond):
	}
	if _, err := w.WriteAtContext(context.Background(), src[0:50], 0); err != nil {
		t.Fatal(err)
	}
	dctx, dcancel := context.WithCancel(context.Background())
	defer dcancel()
	drained := make(chan error, 1)
	go func() { drained <- w.Drain(dctx) }()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	w.mu.Lock()
	held := w.ready - w.head
	w.mu.Unlock()
	if held > 100 {
		t.Fatalf("%d bytes held, more than the window", held)
	}
	if _, err := w.WriteAt(src[200:], 200); err != nil {
		t.Fatal(err)
	}
	if err := <-drained; err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), src) {
		t.Fatal("wrong bytes out")
	}
}

// brokenPipe takes n bytes, then fails as a pipe whose reader left.
type brokenPipe struct{ n int }

func (b *brokenPipe) Write(p []byte) (int, error) {
	if len(p) <= b.n {
		b.n -= len(p)
		return len(p), nil
	}
	k := b.n
	b.n = 0
	return k, syscall.EPIPE
}

// A failing Writer ends the stream: drain returns a *WriteError, stop is
// told, and a write that waits for room ends with the same error.
func TestStreamWriterWriterFails(t *testing.T) {
	w := New(&brokenPipe{n: 10}, 1000, 64)
	var stopped error
	w.Stop = func(err error) { stopped = err }
	src := pattern(1000)
	if _, err := w.WriteAt(src[:64], 0); err != nil {
		t.Fatal(err)
	}
	blocked := make(chan error, 1)
	go func() { _, err := w.WriteAt(src[64:128], 64); blocked <- err }()
	err := w.Drain(context.Background())
	var we *WriteError
	if !errors.As(err, &we) || !errors.Is(err, syscall.EPIPE) || we.Written != 10 {
		t.Fatalf("drain = %v, want a *WriteError of EPIPE after 10 bytes", err)
	}
	if stopped != err {
		t.Fatalf("stop told %v, want %v", stopped, err)
	}
	if berr := <-blocked; berr != err {
		t.Fatalf("the waiting write ended with %v, want %v", berr, err)
	}
}

// Without a size, the stream ends at close, after the last byte.
func TestStreamWriterUnknownSize(t *testing.T) {
	var out bytes.Buffer
	w := New(&out, -1, 10)
	src := pattern(95)
	drained := make(chan error, 1)
	go func() { drained <- w.Drain(context.Background()) }()
	for off := 0; off < len(src); off += 7 {
		end := min(off+7, len(src))
		if _, err := w.WriteAt(src[off:end], int64(off)); err != nil {
			t.Fatal(err)
		}
	}
	// A retry that starts over from zero writes nothing new.
	if _, err := w.WriteAt(src[:40], 0); err != nil {
		t.Fatal(err)
	}
	w.Close()
	if err := <-drained; err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), src) {
		t.Fatalf("%d bytes out, want %d", out.Len(), len(src))
	}
	if _, err := w.WriteAt(src[:1], 95); !errors.Is(err, errStreamClosed) {
		t.Fatalf("a write after close: %v", err)
	}
}

func TestStreamWriterOutside(t *testing.T) {
	w := New(&bytes.Buffer{}, 10, 10)
	for _, c := range []chunk{{-1, 1}, {5, 6}, {10, 1}} {
		if _, err := w.WriteAt(make([]byte, c.n), c.off); err == nil {
			t.Errorf("a write of %+v outside a 10-byte stream was taken", c)
		}
	}
}

// FuzzStreamWriter cuts a stream by the fuzzer's choice of sizes, window
// and order, and checks that the bytes come out once, in order.
func FuzzStreamWriter(f *testing.F) {
	f.Add(uint16(1000), uint16(100), uint16(30), uint64(1))
	f.Add(uint16(1), uint16(1), uint16(1), uint64(2))
	f.Add(uint16(4096), uint16(4095), uint16(4097), uint64(3))
	f.Fuzz(func(t *testing.T, size, window, most uint16, seed uint64) {
		s, win, m := int64(size%8192)+1, int64(window%4096)+1, int64(most%4096)+1
		rng := rand.New(rand.NewPCG(seed, 1))
		src := pattern(int(s))
		got, err := writeAll(t, src, win, cut(rng, s, m))
		if err != nil {
			t.Fatalf("drain: %v", err)
		}
		if !bytes.Equal(got, src) {
			t.Fatalf("%d bytes out, not the %d written in order", len(got), len(src))
		}
	})
}

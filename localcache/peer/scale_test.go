// Tests of the peer server at scale: text stored compressed, thousands of
// keys within --max-size, many slow clients.

//go:build unix

package peer

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"path/filepath"
	"runtime"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/slget/slget/localcache"
)

// diskUsage is the space the files under dir take on disk (blocks, not
// lengths).
func diskUsage(t testing.TB, dir string) int64 {
	t.Helper()
	var total int64
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			return nil
		}
		if st, ok := fi.Sys().(*syscall.Stat_t); ok {
			total += st.Blocks * 512
		} else {
			total += fi.Size()
		}
		return nil
	})
	return total
}

// TestTextFileCompressedOnDisk: the 10 MB offset file, through the peer,
// takes at most a third of its size in the cache, index included.
func TestTextFileCompressedOnDisk(t *testing.T) {
	const size = 10 << 20
	data := offsetFile(size)
	origin := newBytesOrigin(t, data, "text/plain")
	dir := t.TempDir()
	st := openAt(t, dir, &localcache.Options{}) // synced, as in use
	p := servePeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1}, st)
	resp, body := p.get(t, origin.URL+"/offsets.txt")
	if resp.StatusCode != 200 || !bytes.Equal(body, data) {
		t.Fatalf("status %d, the file did not come back whole", resp.StatusCode)
	}
	// And once more, from the cache: decompressed on the way out.
	resp, body = p.get(t, origin.URL+"/offsets.txt", "Range: bytes=5000000-")
	if !bytes.Equal(body, data[5000000:]) || resp.Header.Get("X-Slget-From") != "cache" {
		t.Fatalf("from the cache: wrong bytes or from %q", resp.Header.Get("X-Slget-From"))
	}
	used := diskUsage(t, dir)
	t.Logf("the %d-byte offset file takes %d bytes on disk in the cache (%.1f%%); stored bytes %d", size, used, 100*float64(used)/size, st.Stats().StoredBytes)
	if used > size/3 {
		t.Errorf("the cache takes %d bytes on disk for a %d-byte text file, more than a third", used, size)
	}
}

// TestMaxSizeBoundsManyKeys fetches thousands of distinct small resources
// through a cache bounded to a few hundred KiB: it never grows past the
// bound by more than the slices in flight, and every answer is right.
func TestMaxSizeBoundsManyKeys(t *testing.T) {
	data := randomBytes(3, 8<<10)
	origin := newBytesOrigin(t, data, "application/octet-stream")
	const maxSize = 256 << 10
	const slice = 4 << 10
	const workers = 16
	dir := t.TempDir()
	st := openAt(t, dir, fast(localcache.Options{SliceSize: slice, MaxSize: maxSize}))
	p := servePeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1, MaxFills: workers}, st)
	const keys = 1000 // URLs, two slices each: 2000 keys
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var bad []string
	var peak int64
	for range workers {
		wg.Go(func() {
			for i := range jobs {
				req, _ := http.NewRequest(http.MethodGet, fmt.Sprintf("%s/files/%d.bin", origin.URL, i), nil)
				resp, err := p.client.Do(req)
				var b []byte
				if err == nil {
					b, err = io.ReadAll(resp.Body)
					resp.Body.Close()
				}
				sb := st.Stats().StoredBytes
				mu.Lock()
				peak = max(peak, sb)
				if err != nil || !bytes.Equal(b, data) {
					bad = append(bad, fmt.Sprintf("%d: %v", i, err))
				}
				mu.Unlock()
			}
		})
	}
	for i := range keys {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	if len(bad) > 0 {
		t.Fatalf("%d wrong answers, first %s", len(bad), bad[0])
	}
	// Concurrent Puts may pass the bound by the slices in flight.
	if limit := int64(maxSize + 2*workers*slice); peak > limit {
		t.Errorf("the cache reached %d stored bytes, bound %d (+%d in flight)", peak, maxSize, limit-maxSize)
	}
	if _, err := st.Sweep(); err != nil {
		t.Fatal(err)
	}
	if got := st.Stats().StoredBytes; got > maxSize {
		t.Errorf("after a sweep the cache holds %d stored bytes, more than %d", got, maxSize)
	}
	if used := diskUsage(t, filepath.Join(dir, "slices")); used > 2*maxSize+2*workers*slice {
		t.Errorf("slice files take %d bytes on disk", used)
	}
	if ev := counterValue(t, p, "slget_cache_evictions_total"); ev < 2*keys-2*maxSize/slice {
		t.Errorf("evictions_total %v, want at least %d", ev, 2*keys-2*maxSize/slice)
	}
	t.Logf("%d keys through a %d-byte cache: peak %d stored bytes", 2*keys, maxSize, peak)
}

// TestManySlowClients: hundreds of clients that read slowly, and some that
// stop reading, neither hold the server's memory nor stop a fast client;
// those that stop are dropped after WriteStall.
func TestManySlowClients(t *testing.T) {
	// Larger than the kernel's buffers hold for a client that reads
	// nothing (megabytes), so that the server has to wait on it.
	const size = 16 * mib
	data := randomBytes(4, size)
	origin := newBytesOrigin(t, data, "application/octet-stream")
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1, WriteStall: 8 * time.Second}, nil)
	url := origin.URL + "/big.bin"
	p.get(t, url) // warm

	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const slow, stuck = 100, 20
	var wg sync.WaitGroup
	for i := range slow + stuck {
		wg.Go(func() {
			c, err := net.Dial("tcp", p.addr)
			if err != nil {
				return
			}
			defer c.Close()
			context.AfterFunc(ctx, func() { c.Close() })
			fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: x\r\n\r\n", url)
			if i >= slow {
				<-ctx.Done() // reads nothing at all
				return
			}
			// About 400 KB/s: the kernel's buffers (megabytes) drain
			// within WriteStall.
			buf := make([]byte, 8<<10)
			for ctx.Err() == nil {
				if _, err := io.ReadFull(c, buf); err != nil {
					return
				}
				time.Sleep(20 * time.Millisecond)
			}
		})
	}
	time.Sleep(300 * time.Millisecond)
	start := time.Now()
	resp, body := p.get(t, url)
	fast := time.Since(start)
	if resp.StatusCode != 200 || !bytes.Equal(body, data) {
		t.Errorf("the fast client: status %d, wrong bytes", resp.StatusCode)
	}
	if fast > 10*time.Second {
		t.Errorf("the fast client took %v beside %d slow ones", fast, slow+stuck)
	}
	// The stuck clients are dropped after WriteStall, once the kernel's
	// buffers are full.
	time.Sleep(10 * time.Second)
	runtime.GC()
	var during runtime.MemStats
	runtime.ReadMemStats(&during)
	conns := counterValue(t, p, "slget_serve_connections")
	cancel()
	wg.Wait()
	growth := int64(during.HeapInuse) - int64(before.HeapInuse)
	t.Logf("fast client: %v; heap in use grew by %d KiB with %d slow clients; %v connections open", fast, growth>>10, slow, conns)
	// Each slow answer holds at most one slice (1 MiB) while it is written,
	// and the kernel's socket buffers hold what it has not read.
	if limit := int64(slow+stuck) * (mib + 256<<10); growth > limit {
		t.Errorf("heap grew by %d bytes, more than a slice per client (%d)", growth, limit)
	}
	if conns > slow+2 {
		t.Errorf("%v connections still open after WriteStall; the %d clients that read nothing should have been dropped", conns, stuck)
	}
	if conns < slow/2 && !raceEnabled {
		t.Errorf("only %v connections open: the slow clients, which read fast enough for WriteStall, were dropped", conns)
	}
}

// Tests of cached slices sent from held-open files by sendfile at their
// offsets: the bytes of concurrent ranged answers, and the descriptors let
// go when the server closes.

package peer

import (
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// openSliceFiles counts this process's descriptors of files (not folders)
// under dir/slices, the deleted ones included.
func openSliceFiles(t testing.TB, dir string) int {
	t.Helper()
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip("no /proc/self/fd")
	}
	prefix := filepath.Join(dir, "slices") + "/"
	n := 0
	for _, e := range ents {
		target, err := os.Readlink(filepath.Join("/proc/self/fd", e.Name()))
		if err != nil || !strings.HasPrefix(target, prefix) {
			continue
		}
		if fi, err := os.Stat(strings.TrimSuffix(target, " (deleted)")); err != nil || !fi.IsDir() {
			n++
		}
	}
	return n
}

// fillAll asks the peer for the whole of origin's file once, and checks it.
func fillAll(t *testing.T, p *peer, origin *bytesOrigin, data []byte) {
	t.Helper()
	resp, body := p.get(t, origin.URL+"/f")
	if resp.StatusCode != 200 || sha256.Sum256(body) != sha256.Sum256(data) {
		t.Fatalf("fill: %d, %d bytes", resp.StatusCode, len(body))
	}
}

func TestCachedRangesFromHeldFilesConcurrently(t *testing.T) {
	const size = 8*mib + 12345
	data := randomBytes(7, size)
	origin := newBytesOrigin(t, data, "application/octet-stream")
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1}, nil)
	fillAll(t, p, origin, data)
	origin.mu.Lock()
	before := origin.requests
	origin.mu.Unlock()
	var wg sync.WaitGroup
	for g := range 12 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(g), 1))
			for range 30 {
				var start, end int64
				switch rng.IntN(3) {
				case 0: // a whole slice
					k := rng.Int64N(size/mib + 1)
					start, end = k*mib, min((k+1)*mib, size)
				case 1: // within one slice
					k := rng.Int64N(size / mib)
					start = k*mib + rng.Int64N(mib-1)
					end = start + 1 + rng.Int64N(k*mib+mib-start)
				default: // across slices
					start = rng.Int64N(size - 1)
					end = start + 1 + rng.Int64N(min(size-start, 3*mib))
				}
				resp, body := p.get(t, origin.URL+"/f", fmt.Sprintf("Range: bytes=%d-%d", start, end-1))
				if resp.StatusCode != 206 || sha256.Sum256(body) != sha256.Sum256(data[start:end]) {
					t.Errorf("bytes %d-%d: %d, %d bytes, not the origin's", start, end-1, resp.StatusCode, len(body))
					return
				}
			}
		})
	}
	wg.Wait()
	origin.mu.Lock()
	after := origin.requests
	origin.mu.Unlock()
	if after != before {
		t.Errorf("the origin was asked %d times for cached slices", after-before)
	}
	if n := openSliceFiles(t, p.store.Dir()); n == 0 {
		t.Error("no slice file held open after sending cached slices")
	}
}

func TestServerCloseLetsGoOfSliceFiles(t *testing.T) {
	const size = 4 * mib
	data := randomBytes(8, size)
	origin := newBytesOrigin(t, data, "application/octet-stream")
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1}, nil)
	fillAll(t, p, origin, data)
	fillAll(t, p, origin, data) // read and checked: held open
	fillAll(t, p, origin, data) // sent from the held files
	if n := openSliceFiles(t, p.store.Dir()); n != size/mib {
		t.Fatalf("%d slice files open, want the %d sent", n, size/mib)
	}
	p.cancel()
	<-p.served
	if n := openSliceFiles(t, p.store.Dir()); n != 0 {
		t.Fatalf("%d slice files still open after the server closed", n)
	}
}

// deletedSliceFiles counts this process's descriptors of slice files
// under dir/slices that are no longer on disk.
func deletedSliceFiles(t testing.TB, dir string) int {
	t.Helper()
	ents, _ := os.ReadDir("/proc/self/fd")
	n := 0
	for _, e := range ents {
		target, err := os.Readlink(filepath.Join("/proc/self/fd", e.Name()))
		if err == nil && strings.HasPrefix(target, filepath.Join(dir, "slices")+"/") && strings.HasSuffix(target, " (deleted)") {
			n++
		}
	}
	return n
}

func TestPurgedSliceNotSentFromHeldFile(t *testing.T) {
	const size = 2 * mib
	data := randomBytes(9, size)
	origin := newBytesOrigin(t, data, "application/octet-stream")
	p := startPeer(t, Config{Allow: []string{allowOrigin(origin.URL)}, ClientRate: -1}, nil)
	fillAll(t, p, origin, data)
	fillAll(t, p, origin, data) // checked: held open
	if n := openSliceFiles(t, p.store.Dir()); n != size/mib {
		t.Fatalf("%d slice files open, want %d", n, size/mib)
	}
	if n, _, err := p.store.Purge(origin.URL + "/f"); err != nil || n != size/mib {
		t.Fatalf("Purge: %d, %v", n, err)
	}
	if n := deletedSliceFiles(t, p.store.Dir()); n != 0 {
		t.Fatalf("%d descriptors of purged slice files still open", n)
	}
	// The origin changes its bytes under the same ETag: an answer from a
	// held descriptor of the purged files would still send the old ones.
	changed := randomBytes(10, size)
	origin.mu.Lock()
	origin.data = changed
	origin.mu.Unlock()
	resp, body := p.get(t, origin.URL+"/f", "Range: bytes=0-1048575")
	if resp.StatusCode != 206 || sha256.Sum256(body) != sha256.Sum256(changed[:mib]) {
		t.Fatalf("after the purge: %d, not the bytes filled again", resp.StatusCode)
	}
}

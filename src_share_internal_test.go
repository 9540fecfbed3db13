// Tests of the cache fill and of the read-back of suspect slices, without
// a whole download around them.

package slget

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"sync"
	"testing"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/localcache"
	"github.com/slget/slget/segment"
)

// fullCache is a slicePutter whose disk fills up after room slices.
type fullCache struct {
	mu    sync.Mutex
	room  int
	puts  map[int64][]byte
	tries int
}

func (f *fullCache) Put(k localcache.Key, _ localcache.PutMeta, data []byte) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.tries++
	if len(f.puts) >= f.room {
		return &localcache.Error{Dir: "/cache", Op: "put", Err: localcache.ErrFull}
	}
	f.puts[k.Index] = bytes.Clone(data)
	return nil
}

func (f *fullCache) Dir() string { return "/cache" }

// A full cache stops the fill with one warning; nothing fails, and the
// slices stored are the file's.
func TestFillStopsWhenTheCacheIsFull(t *testing.T) {
	plan, _ := segment.NewPlan(10*4096+7, 4096)
	file := make([]byte, plan.Size)
	for i := range file {
		file[i] = byte(i * 7)
	}
	store := &fullCache{room: 3, puts: map[int64][]byte{}}
	var warns []string
	var mu sync.Mutex
	warn := func(format string, args ...any) {
		mu.Lock()
		warns = append(warns, fmt.Sprintf(format, args...))
		mu.Unlock()
	}
	fill := startFill(t.Context(), store, newSliceKeyer("http://o/f", fetch.Validator{ETag: `"x"`, Size: plan.Size}, plan.Slice),
		localcache.PutMeta{}, plan, bytes.NewReader(file), warn)
	for i := 0; i < plan.N(); i++ {
		sr := plan.SliceRange(i)
		crc := crc32.Checksum(file[sr.Start:sr.End], castagnoli)
		if i == 1 {
			crc++ // not the bytes committed: skipped
		}
		fill.add([]fetch.SliceDone{{Index: i, CRC32C: crc, From: segment.FromOrigin}})
	}
	fill.close()
	if len(warns) != 1 || !bytes.Contains([]byte(warns[0]), []byte("/cache is full")) {
		t.Fatalf("warnings %q, want one that the cache is full", warns)
	}
	// 3 stored, then the Puts in flight when the disk was found full.
	if store.tries < 4 || store.tries > 3+fillWorkers {
		t.Errorf("%d Puts, want 3 and at most %d that found the disk full", store.tries, fillWorkers)
	}
	if _, ok := store.puts[1]; ok {
		t.Error("slice 1, whose bytes no longer had their checksum, was stored")
	}
	for i, b := range store.puts {
		sr := plan.SliceRange(int(i))
		if !bytes.Equal(b, file[sr.Start:sr.End]) {
			t.Errorf("slice %d stored with wrong bytes", i)
		}
	}
}

// A fill whose download was interrupted ends at once, its queue dropped.
func TestFillEndsWithItsContext(t *testing.T) {
	plan, _ := segment.NewPlan(4*4096, 4096)
	ctx, cancel := context.WithCancel(t.Context())
	store := &fullCache{room: 100, puts: map[int64][]byte{}}
	fill := startFill(ctx, store, sliceKeyer{}, localcache.PutMeta{}, plan, bytes.NewReader(make([]byte, plan.Size)), t.Logf)
	cancel()
	fill.add([]fetch.SliceDone{{Index: 0}, {Index: 1}})
	fill.close() // must return
}

func TestChangedSlices(t *testing.T) {
	plan, _ := segment.NewPlan(5*4096+1, 4096)
	file := make([]byte, plan.Size)
	for i := range file {
		file[i] = byte(i)
	}
	crcs := make([]uint32, plan.N())
	for i := range crcs {
		sr := plan.SliceRange(i)
		crcs[i] = crc32.Checksum(file[sr.Start:sr.End], castagnoli)
	}
	file[2*4096+100] ^= 1 // slice 2 was overwritten after its commit
	record := func(i int) (uint32, segment.Provenance, bool) { return crcs[i], segment.FromOrigin, i != 4 }
	bad, err := changedSlices(bytes.NewReader(file), plan, []int{0, 2, 4, 5}, record)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(bad) != "[2 4]" {
		t.Errorf("changed %v, want [2 4] (2 overwritten, 4 without a record)", bad)
	}
	if _, err := changedSlices(bytes.NewReader(file[:100]), plan, []int{3}, record); !errors.Is(err, io.EOF) {
		t.Errorf("reading past a short file: %v", err)
	}
}

// Tests of many goroutines on one Store: Put, Get, eviction and Verify at once.

package localcache

import (
	"context"
	"errors"
	"io"
	"sync"
	"testing"
)

func TestConcurrent(t *testing.T) {
	const (
		slices  = 48
		workers = 8
		rounds  = 60
	)
	s := openStore(t, fast(Options{SliceSize: 16 << 10, MaxSize: 24 * 16 << 10}))
	data := make([][]byte, slices)
	metas := make([]PutMeta, slices)
	for i := range data {
		if i%2 == 0 {
			data[i], metas[i] = textBytes(uint64(i), 16<<10-i), PutMeta{ContentType: "text/plain"}
		} else {
			data[i] = randomBytes(uint64(i), 16<<10-i)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range rounds {
				i := (w*7 + r*5) % slices
				k := key(s, "c", int64(i))
				if r%3 == 0 {
					if err := s.Put(k, metas[i], data[i]); err != nil {
						errs <- err
						return
					}
					continue
				}
				rc, _, err := s.Get(k)
				if err == ErrMiss {
					continue
				}
				if err != nil {
					errs <- err
					return
				}
				b, _ := io.ReadAll(rc)
				rc.Close()
				if sha(b) != sha(data[i]) {
					errs <- errors.New("Get returned other bytes")
					return
				}
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		if _, err := s.Verify(context.Background()); err != nil {
			errs <- err
		}
		if _, err := s.Sweep(); err != nil {
			errs <- err
		}
	}()
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if _, err := s.Sweep(); err != nil {
		t.Fatal(err)
	}
	st := s.Stats()
	if st.StoredBytes > 24*16<<10 {
		t.Errorf("stats %+v past MaxSize", st)
	}
	rep, err := s.Verify(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Quarantined) != 0 || rep.Checked != rep.OK || int64(rep.OK) != st.Slices {
		t.Errorf("Verify after the storm: %+v, stats %+v", rep, st)
	}
	if s.Stats() != st {
		t.Errorf("totals drifted: %+v, Verify made them %+v", st, s.Stats())
	}
}

// TestEvictionBesidePutOfTheSameSlice has Puts of a few slices evict each
// other (the cache holds two), and a Verify run beside them: a slice
// evicted and stored again between eviction's two steps (record, then
// file) must keep its file, and a file Verify read must not be indexed
// after it was evicted. Every record must have its file at the end.
func TestEvictionBesidePutOfTheSameSlice(t *testing.T) {
	// One storm parts a record from its file about one time in seven
	// without the slot locks; ten make a miss unlikely.
	for range 10 {
		evictionStorm(t)
		if t.Failed() {
			return
		}
	}
}

func evictionStorm(t *testing.T) {
	const (
		slices  = 3
		workers = 6
		rounds  = 1000
	)
	s := openStore(t, fast(Options{SliceSize: 4 << 10, MaxSize: 2 * 4 << 10}))
	data := make([][]byte, slices)
	for i := range data {
		data[i] = randomBytes(uint64(i), 4<<10)
	}
	var wg sync.WaitGroup
	errs := make(chan error, workers+1)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range rounds {
				i := (w + r) % slices
				if err := s.Put(key(s, "e", int64(i)), PutMeta{}, data[i]); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for range 20 {
			if _, err := s.Verify(context.Background()); err != nil {
				errs <- err
				return
			}
		}
	}()
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	st := s.Stats()
	rep, err := s.Verify(context.Background())
	if err != nil {
		t.Error(err)
		return
	}
	if rep.Missing != 0 || rep.Adopted != 0 || int64(rep.OK) != st.Slices || s.Stats() != st {
		t.Errorf("records and files parted: Verify %+v, stats before %+v, after %+v", rep, st, s.Stats())
	}
	for i := range slices {
		rc, _, err := s.Get(key(s, "e", int64(i)))
		if err == ErrMiss {
			continue
		}
		if err != nil {
			t.Error(err)
			return
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		if sha(b) != sha(data[i]) {
			t.Errorf("slice %d: other bytes", i)
		}
	}
}

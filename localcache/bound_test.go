// Tests of Options.MaxSize while many Puts run at once: the stored bytes,
// sampled all along, never pass the bound.

package localcache

import (
	"context"
	"sync"
	"testing"
)

func TestMaxSizeHoldsUnderParallelPuts(t *testing.T) {
	const (
		slice   = 16 << 10
		bound   = 20 * slice
		writers = 40
		each    = 6
	)
	s := openStore(t, fast(Options{SliceSize: slice, MaxSize: bound}))
	ctx, stop := context.WithCancel(context.Background())
	var peak int64
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for ctx.Err() == nil {
			peak = max(peak, s.Stats().StoredBytes)
		}
	}()
	var wg sync.WaitGroup
	start := make(chan struct{})
	errs := make(chan error, writers)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			for i := range each {
				n := int64(w*each + i)
				if err := s.Put(key(s, "bound", n), PutMeta{}, randomBytes(uint64(n), slice)); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	close(start)
	wg.Wait()
	stop()
	<-sampled
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	peak = max(peak, s.Stats().StoredBytes)
	if peak > bound {
		t.Errorf("stored bytes reached %d (%d slices) against a bound of %d (%d slices)", peak, peak/slice, bound, bound/slice)
	}
	if st := s.Stats(); st.StoredBytes > bound || st.Slices == 0 {
		t.Errorf("after the Puts: %+v", st)
	}
}

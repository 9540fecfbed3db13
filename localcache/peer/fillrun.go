// Fill runs: one origin request for a run of claimed slices, read into
// the cache slice by slice, its progress watched for a stuck run, and
// each slice stored; fill.go holds the flights and claims that start one.

package peer

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"sync"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/localcache"
	"github.com/slget/slget/segment"
)

// runFill fetches the run's slices from the origin in one request, stores
// each, and hands it to its waiters.
func (s *Server) runFill(r *run) {
	defer s.untrack()
	var err error
	defer func() {
		if err == nil {
			err = errors.New("fill ended early")
		}
		for i := r.first; i < r.end; i++ {
			s.complete(r, i, piece{}, err)
		}
		r.cancel(nil)
	}()
	select {
	case s.fills.sem <- struct{}{}:
	case <-r.ctx.Done():
		err = errClosing
		return
	}
	defer func() { <-s.fills.sem }()
	r.prog.start(&s.fills.got)
	s.metrics.fillsInFlight.Inc()
	defer s.metrics.fillsInFlight.Dec()
	ctx, cancel := context.WithTimeout(r.ctx, s.cfg.FillTimeout)
	defer cancel()
	lockAge := s.cfg.LockAge
	watchdog := time.AfterFunc(lockAge, func() { r.cancel(errStuck) })
	defer watchdog.Stop()

	v := r.v
	rng := segment.Range{Start: r.first * s.sliceSize, End: min(r.end*s.sliceSize, v.size)}
	started := time.Now()
	err = s.fetchRun(ctx, r, rng, func(n int64) {
		watchdog.Reset(lockAge)
		r.prog.add(n)
		s.fills.got.Add(n)
	})
	if err != nil && r.ctx.Err() != nil {
		err = context.Cause(r.ctx)
	}
	s.metrics.fills.WithLabelValues(resultLabel(err)).Inc()
	attrs := []any{"url", fetch.Redact(v.url), "etag", v.etag, "range", rng.Header(), "slices", r.end - r.first, "took", time.Since(started).Round(time.Millisecond)}
	if err != nil {
		s.log.Warn("fill failed", append(attrs, "err", err)...)
		var ce *fetch.ChangedError
		if errors.As(err, &ce) {
			s.versions.forget(v.url, v)
		}
		return
	}
	s.log.Info("filled", attrs...)
}

// runBytes is how many bytes of r were read since slice from.
func (s *Server) runBytes(r *run, from int64) int64 {
	return min(r.next*s.sliceSize, r.v.size) - min(from*s.sliceSize, r.v.size)
}

// readRun reads rng (whole slices, from r.next to the end of r) from src.
func (s *Server) readRun(ctx context.Context, r *run, src fetch.Source, rng segment.Range, progress func(int64), from source) error {
	body, err := src.Open(ctx, rng)
	if err != nil {
		return err
	}
	defer body.Close()
	in := &progressReader{r: body, progress: progress}
	for i := r.next; i < r.end; i++ {
		n := min(s.sliceSize, r.v.size-i*s.sliceSize)
		buf := make([]byte, n)
		if _, err := io.ReadFull(in, buf); err != nil {
			if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
				err = fetch.ErrShortBody
			}
			return fmt.Errorf("slice %d: %w", i, err)
		}
		if from == fromOrigin {
			s.metrics.originBytes.Add(float64(n))
		} else {
			s.metrics.fleetBytes.Add(float64(n))
		}
		p := piece{index: i, size: n, crc: crc32c(buf), data: buf, from: from, stored: n}
		s.put(r.v, i, buf)
		s.hot.add(flightKey(r.v, i), buf, p.crc)
		s.complete(r, i, p, nil)
		r.next = i + 1
	}
	return nil
}

// put stores a filled slice. A full disk, or any other failure, leaves the
// slice uncached: its waiters are served from memory all the same.
func (s *Server) put(v *version, i int64, data []byte) {
	err := s.storePut(v.key(s.sliceSize, i), localcache.PutMeta{ContentType: v.ctype}, data)
	switch {
	case err == nil:
		s.metrics.storedOne()
	case errors.Is(err, localcache.ErrFull):
		s.metrics.putFailures.WithLabelValues("full").Inc()
		s.warnFull.Do(s.now(), func() { s.log.Warn("cache disk full: passing bytes through uncached", "err", err) })
	default:
		s.metrics.putFailures.WithLabelValues("error").Inc()
		s.log.Warn("cannot cache a slice; passing it through", "url", fetch.Redact(v.url), "slice", i, "err", err)
	}
}

// progressReader calls progress after every read that brought bytes,
// with their count.
type progressReader struct {
	r        io.Reader
	progress func(int64)
}

func (p *progressReader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	if n > 0 {
		p.progress(int64(n))
	}
	return n, err
}

// resultLabel is "ok" or "error", for metrics.
func resultLabel(err error) string {
	if err != nil {
		return "error"
	}
	return "ok"
}

// everyWhile runs a function at most once per interval: for warnings that
// would otherwise come with every request.
type everyWhile struct {
	mu   sync.Mutex
	last time.Time
	gap  time.Duration
}

func (e *everyWhile) Do(now time.Time, f func()) {
	e.mu.Lock()
	if !e.last.IsZero() && now.Sub(e.last) < e.gap {
		e.mu.Unlock()
		return
	}
	e.last = now
	e.mu.Unlock()
	f()
}

// crc32c is the CRC-32C of b, as the store and X-Slget-Crc32c give it.
// MakeTable returns the one Castagnoli table, made once.
func crc32c(b []byte) uint32 { return crc32.Checksum(b, crc32.MakeTable(crc32.Castagnoli)) }

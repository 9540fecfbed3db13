// Tests of a WindowFile's waits: a connection that waits for a stream's
// reader is neither stalled nor slow.

package fetch_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/segment"
)

// holdFile is a WindowFile that holds the first write at or past from for
// hold, as a stream's window holds a connection that runs ahead of a slow
// reader.
type holdFile struct {
	*memFile
	from   int64
	hold   time.Duration
	held   atomic.Bool
	waited atomic.Int64
}

func (f *holdFile) WriteAtContext(ctx context.Context, p []byte, off int64) (time.Duration, error) {
	var waited time.Duration
	if off >= f.from && f.held.CompareAndSwap(false, true) {
		start := time.Now()
		t := time.NewTimer(f.hold)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			f.waited.Store(int64(time.Since(start)))
			return time.Since(start), ctx.Err()
		}
		waited = time.Since(start)
		f.waited.Store(int64(waited))
	}
	_, err := f.memFile.WriteAt(p, off)
	return waited, err
}

// A write held for three stall timeouts neither stalls the connection nor
// makes it too slow: the stall timer stops while the write waits, and the
// wait is left out of the speed window. (The timeouts leave room for a
// busy machine: a real stall of a second on loopback is not expected. One
// connection: no other is idle to duplicate the held slice.)
func TestWindowWaitIsNotAStall(t *testing.T) {
	const slice, size = 64 * kib, 1 * mib
	const stall = time.Second
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	client := newClient(t, 1)
	p, err := client.Probe(ctx, srv.FileURL(), slice)
	if err != nil {
		t.Fatal(err)
	}
	res := &result{probe: p, want: srv.Content()}
	res.plan = mustPlan(t, size, slice)
	out := &holdFile{memFile: newMemFile(size, &res.want), from: 5*slice + 100, hold: 3 * stall}
	res.out = out.memFile
	cfg := fetch.Config{Connections: 1, StallTimeout: stall, LowestSpeed: 1 * mib, LowestSpeedWindow: stall,
		Retry: fetch.RetryPolicy{Wait: time.Millisecond}, Logf: res.log.logf}
	res.d = fetch.NewDownloader(cfg, res.plan, nil, fetch.NewOrigin(client, p), out)
	if err := res.d.Run(ctx, p.Body); err != nil {
		t.Fatalf("download: %v\nlog: %q", err, res.log.all())
	}
	res.check(t)
	if st := res.d.Stats(); st.Retries != 0 {
		t.Errorf("%d retries; log: %q", st.Retries, res.log.all())
	}
	for _, l := range res.log.all() {
		if strings.Contains(l, "stall") || strings.Contains(l, "slow") {
			t.Errorf("the held connection was dropped: %s", l)
		}
	}
	for rng, n := range rangeCount(fileGets(srv.Requests(), "/file.bin")) {
		if n != 1 {
			t.Errorf("%s asked %d times", rng, n)
		}
	}
	if w := time.Duration(out.waited.Load()); w < 3*stall {
		t.Errorf("a write was held %s, want %s", w, 3*stall)
	}
}

// A held write ends when the download does: a connection that waits for a
// reader that never comes back does not keep Run from returning.
func TestWindowWaitEndsWithContext(t *testing.T) {
	const slice, size = 64 * kib, 1 * mib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	ctx, cancel := context.WithCancel(t.Context())
	client := newClient(t, 2)
	p, err := client.Probe(ctx, srv.FileURL(), slice)
	if err != nil {
		t.Fatal(err)
	}
	want := srv.Content()
	out := &holdFile{memFile: newMemFile(size, &want), from: 3 * slice, hold: time.Hour}
	d := fetch.NewDownloader(fetch.Config{Connections: 2}, mustPlan(t, size, slice), nil, fetch.NewOrigin(client, p), out)
	done := make(chan error, 1)
	go func() { done <- d.Run(ctx, p.Body) }()
	waitUntil(t, "a held write", out.held.Load)
	cancel()
	select {
	case err := <-done:
		if err != context.Canceled {
			t.Fatalf("Run = %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return after its context ended while a write was held")
	}
}

func mustPlan(t *testing.T, size, slice int64) segment.Plan {
	t.Helper()
	p, err := segment.NewPlan(size, slice)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// waitUntil polls cond until it holds, or fails the test after 10s.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

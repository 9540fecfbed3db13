// Tests of StreamTo (one connection, no ranges) and of the rate limiters.

package fetch_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/time/rate"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/segment"
)

// probeStream probes a server without ranges and returns the probe.
func probeStream(t *testing.T, srv *fetchtest.Server) *fetch.Probe {
	t.Helper()
	p, err := newClient(t, 1).Probe(t.Context(), srv.FileURL(), 64*kib)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Body.Close() })
	if p.Ranged {
		t.Fatal("probe: ranged")
	}
	return p
}

// Point 5 for streams: a stalled stream ends with ErrStalled after the
// stall timeout, a timeout that is retryable.
func TestStreamStall(t *testing.T) {
	const stall = 300 * time.Millisecond
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1*mib), fetchtest.WithNoRanges(), fetchtest.WithStall(1, 100*kib))
	p := probeStream(t, srv)
	var written atomic.Int64
	start := time.Now()
	n, err := fetch.StreamTo(t.Context(), p.Body, newMemFile(-1, nil), &written, fetch.StreamRules{Stall: stall})
	el := time.Since(start)
	if !errors.Is(err, fetch.ErrStalled) || !fetch.IsTimeout(err) || !fetch.Retryable(err) {
		t.Fatalf("err = %v, want ErrStalled", err)
	}
	if n != 100*kib || written.Load() != n {
		t.Errorf("copied %d (counted %d), want %d before the stall", n, written.Load(), 100*kib)
	}
	if el < stall || el > 10*stall {
		t.Errorf("stall noticed after %s, want about %s", el, stall)
	}
}

// Point 4/5 for streams: a cut body is ErrShortBody, retryable; with no
// length too.
func TestStreamCut(t *testing.T) {
	for _, noLength := range []bool{false, true} {
		t.Run(fmt.Sprintf("noLength=%v", noLength), func(t *testing.T) {
			opts := []fetchtest.Option{fetchtest.WithSize(1 * mib), fetchtest.WithNoRanges(), fetchtest.WithCutBody(1, 300*kib)}
			if noLength {
				opts = append(opts, fetchtest.WithNoLength())
			}
			srv := fetchtest.NewServer(t, opts...)
			p := probeStream(t, srv)
			var written atomic.Int64
			n, err := fetch.StreamTo(t.Context(), p.Body, newMemFile(-1, nil), &written, fetch.StreamRules{Stall: time.Second})
			if !errors.Is(err, fetch.ErrShortBody) || !fetch.Retryable(err) {
				t.Fatalf("err = %v after %d bytes, want ErrShortBody", err, n)
			}
			if n > 300*kib {
				t.Errorf("copied %d bytes of a body cut at %d", n, 300*kib)
			}
		})
	}
}

// Cancelling the context ends a stream at once with the context's error.
func TestStreamCancel(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1*mib), fetchtest.WithNoRanges(), fetchtest.WithStall(1, 10*kib))
	p := probeStream(t, srv)
	ctx, cancel := context.WithCancel(t.Context())
	time.AfterFunc(100*time.Millisecond, cancel)
	var written atomic.Int64
	start := time.Now()
	_, err := fetch.StreamTo(ctx, p.Body, newMemFile(-1, nil), &written, fetch.StreamRules{Stall: 10 * time.Second})
	if !errors.Is(err, context.Canceled) || fetch.Retryable(err) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("cancel took %s", el)
	}
}

// The overall limiter holds a stream and a download to its rate.
func TestLimiter(t *testing.T) {
	const size, lim = 512 * kib, 2 * mib // about 0.25s at the limit
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	res := mustDownload(t, srv, 64*kib, fetch.Config{Connections: 4, Limiter: rate.NewLimiter(lim, 64*kib)})
	// The probe's body is not limited by the Downloader's limiter when it
	// was already read; allow for one slice and the burst.
	if min := time.Duration(float64(size-2*64*kib) / lim * float64(time.Second)); res.elapsed < min {
		t.Errorf("download took %s, want at least %s at %d B/s", res.elapsed, min, lim)
	}

	srv = fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithNoRanges())
	p := probeStream(t, srv)
	var written atomic.Int64
	start := time.Now()
	if _, err := fetch.StreamTo(t.Context(), p.Body, newMemFile(-1, nil), &written, fetch.StreamRules{Stall: time.Second, Limiter: rate.NewLimiter(lim, 64*kib)}); err != nil {
		t.Fatal(err)
	}
	if el, min := time.Since(start), time.Duration(float64(size-64*kib)/lim*float64(time.Second)); el < min {
		t.Errorf("stream took %s, want at least %s", el, min)
	}
}

// A limiter without a limit may have a zero burst (rate.NewLimiter(rate.Inf,
// 0)); that must not make reads of zero bytes forever.
func TestLimiterInfZeroBurst(t *testing.T) {
	const size = 512 * kib
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	c := newClient(t, 2)
	p, err := c.Probe(ctx, srv.FileURL(), 64*kib)
	if err != nil {
		t.Fatal(err)
	}
	plan, _ := segment.NewPlan(size, 64*kib)
	want := srv.Content()
	out := newMemFile(size, &want)
	d := fetch.NewDownloader(fetch.Config{Connections: 2, Limiter: rate.NewLimiter(rate.Inf, 0)}, plan, nil, fetch.NewOrigin(c, p), out)
	if err := d.Run(ctx, p.Body); err != nil {
		t.Fatalf("download: %v", err)
	}
	if out.sum() != want.SHA256() {
		t.Error("wrong bytes")
	}

	srv = fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithNoRanges())
	p = probeStream(t, srv)
	var written atomic.Int64
	if n, err := fetch.StreamTo(ctx, p.Body, newMemFile(-1, nil), &written, fetch.StreamRules{Stall: time.Second, Limiter: rate.NewLimiter(rate.Inf, 0)}); n != size || err != nil {
		t.Fatalf("stream: %d, %v", n, err)
	}
}

// Servers other than Go's answer the probe of an empty resource with 416
// and "bytes */0": that is an empty ranged resource. A 416 for anything
// else is an HTTPError.
func TestProbe416(t *testing.T) {
	for _, tc := range []struct {
		cr     string
		wantOK bool
	}{{"bytes */0", true}, {"bytes */100", false}, {"", false}} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if tc.cr != "" {
				w.Header().Set("Content-Range", tc.cr)
			}
			w.WriteHeader(http.StatusRequestedRangeNotSatisfiable)
		}))
		p, err := newClient(t, 1).Probe(t.Context(), srv.URL+"/f", 64*kib)
		srv.Close()
		if tc.wantOK {
			if err != nil || !p.Ranged || p.Validator.Size != 0 {
				t.Errorf("%q: %+v, %v; want an empty ranged resource", tc.cr, p, err)
			}
			continue
		}
		var he *fetch.HTTPError
		if !errors.As(err, &he) || he.Status != http.StatusRequestedRangeNotSatisfiable {
			t.Errorf("%q: err = %v, want HTTPError 416", tc.cr, err)
		}
	}
}

// A probe answered 206 with a Content-Range that is not slice 0 is a
// RangeError, as is one without a total.
func TestProbeWrongContentRange(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1*mib), fetchtest.WithWrongContentRange(1))
	_, err := newClient(t, 1).Probe(t.Context(), srv.FileURL(), 64*kib)
	var re *fetch.RangeError
	if !errors.As(err, &re) || !fetch.Retryable(err) {
		t.Errorf("err = %v, want a retryable RangeError", err)
	}
	for _, cr := range []string{"bytes 0-65535/*", "bytes 0-10/100"} {
		hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Range", cr)
			w.WriteHeader(http.StatusPartialContent)
		}))
		_, err := newClient(t, 1).Probe(t.Context(), hs.URL, 64*kib)
		hs.Close()
		if !errors.As(err, &re) {
			t.Errorf("%q: err = %v, want RangeError", cr, err)
		}
	}
}

// Every body under the speed rules: a server without ranges that trickles
// its whole answer (10 B/s, live enough that the stall timeout never
// fires) is cut by the lowest speed, as a range would be.
func TestStreamLowestSpeed(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1*mib), fetchtest.WithNoRanges(), fetchtest.WithTrickle(1, 0, 10))
	p := probeStream(t, srv)
	var written atomic.Int64
	const window = 500 * time.Millisecond
	start := time.Now()
	_, err := fetch.StreamTo(t.Context(), p.Body, newMemFile(-1, nil), &written,
		fetch.StreamRules{Stall: 10 * time.Second, LowestSpeed: 1024, LowestSpeedWindow: window})
	el := time.Since(start)
	if !errors.Is(err, fetch.ErrTooSlow) || !fetch.Retryable(err) {
		t.Fatalf("err = %v, want ErrTooSlow", err)
	}
	if el < window || el > 4*window {
		t.Errorf("cut after %s, want about %s", el, window)
	}
}

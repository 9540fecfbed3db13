// A caching proxy that reads the file from its start for every range:
// squid with range_offset_limit none and a file larger than it may store
// fetches the origin from byte 0 up to each range it is asked for, so N
// ranges spread over the file cost the origin about N/2 files (16 times a
// 64 MiB file at -x 8). One far slice is asked for alone: a proxy that
// passes ranges on answers it within a few round trips; one that reads
// from the start answers only when its read gets there, and is cut off
// then, having read the origin for a few round trips only (the check once
// waited up to 3 s, which let squid read 197 MB of a fast origin). Such a
// proxy then gets one whole answer (see wholeFront), which costs the
// origin the file once and takes no longer: every far range had to wait
// for the same read from the start.

package slget

import (
	"context"
	"io"
	"time"

	"github.com/slget/slget/fetch"
)

// minSlicesForProxyCheck is the least number of slices for which the far
// byte is asked first: below it, what a proxy that reads from the start
// costs is small, and so is what parallel connections gain.
const minSlicesForProxyCheck = 8

// proxyPatience is how long the far byte may take through a proxy that
// passes ranges on: a few of the probe's round trips, within bounds. What
// a proxy that reads from the start costs the origin is its read for this
// long.
func proxyPatience(probeTook time.Duration) time.Duration {
	return min(max(3*probeTook, 40*time.Millisecond), time.Second)
}

// proxyReadsFromStart asks src (through the proxy or cache that answers
// the download's requests) for the last missing slice alone, and reports
// whether its first byte failed to come within proxyPatience: the proxy
// reads the file from its start. Its bytes are not kept (a slice at most,
// and slice-aligned as every range slget asks). An error of the request
// says nothing either way: false.
func (d *download) proxyReadsFromStart(ctx context.Context, src fetch.Source) bool {
	far := -1
	for i := d.plan.N() - 1; i >= d.plan.N()/2; i-- {
		if !d.done.Has(i) {
			far = i
			break
		}
	}
	if d.plan.N() < minSlicesForProxyCheck || far < 0 {
		return false
	}
	tctx, cancel := context.WithCancel(ctx)
	defer cancel()
	first := make(chan struct{}) // closed at the first byte, or at an error (which decides nothing)
	go func() {
		defer close(first)
		body, err := src.Open(tctx, d.plan.SliceRange(far))
		if err != nil {
			return
		}
		defer body.Close()
		var b [1]byte
		io.ReadFull(body, b[:])
	}()
	t := time.NewTimer(proxyPatience(d.probeTook))
	defer t.Stop()
	select {
	case <-first:
		return false
	case <-t.C:
		cancel()
		<-first
		return ctx.Err() == nil
	}
}

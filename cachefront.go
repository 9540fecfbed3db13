// A cache in front of the origin: what the probe's answer shows of it
// decides whether the slices come as ranges (a cache that stores ranges,
// or holds the file already) or from one whole answer (a cache that
// stores only whole answers, which ranges never fill).
//
// Apache mod_cache does not store a 206, and Apache Traffic Server by
// default stores no answer to a ranged request: behind them every ranged
// download costs the origin the whole file again, while one unranged GET
// fills them, and serves every later download. A cache's link to its
// clients is rarely the bottleneck, so one connection for that answer
// takes about as long as curl's. Once the cache holds (or, as Traffic
// Server and squid do, is filling) the whole answer, ranges are served
// from it and the connections run as usual.
//
// With no sign of a cache in the probe's answer (Via, Age, X-Cache and the
// like, a Server that names a cache) and no proxy, nothing more is asked.

package slget

import (
	"context"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/segment"
)

// fillsFront decides whether the slices the plan lacks come from one whole
// answer, and says why when they do. One request may be made: a range
// with only-if-cached, which a cache answers from what it holds alone;
// through squid, one far byte as well (proxyReadsFromStart).
func (d *download) fillsFront(ctx context.Context, origin *fetch.Origin) bool {
	sig := d.probe.Cache
	proxy := d.c.http().AnsweringProxy(d.probe.FinalURL)
	if !sig.Any() && proxy == "" || sig.Hit() || d.plan.N() < 2 {
		return false // no cache, or one that answered slice 0 from its store
	}
	held, err := origin.Holds(ctx, segment.Range{Start: 0, End: 1})
	if err != nil || held != fetch.HoldNo {
		return false // it holds the range it was asked (or fills the file), or says nothing
	}
	// The cache keeps nothing of a range it passed on.
	if sig.Squid() || !sig.Any() {
		// squid passes ranges on by default and stores no answer to
		// them (nor a whole file above its maximum_object_size): ranges,
		// unless it reads the file from its start for each one.
		if !d.proxyReadsFromStart(ctx, origin) {
			return false
		}
		name := proxy
		if name == "" {
			name = sig.Name()
		}
		d.warn("the proxy %s reads the file from its start for every range (a cache that cannot store it): downloading the rest in one answer, in order, which costs the origin the file once", name)
		return true
	}
	if missing := d.plan.Size - d.doneBytes(); 2*missing < d.plan.Size {
		return false // mostly done: the rest costs less in ranges than a new fill
	}
	d.warn("the cache in front (%s) stores whole answers, not ranges: downloading the file in one answer, which fills it; later downloads come from the cache", sig.Name())
	return true
}

// doneBytes is the size of the slices already done.
func (d *download) doneBytes() int64 {
	var n int64
	for i := 0; i < d.plan.N(); i++ {
		if d.done.Has(i) {
			n += d.plan.SliceRange(i).Len()
		}
	}
	return n
}

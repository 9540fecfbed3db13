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
// like, a Server that names a cache), no proxy, and no Client.CacheFront,
// nothing more is asked. Apache httpd's mod_cache with its defaults shows
// none (no X-Cache, the origin's own Server passed through): only
// CacheFrontApache tells a download that it is there.

package slget

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/internal/pause"
	"github.com/slget/slget/segment"
)

// trafficServer is Apache Traffic Server's name in CacheSignals.Name.
const trafficServer = "Apache Traffic Server"

// wholeFront decides whether the slices the plan lacks come from one whole
// answer, and says why when they do: it returns that answer's Source (to
// be closed when the transfer ends) and whether it must be the only
// connection, or nil for ranges as usual. One request may be made: a range
// with only-if-cached, which a cache answers from what it holds alone;
// through squid, the whole answer and one far slice as well (squidFront).
// Only a probe a lookup header calls a hit spares that look: an Age does
// not tell a hit from a miss the cache passed on, whose Age counts the
// time the origin took (a loaded machine made every probe through a cold
// Traffic Server look like a hit, and every download took ranges the
// origin sent again).
func (d *download) wholeFront(ctx context.Context, origin *fetch.Origin) (*fetch.Whole, bool) {
	sig := d.probe.Cache
	proxy := d.c.http().AnsweringProxy(d.probe.FinalURL)
	switch {
	case !sig.Any() && !d.apacheSaid() && proxy == "" || d.plan.N() < 2:
		return nil, false
	case sig.Hit():
		d.cacheSaid = d.frontName() + " answered the probe from what it holds: ranges from it"
		return nil, false
	}
	held, err := origin.Holds(ctx, segment.Range{Start: 0, End: 1})
	if held == fetch.HoldYes || held == fetch.HoldWhole {
		return d.holding(ctx, origin, held, err)
	}
	// The cache keeps nothing of a range it passed on, or its answer
	// said neither (a look that failed, or an answer in neither form).
	// Before one more whole answer is asked for, another download that
	// started at the same moment is given the time to ask first: a cache
	// shares an answer it fills only once the origin's headers are in,
	// and two fills begun within that time both cost the origin the file.
	// A look that said nothing is asked again then: a cache that is
	// starting a fill may answer neither way for a moment, and ranges
	// through a cache that stores only whole answers cost the origin the
	// file for every download.
	if held, err = d.afterOthers(ctx, origin); held != fetch.HoldNo || err != nil {
		return d.holding(ctx, origin, held, err)
	}
	if d.mayReadFromStart() {
		name := proxy
		if name == "" {
			name = d.frontName()
		}
		return d.squidFront(ctx, origin, name)
	}
	if missing := d.plan.Size - d.doneBytes(); 2*missing < d.plan.Size {
		d.cacheSaid = d.frontName() + " stores whole answers, not ranges, but the file is mostly done: the rest in ranges, which cost less than a new fill"
		return nil, false
	}
	d.warn("the cache in front (%s) stores whole answers, not ranges: downloading the file in one answer, which fills it; later downloads come from the cache", d.frontName())
	return d.newWhole(ctx, origin), true
}

// holding is what follows a cache's answer that it holds (or fills) the
// file, or that says nothing: ranges, or the whole answer it is filling.
func (d *download) holding(ctx context.Context, origin *fetch.Origin, held fetch.Holding, err error) (*fetch.Whole, bool) {
	switch {
	case err != nil:
		d.cacheSaid = fmt.Sprintf("asking %s whether it holds the file failed (%v): ranges", d.frontName(), err)
		return nil, false
	case held == fetch.HoldUnknown:
		d.cacheSaid = d.frontName() + " did not say whether it holds the file: ranges"
		return nil, false
	case held == fetch.HoldYes && d.frontName() == trafficServer:
		// Traffic Server serves ranges of a file it is filling
		// (read-while-writer), but slowly: four clients of eight ranges
		// each took two and a half times as long as four curls. One
		// whole answer from it is as fast as curl's. The look cannot tell
		// a fill from a file it holds whole, nor can the probe's Age.
		d.warn("the cache in front (%s) holds or is filling the file: downloading it in one answer from the cache", d.frontName())
		return d.newWhole(ctx, origin), true
	case held == fetch.HoldWhole:
		// Another download is filling it, and until it is whole the
		// cache answers ranges with the whole file: join that answer.
		d.warn("the cache in front (%s) is filling the file and serves no range of it until it holds it whole: downloading it in one answer from the cache", d.frontName())
		return d.newWhole(ctx, origin), true
	}
	d.cacheSaid = d.frontName() + " holds (or is filling) the file: ranges from it"
	return nil, false
}

// afterOthers waits a random time of up to some round trips to the origin
// (the probe's time), then asks the cache again whether it holds or fills
// the file.
func (d *download) afterOthers(ctx context.Context, origin *fetch.Origin) (fetch.Holding, error) {
	// Two fills collide when their looks come within one trip through the
	// cache to the origin (about the probe's time) of each other: the
	// wider the spread in those units, the rarer that is (four at once
	// with 1 s collided often on a loaded machine).
	j := min(max(60*d.probeTook, 200*time.Millisecond), 3*time.Second)
	if err := pause.Sleep(ctx, rand.N(j)); err != nil {
		return fetch.HoldUnknown, err
	}
	return origin.Holds(ctx, segment.Range{Start: 0, End: 1})
}

func (d *download) newWhole(ctx context.Context, origin *fetch.Origin) *fetch.Whole {
	whole := fetch.NewWhole(ctx, origin)
	whole.Warn = origin.Warn
	return whole
}

// squidFront decides for squid (or a proxy that shows nothing), which
// passes ranges on by default and stores none of them. It asks for the
// whole answer, then again with only-if-cached for a range. A squid that
// stores the whole answer (its maximum_object_size allows it) answers with
// all of it (squid 5 serves no range of an object it is still filling), or
// with the range: the whole answer alone, or beside ranges. One that does
// not store it either passes ranges on (ranges as usual, the whole answer
// dropped) or reads the file from its start for every range
// (range_offset_limit none: the whole answer alone, in order).
func (d *download) squidFront(ctx context.Context, origin *fetch.Origin, name string) (*fetch.Whole, bool) {
	// The probe's slice 0 is let go: a squid that reads from the start
	// would read the origin on behind it while the rest is decided, and
	// the whole answer, or a range, brings slice 0 again for a slice at
	// most.
	if d.probe.Body != nil {
		d.probe.Body.Close()
		d.probe.Body = nil
	}
	whole := d.newWhole(ctx, origin)
	if whole.Start() != nil {
		return nil, false
	}
	held, err := origin.Holds(ctx, segment.Range{Start: 0, End: 1})
	switch {
	case err != nil:
	case held == fetch.HoldYes:
		return whole, false
	case held == fetch.HoldWhole:
		d.warn("the proxy %s stores the file but serves no range of it until it holds it whole: downloading the file in one answer, which fills it; later downloads come from the cache", name)
		return whole, true
	}
	if d.proxyReadsFromStart(ctx, origin) {
		d.warn("the proxy %s reads the file from its start for every range (a cache that cannot store it): downloading the rest in one answer, in order, which costs the origin the file once", name)
		return whole, true
	}
	whole.Close()
	return nil, false
}

// apacheSaid reports whether the Client says Apache httpd's mod_cache is
// in front (Client.CacheFront), whatever the answers show.
func (d *download) apacheSaid() bool { return d.c.CacheFront == CacheFrontApache }

// frontName names the cache in front for messages: the product its
// answers name, else Apache httpd when the Client says it is there, else
// what shows a cache.
func (d *download) frontName() string {
	sig := d.probe.Cache
	if d.apacheSaid() && !sig.Squid() && (sig.Name() == "a cache" || strings.HasPrefix(sig.Name(), "Via: ")) {
		return "Apache httpd"
	}
	return sig.Name()
}

// wholeFrom names the cache in front that a whole answer to a range came
// through, when the probe's answer (or the Client) shows one for sure:
// squid, Apache Traffic Server, Varnish, or Apache httpd showing itself
// as a cache (an Age, an X-Cache, a Via beside its Server: a Server alone
// is as often the origin's). "" when none shows.
func (d *download) wholeFrom() string {
	sig := d.probe.Cache
	switch name := d.frontName(); {
	case d.apacheSaid() && name == "Apache httpd",
		name == "squid", name == trafficServer, name == "Varnish",
		name == "Apache httpd" && (sig.Age >= 0 || sig.Lookup != "" || sig.Via != ""):
		return name
	}
	return ""
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

// Transfer: the slices through fetch's Downloader into the locked partial
// file and the journal, or, without ranges, one stream from the start.

package slget

import (
	"context"
	"errors"
	"io"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/internal/pause"
	"github.com/slget/slget/resume"
	"github.com/slget/slget/segment"
)

// sliceConfig is the Downloader's configuration of a transfer in slices,
// from any source: the Client's connections, retries, speed rules and
// buffers, and the hooks of this download.
func (d *download) sliceConfig() fetch.Config {
	cfg := fetch.Config{
		Connections:    d.c.connections(d.req),
		MaxConnections: d.c.maxConnections(d.req), // -x auto: connections added while they pay
		Retry:          d.c.retry(),
		StallTimeout:   d.c.StallTimeout,
		LowestSpeed:    d.c.LowestSpeed,
		Limiter:        d.limiter(),
		CommitSlices:   commitSlices,
		Buffers:        &d.c.shared().buffers,
		Logf:           d.warn,
		OnRetry:        d.retrying,
		OnSlice:        d.times.done,
		Hash:           true, // each slice's checksum, for the look after a cut answer (checkAfterCut)
	}
	if d.plan.N() == 1 {
		// One slice: one connection reads it (the probe's, most often) and
		// one waits for the end-game, which duplicates it should it
		// trickle. More would only find nothing to claim.
		cfg.Connections, cfg.MaxConnections = min(cfg.Connections, 2), 0
	}
	return cfg
}

// transfer fetches the slices the plan still lacks.
func (d *download) transfer(ctx context.Context) error {
	cfg := d.sliceConfig()
	if d.journal != nil {
		cfg.Journal, cfg.Hash = committer{d.journal}, true
	}
	origin := fetch.NewOrigin(d.http(), d.probe)
	origin.Warn = func(s string) { d.warn("%s", s) }
	var whole *fetch.Whole
	alone := false
	if d.c.Cache == nil && !d.c.usesPeers() && len(d.req.Mirrors) == 0 {
		// One whole answer fills a cache that stores no ranges.
		if whole, alone = d.wholeFront(ctx, origin); whole != nil {
			defer whole.Close()
		}
	}
	body, left := d.probeSlice()
	d.protocol = d.chooseProtocol(origin, &cfg, left)
	// The local cache and peers; nil without them.
	sh, err := d.startSharing(ctx, origin, &cfg)
	if err != nil {
		if body != nil {
			body.Close()
		}
		return d.fail(ctx, err)
	}
	d.share = sh
	var src fetch.Source = origin
	if sh != nil {
		src = sh.source()
	}
	src, body, mirrored := d.mirrors(ctx, origin, src, body, &cfg)
	defer mirrored()
	defer d.closeRemoteMirrors()
	if whole != nil {
		src = whole
		if alone {
			cfg.Connections, cfg.MaxConnections = 1, 0 // one answer: no more connections
		}
	}
	body = d.setPrefixes(ctx, &cfg, body)
	d.cfg = cfg
	dl := fetch.NewDownloader(cfg, d.plan, d.done, src, d.partialFile())
	d.started(d.plan.Size, d.res.Resumed, cfg.Connections, true, d.plan, dl.Stats, dl.Done)
	d.prefix.start(ctx, dl)
	bctx, stopChecks := context.WithCancel(ctx)
	defer stopChecks()
	checks := d.startBeside(bctx)
	err = dl.Run(ctx, body)
	d.prefix.stop()
	err = d.besideEnd(ctx, err, checks, stopChecks, src)
	st := dl.Stats()
	d.res.Connections = st.Peak
	mirrored() // the bytes of each mirror, which the look after the last byte reads
	if err == nil {
		err = d.checksAfter(ctx, origin, sh, st.Written)
	}
	d.res.Transferred = st.Written
	if sh != nil {
		d.res.Transferred += sh.again
		sh.recount()
	} else {
		d.countBySource(st)
	}
	if err != nil {
		d.prefix = nil
		var pde *fetch.PieceDocError
		if errors.As(err, &pde) {
			err = &ChecksumError{Path: d.lock.path, Algo: pde.Type + " piece", Want: pde.Want, Got: pde.Got, Reason: pde.Error()}
		}
		return d.fail(ctx, err)
	}
	return nil
}

// setPrefixes starts the hash taken while downloading, and gives cfg the
// begun slices the transfer completes: those of the journal whose written
// start is checked (slice 0's against the probe's body, which it returns
// for the transfer).
func (d *download) setPrefixes(ctx context.Context, cfg *fetch.Config, body io.ReadCloser) io.ReadCloser {
	d.prefix = d.newPrefixHash()
	prefixes, body := d.compareZeroPrefix(ctx, d.checkedPrefixes(), body)
	cfg.Prefixes = d.prefixProbe(prefixes)
	for _, p := range cfg.Prefixes {
		d.prefixed = append(d.prefixed, p.Index) // of the version the checks beside compare
		d.res.Resumed += p.Len                   // on disk before this run, and kept
	}
	return body
}

// besideEnd ends the checks beside a transfer that ended with err: after
// a transfer that ended well, their results and the begun slice the probe
// fetched whole are checked; after a failure they are stopped (with stop),
// waited for, and dropped.
func (d *download) besideEnd(ctx context.Context, err error, checks <-chan besideResult, stop func(), src fetch.Source) error {
	if err == nil {
		if err := d.endBeside(ctx, checks, src); err != nil {
			return err
		}
		return d.checkPrefixProbe(ctx, src)
	}
	if checks != nil {
		stop()
		<-checks // they read the file, which the caller may close
		d.dropBeside()
	}
	return err
}

// probeSlice is the probe's body, slice 0 of the transfer (nil when it is
// not the plan's slice 0), and the slices the transfer has left to fetch.
func (d *download) probeSlice() (io.ReadCloser, int) {
	body := d.probe.Body
	d.probe.Body = nil
	if d.plan.Slice != d.c.slice() && body != nil {
		body.Close() // the probe's slice 0 is not the journal's slice 0
		body = nil
	}
	left := d.plan.N()
	if d.done != nil {
		left -= d.done.Count()
	}
	if body != nil && (d.done == nil || !d.done.Has(0)) {
		left-- // the probe's body is slice 0
	}
	return body, left
}

// checksAfter runs the checks of a transfer that ended well, in order:
// the mirrors proven, an answer cut under the same validator looked at,
// the version confirmed after the last byte (written is the bytes this
// run moved), and the slices of the cache and peers.
func (d *download) checksAfter(ctx context.Context, origin *fetch.Origin, sh *sharing, written int64) error {
	if err := d.proveMirrors(ctx); err != nil {
		return err
	}
	if err := d.checkAfterCut(ctx, origin); err != nil {
		return err
	}
	if err := d.confirmVersion(ctx, written > 0); err != nil {
		return err
	}
	return sh.afterTransfer()
}

// stream downloads a resource without ranges on one connection, from the
// start again after a retryable failure (nothing can resume it).
func (d *download) stream(ctx context.Context) error {
	var written atomic.Int64
	lim, tries := d.startWhole(" (no resume)", &written)
	for {
		if err := d.truncate(0); err != nil {
			return err
		}
		written.Store(0)
		body := d.probe.Body
		d.probe.Body = nil
		n, err := fetch.StreamTo(ctx, body, d.lock.f, &written, d.streamRules(lim))
		body.Close()
		d.res.Size, d.res.Transferred = n, n
		d.res.BySource[FromOrigin] = n
		if err == nil {
			if err := d.confirmVersion(ctx, n > 0); err != nil {
				return d.fail(ctx, err)
			}
			return nil
		}
		if err := d.streamFailed(ctx, &tries, err, n, d.askWholeAgain); err != nil {
			return err
		}
	}
}

// streamFailed follows a stream's try that failed with err after n
// bytes: the download's error when it cannot or may not be tried again,
// else nil once again(ctx, wait) has waited to start over.
func (d *download) streamFailed(ctx context.Context, tries *wholeTries, err error, n int64, again func(context.Context, time.Duration) error) error {
	if ctx.Err() != nil || !fetch.Retryable(err) {
		return d.fail(ctx, err)
	}
	wait, line, final := tries.failed(d.c.retry(), d.c.LowestSpeed, err, n)
	if final != nil {
		return d.fail(ctx, final)
	}
	d.warn("%v; starting over: %s", err, line)
	if err := again(ctx, wait); err != nil {
		return d.fail(ctx, err)
	}
	return nil
}

// streamRules are the stall and speed rules of a stream on one connection,
// as every ranged body has them, and its pace lim.
func (d *download) streamRules(lim fetch.Limiter) fetch.StreamRules {
	return fetch.StreamRules{Stall: d.stallTimeout(), LowestSpeed: d.c.LowestSpeed, Limiter: lim}
}

// startWhole begins a download without ranges on one connection: it says
// so (and what that costs, more), reports Started with got as the bytes so
// far, and returns the rate limit and the tries of its answers.
func (d *download) startWhole(more string, got *atomic.Int64) (fetch.Limiter, wholeTries) {
	switch {
	case d.probe.Validator.Size == 0:
	case d.wholeFrom() != "":
		// Apache mod_cache answers a range with the whole file when it
		// revalidates an expired copy: the server does take ranges.
		d.warn("the cache in front (%s) answered the whole file this time; downloading it over one connection%s", d.wholeFrom(), more)
	default:
		d.warn("the server does not answer ranged requests; downloading on one connection%s", more)
	}
	d.startedWhole(got)
	return d.limiter(), newWholeTries(d.res.FinalURL, d.probe.Cache.Said())
}

// startedWhole reports the start of a transfer on one connection without
// ranges, whose bytes so far n counts.
func (d *download) startedWhole(n *atomic.Int64) {
	size := d.probe.Validator.Size
	d.started(size, 0, 1, false, segment.Plan{}, func() fetch.Stats {
		got := n.Load()
		// One connection runs the stream: Open says so, as a ranged
		// download's count of its workers does.
		return fetch.Stats{Size: size, Written: got, Done: got, Open: 1, Peak: 1,
			Conns: []fetch.ConnStats{{Bytes: got, Active: true, From: segment.FromOrigin}}}
	}, nil)
}

// askWholeAgain waits wait (as the retry policy says), then asks for the
// whole resource again and makes the answer's body the probe's. An answer
// with ranges now, or of another version, is a confirmed change: the bytes
// so far cannot be continued.
func (d *download) askWholeAgain(ctx context.Context, wait time.Duration) error {
	if err := pause.Sleep(ctx, wait); err != nil {
		return err
	}
	var p *fetch.Probe
	err := d.c.retry().Do(ctx, func() error {
		var err error
		p, err = d.http().ProbeParsedFor(ctx, d.req.URL, d.given, d.credsURL(), d.c.slice(), time.Time{})
		return err
	}, nil)
	if err != nil {
		return err
	}
	d.probe.Body = p.Body
	if p.Ranged || p.Validator.Differs(d.probe.Validator) != "" {
		return &fetch.ChangedError{URL: d.res.FinalURL, Confirmed: true, Reason: "the server changed how it answers (or the file) between two tries"}
	}
	return nil
}

func (d *download) stallTimeout() time.Duration {
	if d.c.StallTimeout > 0 {
		return d.c.StallTimeout
	}
	return 30 * time.Second
}

func (d *download) started(size, resumed int64, conns int, ranged bool, plan segment.Plan, stats func() fetch.Stats, done func() *segment.Set) {
	d.res.Protocol = d.protocolOf()
	if d.req.Events != nil {
		d.emit(&Started{URL: d.res.URL, Path: d.path, Size: size, Resumed: resumed, Connections: conns, Ranged: ranged,
			Slices: plan.N(), Slice: plan.Slice, Proxy: d.c.http().AnsweringProxy(d.probe.FinalURL), Protocol: d.res.Protocol,
			Cache: d.cacheSaid, Progress: newProgress(size, resumed, ranged, stats).snapshot, SlicesDone: slicesDone(done)})
	}
}

// limiter is the download's pace: its own RateLimit (as aria2c's
// --max-download-limit, it caps each download) and the Client's
// TotalRateLimit (--max-overall-download-limit, shared by all downloads),
// or nil for none.
func (d *download) limiter() fetch.Limiter {
	var ls fetch.Limiters
	if d.c.RateLimit > 0 {
		ls = append(ls, newLimiter(d.c.RateLimit))
	}
	if t := d.c.total(); t != nil {
		ls = append(ls, t)
	}
	if len(ls) == 0 {
		return nil
	}
	return ls
}

// newLimiter paces r bytes per second with a burst of a tenth of a second
// (16 KiB to 256 KiB).
func newLimiter(r int64) *rate.Limiter {
	burst := int(min(r/10+1, 256<<10))
	return rate.NewLimiter(rate.Limit(r), max(burst, 16<<10))
}

// committer adapts a *resume.Journal to fetch.Journal.
type committer struct{ j *resume.Journal }

func (c committer) Commit(done []fetch.SliceDone) error {
	recs := make([]resume.Record, len(done))
	for i, s := range done {
		recs[i] = resume.Record{Index: s.Index, CRC32C: s.CRC32C, From: s.From, Mirror: s.Mirror}
	}
	return c.j.Commit(recs)
}

// slicesDone is Started.SlicesDone over a done-set's snapshots; nil for
// nil.
func slicesDone(done func() *segment.Set) func() []bool {
	if done == nil {
		return nil
	}
	return func() []bool { return boolsOf(done()) }
}

// boolsOf is s as one bool per slice.
func boolsOf(s *segment.Set) []bool {
	out := make([]bool, s.Len())
	for i := range out {
		out[i] = s.Has(i)
	}
	return out
}

// countBySource fills Result.BySource: from the journal, which knows the
// resumed slices' sources too, else from the transfer's Stats st.
func (d *download) countBySource(st fetch.Stats) {
	if d.journal != nil {
		for src, n := range d.journal.Counts() {
			if n > 0 {
				d.res.BySource[Source(src)] = n
			}
		}
		return
	}
	for p, n := range st.BySource {
		d.res.BySource[Source(p)] += n
	}
}

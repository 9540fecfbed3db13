// Downloader: N workers fetching slice runs of one resource in parallel,
// and the snapshot of its progress (Stats).

package fetch

import (
	"context"
	"errors"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/slget/slget/segment"
)

// ConnStats is the state of one connection (worker).
type ConnStats struct {
	Bytes   int64              // bytes this connection has written in this run
	Range   segment.Range      // what it is fetching now; empty when idle
	Active  bool               // it holds a claim
	Waiting bool               // its request is out and no byte of the answer has come yet
	Retries int64              // failed tries on this connection
	From    segment.Provenance // where its current bytes come from
	// Mirror is the mirror its current bytes come from (Body.Mirror: its
	// URL, redacted), "" for the first URL or a source that is not one of
	// Mirrors.
	Mirror string
}

// Stats is a snapshot of a download's progress.
type Stats struct {
	Size    int64 // total bytes
	Resumed int64 // bytes already done when the download started
	Written int64 // bytes transferred and written in this run, duplicates included
	Done    int64 // bytes of finished slices, resumed ones included
	// InFlight is the bytes written of slices not yet finished, counting
	// each slice's first copy only (an end-game duplicate adds nothing):
	// Done+InFlight moves with every write, and a slice that fails takes
	// its bytes back out.
	InFlight int64
	Retries  int64
	// Conns are the connections, one per worker that ran in this run
	// (with MaxConnections, some may be idle: retired or not needed).
	Conns []ConnStats
	// Open is how many connections run now, and Peak the most that ran at
	// once in this run.
	Open, Peak int
	// BySource is the bytes of slices finished in this run by where they
	// came from.
	BySource map[segment.Provenance]int64
}

// Downloader fetches the missing slices of one resource.
//
// Locks, in the order they may be taken: the scheduler's own lock (held
// while it calls margin), then claimsMu (taken inside margin). mu is a
// leaf: nothing else is locked while it is held, and the scheduler is never
// called under it. The counters are atomics and need no lock.
type Downloader struct {
	cfg   Config
	plan  segment.Plan
	sched *segment.Scheduler
	src   Source
	out   File

	resumed  int64
	done     atomic.Int64 // bytes of finished slices, resumed ones included
	written  atomic.Int64
	retries  atomic.Int64
	bySource [segment.Provenances]atomic.Int64
	cuts     cutGate // after a cache's cut, one connection asks (cutGate)
	conns    []connState
	scale    scaleState  // how many connections run, and may (scaleState)
	late     lateWorkers // the idle connections of one slice, started late (lateWorkers)

	mu        sync.Mutex
	cancels   map[int]context.CancelCauseFunc // claim ID → cancel
	tries     map[int]failures                // slice → its failed tries
	pending   []SliceDone                     // done, not yet committed
	commitErr error
	sliceTime time.Duration     // moving average of the time a whole slice takes (scaled to a full slice); 0 until one is done
	started   map[int]time.Time // slice → when its first (non-duplicate) copy began

	claimsMu  sync.RWMutex
	claimConn map[int]*connState // claim ID → the connection fetching it

	// The prefixes (writtenPrefix, Prefix): on only with Hash and an Unaligned
	// Source. prefixes (under mu) are those no connection is on;
	// idlePrefix their bytes.
	unaligned   bool
	prefixes    map[int]Prefix
	idlePrefix  atomic.Int64
	prefixDirty bool      // under mu: prefixes changed since the last commit
	prefixAt    time.Time // under mu: the last commit of prefixes
}

// connState is what a connection publishes about itself; atomics, read by
// Stats and by the steal margin while the worker runs.
type connState struct {
	claimStart atomic.Int64 // when the current claim began, Unix nanoseconds
	claimBytes atomic.Int64 // bytes of the current claim so far
	firstByte  atomic.Int64 // when the current claim's first bytes came, Unix nanoseconds
	lastByte   atomic.Int64 // when the last bytes came, Unix nanoseconds
	bytes      atomic.Int64
	start      atomic.Int64
	end        atomic.Int64 // 0 when idle
	active     atomic.Bool
	waiting    atomic.Bool
	retries    atomic.Int64
	from       atomic.Int32
	mirror     atomic.Pointer[string] // Body.Mirror of its current body
	// partial is the bytes written of the slice this connection is on,
	// when it is the slice's first copy (not an end-game duplicate).
	partial atomic.Int64
	alive   atomic.Bool   // a worker runs on it (scaleState)
	cur     writtenPrefix // the written prefix of its slice, for the journal
}

// errSuperseded cancels a copy of a slice that another copy finished first.
var errSuperseded = errors.New("superseded by another copy of the slice")

// NewDownloader prepares the download of the slices of plan that done lacks
// (done may be nil: nothing done), from src into out.
func NewDownloader(cfg Config, plan segment.Plan, done *segment.Set, src Source, out File) *Downloader {
	cfg.defaults()
	if done == nil || done.Len() != plan.N() {
		done = segment.NewSet(plan.N())
	}
	var resumed int64
	for i := 0; i < plan.N(); i++ {
		if done.Has(i) {
			resumed += plan.SliceRange(i).Len()
		}
	}
	// With autoscale the claims are cut for the most connections there
	// may be, so that a connection added later finds free runs of the
	// same size, and all finish together. (Cut for the connections it
	// starts with, the ones added later steal runs of uneven sizes, and
	// half of them idle at the end: 3.3s against 2.7s for 16 MiB at 512
	// KiB/s per connection.)
	most := max(cfg.Connections, cfg.MaxConnections)
	d := &Downloader{
		cfg:     cfg,
		plan:    plan,
		sched:   segment.NewScheduler(plan, done.Clone(), most),
		src:     src,
		out:     out,
		resumed: resumed,
		conns:   make([]connState, most),
		cancels: make(map[int]context.CancelCauseFunc),
		tries:   make(map[int]failures),
		started: make(map[int]time.Time),

		claimConn: make(map[int]*connState),
		prefixes:  make(map[int]Prefix),
	}
	if u, ok := src.(Unaligned); ok && u.Unaligned() && cfg.Hash {
		d.unaligned = true
		for _, p := range cfg.Prefixes {
			if p.Index >= 0 && p.Index < plan.N() && !done.Has(p.Index) && p.Len > 0 && p.Len < plan.SliceRange(p.Index).Len() {
				d.prefixes[p.Index] = p
				d.idlePrefix.Add(p.Len)
			}
		}
	}
	d.done.Store(resumed)
	d.scale.init(cfg.Connections, most)
	d.sched.SetMargin(d.margin)
	if cfg.Window > 0 && plan.Slice > 0 {
		d.sched.SetWindow(int(max(cfg.Window/plan.Slice, 1)))
	}
	return d
}

// Settled reports whether slice i is done and no connection may write it
// any more (segment.Scheduler.Settled); Changed is closed at the next
// change that may settle one. Together they let a reader follow the
// file's finished prefix while the download runs.
func (d *Downloader) Settled(i int) bool { return d.sched.Settled(i) }

// Changed: see Settled.
func (d *Downloader) Changed() <-chan struct{} { return d.sched.Changed() }

// Stats returns a snapshot of the progress; safe to call at any time.
func (d *Downloader) Stats() Stats {
	s := Stats{
		Size:     d.plan.Size,
		Resumed:  d.resumed,
		Written:  d.written.Load(),
		Retries:  d.retries.Load(),
		Done:     d.done.Load(),
		Conns:    make([]ConnStats, d.scale.shown.Load()),
		BySource: map[segment.Provenance]int64{},
		Open:     int(d.scale.running.Load()),
		Peak:     int(d.scale.peak.Load()),
	}
	for p := range d.bySource {
		if n := d.bySource[p].Load(); n > 0 {
			s.BySource[segment.Provenance(p)] = n
		}
	}
	s.InFlight = d.idlePrefix.Load()
	for i := range d.conns {
		c := &d.conns[i]
		s.InFlight += c.partial.Load()
		if i >= len(s.Conns) {
			continue
		}
		s.Conns[i] = ConnStats{Bytes: c.bytes.Load(), Active: c.active.Load(), Waiting: c.waiting.Load(),
			Retries: c.retries.Load(), From: segment.Provenance(c.from.Load()),
			Range: segment.Range{Start: c.start.Load(), End: c.end.Load()}}
		if m := c.mirror.Load(); m != nil {
			s.Conns[i].Mirror = *m
		}
	}
	return s
}

// Done returns the slices finished so far (a copy).
func (d *Downloader) Done() *segment.Set { return d.sched.Done() }

// Run downloads until every slice is done, an error is final, or ctx ends.
// first, if not nil, is the probe's body for slice 0 (exactly its bytes);
// Run closes it, and it is under the same stall and speed rules as any
// other body. Slices that were written are committed to the journal before
// Run returns, on success and on failure alike. Without a Journal, Run
// never syncs the File: the caller syncs it once, before using it.
func (d *Downloader) Run(ctx context.Context, first io.ReadCloser) error {
	stop := make(chan struct{})
	var commitWG sync.WaitGroup
	if d.cfg.Journal != nil {
		commitWG.Add(1)
		go func() {
			defer commitWG.Done()
			d.committer(stop)
		}()
	}
	// The probe's body is slice 0: claim it before any worker can, so that
	// no other connection asks for it again.
	var firstClaim *segment.Claim
	d.mu.Lock()
	_, zeroPrefix := d.prefixes[0]
	d.mu.Unlock()
	if first != nil && zeroPrefix {
		// Slice 0 was paused mid-way: a worker asks for its rest, rather
		// than the probe's body bring its written start again.
		first.Close()
		first = nil
	}
	if first != nil {
		if c, ok := d.sched.ClaimRun(segment.Run{First: 0, End: 1}); ok {
			firstClaim = &c
		} else {
			first.Close() // slice 0 is done already (a resumed download)
			first = nil
		}
	}
	wctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	g, gctx := errgroup.WithContext(wctx)
	w0 := 0
	if firstClaim != nil {
		w0 = 1 // worker 0 reads the probe's body, on this goroutine (below)
	}
	if firstClaim != nil && d.plan.N() == 1 && !d.scale.auto() {
		d.spawnLate(gctx, g, w0) // end-game duplicates of the probe's slice only
	} else {
		for w := w0; w < d.cfg.Connections; w++ {
			d.spawn(gctx, g, w, nil, Body{})
		}
	}
	if d.scale.auto() {
		g.Go(func() error { return d.autoscale(gctx, g) })
	}
	var err error
	if firstClaim != nil {
		// The probe's body is read here rather than on a goroutine of its
		// own: a one-slice file then starts no goroutine, but the
		// end-game's if it runs past endGameLate.
		if err = d.runWorker(gctx, 0, firstClaim, Body{ReadCloser: first, From: segment.FromOrigin}); err != nil {
			if gctx.Err() != nil && wctx.Err() == nil {
				err = nil // another worker failed first: g.Wait says how
			}
			cancel(err)
		}
	}
	d.late.stop()
	if werr := g.Wait(); err == nil {
		err = werr
	}
	close(stop)
	commitWG.Wait()
	if cerr := d.flushing(true); cerr != nil && err == nil {
		err = cerr
	}
	if err == nil && !d.sched.Finished() {
		err = errors.New("download ended with slices missing") // a bug if ever seen
	}
	// Without a journal nothing is recorded, so nothing waits for a sync
	// here: the caller syncs the file once, before it renames it.
	if err != nil && ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}

// Downloader: N workers fetching slice runs of one resource in parallel,
// its configuration, and the snapshot of its progress.

package fetch

import (
	"context"
	"errors"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"
	"golang.org/x/time/rate"

	"github.com/slget/slget/segment"
)

// Config tunes a Downloader. The zero value is usable; each field says what
// zero means.
type Config struct {
	// Connections is how many connections fetch at once: exactly this
	// many, or with MaxConnections the number to start with. Zero means 4.
	Connections int
	// MaxConnections, when above Connections, lets the download find its
	// own count (see scaleState): it starts with Connections, adds
	// connections while the total throughput grows by more than a few
	// percent per added connection, up to MaxConnections, and retires
	// some when the server pushes back (a 429 or 503 answer, a reset
	// connection) or the time to a first byte rises with no gain. A 429
	// or 503 that comes while other connections stream is the server's
	// connection limit: the connection that got it goes away without a
	// failed try, and the download never opens more than those that
	// streamed. Zero, or not above Connections, means Connections exactly.
	MaxConnections int
	Retry          RetryPolicy   // how long a slice is tried again, and the waits between tries
	StallTimeout   time.Duration // drop and replace a connection with no bytes for this long; zero means 30s
	// LowestSpeed drops and replaces a connection that stays below this many
	// bytes per second over LowestSpeedWindow; zero means no limit.
	LowestSpeed       int64
	LowestSpeedWindow time.Duration // zero means 10s
	Limiter           Limiter       // the download's rate; nil means none
	Journal           Journal       // nil means no journal (and no fsync until the end)
	CommitEvery       time.Duration // group commit interval; zero means 250ms
	CommitSlices      int           // or after this many slices; zero means 64
	Hash              bool          // compute each slice's CRC-32C for the journal
	// BufferSize is the bytes per read per connection; zero means the
	// connections share a budget of 2 MiB (see readBudget): 256 KiB each
	// at 8 connections, 128 KiB at 16, never below 128 KiB or above 1 MiB.
	// Writes to the File go in pieces of at most 128 KiB whatever it is.
	BufferSize int
	// Buffers lends the read buffers, shared with other downloads (a
	// Client's); nil means each connection makes its own.
	Buffers *Buffers
	// Window, for a reader that takes the bytes in order through a window
	// of this many bytes (a stream; see WindowFile and Consumed), keeps
	// every claim inside the window, each at most the connections' share
	// of it, and has the end-game rescue the lowest slice first. It counts
	// whole slices, at least one. Zero means no window.
	Window int64
	// Logf, if set, is told about replaced connections and waits that are
	// not failed tries; it may be called from several workers at once.
	Logf func(format string, args ...any)
	// OnRetry, if set, is told of each failed try that will be tried again
	// (Logf is told instead when OnRetry is nil); it may be called from
	// several workers at once.
	OnRetry func(RetryInfo)
	// Prefixes are the written starts of slices not done, each re-read and
	// checked against its CRC-32C by the caller: a first copy of such a
	// slice asks only for the rest. They are used, and the prefixes of
	// this run recorded (with a PrefixJournal), only with Hash and a
	// Source that is Unaligned; otherwise slices in flight start over.
	Prefixes []Prefix
	// OnSlice, if set, is told of each slice as its first copy finishes
	// (with its CRC-32C when Hash is set), before it is committed; it may
	// be called from several workers at once.
	OnSlice func(SliceDone)
}

func (c *Config) defaults() {
	if c.Connections <= 0 {
		c.Connections = 4
	}
	c.Retry = c.Retry.withDefaults()
	if c.StallTimeout <= 0 {
		c.StallTimeout = 30 * time.Second
	}
	if c.LowestSpeedWindow <= 0 {
		c.LowestSpeedWindow = 10 * time.Second
	}
	if c.CommitEvery <= 0 {
		c.CommitEvery = 250 * time.Millisecond
	}
	if c.CommitSlices <= 0 {
		c.CommitSlices = 64
	}
	if c.BufferSize <= 0 {
		c.BufferSize = readSize(max(c.Connections, c.MaxConnections))
	}
}

// Limiter paces bytes: a *rate.Limiter, or several at once (Limiters).
type Limiter interface {
	WaitN(ctx context.Context, n int) error
	Burst() int
}

// Limiters paces by every limiter in it: a download's own cap and the cap
// of all downloads together. Burst is the smallest burst.
type Limiters []*rate.Limiter

// WaitN waits until every limiter allows n bytes.
func (ls Limiters) WaitN(ctx context.Context, n int) error {
	for _, l := range ls {
		if err := l.WaitN(ctx, n); err != nil {
			return err
		}
	}
	return nil
}

// Burst is the smallest positive burst of the limiters (0 if none has one).
func (ls Limiters) Burst() int {
	b := 0
	for _, l := range ls {
		if x := l.Burst(); x > 0 && (b == 0 || x < b) {
			b = x
		}
	}
	return b
}

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
	scale    scaleState // how many connections run, and may (scaleState)

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
	for w := w0; w < d.cfg.Connections; w++ {
		d.spawn(gctx, g, w, nil, Body{})
	}
	if d.scale.auto() {
		g.Go(func() error { return d.autoscale(gctx, g) })
	}
	var err error
	if firstClaim != nil {
		// The probe's body is read here rather than on a goroutine of its
		// own: a one-slice file then starts one goroutine, the end-game's.
		if err = d.runWorker(gctx, 0, firstClaim, Body{ReadCloser: first, From: segment.FromOrigin}); err != nil {
			if gctx.Err() != nil && wctx.Err() == nil {
				err = nil // another worker failed first: g.Wait says how
			}
			cancel(err)
		}
	}
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

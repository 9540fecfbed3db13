// Downloader: N workers fetching slice runs in parallel, with retries,
// stall detection, end-game and grouped journal commits.

package fetch

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"hash"
	"io"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"
	"golang.org/x/time/rate"

	"github.com/slget/slget/segment"
)

// File is where slice bytes go: an *os.File, typically NAME.part.
type File interface {
	io.WriterAt
	// Sync makes what was written durable (fdatasync); it runs before every
	// journal commit.
	Sync() error
}

// SliceDone is one finished slice, as handed to a Journal.
type SliceDone struct {
	Index  int
	SHA256 [32]byte // zero unless Config.Hash
	From   string   // the Source's Name
}

// Journal records finished slices. Commit is called only after the File
// has been synced, so every slice it is given is on disk. Commit may be
// called from several goroutines at once, with batches in any order.
type Journal interface {
	Commit(done []SliceDone) error
}

// Config tunes a Downloader. The zero value is usable; each field says what
// zero means.
type Config struct {
	Connections  int           // parallel connections; zero means 4
	MaxTries     int           // tries per slice before giving up; zero means 5
	RetryWait    time.Duration // first backoff, doubled each try, with jitter; zero means 1s
	MaxRetryWait time.Duration // backoff cap; zero means 30s
	StallTimeout time.Duration // drop and replace a connection with no bytes for this long; zero means 30s
	// LowestSpeed drops and replaces a connection that stays below this many
	// bytes per second over LowestSpeedWindow; zero means no limit.
	LowestSpeed       int64
	LowestSpeedWindow time.Duration // zero means 10s
	Limiter           *rate.Limiter // overall download rate; nil means none
	Journal           Journal       // nil means no journal (and no fsync until the end)
	CommitEvery       time.Duration // group commit interval; zero means 250ms
	CommitSlices      int           // or after this many slices; zero means 64
	Hash              bool          // compute a SHA-256 per slice for the journal
	BufferSize        int           // bytes per read per connection; zero means 128 KiB
	// Logf, if set, is told about retries and replaced connections.
	Logf func(format string, args ...any)
}

func (c *Config) defaults() {
	if c.Connections <= 0 {
		c.Connections = 4
	}
	if c.MaxTries <= 0 {
		c.MaxTries = 5
	}
	if c.RetryWait <= 0 {
		c.RetryWait = time.Second
	}
	if c.MaxRetryWait <= 0 {
		c.MaxRetryWait = 30 * time.Second
	}
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
		// Measured on a 1 GiB loopback download with 8 connections: 128 KiB
		// gave 915 MB/s, 64 KiB 835 MB/s, 256 KiB 860 MB/s, and 1 MiB only
		// 400 MB/s at twice the CPU (eight 1 MiB buffers, written and hashed,
		// no longer fit the CPU's caches).
		c.BufferSize = 128 << 10
	}
}

// ConnStats is the state of one connection (worker).
type ConnStats struct {
	Bytes  int64         // bytes this connection has written
	Range  segment.Range // what it is fetching now; empty when idle
	Active bool
}

// Stats is a snapshot of a download's progress.
type Stats struct {
	Size    int64 // total bytes
	Resumed int64 // bytes already done when the download started
	Written int64 // bytes written in this run, including duplicates
	Done    int64 // bytes of finished slices, resumed ones included
	Retries int64
	Conns   []ConnStats
}

type connState struct {
	claimStart atomic.Int64 // when the current claim began, Unix nanoseconds
	claimBytes atomic.Int64 // bytes of the current claim so far
	firstByte  atomic.Int64 // when the current claim's first bytes came, Unix nanoseconds
	lastByte   atomic.Int64 // when the last bytes came, Unix nanoseconds
	bytes      atomic.Int64
	start      atomic.Int64
	end        atomic.Int64 // 0 when idle
	active     atomic.Bool
}

// Downloader fetches the missing slices of one resource.
type Downloader struct {
	cfg   Config
	plan  segment.Plan
	sched *segment.Scheduler
	src   Source
	out   File

	resumed int64
	done    atomic.Int64 // bytes of finished slices, resumed ones included
	written atomic.Int64
	retries atomic.Int64
	conns   []connState

	mu        sync.Mutex
	cancels   map[int]context.CancelCauseFunc // claim ID → cancel
	tries     map[int]int                     // slice → failed tries
	pending   []SliceDone                     // done, not yet committed
	commitErr error
	sliceTime time.Duration     // moving average of the time a whole slice takes (scaled to a full slice); 0 until one is done
	started   map[int]time.Time // slice → when its first (non-duplicate) copy began

	claimsMu  sync.RWMutex
	claimConn map[int]*connState // claim ID → the connection fetching it
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
	d := &Downloader{
		cfg:     cfg,
		plan:    plan,
		sched:   segment.NewScheduler(plan, done.Clone(), cfg.Connections),
		src:     src,
		out:     out,
		resumed: resumed,
		conns:   make([]connState, cfg.Connections),
		cancels: make(map[int]context.CancelCauseFunc),
		tries:   make(map[int]int),
		started: make(map[int]time.Time),

		claimConn: make(map[int]*connState),
	}
	d.done.Store(resumed)
	d.sched.SetMargin(d.margin)
	return d
}

// Stats returns a snapshot of the progress; safe to call at any time.
func (d *Downloader) Stats() Stats {
	s := Stats{
		Size:    d.plan.Size,
		Resumed: d.resumed,
		Written: d.written.Load(),
		Retries: d.retries.Load(),
		Conns:   make([]ConnStats, len(d.conns)),
	}
	s.Done = d.done.Load()
	for i := range d.conns {
		c := &d.conns[i]
		s.Conns[i] = ConnStats{Bytes: c.bytes.Load(), Active: c.active.Load(),
			Range: segment.Range{Start: c.start.Load(), End: c.end.Load()}}
	}
	return s
}

// Done returns the slices finished so far (a copy).
func (d *Downloader) Done() *segment.Set { return d.sched.Done() }

// Run downloads until every slice is done, an error is final, or ctx ends.
// first, if not nil, is the probe's body for slice 0; Run closes it. Slices
// that were written are committed to the journal before Run returns, on
// success and on failure alike.
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
	if first != nil {
		if c, ok := d.sched.ClaimRun(segment.Run{First: 0, End: 1}); ok {
			firstClaim = &c
		} else {
			first.Close() // slice 0 is done already (a resumed download)
			first = nil
		}
	}
	g, gctx := errgroup.WithContext(ctx)
	for w := 0; w < d.cfg.Connections; w++ {
		if w == 0 && firstClaim != nil {
			c, body := *firstClaim, first
			g.Go(func() error { return d.worker(gctx, w, &c, body) })
			continue
		}
		g.Go(func() error { return d.worker(gctx, w, nil, nil) })
	}
	err := g.Wait()
	close(stop)
	commitWG.Wait()
	if cerr := d.flush(); cerr != nil && err == nil {
		err = cerr
	}
	if err == nil && !d.sched.Finished() {
		err = errors.New("download ended with slices missing") // a bug if ever seen
	}
	if err == nil && d.cfg.Journal == nil {
		if serr := d.out.Sync(); serr != nil {
			err = &LocalError{Op: "sync", Err: serr}
		}
	}
	if err != nil && ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}

func (d *Downloader) committer(stop <-chan struct{}) {
	t := time.NewTicker(d.cfg.CommitEvery)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			if err := d.flush(); err != nil {
				return
			}
		}
	}
}

// flush syncs the output and commits the pending slices: write, fdatasync,
// then commit, never the other way round.
func (d *Downloader) flush() error {
	d.mu.Lock()
	batch := d.pending
	d.pending = nil
	err := d.commitErr
	d.mu.Unlock()
	if err != nil || len(batch) == 0 || d.cfg.Journal == nil {
		return err
	}
	if err = d.out.Sync(); err != nil {
		err = &LocalError{Op: "sync", Err: err}
	} else if err = d.cfg.Journal.Commit(batch); err != nil {
		err = &LocalError{Op: "journal", Err: err}
	}
	if err != nil {
		d.mu.Lock()
		d.commitErr = err
		d.mu.Unlock()
	}
	return err
}

func (d *Downloader) finished(sd SliceDone) error {
	d.mu.Lock()
	if d.cfg.Journal != nil { // without a journal nothing reads them: keep memory flat
		d.pending = append(d.pending, sd)
	}
	n, err := len(d.pending), d.commitErr
	d.mu.Unlock()
	if err != nil {
		return err
	}
	if d.cfg.Journal != nil && n >= d.cfg.CommitSlices {
		return d.flush()
	}
	return nil
}

// worker fetches claims until everything is done. first, if not nil, is a
// claim already made whose response body is firstBody.
func (d *Downloader) worker(ctx context.Context, w int, first *segment.Claim, firstBody io.ReadCloser) error {
	cs := &d.conns[w]
	buf := make([]byte, d.cfg.BufferSize)
	var h hash.Hash
	if d.cfg.Hash {
		h = sha256.New()
	}
	retry := -1 // the slice that failed last, to be retried alone
	for {
		if err := ctx.Err(); err != nil {
			if firstBody != nil {
				firstBody.Close()
				d.sched.Release(*first)
			}
			return err
		}
		changed := d.sched.Changed()
		var claim segment.Claim
		var ok bool
		body := firstBody
		if first != nil {
			claim, ok = *first, true
			first, firstBody = nil, nil
		} else if retry >= 0 {
			// After a failure, ask for the failing slice alone: a cache in
			// front of the origin (nginx's slice module) that aborts a run
			// spanning two versions answers a single slice with its real
			// version, and a bad slice does not take its neighbours down.
			claim, ok = d.sched.ClaimRun(segment.Run{First: retry, End: retry + 1})
		}
		retry = -1
		if !ok {
			claim, ok = d.sched.Claim()
		}
		if !ok {
			if d.sched.Finished() {
				return nil
			}
			// Steal and end-game decisions depend on time (a victim that
			// stalls becomes worth stealing from): look again now and then
			// even when nothing changes.
			t := time.NewTimer(idleRecheck)
			select {
			case <-changed:
				t.Stop()
				continue
			case <-t.C:
				continue
			case <-ctx.Done():
				t.Stop()
				return ctx.Err()
			}
		}
		at, err := d.fetchClaim(ctx, cs, claim, body, buf, h)
		d.sched.Release(claim)
		if err == nil || errors.Is(err, errSuperseded) {
			continue
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if !Retryable(err) {
			return err
		}
		if err := d.backoff(ctx, at, err); err != nil {
			return err
		}
		retry = at
	}
}

// backoff counts a failed try of slice at and sleeps before the next, or
// returns the final error when the slice is out of tries.
func (d *Downloader) backoff(ctx context.Context, at int, err error) error {
	d.retries.Add(1)
	d.mu.Lock()
	d.tries[at]++
	n := d.tries[at]
	d.mu.Unlock()
	if n >= d.cfg.MaxTries {
		return fmt.Errorf("slice %d (%s) failed %d times, giving up: %w", at, d.plan.SliceRange(at), n, err)
	}
	wait := RetryDelay(n, d.cfg.RetryWait, d.cfg.MaxRetryWait, err)
	if d.cfg.Logf != nil {
		d.cfg.Logf("slice %d: %v; try %d of %d in %s", at, err, n+1, d.cfg.MaxTries, wait.Round(time.Millisecond))
	}
	return sleep(ctx, wait)
}

// RetryDelay is how long to wait after the n-th failed try (n ≥ 1) with
// error err: base doubled per try, capped at max, with jitter so that many
// connections do not retry in step; a server's Retry-After wins (up to five
// minutes).
func RetryDelay(n int, base, max time.Duration, err error) time.Duration {
	wait := base << (n - 1)
	if wait > max || wait <= 0 {
		wait = max
	}
	wait = wait/2 + rand.N(wait/2+1)
	var he *HTTPError
	if errors.As(err, &he) && he.RetryAfter > 0 {
		wait = min(he.RetryAfter, 5*time.Minute)
	}
	return wait
}

// sleep waits for d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// fetchClaim fetches claim's run (body, if not nil, is its response already
// open) and writes it out slice by slice. It returns the slice it was at.
func (d *Downloader) fetchClaim(ctx context.Context, cs *connState, claim segment.Claim, body io.ReadCloser, buf []byte, h hash.Hash) (int, error) {
	at := claim.Run.First
	rng := d.plan.RunRange(claim.Run)
	cctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	d.mu.Lock()
	d.cancels[claim.ID] = cancel
	d.mu.Unlock()
	defer func() {
		d.mu.Lock()
		delete(d.cancels, claim.ID)
		d.mu.Unlock()
	}()
	cs.start.Store(rng.Start)
	cs.end.Store(rng.End)
	cs.claimStart.Store(time.Now().UnixNano())
	cs.claimBytes.Store(0)
	cs.active.Store(true)
	d.claimsMu.Lock()
	d.claimConn[claim.ID] = cs
	d.claimsMu.Unlock()
	defer func() {
		cs.active.Store(false)
		d.claimsMu.Lock()
		delete(d.claimConn, claim.ID)
		d.claimsMu.Unlock()
	}()

	if claim.Dup && body == nil {
		// An end-game duplicate pays off only if the original copy is slow:
		// wait until the original has taken clearly longer than a slice
		// usually takes. If it completes meanwhile, this claim is cancelled
		// as superseded without a request. Behind a slice cache without a
		// cache lock every duplicate is a second fetch from the origin, so
		// duplicates are for connections that really lag.
		if err := d.endGameWait(cctx, claim.Run.First); err != nil {
			return at, causeOf(cctx, err)
		}
	} else {
		d.markStarted(claim.Run.First)
	}
	// A body opened before the claim (the probe's) says nothing about how
	// long a slice takes: do not time its first slice.
	timed, sliceStart := body == nil, time.Now()
	stall := time.AfterFunc(d.cfg.StallTimeout, func() { cancel(ErrStalled) })
	defer stall.Stop()
	if body == nil {
		var err error
		body, err = d.src.Open(cctx, rng)
		if err != nil {
			return at, causeOf(cctx, err)
		}
	}
	defer body.Close()
	r := &stallReader{r: body, t: stall, d: d.cfg.StallTimeout}

	windowStart, windowBytes := time.Now(), int64(0)
	for i := claim.Run.First; i < claim.Run.End; i++ {
		at = i
		sr := d.plan.SliceRange(i)
		if h != nil {
			h.Reset()
		}
		for off := sr.Start; off < sr.End; {
			n := int(min(int64(len(buf)), sr.End-off))
			if d.cfg.Limiter != nil {
				if b := d.cfg.Limiter.Burst(); b > 0 { // rate.Inf may come with burst 0
					n = min(n, b)
				}
			}
			// One Read, not ReadFull: a trickling connection must come back
			// here often enough for the speed check below to see it.
			m, err := r.Read(buf[:n])
			if m > 0 && d.cfg.Limiter != nil {
				if werr := d.cfg.Limiter.WaitN(cctx, m); werr != nil {
					return at, causeOf(cctx, werr)
				}
			}
			if m > 0 {
				if _, werr := d.out.WriteAt(buf[:m], off); werr != nil {
					return at, &LocalError{Op: "write", Err: werr}
				}
				if h != nil {
					h.Write(buf[:m])
				}
				off += int64(m)
				now := time.Now().UnixNano()
				if cs.claimBytes.Add(int64(m)) == int64(m) {
					cs.firstByte.Store(now)
				}
				cs.lastByte.Store(now)
				cs.bytes.Add(int64(m))
				d.written.Add(int64(m))
				windowBytes += int64(m)
			}
			if err == io.EOF && off == sr.End {
				err = nil // the body ended with this slice (the run's last)
			}
			if err != nil {
				if err == io.ErrUnexpectedEOF || err == io.EOF {
					err = ErrShortBody
				}
				return at, causeOf(cctx, err)
			}
			if d.cfg.LowestSpeed > 0 {
				if el := time.Since(windowStart); el >= d.cfg.LowestSpeedWindow {
					if float64(windowBytes)/el.Seconds() < float64(d.cfg.LowestSpeed) {
						return at, ErrTooSlow
					}
					windowStart, windowBytes = time.Now(), 0
				}
			}
		}
		if timed {
			d.timeSlice(time.Since(sliceStart), sr.Len())
		}
		timed, sliceStart = true, time.Now()
		if !claim.Dup && i+1 < claim.Run.End {
			d.markStarted(i + 1)
		}
		sd := SliceDone{Index: i, From: d.src.Name()}
		if h != nil {
			h.Sum(sd.SHA256[:0])
		}
		out := d.sched.Complete(claim, i)
		if out.First || len(out.Cancel) > 0 {
			finished := out.First && d.sched.Finished()
			d.mu.Lock()
			delete(d.started, i) // nothing grows with the file
			for _, id := range out.Cancel {
				if c := d.cancels[id]; c != nil {
					c(errSuperseded)
				}
			}
			if finished {
				// Every slice is in: whatever is still reading (a stalled
				// copy of a slice a duplicate finished) has nothing to add.
				for id, c := range d.cancels {
					if id != claim.ID {
						c(errSuperseded)
					}
				}
			}
			d.mu.Unlock()
		}
		if out.First {
			d.done.Add(sr.Len())
			if err := d.finished(sd); err != nil {
				return at, err
			}
		}
		if !out.More {
			return at, nil
		}
	}
	return at, nil
}

// timeSlice adds the time one slice of n bytes took to the moving average,
// scaled to a full slice: a short last slice does not make the usual time
// look shorter than it is.
func (d *Downloader) timeSlice(t time.Duration, n int64) {
	if n <= 0 {
		return
	}
	t = time.Duration(float64(t) * float64(d.plan.Slice) / float64(n))
	d.mu.Lock()
	if d.sliceTime == 0 {
		d.sliceTime = t
	} else {
		d.sliceTime += (t - d.sliceTime) / 4
	}
	d.mu.Unlock()
}

// inFlight is how long a connection's bytes may be on their way (socket
// buffers, a proxy's buffers, a cache's fetch) before the worker reads them.
// Generous on purpose: when the client is short of CPU, the server has
// filled the socket buffers long before the worker gets to them, and the
// rate the worker sees understates what is in flight.
const inFlight = 2 * time.Second

// idleRecheck is how often an idle worker looks again for work to steal or
// duplicate when nothing else wakes it.
const idleRecheck = 250 * time.Millisecond

// minSteal is the least time a victim must still need before stealing from
// it pays: a new request, and behind a slice cache without a cache lock a
// second fetch from the origin of whatever the victim had in flight.
const minSteal = time.Second

// margin is the scheduler's steal margin for claim id, which has after
// slices left past the one it reads. A connection that brought nothing for
// minSteal keeps none. One that will be done within minSteal at its speed
// (measured from its first byte, so a slow start is not held against it)
// keeps them all: not worth a steal. Any other keeps what is likely in
// flight: at least one slice (a cache in front of the origin fetches the
// next slice while it sends this one), more at high speed.
func (d *Downloader) margin(id, after int) int {
	d.claimsMu.RLock()
	cs := d.claimConn[id]
	d.claimsMu.RUnlock()
	if cs == nil {
		return 0
	}
	now := time.Now()
	got := cs.claimBytes.Load()
	if got == 0 {
		if now.Sub(time.Unix(0, cs.claimStart.Load())) < minSteal {
			return after // its response has not started: too early to judge
		}
		return 0
	}
	if now.Sub(time.Unix(0, cs.lastByte.Load())) >= minSteal {
		return 0 // stalled
	}
	rate := float64(got) / max(now.Sub(time.Unix(0, cs.firstByte.Load())).Seconds(), 0.05)
	if rate*minSteal.Seconds() >= float64(after+1)*float64(d.plan.Slice) {
		return after
	}
	return max(1, int(rate*inFlight.Seconds()/float64(d.plan.Slice)))
}

// markStarted notes when the (non-duplicate) copy of slice i began.
func (d *Downloader) markStarted(i int) {
	d.mu.Lock()
	d.started[i] = time.Now()
	d.mu.Unlock()
}

// minEndGame is the least time a slice must have taken before it is worth a
// duplicate: below it, the wait for a second response costs as much as it
// could save.
const minEndGame = 2 * time.Second

// endGameWait returns once the first copy of slice i has taken longer than
// three times the usual time of a slice (and at least minEndGame), or when ctx
// ends (the original finished first and cancelled this duplicate).
func (d *Downloader) endGameWait(ctx context.Context, i int) error {
	for {
		changed := d.sched.Changed()
		// The original may have finished before this duplicate's cancel was
		// registered, so that its "superseded" never reached it.
		if d.sched.IsDone(i) {
			return errSuperseded
		}
		d.mu.Lock()
		usual := d.sliceTime
		began, ok := d.started[i]
		d.mu.Unlock()
		if ok && usual > 0 {
			wait := time.Until(began.Add(max(3*usual, minEndGame)))
			if wait <= 0 {
				return nil
			}
			t := time.NewTimer(wait)
			select {
			case <-t.C:
				return nil
			case <-changed:
				t.Stop() // the usual time may have moved: look again
			case <-ctx.Done():
				t.Stop()
				return ctx.Err()
			}
			continue
		}
		t := time.NewTimer(idleRecheck)
		select {
		case <-changed:
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		}
		t.Stop()
	}
}

// causeOf prefers the reason a claim's context was cancelled (a stall, a
// superseded copy) over the error it caused.
func causeOf(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		if c := context.Cause(ctx); c != nil && !errors.Is(c, context.Canceled) {
			return c
		}
		return ctx.Err()
	}
	return err
}

// stallReader re-arms the stall timer on every read that brings bytes.
type stallReader struct {
	r io.Reader
	t *time.Timer
	d time.Duration
}

func (s *stallReader) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	if n > 0 {
		s.t.Reset(s.d)
	}
	return n, err
}

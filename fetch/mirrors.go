// Mirrors: a Source over several servers of one file, each pinned by its
// own validator, chosen by measured throughput within a cap per host, and
// dropped (for a while, or for good when it sends other bytes).
//
// About 430 lines for one concern: choosing, measuring and dropping mirrors
// share the one lock over their state (what proves them is apart, in
// MirrorProbation).

package fetch

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"sync"
	"time"

	"github.com/slget/slget/segment"
)

// MirrorOptions tune a Mirrors. The zero value is usable.
type MirrorOptions struct {
	// PerHost caps the connections open to one host at a time (aria2's
	// --max-connection-per-server); zero means no cap.
	PerHost int
	// Pieces, if not nil, are digests of the file's pieces: each piece a
	// body carries whole is checked as it completes, and a mirror whose
	// piece does not match is dropped. The plan's slice must be a multiple
	// of Pieces.Length (see PieceSlice).
	Pieces *PieceSums
	// CrossCheck has the first slice each mirror but the first sends
	// fetched from a mirror already trusted too and compared (CRC-32C)
	// before the mirror is trusted: with no piece digests, it is what
	// proves that two servers have the same bytes.
	CrossCheck bool
	// Proven, if not nil, says by index (as srcs) which mirrors are
	// proven already and need no cross-check: each sent the primary's
	// digest of the whole file (Repr-Digest), which the end checks.
	Proven []bool
	// Warn, if set, is told when a mirror is dropped or taken back.
	Warn func(string)
	// Cooldown is how long a mirror that failed maxMirrorFails times in a
	// row stays out before it is tried again (doubling each time); zero
	// means 10s.
	Cooldown time.Duration
	// Context is the download's: the probation's checks end with it; nil
	// means context.Background().
	Context context.Context
}

// maxMirrorFails is how many failures in a row take a mirror out for a
// cooldown.
const maxMirrorFails = 3

// Mirrors is the Source of a download from several servers of one file.
// The first is the primary: the one the probe asked, trusted from the
// start. Each Open goes to the usable mirror where one more connection
// may expect the best throughput (an unmeasured one first), under the
// per-host cap; if it cannot be opened, to the next, at no cost of a try.
type Mirrors struct {
	opt  MirrorOptions
	plan segment.Plan
	all  []*mirror

	mu      sync.Mutex
	perHost map[string]int
	pending map[int]int   // per slice, failed tries to fail over
	freed   chan struct{} // closed, and made anew, to wake the waiting picks (wakePicksLocked)
	stats   map[string]*MirrorStats
	sender  map[int]string // by slice, the mirror that sent it ("" the primary)
	sums    map[int]uint32 // by slice, the CRC-32C of the copy that finished it
	// badPieces, by piece, are the digests of pieces that did not match
	// the document's, and which mirror sent each.
	badPieces map[int]map[string]string
	prob      *Probation
}

// MirrorStats is what one mirror did in a download.
type MirrorStats struct {
	Bytes   int64  // bytes it sent in this run, whole pieces or not
	Dropped string // why it is out, "" if it is not
}

type mirror struct {
	name  string // the URL, redacted
	host  string
	src   Source
	trust bool
	// proven: the primary, a mirror that sent the file's digest, or any
	// mirror when pieces check every byte. The others stay on probation
	// for the whole download, trusted or not.
	proven bool
	// checking: its first slice is being compared; no other request
	// goes to it until that ends.
	checking bool
	banned   bool      // sent other bytes or has another version: out for good
	forBytes bool      // banned for its bytes alone (a check, not its answers)
	until    time.Time // out until then after failures
	cool     time.Duration
	fails    int
	active   int
	rate     float64 // bytes per second per connection, smoothed; 0 unmeasured
	// measuredAt is when rate was last measured: an idle mirror measured
	// long ago is measured again (remeasureAfter).
	measuredAt time.Time
	failed     map[int]bool
	stats      *MirrorStats
}

// usable reports whether mr may be asked at now: not out for good, not
// cooling down after failures. Mirrors.mu is held.
func (mr *mirror) usable(now time.Time) bool {
	return !mr.banned && !now.Before(mr.until)
}

// MirrorError is a mirror's failure that its next try avoids: a piece or
// a slice that proves it has other bytes.
type MirrorError struct {
	Mirror string
	Reason string
}

func (e *MirrorError) Error() string   { return "mirror " + e.Mirror + ": " + e.Reason }
func (e *MirrorError) retryable() bool { return true }

// NewMirrors returns a Source over srcs (the primary first), named by
// urls (the same order), in the slices of plan.
func NewMirrors(urls []string, srcs []Source, plan segment.Plan, opt MirrorOptions) *Mirrors {
	if opt.Cooldown <= 0 {
		opt.Cooldown = 10 * time.Second
	}
	ctx := opt.Context
	if ctx == nil {
		ctx = context.Background()
	}
	m := &Mirrors{opt: opt, plan: plan, perHost: map[string]int{}, pending: map[int]int{}, freed: make(chan struct{}), stats: map[string]*MirrorStats{}, sender: map[int]string{}, sums: map[int]uint32{}}
	m.prob = NewProbation(ctx, plan, m.referenceCRC)
	m.prob.OnCaught = m.caught
	for i, s := range srcs {
		host := urls[i]
		if u, err := url.Parse(urls[i]); err == nil {
			host = u.Host
		}
		st := &MirrorStats{}
		name := Redact(urls[i])
		m.stats[name] = st
		proven := i == 0 || !opt.CrossCheck || (i < len(opt.Proven) && opt.Proven[i])
		m.all = append(m.all, &mirror{name: name, host: host, src: s, trust: proven, proven: proven, cool: opt.Cooldown, failed: map[int]bool{}, stats: st})
		if !proven {
			m.prob.Watch(name)
		}
	}
	return m
}

// Stats returns, by mirror URL (redacted), what each did so far.
func (m *Mirrors) Stats() map[string]MirrorStats {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make(map[string]MirrorStats, len(m.stats))
	for k, v := range m.stats {
		out[k] = *v
	}
	return out
}

// Open implements Source.
func (m *Mirrors) Open(ctx context.Context, r segment.Range) (Body, error) {
	if len(m.all) > 1 {
		return m.openSpans(ctx, r)
	}
	b, _, err := m.openSpan(ctx, r)
	return b, err
}

// openSpan opens the first span of r: all of it, or the first slices of
// it when the mirror chosen is slower than another (spanOf). It returns
// the span the body holds.
func (m *Mirrors) openSpan(ctx context.Context, r segment.Range) (Body, segment.Range, error) {
	k := m.plan.Index(r.Start)
	tried := map[*mirror]bool{}
	var last error
	for {
		mr, err := m.pick(ctx, k, tried)
		if err != nil {
			if last != nil {
				return Body{}, r, last
			}
			return Body{}, r, err
		}
		tried[mr] = true
		span := m.spanOf(mr, r)
		b, err := m.open(ctx, mr, span)
		if err == nil {
			return b, span, nil
		}
		m.release(mr)
		if ctx.Err() != nil {
			return Body{}, r, err
		}
		m.failure(mr, k, err, false)
		last = err
	}
}

// open asks mr for r, checking its first slice against a trusted mirror
// first when mr is not trusted yet.
func (m *Mirrors) open(ctx context.Context, mr *mirror, r segment.Range) (Body, error) {
	m.mu.Lock()
	trusted := mr.trust
	m.mu.Unlock()
	if r.End == m.plan.Size && m.prob.Watched(mr.name) {
		// Its sample will be the file's last slice (Probation.Ahead).
		m.prob.Ahead(m.plan.N() - 1)
	}
	if !trusted {
		return m.crossCheck(ctx, mr, r)
	}
	b, err := mr.src.Open(ctx, r)
	if err != nil {
		return Body{}, err
	}
	return Body{ReadCloser: m.wrap(ctx, mr, r, b.ReadCloser), From: b.From, Mirror: m.nameOf(mr)}, nil
}

// nameOf is mr's name for Body.Mirror: "" for the primary.
func (m *Mirrors) nameOf(mr *mirror) string {
	if mr == m.all[0] {
		return ""
	}
	return mr.name
}

// remeasureAfter is how long a mirror may stay idle after its last
// measure before pick gives it a span again to measure it anew: a first
// measure taken at a bad moment must not keep a fast mirror out of a
// download for good. It costs at most a slow mirror's span (about
// spanTime of its rate) this often.
const remeasureAfter = 3 * time.Second

// pick chooses the mirror for slice k: usable, not failed at k, not
// tried in this Open, under its host's cap; the best throughput per open
// connection, an unmeasured one first. When every usable mirror is at its
// cap, it waits for a connection to end; while a mirror measured faster
// is being checked, it waits for the check (worthWaiting).
func (m *Mirrors) pick(ctx context.Context, k int, tried map[*mirror]bool) (*mirror, error) {
	since := time.Now()
	for {
		m.mu.Lock()
		now := time.Now()
		var best, checked *mirror
		var bestScore float64
		capped, any := false, false
		for pass := 0; pass < 2 && best == nil && !capped; pass++ {
			for _, mr := range m.all {
				if mr.checking && mr.usable(now) && !tried[mr] && (checked == nil || mr.rate > checked.rate) {
					checked = mr
				}
				if !mr.usable(now) || tried[mr] || (pass == 0 && mr.failed[k]) || mr.checking {
					continue
				}
				any = true
				if m.opt.PerHost > 0 && m.perHost[mr.host] >= m.opt.PerHost {
					capped = true
					continue
				}
				// The rate one more connection may expect: a mirror's
				// measured rate is per connection at its present
				// count, so one more shares what the others have (a
				// mirror with a link of its own), or, if each
				// connection has its own limit, gets as much.
				score := m.rateOf(mr) * float64(mr.active) / float64(mr.active+1)
				if mr.active == 0 {
					score = m.rateOf(mr)
				}
				switch {
				case mr.rate == 0 && mr.active == 0:
					score = 1e18 // measure it first
				case mr.active == 0 && now.Sub(mr.measuredAt) > remeasureAfter:
					// Idle since a measure that may have been a bad
					// moment's (a slow first answer, a busy machine):
					// measured again, a span of its rate, rather than
					// left out for the rest of the download.
					score = 1e17
				}
				if best == nil || score > bestScore {
					best, bestScore = mr, score
				}
			}
		}
		if best != nil && !(checked != nil && worthWaiting(checked, bestScore, now.Sub(since))) {
			best.checking = !best.trust
			best.active++
			m.perHost[best.host]++
			m.mu.Unlock()
			return best, nil
		}
		freed := m.freed
		m.mu.Unlock()
		if best == nil && !any {
			return nil, m.noneLeft(tried)
		}
		select {
		case <-freed:
		case <-time.After(time.Second): // a cooldown may have ended
		case <-ctx.Done():
			return nil, context.Cause(ctx)
		}
	}
}

// worthWaiting reports whether a pick should wait for the check of mr,
// measured by its checked slice, rather than take a mirror that promises
// score: when mr is slowerBy faster, for at most spanTime (so that a
// check whose reference hangs holds no other connection). The check ends
// within a slice of the proven source's time, and a slice given to that
// slower source would keep the connection from mr about as long.
func worthWaiting(mr *mirror, score float64, waited time.Duration) bool {
	return mr.rate > 0 && score < 1e17 && mr.rate >= slowerBy*score && waited < spanTime
}

// rateOf is mr's measured rate, or, before it is measured, the mean of
// the others' (1 when none is measured); m.mu is held.
func (m *Mirrors) rateOf(mr *mirror) float64 {
	if mr.rate > 0 {
		return mr.rate
	}
	var sum float64
	n := 0
	for _, o := range m.all {
		if o.rate > 0 {
			sum += o.rate
			n++
		}
	}
	if n == 0 {
		return 1
	}
	return sum / float64(n)
}

// noneLeft is the error when no mirror can be asked.
func (m *Mirrors) noneLeft(tried map[*mirror]bool) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	var soonest time.Time
	for _, mr := range m.all {
		if !mr.banned && !tried[mr] && (soonest.IsZero() || mr.until.Before(soonest)) {
			soonest = mr.until
		}
	}
	if soonest.IsZero() {
		return Final(errors.New("no mirror is left: every one was dropped for sending other bytes or another version"))
	}
	return &HTTPError{URL: "every mirror", Status: 503, RetryAfter: time.Until(soonest)}
}

// release ends one connection to mr.
func (m *Mirrors) release(mr *mirror) {
	m.mu.Lock()
	mr.active--
	m.perHost[mr.host]--
	m.wakePicksLocked()
	m.mu.Unlock()
}

// wakePicksLocked tells the picks that wait (for a connection to end, or
// for a faster mirror's check) to look again; m.mu is held.
func (m *Mirrors) wakePicksLocked() {
	close(m.freed)
	m.freed = make(chan struct{})
}

// counted adds n bytes that mr sent.
func (m *Mirrors) counted(mr *mirror, n int64) {
	m.mu.Lock()
	mr.stats.Bytes += n
	m.mu.Unlock()
}

// measured records a body's throughput and that mr worked.
func (m *Mirrors) measured(mr *mirror, n int64, took time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	mr.fails = 0
	mr.cool = m.opt.Cooldown
	if n < 16<<10 || took <= 0 {
		return
	}
	r := float64(n) / took.Seconds()
	mr.measuredAt = time.Now()
	if mr.rate == 0 {
		mr.rate = r
	} else {
		mr.rate = 0.6*mr.rate + 0.4*r
	}
}

// failure records that mr failed at slice k with err; pending says that
// the Downloader's try of k failed with it (a body), else Open went on.
func (m *Mirrors) failure(mr *mirror, k int, err error, pending bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	mr.failed[k] = true
	if pending {
		m.pending[k]++
	}
	var me *MirrorError
	var ce *ChangedError
	var he *HTTPError
	var se *ScopeError
	switch {
	case mr.banned:
	case errors.As(err, &me):
		m.ban(mr, me.Reason)
		mr.forBytes = true
	case errors.As(err, &se): // its name now resolves into the user's network
		m.ban(mr, se.Error())
	case errors.As(err, &ce):
		m.ban(mr, "it has another version now ("+ce.Reason+")")
	case errors.As(err, &he) && he.Status >= 400 && he.Status < 500 && he.Status != 408 && he.Status != 429:
		m.ban(mr, fmt.Sprintf("it answers %d", he.Status))
	default:
		mr.fails++
		if mr.fails >= maxMirrorFails && m.usableLocked() > 1 {
			mr.until = time.Now().Add(mr.cool)
			m.say(fmt.Sprintf("mirror %s failed %d times in a row (%v): out for %s, then tried again", mr.name, mr.fails, err, mr.cool))
			mr.cool *= 2
			mr.fails = 0
			mr.rate = 0
		}
	}
}

// ban takes mr out for good; m.mu is held.
func (m *Mirrors) ban(mr *mirror, why string) {
	mr.banned = true
	mr.stats.Dropped = why
	m.prob.Catch(mr.name, why)
	m.say(fmt.Sprintf("mirror %s dropped: %s; the download goes on from the others", mr.name, why))
}

func (m *Mirrors) usableLocked() int {
	n := 0
	for _, mr := range m.all {
		if !mr.banned && time.Now().After(mr.until) {
			n++
		}
	}
	return n
}

func (m *Mirrors) say(s string) {
	if m.opt.Warn != nil {
		m.opt.Warn(s)
	}
}

// Failover implements Failover: a try that failed at one mirror goes to
// another at once, and costs no try, while one is left.
func (m *Mirrors) Failover(slice int) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := m.pending[slice]
	if n == 0 {
		return false
	}
	if n == 1 {
		delete(m.pending, slice)
	} else {
		m.pending[slice] = n - 1
	}
	for _, mr := range m.all {
		if !mr.banned && !mr.failed[slice] {
			return true
		}
	}
	return false
}

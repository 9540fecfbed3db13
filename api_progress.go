// Progress: snapshots of a running download that a program can draw as
// they are: bytes done, this run's bytes, speed over a sliding window,
// ETA, and each connection's state.

package slget

import (
	"sync"
	"time"

	"github.com/slget/slget/fetch"
)

// SpeedWindow is how far back Progress.BytesPerSecond looks: long enough to
// smooth out the bursts of a rate limiter (nginx's limit_rate grants a
// second's worth up front), short enough to follow a real change within
// seconds.
const SpeedWindow = 5 * time.Second

// Progress is a snapshot of a download, from Started.Progress.
type Progress struct {
	Size int64 // bytes in all; -1 when the server sent no length
	// Done is the bytes of the file in place, resumed ones included: it
	// moves with every write and never passes Size. (A slice whose try
	// fails takes its bytes back out.)
	Done    int64
	Resumed int64 // bytes already done when this run began
	// ThisRun is the bytes that came in this run, end-game duplicates and
	// failed tries included: what the network carried.
	ThisRun int64
	// BytesPerSecond is the speed of this run over the last SpeedWindow
	// (since the start, when that is more recent); 0 until a quarter of a
	// second has been measured. Resumed bytes never count.
	BytesPerSecond float64
	// ETA is the time left at BytesPerSecond; 0 when it cannot be told
	// (no size, no speed yet).
	ETA     time.Duration
	Retries int64 // failed tries in this run
	// BySource is the bytes finished in this run by where they came from.
	BySource map[Source]int64
	Conns    []ConnProgress // one per connection of the download that ran
	// Open is how many connections run now; Peak the most that ran at
	// once in this run (with AutoConnections, the count it found).
	Open, Peak int
}

// Fraction is Done over Size, from 0 to 1; 0 when the size is unknown.
func (p Progress) Fraction() float64 {
	if p.Size <= 0 {
		return 0
	}
	return float64(p.Done) / float64(p.Size)
}

// ConnProgress is one connection's part of a Progress.
type ConnProgress struct {
	Active  bool  // it holds slices to fetch; false when idle
	Waiting bool  // its request is out and no byte of the answer has come
	Range   Range // what it fetches now; empty when idle
	From    Source
	Bytes   int64 // bytes it brought in this run
	// Mirror is the mirror it fetches from now (its URL, redacted as
	// Redact does), "" for the first URL or a cache or peer.
	Mirror string
	// BytesPerSecond is its speed over the last SpeedWindow.
	BytesPerSecond float64
	Retries        int64
}

// progress makes the snapshots of one download from its Downloader's
// stats, measuring speeds between calls. Safe for concurrent use.
type progress struct {
	stats   func() fetch.Stats
	size    int64
	resumed int64
	ranged  bool

	mu    sync.Mutex
	total meter
	conns []meter
}

func newProgress(size, resumed int64, ranged bool, stats func() fetch.Stats) *progress {
	return &progress{stats: stats, size: size, resumed: resumed, ranged: ranged}
}

// snapshot is Started.Progress.
func (p *progress) snapshot() Progress {
	return p.at(time.Now())
}

func (p *progress) at(now time.Time) Progress {
	s := p.stats()
	p.mu.Lock()
	defer p.mu.Unlock()
	out := Progress{Size: p.size, Resumed: p.resumed, ThisRun: s.Written, Retries: s.Retries,
		BySource: make(map[Source]int64, len(s.BySource)), Conns: make([]ConnProgress, len(s.Conns)),
		Open: s.Open, Peak: s.Peak}
	out.Done = max(s.Done+s.InFlight, p.resumed)
	if !p.ranged {
		out.Done = s.Written
	}
	if p.size >= 0 {
		out.Done = min(out.Done, p.size)
	}
	for k, v := range s.BySource {
		out.BySource[Source(k)] = v
	}
	p.total.add(now, s.Written)
	out.BytesPerSecond = p.total.rate()
	if out.BytesPerSecond > 0 && p.size >= 0 {
		out.ETA = time.Duration(float64(p.size-out.Done) / out.BytesPerSecond * float64(time.Second)).Round(time.Second)
	}
	for len(p.conns) < len(s.Conns) {
		p.conns = append(p.conns, meter{})
	}
	for i, c := range s.Conns {
		p.conns[i].add(now, c.Bytes)
		out.Conns[i] = ConnProgress{Active: c.Active, Waiting: c.Waiting, Range: rangeOf(c.Range), From: Source(c.From),
			Bytes: c.Bytes, BytesPerSecond: p.conns[i].rate(), Retries: c.Retries, Mirror: c.Mirror}
	}
	return out
}

// meter measures a rate from samples of a growing byte count: the bytes
// moved over the last SpeedWindow (or since the first sample, if that is
// more recent), with the window's start interpolated between the two
// samples around it, so that every moment in the window weighs the same.
// It is not safe for concurrent use.
type meter struct {
	samples []sample // oldest first; the first one is at or before the window's start
}

type sample struct {
	t time.Time
	n int64
}

// add records that n bytes had been moved by t.
func (m *meter) add(t time.Time, n int64) {
	m.samples = append(m.samples, sample{t, n})
	// Keep one sample at or before the window's start, drop the older.
	start := t.Add(-SpeedWindow)
	k := 0
	for k+1 < len(m.samples) && !m.samples[k+1].t.After(start) {
		k++
	}
	m.samples = m.samples[k:]
}

// rate is the bytes per second over the window ending at the last sample,
// or 0 until the samples span a quarter of a second.
func (m *meter) rate() float64 {
	if len(m.samples) < 2 {
		return 0
	}
	last := m.samples[len(m.samples)-1]
	first := m.samples[0]
	start := last.t.Add(-SpeedWindow)
	if first.t.Before(start) {
		next := m.samples[1]
		// Interpolate the count at the window's start.
		f := float64(start.Sub(first.t)) / float64(next.t.Sub(first.t))
		first = sample{start, first.n + int64(f*float64(next.n-first.n))}
	}
	el := last.t.Sub(first.t).Seconds()
	if el < 0.25 {
		return 0
	}
	return float64(last.n-first.n) / el
}

// Probation: a source that no digest covers (a mirror without the file's
// digest or piece hashes, a peer without the fleet key) is cross-checked
// against a trusted source for the whole download, not for one slice: the
// 1st, 2nd, 4th, 8th... slice it sends, and a sample before the rename.

package fetch

import (
	"context"
	"fmt"
	"hash/crc32"
	"slices"
	"sync"

	"github.com/slget/slget/segment"
)

// Reference reads slice i from a source trusted more than the ones on
// probation, and returns its CRC-32C and the source's name.
type Reference func(ctx context.Context, i int) (crc uint32, from string, err error)

// Probation cross-checks the slices of sources on probation against a
// Reference. Sent is told of each slice such a source finished; the slices
// at the powers of two of its count are checked as they come (a few at
// once, beside the transfer), and Sample checks, once the transfer
// ended, the last slice of the file each source sent that no check has
// seen yet (its reference read ahead, beside the transfer, when Ahead
// was told). A source whose slice differs is caught: Caught says which,
// and Slices which slices it sent, to fetch again from the others.
//
// Decision: the schedule doubles, so a source that lies from some slice on
// is caught within twice the slices it sent before lying, at a cost of
// about log2(n)+1 slices per source; a source that lies on one slice in a
// thousand is likely not caught. Only a digest proves every byte. The
// checks, a first slice compared as it came included, are held to a budget
// of 5% of the file's slices (past which each source still gets its
// sample before the rename), so that honest
// sources cost little and peers do not send their file's load back to the
// origin: past the budget, the doubling stops and only the sample is left.
type Probation struct {
	ctx context.Context // of the download: the checks end with it
	ref Reference
	// OnCaught, if set, is told once when a source is caught, with why.
	OnCaught func(name, why string)

	mu      sync.Mutex
	srcs    map[string]*onProbation
	queue   []check
	running int // checks under way, at most maxChecks
	reading int // references read ahead under way (Ahead)
	refs    map[int]*ahead
	idle    *sync.Cond
	checks  int   // slices compared
	bytes   int64 // bytes the references cost
	rng     func(int) segment.Range
	budget  int // slices the checks may cost, all sources together
	queued  int // checks queued or done, the sample's included
}

// budgetShare is the part of the file's slices the checks may cost.
const budgetShare = 0.05

// maxChecks is how many checks run at once: the sample before the rename
// is not one slow reference after another.
const maxChecks = 4

type onProbation struct {
	sent    []int          // slices in the order it sent them
	crc     map[int]uint32 // of each slice it sent
	checked map[int]bool
	caught  string // why, "" while not caught
}

type check struct {
	name string
	i    int
	crc  uint32
}

// ProbationStats is what probation did: how many slices the sources on
// probation sent, how many of them were compared with a trusted source,
// and the bytes the comparisons cost.
type ProbationStats struct {
	Sources int   // sources on probation
	Senders int   // of those, the ones with slices on record
	Sent    int   // slices they sent
	Checked int   // of those, compared with a trusted source
	Bytes   int64 // bytes fetched from trusted sources for the comparisons
	Caught  []string
}

// NewProbation returns a Probation whose references come from ref, for a
// plan whose slices have the sizes plan.SliceRange gives.
func NewProbation(ctx context.Context, plan segment.Plan, ref Reference) *Probation {
	p := &Probation{ctx: ctx, ref: ref, srcs: map[string]*onProbation{}, rng: plan.SliceRange, budget: int(budgetShare * float64(plan.N()))}
	p.idle = sync.NewCond(&p.mu)
	return p
}

// Watch puts the source name on probation. Sent ignores sources not
// watched.
func (p *Probation) Watch(name string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.srcs[name] == nil {
		p.srcs[name] = &onProbation{crc: map[int]uint32{}, checked: map[int]bool{}}
	}
}

// Watched reports whether name is on probation.
func (p *Probation) Watched(name string) bool {
	if p == nil {
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.srcs[name] != nil
}

// Checked records that slice i of name was compared already (as it came,
// before its bytes were given), with the same bytes: it counts as a check
// of the budget.
func (p *Probation) Checked(name string, i int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if s := p.srcs[name]; s != nil && !s.checked[i] {
		s.checked[i] = true
		p.queued++
		p.checks++
		p.bytes += p.rng(i).Len()
	}
}

// Had records that slice i, with its crc, came from name in an earlier
// run (the journal says so): Sample may check it, and Slices lists it.
func (p *Probation) Had(name string, i int, crc uint32) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if s := p.srcs[name]; s != nil {
		if _, ok := s.crc[i]; !ok {
			s.sent = append(s.sent, i)
		}
		s.crc[i] = crc
	}
}

// Sent records that source name finished slice i with checksum crc, and
// checks it beside the transfer when its count is a power of two.
func (p *Probation) Sent(name string, i int, crc uint32) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	s := p.srcs[name]
	if s == nil {
		return
	}
	// A caught source's slices still in flight are recorded too: each is
	// fetched again.
	if _, ok := s.crc[i]; !ok {
		s.sent = append(s.sent, i)
	}
	s.crc[i] = crc
	// One check per source stays for the sample.
	if n := len(s.sent); s.caught == "" && n&(n-1) == 0 && !s.checked[i] && p.queued+len(p.srcs) < p.budget {
		s.checked[i] = true
		p.queued++
		p.queue = append(p.queue, check{name, i, crc})
		p.startLocked()
	}
}

// startLocked runs the queue's checks, maxChecks at a time; p.mu is held.
func (p *Probation) startLocked() {
	for p.running < maxChecks && p.running < len(p.queue) {
		p.running++
		go p.drain()
	}
}

// drain runs the queued checks; OnCaught is told without p.mu held.
func (p *Probation) drain() {
	ctx := p.ctx
	p.mu.Lock()
	defer p.mu.Unlock()
	for len(p.queue) > 0 && ctx.Err() == nil {
		c := p.queue[0]
		p.queue = p.queue[1:]
		p.mu.Unlock()
		crc, from, wasAhead, err := p.refOf(ctx, c.i)
		p.mu.Lock()
		if err != nil {
			continue // the reference failed, not the source: nothing against it
		}
		p.checks++
		if !wasAhead {
			p.bytes += p.rng(c.i).Len()
		}
		if crc != c.crc {
			r := p.rng(c.i)
			why := fmt.Sprintf("slice %d (bytes %d-%d) differs from the same slice from %s (it sends other bytes)", c.i, r.Start, r.End-1, from)
			if p.catchLocked(c.name, why) && p.OnCaught != nil {
				p.mu.Unlock()
				p.OnCaught(c.name, why)
				p.mu.Lock()
			}
		}
	}
	if ctx.Err() != nil {
		p.queue = nil
	}
	p.running--
	p.idle.Broadcast()
}

// catchLocked marks name caught; false when it was already, or is not
// on probation. p.mu is held.
func (p *Probation) catchLocked(name, why string) bool {
	s := p.srcs[name]
	if s == nil || s.caught != "" {
		return false
	}
	s.caught = why
	return true
}

// Sample waits for the checks under way, then checks, for each source not
// caught, the last slice of the file it sent that no check saw yet. It returns ctx's error, if any.
func (p *Probation) Sample(ctx context.Context) error {
	if p == nil {
		return nil
	}
	p.wait(ctx)
	p.mu.Lock()
	names := make([]string, 0, len(p.srcs))
	for n := range p.srcs {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		s := p.srcs[n]
		if s.caught != "" {
			continue
		}
		var unchecked []int
		for _, i := range s.sent {
			if !s.checked[i] {
				unchecked = append(unchecked, i)
			}
		}
		if len(unchecked) == 0 {
			continue
		}
		// The last slice of the file it sent: a source that lies from
		// some offset on, or after its first answers, lies there.
		i := slices.Max(unchecked)
		s.checked[i] = true
		p.queued++
		p.queue = append(p.queue, check{n, i, s.crc[i]})
	}
	p.startLocked()
	p.mu.Unlock()
	p.wait(ctx)
	return ctx.Err()
}

// wait returns when no check runs and no reference is read ahead, or
// ctx ended.
func (p *Probation) wait(ctx context.Context) {
	stop := context.AfterFunc(ctx, func() {
		p.mu.Lock()
		p.idle.Broadcast()
		p.mu.Unlock()
	})
	defer stop()
	p.mu.Lock()
	for (p.running > 0 || p.reading > 0) && ctx.Err() == nil {
		p.idle.Wait()
	}
	p.mu.Unlock()
}

// Caught returns the sources caught so far, by name, with why.
func (p *Probation) Caught() map[string]string {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	out := map[string]string{}
	for n, s := range p.srcs {
		if s.caught != "" {
			out[n] = s.caught
		}
	}
	return out
}

// Catch puts name among the caught (another check, such as a piece or a
// first slice compared as it came, caught it); OnCaught is not told.
func (p *Probation) Catch(name, why string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.catchLocked(name, why)
}

// Slices returns the slices name sent, in this run or (Had) an earlier
// one, and forgets them: they are fetched again from other sources.
func (p *Probation) Slices(name string) []int {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	s := p.srcs[name]
	if s == nil {
		return nil
	}
	out := slices.Clone(s.sent)
	s.sent = nil
	clear(s.crc)
	slices.Sort(out)
	return slices.Compact(out)
}

// Stats says what probation did so far.
func (p *Probation) Stats() ProbationStats {
	if p == nil {
		return ProbationStats{}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	st := ProbationStats{Sources: len(p.srcs), Checked: p.checks, Bytes: p.bytes}
	for n, s := range p.srcs {
		st.Sent += len(s.sent)
		if len(s.sent) > 0 {
			st.Senders++
		}
		if s.caught != "" {
			st.Caught = append(st.Caught, n)
		}
	}
	slices.Sort(st.Caught)
	return st
}

// SliceWatcher is implemented by a Source that wants to know each slice
// the Downloader finished (its first copy), with its checksum when
// Config.Hash is set.
type SliceWatcher interface {
	SliceDone(SliceDone)
}

// sliceCRC reads r whole (n bytes) and returns its CRC-32C.
func sliceCRC(b Body, n int64) (uint32, error) {
	data, err := readAll(b.ReadCloser, n)
	b.Close()
	if err != nil {
		return 0, err
	}
	return crc32.Checksum(data, castagnoli), nil
}

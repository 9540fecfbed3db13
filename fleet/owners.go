// Balanced ownership: the owner of each run of one version among a set of
// members, rendezvous hashing held to an equal share per member.

package fleet

import (
	"slices"
	"strconv"
	"strings"
	"sync"
)

// BlockRuns is how many runs are shared out together: within each block of
// runs (1024 runs: 4 GiB at 1 MiB slices) no member owns more than its
// equal share, rounded up. Blocks keep the table of a huge file, and the
// work of making it, to what a lookup needs.
const BlockRuns = 1024

// File is one version of a resource as the hosts of a fleet key its runs:
// its URL (see CanonicalURL), strong ETag and size, and the slice size.
type File struct {
	URL   string
	ETag  string
	Size  int64
	Slice int64
}

// Runs is how many ownership runs f has: 0 when its size or slice is not
// positive.
func (f File) Runs() int64 {
	if f.Size <= 0 || f.Slice <= 0 {
		return 0
	}
	slices := (f.Size + f.Slice - 1) / f.Slice
	return Run(slices-1) + 1
}

// Owners is who owns each run of one File among one set of members.
//
// Each run goes to the member that scores highest for its run key (the
// rendezvous weight of RunKey), unless that member already owns its equal
// share of the run's block: then to the next in the run's order that does
// not (consistent hashing with bounded loads, at no slack). The runs are
// shared out in their order, so every host that knows the same members
// names the same owners. A member that joins or leaves moves little more
// than its share: about 10% more runs than plain rendezvous hashing moves,
// for no member owning more than its share (plain hashing gave one
// member 1.3 times its share of a 512 MiB file, and that member's link set
// the pace of the whole fleet's wave).
//
// An Owners is safe for concurrent use: each block's owners are worked
// out when first asked for.
type Owners struct {
	members []string // sorted, without repeats
	prefix  uint64   // FNV-1a state after the run key's prefix
	runs    int64

	mu     sync.Mutex
	blocks map[int64][]int32 // block → index into members, per run
}

// Own returns the owners of f's runs among members (their order and
// repeats do not matter).
func Own(f File, members []string) *Owners {
	m := slices.Clone(members)
	slices.Sort(m)
	m = slices.Compact(m)
	return &Owners{members: m, prefix: fnvString(fnvOffset, runKeyPrefix(f)), runs: f.Runs(), blocks: map[int64][]int32{}}
}

// For reports whether o was made for exactly these members, in any order.
func (o *Owners) For(members []string) bool {
	n := 0
	for i, m := range members {
		if !slices.Contains(members[:i], m) {
			if _, found := slices.BinarySearch(o.members, m); !found {
				return false
			}
			n++
		}
	}
	return n == len(o.members)
}

// Owner is the member that owns run, "" when there are no members or run
// is not one of the file's.
func (o *Owners) Owner(run int64) string {
	b := o.block(run)
	if b == nil {
		return ""
	}
	return o.members[b[run%BlockRuns]]
}

// Rank lists the members for run: its owner first, then the others by
// their rendezvous weight, highest first. After a member joins, a run's
// previous owner is most often the first after the owner.
func (o *Owners) Rank(run int64) []string {
	owner := o.Owner(run)
	if owner == "" {
		return nil
	}
	w := o.weights(run, nil)
	idx := make([]int, 0, len(o.members))
	for i := range o.members {
		if o.members[i] != owner {
			idx = append(idx, i)
		}
	}
	slices.SortFunc(idx, func(a, b int) int { return byWeight(w, a, b) })
	out := make([]string, 0, len(o.members))
	out = append(out, owner)
	for _, i := range idx {
		out = append(out, o.members[i])
	}
	return out
}

// block returns the owners of run's block, working them out when first
// asked; nil when run is out of range or there are no members.
func (o *Owners) block(run int64) []int32 {
	if run < 0 || run >= o.runs || len(o.members) == 0 {
		return nil
	}
	k := run / BlockRuns
	o.mu.Lock()
	defer o.mu.Unlock()
	if b, ok := o.blocks[k]; ok {
		return b
	}
	first := k * BlockRuns
	n := min(BlockRuns, o.runs-first)
	share := int32((n + int64(len(o.members)) - 1) / int64(len(o.members)))
	load := make([]int32, len(o.members))
	b := make([]int32, n)
	w := make([]uint64, len(o.members))
	for r := range n {
		w = o.weights(first+r, w)
		best := -1
		for i := range o.members {
			if load[i] < share && (best < 0 || byWeight(w, i, best) < 0) {
				best = i
			}
		}
		b[r] = int32(best) // share × members ≥ n: some member has room
		load[best]++
	}
	o.blocks[k] = b
	return b
}

// weights fills w with every member's rendezvous weight for run.
func (o *Owners) weights(run int64, w []uint64) []uint64 {
	w = w[:0]
	var d [20]byte
	h := fnvBytes(o.prefix, strconv.AppendInt(d[:0], run, 10))
	h = fnvByte(h, 0)
	for _, m := range o.members {
		w = append(w, mix(fnvString(h, m)))
	}
	return w
}

// byWeight orders members a and b by weight w, highest first; equal
// weights, which need a 64-bit collision, by the members' sorted order.
func byWeight(w []uint64, a, b int) int {
	switch {
	case w[a] > w[b]:
		return -1
	case w[a] < w[b]:
		return 1
	}
	return a - b
}

// runKeyPrefix is RunKey without the run's index: every run key of f
// begins with it.
func runKeyPrefix(f File) string {
	var b strings.Builder
	b.WriteString(CanonicalURL(f.URL))
	b.WriteByte(0)
	b.WriteString(f.ETag)
	for _, n := range [...]int64{f.Size, f.Slice} {
		b.WriteByte(0)
		b.WriteString(strconv.FormatInt(n, 10))
	}
	b.WriteByte(0)
	return b.String()
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// fnvString, fnvBytes and fnvByte go on with an FNV-1a hash in state h.
func fnvString(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * fnvPrime
	}
	return h
}

func fnvBytes(h uint64, b []byte) uint64 {
	for _, c := range b {
		h = (h ^ uint64(c)) * fnvPrime
	}
	return h
}

func fnvByte(h uint64, c byte) uint64 { return (h ^ uint64(c)) * fnvPrime }

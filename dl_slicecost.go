// The cost of small slices: a warning when the slice size makes the
// journal's commits take longer than the transfer itself.

package slget

import (
	"fmt"
	"time"

	"github.com/slget/slget/internal/units"
	"github.com/slget/slget/segment"
)

// Every finished slice is committed to the journal (an fdatasync of the
// partial file, then bbolt's commit with its own syncs: about three
// fdatasyncs per commit), in groups of at most commitSlices slices, so a
// download makes at least N/commitSlices commits whatever its speed.
// Measured on 1 GiB over loopback with 8 connections: 4.7s with --slice
// 1m, 6.7s with 256k, 37s with 4k (262,144 slices, 4,096 commits).
// Nothing is wrong with such a download, but it is slow for no gain, so
// slget says so and names the slice size that fits: the default, whose
// commits cost about 2% of the transfer even at 1 Gbit/s.

// commitSlices is the most slices the journal commits at once (given to
// the fetch package as Config.CommitSlices).
const commitSlices = 64

// commitCost is about what one commit costs: three syncs. Measured 9 to 12
// ms on a virtual disk, 1 to 3 ms on an NVMe drive; a spinning disk takes
// longer.
const commitCost = 10 * time.Millisecond

// fastLink is the speed at which the transfer is judged: 1 Gbit/s, a LAN,
// a peer, a local cache or a fast mirror. Slower links make small slices
// cost less in proportion.
const fastLink = 125e6 // bytes per second

// noticeable is the least cost of the commits worth a word.
const noticeable = time.Second

// commitTime is the least time the journal's commits of size bytes in
// slices of slice bytes take.
func commitTime(size, slice int64) time.Duration {
	n := (size + slice - 1) / slice
	return time.Duration((n+commitSlices-1)/commitSlices) * commitCost
}

// linkTime is how long size bytes take on a fast link.
func linkTime(size int64) time.Duration {
	return time.Duration(float64(size) / fastLink * float64(time.Second))
}

// sliceWarning says, for a journaled download of plan, when its commits
// will take longer than its transfer on a fast link (and a noticeable
// time), and that the default slice size fits. It returns "" when the
// slice size is fine.
func sliceWarning(plan segment.Plan) string {
	spent, transfer := commitTime(plan.Size, plan.Slice), linkTime(plan.Size)
	if spent <= transfer || spent < noticeable || plan.Slice >= segment.DefaultSlice {
		return ""
	}
	fit := segment.DefaultSlice
	return fmt.Sprintf("slices of %s cut %s into %d slices, which the journal commits at least %d times, a few syncs each: about %s, "+
		"longer than the transfer itself takes at 1 Gbit/s (%s); slices of %s, the default, fit (%d slices)",
		units.Exact(plan.Slice), units.Bytes(plan.Size), plan.N(), (plan.N()+commitSlices-1)/commitSlices,
		spent.Round(100*time.Millisecond), transfer.Round(100*time.Millisecond), units.Exact(fit), (plan.Size+fit-1)/fit)
}

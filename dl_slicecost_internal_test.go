// Tests of the small-slice warning: when it is given, and what it says.

package slget

import (
	"strings"
	"testing"

	"github.com/slget/slget/segment"
)

func TestSliceWarning(t *testing.T) {
	const k, m, g = 1 << 10, 1 << 20, 1 << 30
	for _, tc := range []struct {
		size, slice int64
		want        string // "" for no warning
	}{
		{1 * g, 4 * k, "slices of 4k cut 1.0 GiB into 262144 slices, which the journal commits at least 4096 times"},
		{1 * g, 16 * k, "slices of 1m, the default, fit (1024 slices)"},
		{10 * g, 8 * k, "1310720 slices"},
		{32 * m, 4 * k, "8192 slices"},
		{1 * g, 64 * k, ""}, // commits about 0.2s, the transfer 8.6s at 1 Gbit/s
		{1 * g, 1 * m, ""},  // the default
		{1 * m, 4 * k, ""},  // 256 slices, 4 commits: nothing to notice
		{16 * m, 4 * k, ""}, // 64 commits, 0.6s: not noticeable yet
		{100 * g, 16 * k, "6553600 slices"},
	} {
		plan, err := segment.NewPlan(tc.size, tc.slice)
		if err != nil {
			t.Fatal(err)
		}
		got := sliceWarning(plan)
		switch {
		case tc.want == "" && got != "":
			t.Errorf("%d bytes in %d-byte slices: warned %q", tc.size, tc.slice, got)
		case tc.want != "" && !strings.Contains(got, tc.want):
			t.Errorf("%d bytes in %d-byte slices: warned %q, want it to say %q", tc.size, tc.slice, got, tc.want)
		case tc.want != "" && !strings.Contains(got, "slices of 1m, the default, fit"):
			t.Errorf("%d bytes in %d-byte slices: %q does not say which --slice fits", tc.size, tc.slice, got)
		}
	}
}

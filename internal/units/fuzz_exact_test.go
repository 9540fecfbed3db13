// Fuzz test of Exact: every size slget accepts formats to the shortest
// nginx-style text, which ParseSize reads back to the same size.

package units

import (
	"strconv"
	"strings"
	"testing"
)

func FuzzExact(f *testing.F) {
	for _, n := range []int64{0, 1, 1023, 1024, 4 << 10, 1<<20 + 1, 1 << 20, 3 << 30, 1<<62 - 1, 1 << 62, 1<<62 + 1, -1, -1 << 20} {
		f.Add(n)
	}
	f.Fuzz(func(t *testing.T, n int64) {
		s := Exact(n)
		back, err := ParseSize(s)
		if n < 0 || n > 1<<62 {
			if err == nil {
				t.Fatalf("Exact(%d) = %q, which ParseSize accepts as %d", n, s, back)
			}
			return
		}
		if err != nil || back != n {
			t.Fatalf("Exact(%d) = %q → %d, %v", n, s, back, err)
		}
		// The largest unit that divides n: the number carries no factor of
		// 1024 that a larger unit could have taken.
		num, unit := s, ""
		if last := s[len(s)-1]; last == 'k' || last == 'm' || last == 'g' {
			num, unit = s[:len(s)-1], string(last)
		}
		v, err := strconv.ParseInt(num, 10, 64)
		if err != nil || strings.HasPrefix(num, "0") && num != "0" {
			t.Fatalf("Exact(%d) = %q: not a plain number", n, s)
		}
		if unit != "g" && v != 0 && v%1024 == 0 {
			t.Fatalf("Exact(%d) = %q: %d%s is a whole number of a larger unit", n, s, v, unit)
		}
	})
}

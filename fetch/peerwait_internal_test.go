// Fuzz test of the parser of a 102's X-Slget-Progress.

package fetch

import (
	"strconv"
	"strings"
	"testing"
)

func FuzzParseProgress(f *testing.F) {
	for _, s := range []string{"0", "17", " 42 ", "", "-1", "+1", "1e3", "0x10", "999999999999999999", "9999999999999999999", "1,2"} {
		f.Add(s, false)
	}
	f.Add("5", true)
	f.Fuzz(func(t *testing.T, v string, twice bool) {
		vals := []string{v}
		if twice {
			vals = append(vals, v)
		}
		n, ok := parseProgress(vals)
		if twice && ok {
			t.Fatalf("%q sent twice taken as progress %d", v, n)
		}
		if !ok {
			return
		}
		if n < 0 {
			t.Fatalf("%q: negative progress %d", v, n)
		}
		if back, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64); err != nil || back != n {
			t.Fatalf("%q parsed as %d, which is not its decimal value", v, n)
		}
		if s := strings.TrimSpace(v); strings.ContainsAny(s, "+-") {
			t.Fatalf("%q: a sign taken as part of a count", v)
		}
	})
}

// Tests of CacheFront, the cache a Client is told stands in front of the
// origin: its names, as the command's --cache-front takes them.

package slget_test

import (
	"testing"

	"github.com/slget/slget"
)

func TestParseCacheFront(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want slget.CacheFront
		ok   bool
	}{
		{"", slget.CacheFrontAuto, true},
		{"auto", slget.CacheFrontAuto, true},
		{"apache", slget.CacheFrontApache, true},
		{" Apache ", slget.CacheFrontApache, true},
		{"httpd", slget.CacheFrontApache, true},
		{"squid", slget.CacheFrontAuto, false},
		{"apache2x", slget.CacheFrontAuto, false},
	} {
		got, err := slget.ParseCacheFront(tc.in)
		if got != tc.want || (err == nil) != tc.ok {
			t.Errorf("ParseCacheFront(%q) = %v, %v; want %v, ok %v", tc.in, got, err, tc.want, tc.ok)
		}
		if err == nil {
			if back, _ := slget.ParseCacheFront(got.String()); back != got {
				t.Errorf("%v does not read back from its String %q", got, got.String())
			}
		}
	}
}

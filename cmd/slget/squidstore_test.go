// squid that can store the file (maximum_object_size above it,
// quick_abort_min -1 so that a fill goes on when its client leaves), four
// clients at once; and squid that reads the origin from byte 0 for every
// range of a file it cannot store, one download and a Ctrl-C plus resume:
// what each costs the origin, beside aria2c through the same squid.

package main

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// A squid that can store the file is filled once by four cold slget
// clients at once, as fast as aria2c's four, and serves the next download
// alone. In its default range handling it answers no range of a file it
// is still filling (the whole file instead); with range_offset_limit none
// it fills from the start for a range and serves ranges as it goes. slget
// once took the second for a squid that cannot store the file, and the
// first cost the origin the file four times.
//
// With range_offset_limit none squid's answer to the probe, a range, is
// already a fill from byte 0, and squid forwards every miss that comes
// before the first one's headers are in: four probes at once on a loaded
// machine were two fills (2.0x), whatever the client (aria2c 1.30x in the
// same run). collapsed_forwarding is squid's setting that merges them; it
// is on here so that what is measured is what slget decides after its
// probe.
func TestSquidStoringFourAtOnce(t *testing.T) {
	for _, tc := range []struct{ name, conf string }{
		{"default ranges", "maximum_object_size 2 GB\nquick_abort_min -1"},
		{"range_offset_limit none", "range_offset_limit none\nmaximum_object_size 2 GB\nquick_abort_min -1\ncollapsed_forwarding on"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			origin := fetchtest.NewServer(t, fetchtest.WithSize(cacheFileSize), fetchtest.WithRateLimit(originRate))
			proxy := startSquid(t, tc.conf)
			want := origin.Content().SHA256()
			cold := measure(t, origin, func() {
				slgetAtOnce(t, 4, origin.FileURL(), want, "-x", "8", "--all-proxy", proxy)
			})
			if cold.ratio() > 1.05 {
				t.Errorf("four slget clients at once through a cold squid that can store the file cost the origin %.3fx, want at most 1.05x", cold.ratio())
			}
			warm := measure(t, origin, func() {
				stderr := slgetAtOnce(t, 1, origin.FileURL(), want, "-x", "8", "--all-proxy", proxy)
				if strings.Contains(stderr, "cannot store") {
					t.Errorf("slget took a squid that stores the file for one that cannot: %s", stderr)
				}
			})
			if warm.origin != 0 {
				t.Errorf("a download through a filled squid cost the origin %d bytes, want 0", warm.origin)
			}
			aria := requireTool(t, "aria2c")
			a := measure(t, origin, func() {
				toolAtOnce(t, 4, want, "file.bin", func(dir string) []string {
					return []string{aria, "-q", "-x", "8", "-s", "8", "-k", "1M", "--all-proxy", proxy, "-d", dir, "-o", "file.bin", origin.FileURL() + "?aria2c"}
				})
			})
			t.Logf("four cold clients at once through squid (%s), %d MiB: slget %s, origin %.3fx; aria2c -x 8 %s, origin %.3fx; slget's time is %.2fx aria2c's",
				tc.name, cacheFileSize>>20, cold.took.Round(time.Millisecond), cold.ratio(), a.took.Round(time.Millisecond), a.ratio(),
				float64(cold.took)/float64(a.took))
			if cold.took > 2*a.took+2*time.Second {
				t.Errorf("four slget clients took %s, aria2c's four %s", cold.took, a.took)
			}
		})
	}
}

// squidReadsFromStart makes squid fetch the origin from byte 0 for any
// range of a file it may not store (above its default 4 MB object size).
const squidReadsFromStart = "range_offset_limit none"

// Through a squid that reads the origin from byte 0 for every range, one
// download costs the origin the file about once: the check that tells such
// a squid from one that passes ranges on lets it read for a few round
// trips (it once waited up to 3 s: 197 MB of a fast origin), and the file
// then comes in one whole answer. A Ctrl-C a third of the way and a resume cost the
// file and a half: squid reads the file from its start again for the rest.
func TestSquidReadingFromStartCost(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(cacheFileSize), fetchtest.WithRateLimit(originRate))
	proxy := startSquid(t, squidReadsFromStart)
	want := origin.Content().SHA256()
	one := measure(t, origin, func() { slgetAtOnce(t, 1, origin.FileURL(), want, "-x", "8", "--all-proxy", proxy) })
	t.Logf("one download through squid reading from byte 0, %d MiB: %s, origin %.3fx", cacheFileSize>>20, one.took.Round(time.Millisecond), one.ratio())
	if one.ratio() > 1.1 {
		t.Errorf("one download cost the origin %.3fx the file, want at most 1.1x", one.ratio())
	}

	dir := t.TempDir()
	url := origin.FileURL() + "?resume"
	args := []string{"-x", "8", "--all-proxy", proxy, "-d", dir, url}
	resumed := measure(t, origin, func() {
		// Ctrl-C when the origin has sent about a third of the file.
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		go func() {
			for ctx.Err() == nil && origin.BytesServed() < cacheFileSize*35/100 {
				time.Sleep(5 * time.Millisecond)
			}
			cancel()
		}()
		if r := slgetCtx(t, ctx, args...); r.code == 0 {
			t.Fatalf("the interrupted download exited 0")
		}
		for origin.InFlight() > 0 {
			time.Sleep(10 * time.Millisecond)
		}
		t.Logf("the interrupted download cost the origin %.3fx the file", float64(origin.BytesServed())/cacheFileSize)
		mustFetch(t, filepath.Join(dir, "file.bin"), want, append([]string{"-c"}, args...)...)
	})
	t.Logf("a Ctrl-C at a third and a resume through the same squid: origin %.3fx", resumed.ratio())
	if resumed.ratio() > 1.5 {
		t.Errorf("a Ctrl-C and a resume cost the origin %.3fx the file, want at most 1.5x", resumed.ratio())
	}

	aria := requireTool(t, "aria2c")
	a := measure(t, origin, func() {
		out, err := exec.Command(aria, "-q", "-x", "8", "-s", "8", "-k", "1M", "--all-proxy", proxy, "-d", t.TempDir(), origin.FileURL()+"?aria2c").CombinedOutput()
		if err != nil {
			t.Fatalf("aria2c: %v\n%s", err, out)
		}
	})
	t.Logf("aria2c -x 8 through the same squid: %s, origin %.3fx", a.took.Round(time.Millisecond), a.ratio())
}

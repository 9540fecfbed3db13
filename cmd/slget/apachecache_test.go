// Interop with Apache httpd's mod_cache in front of an origin that names
// itself (Server: nginx, passed through), as most origins do. With
// CacheHeader on, its "X-Cache: MISS from HOST" is told from squid's; with
// its defaults, which show no cache at all, --cache-front=apache says it
// is there. Either way the first download fills it with one whole answer
// read to its end, and every later one, slget's, curl's or aria2c's,
// costs the origin nothing. curl and aria2c through the same cache, cold
// and warm, for the record.

package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// apacheFileSize is the file the mod_cache tests download.
const apacheFileSize = 64 << 20

// apacheFront starts an origin that sends its own Server header (which
// mod_proxy passes through in place of Apache's) and a cold mod_cache in
// front of it, with the lines of extra in its configuration. Each
// measure has a pair of its own: mod_cache stores no answer to a URL
// with a query string unless the origin says how long it stays fresh, so
// the file's URL is always the same.
func apacheFront(t *testing.T, extra ...string) (*fetchtest.Server, string) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(apacheFileSize), fetchtest.WithRateLimit(originRate),
		fetchtest.WithHeader("Server", "nginx/1.22.1"))
	return origin, startApacheCache(t, originBase(t, origin.FileURL()), extra...) + "/file.bin"
}

// copies is what a wave cost the origin, in copies of the file.
func copies(w wave) float64 { return float64(w.origin) / apacheFileSize }

// filledOnce downloads url with slget (args added), cold then warm, then
// once more with curl and with aria2c, and fails the test unless the cold
// download cost the origin at most the file and a slice or two, said why
// it took one whole answer, and the later ones cost it nothing.
func filledOnce(t *testing.T, origin *fetchtest.Server, url string, args ...string) {
	t.Helper()
	want := origin.Content().SHA256()
	var stderr string
	cold := measure(t, origin, func() { stderr = slgetAtOnce(t, 1, url, want, append([]string{"-x", "8", "--verbose"}, args...)...) })
	if copies(cold) > 1.05 {
		t.Errorf("a download through a cold mod_cache cost the origin %.3fx the file, want at most 1.05x", copies(cold))
	}
	if !strings.Contains(stderr, "Apache httpd") || !strings.Contains(stderr, "stores whole answers") {
		t.Errorf("slget did not say that Apache httpd stores whole answers: %s", stderr)
	}
	warm := measure(t, origin, func() { slgetAtOnce(t, 1, url, want, append([]string{"-x", "8"}, args...)...) })
	if warm.origin != 0 {
		t.Errorf("a second download through mod_cache cost the origin %d bytes, want 0", warm.origin)
	}
	curl := requireTool(t, "curl")
	third := measure(t, origin, func() {
		toolAtOnce(t, 1, want, "file.bin", func(dir string) []string {
			return []string{curl, "-sSf", "-o", filepath.Join(dir, "file.bin"), url}
		})
	})
	aria := requireTool(t, "aria2c")
	fourth := measure(t, origin, func() {
		toolAtOnce(t, 1, want, "file.bin", func(dir string) []string {
			return []string{aria, "-q", "-x", "8", "-s", "8", "-k", "1M", "-d", dir, "-o", "file.bin", url}
		})
	})
	if third.origin != 0 || fourth.origin != 0 {
		t.Errorf("curl and aria2c after slget filled mod_cache cost the origin %d and %d bytes, want 0", third.origin, fourth.origin)
	}
	t.Logf("slget %s through mod_cache, %d MiB: cold %.3fx the file from the origin (%s), warm %d bytes (%s), curl then aria2c after it %d and %d bytes",
		strings.Join(args, " "), apacheFileSize>>20, copies(cold), cold.took.Round(time.Millisecond), warm.origin, warm.took.Round(time.Millisecond), third.origin, fourth.origin)
}

// othersCold downloads the file with curl and with aria2c, each twice
// (cold, then warm) through a mod_cache of its own with the lines of
// extra, and logs what each cost the origin.
func othersCold(t *testing.T, extra ...string) {
	t.Helper()
	curl := requireTool(t, "curl")
	aria := requireTool(t, "aria2c")
	tools := []struct {
		name string
		args func(dir, url string) []string
	}{
		{"curl", func(dir, url string) []string {
			return []string{curl, "-sSf", "-o", filepath.Join(dir, "file.bin"), url}
		}},
		{"aria2c -x 8", func(dir, url string) []string {
			return []string{aria, "-q", "-x", "8", "-s", "8", "-k", "1M", "-d", dir, "-o", "file.bin", url}
		}},
	}
	var said []string
	for _, tool := range tools {
		origin, url := apacheFront(t, extra...)
		want := origin.Content().SHA256()
		var w [2]wave
		for i := range w {
			w[i] = measure(t, origin, func() {
				toolAtOnce(t, 1, want, "file.bin", func(dir string) []string { return tool.args(dir, url) })
			})
		}
		said = append(said, fmt.Sprintf("%s cold %.3fx, warm %.3fx", tool.name, copies(w[0]), copies(w[1])))
	}
	t.Logf("origin bytes through mod_cache (%s), in copies of the file: %s", strings.Join(extra, ", "), strings.Join(said, "; "))
}

// With CacheHeader on, mod_cache says "X-Cache: MISS from localhost", as
// squid does: taken for squid, the whole answer was opened beside ranges
// and dropped once they passed through, so mod_cache stored nothing and
// every download cost the origin the file.
func TestApacheCacheHeaderFilledOnce(t *testing.T) {
	origin, url := apacheFront(t, "CacheHeader on")
	filledOnce(t, origin, url)
	othersCold(t, "CacheHeader on")
}

// CacheDetailHeader on alone says X-Cache-Detail, which only Apache sends.
func TestApacheCacheDetailHeaderFilledOnce(t *testing.T) {
	origin, url := apacheFront(t, "CacheDetailHeader on")
	filledOnce(t, origin, url)
}

// With Apache's defaults nothing in an answer shows mod_cache: ranges pass
// through to the origin and are not stored, so every download costs the
// origin the file, which the README says. --cache-front=apache says the
// cache is there: the first download fills it, and the others cost
// nothing.
func TestApacheDefaultsCacheFront(t *testing.T) {
	origin, url := apacheFront(t)
	want := origin.Content().SHA256()
	for i, what := range []string{"cold", "warm"} {
		w := measure(t, origin, func() { slgetAtOnce(t, 1, url, want, "-x", "8") })
		if copies(w) < 0.9 {
			// The README says every download costs the file without the option.
			t.Errorf("download %d (%s) without --cache-front through mod_cache with its defaults cost the origin %.3fx the file; the README says about 1x", i+1, what, copies(w))
		}
		t.Logf("slget without --cache-front, %s: %.3fx the file from the origin", what, copies(w))
	}
	origin, url = apacheFront(t)
	filledOnce(t, origin, url, "--cache-front=apache")
	othersCold(t)
}

// A file that changes once mod_cache holds it: when the stored answer is
// no longer fresh, the next download has the new version alone (never
// bytes of the old one the cache holds), fills the cache with it, and
// the one after costs the origin nothing.
func TestApacheCacheNewVersion(t *testing.T) {
	// The stored answer's lifetime: long enough for a download to end
	// inside it on a busy machine (2 s was not, beside other tests: the
	// copy went stale halfway and the download rightly failed on two
	// versions).
	const fresh = 5 * time.Second
	origin := fetchtest.NewServer(t, fetchtest.WithSize(apacheFileSize), fetchtest.WithRateLimit(originRate),
		fetchtest.WithHeader("Server", "nginx/1.22.1"), fetchtest.WithCacheControl(fmt.Sprintf("max-age=%d", int(fresh.Seconds()))))
	url := startApacheCache(t, originBase(t, origin.FileURL()), "CacheHeader on") + "/file.bin"
	old := origin.Content().SHA256()
	slgetAtOnce(t, 1, url, old, "-x", "8")
	filled := time.Now()
	origin.Change()
	// While the stored answer is fresh, mod_cache serves it: the old
	// version, whole and alone.
	if w := measure(t, origin, func() { slgetAtOnce(t, 1, url, old, "-x", "8") }); w.origin != 0 {
		t.Errorf("a download while mod_cache holds a fresh copy cost the origin %d bytes", w.origin)
	}
	// Past its lifetime (the event waited for is the clock passing it),
	// the next download is the new version.
	time.Sleep(time.Until(filled.Add(fresh + time.Second)))
	want := origin.Content().SHA256()
	var stderr string
	w := measure(t, origin, func() { stderr = slgetAtOnce(t, 1, url, want, "-x", "8", "--verbose") })
	if copies(w) > 1.05 {
		t.Errorf("the new version through mod_cache cost the origin %.3fx the file, want at most 1.05x: %s", copies(w), stderr)
	}
	warm := measure(t, origin, func() { slgetAtOnce(t, 1, url, want, "-x", "8") })
	if warm.origin != 0 {
		t.Errorf("a download after the new version filled mod_cache cost the origin %d bytes, want 0", warm.origin)
	}
	t.Logf("the new version: %.3fx the file from the origin (%s), then %d bytes", copies(w), stderr, warm.origin)
}

// A --cache-front slget does not know is a bad option (exit 28), said
// before any request.
func TestCacheFrontBadValue(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(1<<20))
	r := runSlget(t, "-d", t.TempDir(), "--cache-front=varnish", origin.FileURL())
	if r.code != exitBadOption || !strings.Contains(r.stderr, `--cache-front "varnish": want auto or apache`) {
		t.Errorf("exit %d: %s", r.code, r.stderr)
	}
	if n := len(origin.Requests()); n != 0 {
		t.Errorf("the origin saw %d requests", n)
	}
}

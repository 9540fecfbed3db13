// Interop with caches that store only whole answers, with their default
// cache settings: Apache Traffic Server (which stores no answer to a
// ranged request) and Apache httpd's mod_cache_disk (which stores no 206).
// slget fills each with one whole answer, and later downloads cost the
// origin nothing; curl and aria2c through the same cache, for the record.

package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// cacheFileSize is the file the cache tests download, the size their
// figures were first measured at: what four clients at once cost beyond
// one fill (a slice or two each: their probes, and what a cache reads for
// a fill it then drops) is set against it.
const cacheFileSize = 256 << 20

// originRate is the origin's speed per connection: a link to the origin
// slower than the cache's to its clients, as it usually is.
const originRate = 128 << 20

// wave is what some downloads at once cost: their time and the origin's
// bytes.
type wave struct {
	took     time.Duration
	origin   int64
	requests []fetchtest.Request // what the origin was asked
}

func (w wave) ratio() float64 { return float64(w.origin) / cacheFileSize }

// measure runs downloads (which wait for their own ends) and returns
// what they cost the origin, once the origin has no answer in flight (a
// cache may read on after its clients are done).
func measure(t *testing.T, origin *fetchtest.Server, downloads func()) wave {
	t.Helper()
	origin.ResetLog()
	start := time.Now()
	downloads()
	took := time.Since(start)
	deadline := time.Now().Add(30 * time.Second)
	for origin.InFlight() > 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	return wave{took: took, origin: origin.BytesServed(), requests: origin.Requests()}
}

// logOriginRequests logs what the origin was asked and sent, for a wave
// that cost more than it should.
func logOriginRequests(t *testing.T, reqs []fetchtest.Request) {
	t.Helper()
	var b strings.Builder
	for _, r := range reqs {
		fmt.Fprintf(&b, "\n%d conn %d %s %q cache-control %q: %d, %d bytes", r.N, r.Conn, r.Method, r.Range, r.Header.Get("Cache-Control"), r.Status, r.BodyBytes)
	}
	t.Logf("the origin was asked:%s", b.String())
}

// slgetAtOnce runs n slget downloads of url at once, each into a
// directory of its own, and fails the test unless each exits 0 with the
// content whose SHA-256 is want. It returns the first one's stderr.
func slgetAtOnce(t *testing.T, n int, url, want string, args ...string) string {
	t.Helper()
	dirs := make([]string, n)
	res := make([]runResult, n)
	var wg sync.WaitGroup
	for i := range n {
		dirs[i] = t.TempDir()
		wg.Add(1)
		go func() {
			defer wg.Done()
			res[i] = runSlget(t, append(append([]string{"-d", dirs[i]}, args...), url)...)
		}()
	}
	wg.Wait()
	for i, r := range res {
		if r.code != 0 {
			t.Fatalf("slget %d of %d: exit %d: %s", i+1, n, r.code, r.stderr)
		}
		if got := fileSHA(t, filepath.Join(dirs[i], "file.bin")); got != want {
			t.Fatalf("slget %d of %d: SHA-256 %s, want %s", i+1, n, got, want)
		}
	}
	return res[0].stderr
}

// toolAtOnce runs n copies of a program at once, each given its own
// directory by args, and fails the test unless each exits 0 with the
// content whose SHA-256 is want in the file named file there. Each file is
// synced once its program exits, inside the time measured: slget syncs its
// data before the final name appears, and the programs it is compared
// with do not (the comparison on disk is "curl && sync").
func toolAtOnce(t *testing.T, n int, want, file string, args func(dir string) []string) {
	t.Helper()
	dirs := make([]string, n)
	errs := make([]error, n)
	outs := make([][]byte, n)
	var wg sync.WaitGroup
	for i := range n {
		dirs[i] = t.TempDir()
		a := args(dirs[i])
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			outs[i], errs[i] = exec.CommandContext(ctx, a[0], a[1:]...).CombinedOutput()
			if errs[i] == nil {
				errs[i] = syncFile(filepath.Join(dirs[i], file))
			}
		}()
	}
	wg.Wait()
	for i := range n {
		if errs[i] != nil {
			t.Fatalf("%s: %v\n%s", args(dirs[i])[0], errs[i], outs[i])
		}
		if got := fileSHA(t, filepath.Join(dirs[i], file)); got != want {
			t.Fatalf("%s: SHA-256 %s, want %s", args(dirs[i])[0], got, want)
		}
	}
}

// othersThrough runs four curl and four aria2c downloads at once through
// the cache at base, each four on a URL of its own (a cold cache), and
// logs what they cost and took beside slget's cold wave.
func othersThrough(t *testing.T, origin *fetchtest.Server, base string, slget wave) {
	t.Helper()
	want := origin.Content().SHA256()
	curl := requireTool(t, "curl")
	aria := requireTool(t, "aria2c")
	c := measure(t, origin, func() {
		toolAtOnce(t, 4, want, "file.bin", func(dir string) []string {
			return []string{curl, "-sSf", "-o", filepath.Join(dir, "file.bin"), base + "/file.bin?curl"}
		})
	})
	a := measure(t, origin, func() {
		toolAtOnce(t, 4, want, "file.bin", func(dir string) []string {
			return []string{aria, "-q", "-x", "8", "-s", "8", "-k", "1M", "-d", dir, "-o", "file.bin", base + "/file.bin?aria2c"}
		})
	})
	t.Logf("four cold clients at once, %d MiB: slget %s, origin %.3fx; curl %s, origin %.3fx; aria2c -x 8 %s, origin %.3fx; slget's time is %.2fx curl's",
		cacheFileSize>>20, slget.took.Round(time.Millisecond), slget.ratio(), c.took.Round(time.Millisecond), c.ratio(),
		a.took.Round(time.Millisecond), a.ratio(), float64(slget.took)/float64(c.took))
}

// Apache Traffic Server with its defaults stores no answer to a ranged
// request, but serves ranges from a whole answer it holds or is still
// filling (read-while-writer). Four slget clients at once, cold, cost the
// origin the file once (not four times), and every later download
// nothing.
func TestTrafficServerFilledOnce(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(cacheFileSize), fetchtest.WithRateLimit(originRate), fetchtest.WithCacheControl("max-age=3600"))
	cache := startTrafficServer(t, originBase(t, origin.FileURL()))
	want := origin.Content().SHA256()
	cold := fourColdFillOnce(t, origin, cache, "a cold Traffic Server")
	warm := measure(t, origin, func() { slgetAtOnce(t, 1, cache+"/file.bin", want, "-x", "8") })
	if warm.origin != 0 {
		t.Errorf("a download through a filled Traffic Server cost the origin %d bytes, want 0", warm.origin)
	}
	othersThrough(t, origin, cache, cold)
}

// Traffic Server puts an Age on a range it passes on to the origin, and
// the Age counts the seconds the origin took: probes through a cold cache
// to an origin slow to answer them (or on a loaded machine, where one
// probe in a few crossed a second) say "Age: 1" or more. They are no hits:
// the four clients still fill the cache once, instead of each taking
// ranges the cache passes on and stores none of (4x the file).
func TestTrafficServerSlowProbesFilledOnce(t *testing.T) {
	slowProbe := fetchtest.OnRange(func(start, _ int64) bool { return start == 0 }, fetchtest.Fault{Delay: 1200 * time.Millisecond})
	origin := fetchtest.NewServer(t, fetchtest.WithSize(cacheFileSize), fetchtest.WithRateLimit(originRate),
		fetchtest.WithCacheControl("max-age=3600"), fetchtest.WithFault(slowProbe))
	cache := startTrafficServer(t, originBase(t, origin.FileURL()))
	fourColdFillOnce(t, origin, cache, "a cold Traffic Server, the origin slow to answer their probes")
}

// fourColdFillOnce runs four slget clients at once through cache, cold
// (through says what it is), and fails t when they cost the origin more than 1.05
// times the file, logging what it was asked.
func fourColdFillOnce(t *testing.T, origin *fetchtest.Server, cache, through string) wave {
	t.Helper()
	want := origin.Content().SHA256()
	cold := measure(t, origin, func() { slgetAtOnce(t, 4, cache+"/file.bin", want, "-x", "8", "--verbose") })
	t.Logf("four cold slget clients through %s: origin %.3fx the file, %s", through, cold.ratio(), cold.took.Round(time.Millisecond))
	if cold.ratio() > 1.05 {
		t.Errorf("four slget clients at once through %s cost the origin %.3fx the file, want at most 1.05x", through, cold.ratio())
		logOriginRequests(t, cold.requests)
	}
	return cold
}

// A look at a Traffic Server that gives no plain answer (a 502 from what
// stands between, here a proxy in front of it) is asked again after the
// pause that lets others ask first; it then says the cache holds nothing,
// and the download takes the whole answer, which fills the cache. Ranges
// after the failed look would cost the origin the file again for every
// later download, as they do for every download through a cache that
// stores only whole answers.
func TestTrafficServerLookAskedAgain(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(64<<20), fetchtest.WithRateLimit(originRate), fetchtest.WithCacheControl("max-age=3600"))
	cache := startTrafficServer(t, originBase(t, origin.FileURL()))
	front := failFirstLook(t, cache)
	want := origin.Content().SHA256()
	var stderr string
	cold := measure(t, origin, func() { stderr = slgetAtOnce(t, 1, front+"/file.bin", want, "-x", "8", "--verbose") })
	if !strings.Contains(stderr, "stores whole answers") {
		t.Errorf("after a look that failed, slget did not take the whole answer, or did not say so: %s", stderr)
	}
	warm := measure(t, origin, func() { slgetAtOnce(t, 1, cache+"/file.bin", want, "-x", "8") })
	if cold.ratio() > 1.05 || warm.origin != 0 {
		t.Errorf("a cold download whose first look failed cost the origin %.3fx the file, and the next one %d bytes; want at most 1.05x and 0", cold.ratio(), warm.origin)
	}
}

// failFirstLook stands a reverse proxy in front of base and returns its
// URL: it passes every request on, but answers the first with
// Cache-Control: only-if-cached (a look at what the cache holds) with a
// 502.
func failFirstLook(t *testing.T, base string) string {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	rp := httputil.NewSingleHostReverseProxy(u)
	var failed atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.Header.Get("Cache-Control"), "only-if-cached") && failed.CompareAndSwap(false, true) {
			http.Error(w, "the cache did not answer", http.StatusBadGateway)
			return
		}
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// Apache httpd's mod_cache_disk stores no 206, and shares no answer while
// it stores it (CacheLock lets one request fill, and sends the others to
// the origin). One slget download, cold, fills it for the cost of the file;
// every later download, one or four at once, costs the origin nothing.
// Four cold clients at once cost what four curls cost: each answer is the
// origin's but the first, and nothing tells a client that one is coming.
func TestApacheCacheFilledOnce(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(cacheFileSize), fetchtest.WithRateLimit(originRate))
	cache := startApacheCache(t, originBase(t, origin.FileURL()))
	want := origin.Content().SHA256()
	var stderr string
	cold := measure(t, origin, func() { stderr = slgetAtOnce(t, 1, cache+"/file.bin", want, "-x", "8") })
	if cold.ratio() > 1.05 {
		t.Errorf("a download through a cold mod_cache cost the origin %.3fx the file, want at most 1.05x", cold.ratio())
	}
	if !strings.Contains(stderr, "stores whole answers") {
		t.Errorf("slget did not say why it asked for the whole file: %s", stderr)
	}
	warm := measure(t, origin, func() { slgetAtOnce(t, 4, cache+"/file.bin", want, "-x", "8") })
	if warm.origin != 0 {
		t.Errorf("four downloads through a filled mod_cache cost the origin %d bytes, want 0", warm.origin)
	}
	four := measure(t, origin, func() { slgetAtOnce(t, 4, cache+"/file.bin?four", want, "-x", "8") })
	othersThrough(t, origin, cache, four)
}

// syncFile writes a file's data to the disk, as `sync FILE` does.
func syncFile(name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}

// Interop with squid as a caching forward proxy: one that fills the whole
// file from its start before it serves a far range (range_offset_limit
// none), and one in its default configuration, which passes ranges on.
// These tests skip on a developer's machine without squid, and fail in CI.

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// startSquid runs a private squid on loopback with a cold cache in a
// temporary directory, with conf added to its configuration, and returns
// its URL for --all-proxy.
func startSquid(t *testing.T, conf string) string {
	t.Helper()
	bin := requireTool(t, "squid")
	dir := t.TempDir()
	port := freePort(t)
	// Squid started as root runs as cache_effective_user, never as root:
	// that user must reach and own the directory.
	effective := ""
	if u := serviceUser(t, dir, "proxy"); u != nil { // Debian's squid user
		effective = "cache_effective_user " + u.Username
	}
	cfg := fmt.Sprintf(`http_port 127.0.0.1:%[1]d
pid_filename %[2]s/squid.pid
cache_log %[2]s/cache.log
logformat ranges %%Ss/%%>Hs %%{Range}>h %%<st %%Sh
access_log %[2]s/access.log ranges
cache_dir ufs %[2]s/cache 1024 16 256
coredump_dir %[2]s
http_access allow localhost
http_access deny all
visible_hostname slget-test
shutdown_lifetime 0 seconds
%[3]s
%[4]s
`, port, dir, effective, conf)
	confPath := filepath.Join(dir, "squid.conf")
	if err := os.WriteFile(confPath, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(bin, "-N", "-z", "-f", confPath).CombinedOutput(); err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "cache.log"))
		t.Fatalf("squid -z: %v\n%s\n%s", err, out, log)
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	runServer(t, "squid", exec.Command(bin, "-N", "-f", confPath),
		[]string{filepath.Join(dir, "cache.log"), filepath.Join(dir, "access.log")}, listening(addr))
	return "http://" + addr
}

// squidFillConf makes squid fetch the whole file from its start for any
// range, and cache it (squid's default object limit is 4 MB).
const squidFillConf = `range_offset_limit none
maximum_object_size 1 GB`

// Squid with range_offset_limit none, cold cache: every range is served
// from one fetch of the whole file from its start, so a far range gets its
// first byte only when that fetch gets there, many stall timeouts after it
// was asked for. slget waits for it while the connection at the front
// brings bytes, and finishes with the right bytes and exit 0 (it gave up
// with exit 2 when each of those waits counted as a failed try).
func TestSquidFillingFromStart(t *testing.T) {
	const size, rate = 16 << 20, 2 << 20 // squid's fetch takes 8s: 8 stall timeouts
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(rate))
	proxy := startSquid(t, squidFillConf)
	dir := t.TempDir()
	start := time.Now()
	mustFetch(t, filepath.Join(dir, "file.bin"), origin.Content().SHA256(),
		"-x", "8", "--slice", "1m", "--stall-timeout", "1", "--max-tries", "2", "--retry-wait", "0.1",
		"--all-proxy", proxy, "-d", dir, origin.FileURL())
	// The set-up is what the test means: squid fetched the whole file
	// from its start (no Range reached the origin).
	reqs := origin.Requests()
	if len(reqs) == 0 {
		t.Fatal("nothing reached the origin: the download did not go through squid")
	}
	for _, q := range reqs {
		if q.Range != "" {
			t.Fatalf("the origin saw Range %q: squid did not fetch from the start", q.Range)
		}
	}
	t.Logf("through squid filling from the start: %s for %d MiB at %d MiB/s; the origin served %d bytes in %d requests",
		time.Since(start).Round(time.Millisecond), size>>20, rate>>20, origin.BytesServed(), len(reqs))
}

// Squid in its default configuration passes ranges on to the origin (and
// caches none of them): slget's slice-aligned ranges reach the origin as
// they were sent, and the file comes out right.
func TestSquidDefaultRanges(t *testing.T) {
	const size = 20<<20 + 12345
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(4<<20))
	proxy := startSquid(t, "")
	dir := t.TempDir()
	mustFetch(t, filepath.Join(dir, "file.bin"), origin.Content().SHA256(),
		"-x", "8", "--slice", "1m", "--all-proxy", proxy, "-d", dir, origin.FileURL())
	reqs := gets(origin.Requests())
	if len(reqs) < 2 {
		t.Fatalf("the origin saw %d requests: the download was not split", len(reqs))
	}
	whole := 0
	for _, q := range reqs {
		if q.Range == "" {
			// The whole file, asked once to learn whether squid stores
			// it (it does not: it is above maximum_object_size) and let
			// go at once.
			whole++
			continue
		}
		if !rangeAligned(q.Range, 1<<20, size) {
			t.Errorf("the origin saw Range %q: not a slice-aligned range as slget sends them", q.Range)
		}
	}
	if whole > 1 {
		t.Errorf("the origin saw %d requests for the whole file, want at most one", whole)
	}
	if served := origin.BytesServed(); served < size || served > size+size/4 {
		t.Errorf("the origin served %d bytes for a %d-byte file", served, size)
	}
}

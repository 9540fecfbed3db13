// varnish with a store smaller than the file ends its answers early: slget
// names the cache from the answer's headers (Via, X-Varnish) and says what
// to do, with exit 22, not a bare "body ended early" and exit 6. The test
// runs a private varnishd on loopback in front of a test origin.

package main

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// startVarnish runs a private varnishd on loopback in front of backend
// (host:port) with malloc storage of size (varnish's syntax: 4m) and
// returns its base URL. It is stopped when the test ends.
func startVarnish(t *testing.T, backend, size string) string {
	t.Helper()
	bin := requireTool(t, "varnishd")
	dir := t.TempDir()
	port := freePort(t)
	cmd := exec.Command(bin, "-F", "-n", filepath.Join(dir, "n"), "-j", "none",
		"-a", fmt.Sprintf("127.0.0.1:%d", port), "-b", backend, "-s", "malloc,"+size,
		"-p", "vsl_space=1m")
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	runServer(t, "varnishd", cmd, nil, listening(addr))
	return "http://" + addr
}

func TestVarnishSmallStoreIsNamed(t *testing.T) {
	const size = 24 << 20
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	base := startVarnish(t, strings.TrimPrefix(srv.URL, "http://"), "4m")
	u := base + "/file.bin"
	dir := t.TempDir()
	start := time.Now()
	code, out := startBinary(t, "-x", "4", "--retry-wait", "0.05", "-d", dir, u).waitFor(t, time.Minute)
	t.Logf("exit %d after %s:\n%s", code, time.Since(start).Round(time.Millisecond), out)
	if code != exitBadResponse {
		t.Errorf("exit %d, want %d", code, exitBadResponse)
	}
	for _, want := range []string{u, "cut short by a cache", "Via: 1.1 varnish", "X-Varnish:", "-s malloc,SIZE", "from the origin directly"} {
		if !strings.Contains(out, want) {
			t.Errorf("stderr does not say %q", want)
		}
	}
	if took := time.Since(start); took > 30*time.Second {
		t.Errorf("took %s to give up on a cache that cuts every answer", took)
	}
	if !exists(filepath.Join(dir, "file.bin.part")) {
		t.Error("the slices that arrived were not kept")
	}
}

// Every answer varnish gives for a file larger than its store is cut, and
// every request for it is a miss that makes varnish fetch the file from
// the origin again (it asks the origin for the whole file, whatever the
// range). Tried five times a slice, one failed download cost the origin
// several times the file; now a cut seen once lets one request at a time
// through, and a second cut ends the download: the origin sends at most
// about the file once.
func TestVarnishSmallStoreCostsTheOriginTheFileOnce(t *testing.T) {
	const size = 64 << 20
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	base := startVarnish(t, strings.TrimPrefix(srv.URL, "http://"), "4m")
	dir := t.TempDir()
	code, out := startBinary(t, "-x", "4", "--retry-wait", "0.05", "-d", dir, base+"/file.bin").waitFor(t, time.Minute)
	sent := srv.BytesServed()
	t.Logf("exit %d; the origin sent %.2f times the file in %d requests:\n%s", code, float64(sent)/size, len(srv.Requests()), out)
	if code != exitBadResponse {
		t.Errorf("exit %d, want %d", code, exitBadResponse)
	}
	if sent > size*11/10 {
		t.Errorf("the origin sent %d bytes (%.2f times the file) for one failed download, want at most 1.1 times", sent, float64(sent)/size)
	}
}

// Beside aria2c and curl: a slow origin that names a fast mirror in a
// Link header (rel=duplicate, RFC 6249) with the file's digest. Time and
// bytes by server are logged for each client.

package main

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestLinkDuplicateBesideAria2cAndCurl(t *testing.T) {
	aria2c := requireTool(t, "aria2c")
	curl := requireTool(t, "curl")
	const size = 8 << 20
	opts := []fetchtest.Option{fetchtest.WithSize(size), fetchtest.WithSeed(3), fetchtest.WithReprDigest(), fetchtest.WithLegacyDigest()}
	mirror := fetchtest.NewServer(t, append(opts, fetchtest.WithRateLimit(4<<20), fetchtest.WithHost("127.0.0.2"))...)
	origin := fetchtest.NewServer(t, append(opts, fetchtest.WithRateLimit(1<<20),
		fetchtest.WithHeader("Link", duplicateLink(mirror.FileURL(), 1)))...)
	want := origin.Content().SHA256()
	dir := t.TempDir()
	run := func(name string, f func(out string) error) {
		origin.ResetLog()
		mirror.ResetLog()
		out := filepath.Join(dir, name, "file.bin")
		start := time.Now()
		err := f(out)
		took := time.Since(start)
		ok := err == nil && fileSHA(t, out) == want
		t.Logf("%-7s %5.2fs  origin %7d B  mirror %7d B  right bytes: %v (%v)", name, took.Seconds(), origin.BytesServed(), mirror.BytesServed(), ok, err)
		if name == "slget" && (!ok || servedGET(mirror) == 0) {
			t.Errorf("slget: %v, the mirror sent %d bytes", err, servedGET(mirror))
		}
	}
	run("slget", func(out string) error {
		if r := runSlget(t, "-x", "4", "-k", "256k", "-q", "-d", filepath.Dir(out), origin.FileURL()); r.code != 0 {
			return fmt.Errorf("exit %d", r.code)
		}
		return nil
	})
	run("aria2c", func(out string) error {
		return exec.Command(aria2c, "-x", "4", "-s", "4", "-k", "1M", "-d", filepath.Dir(out), "-o", "file.bin", "--console-log-level=warn", "--summary-interval=0", origin.FileURL()).Run()
	})
	run("curl", func(out string) error {
		return exec.Command(curl, "-s", "--create-dirs", "-o", out, origin.FileURL()).Run()
	})
}

func duplicateLink(u string, pri int) string {
	return fmt.Sprintf("<%s>; rel=duplicate; pri=%d", u, pri)
}

// The daemon driven by aria2's JavaScript client (npm "aria2", run with
// node) over HTTP and over a WebSocket: add, pause, unpause, and the
// notifications, with the files' bytes checked.

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// aria2js is the folder npm installed the aria2 package into:
// $SLGET_ARIA2JS, set by .ci/run. Without it the test skips, and fails
// under CI.
func aria2js(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("SLGET_ARIA2JS")
	if dir != "" {
		if _, err := os.Stat(filepath.Join(dir, "node_modules", "aria2", "package.json")); err == nil {
			return dir
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("aria2's JavaScript client is not installed in $SLGET_ARIA2JS (%q); CI must install it (see .ci/run)", dir)
	}
	t.Skip("set SLGET_ARIA2JS to a folder where `npm install --prefix DIR aria2` ran")
	return ""
}

func TestRPCAria2JS(t *testing.T) {
	js := aria2js(t)
	node := requireTool(t, "node")
	root := t.TempDir()
	small := fetchtest.NewServer(t, fetchtest.WithSize(300<<10+1), fetchtest.WithPath("/small.bin"))
	// Slow enough that a pause comes mid-download.
	big := fetchtest.NewServer(t, fetchtest.WithSize(6<<20), fetchtest.WithPath("/big.bin"), fetchtest.WithRateLimit(3<<20))
	d := startDaemon(t, "js-secret", "-d", root, "--slice=256k")
	port := d.addr[strings.LastIndex(d.addr, ":")+1:]

	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	script, _ := filepath.Abs(filepath.Join("testdata", "aria2js_drive.js"))
	cmd := exec.CommandContext(ctx, node, script)
	cmd.Env = append(os.Environ(), "ARIA2JS="+js, "RPC_PORT="+port, "RPC_SECRET=js-secret",
		"SMALL_URL="+small.FileURL(), "BIG_URL="+big.FileURL())
	start := time.Now()
	out, err := cmd.CombinedOutput()
	t.Logf("node ran %v", time.Since(start))
	t.Logf("node:\n%s", out)
	if err != nil {
		t.Fatalf("the aria2.js script failed: %v", err)
	}
	steps := map[string]map[string]any{}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		var m map[string]any
		if json.Unmarshal(sc.Bytes(), &m) == nil {
			steps[m["step"].(string)] = m
		}
	}
	if got := fileSHA(t, filepath.Join(root, "http.bin")); got != small.Content().SHA256() {
		t.Fatalf("http.bin: SHA-256 %s, want %s", got, small.Content().SHA256())
	}
	if got := fileSHA(t, filepath.Join(root, "ws.bin")); got != big.Content().SHA256() {
		t.Fatalf("ws.bin: SHA-256 %s, want %s", got, big.Content().SHA256())
	}
	p := steps["ws paused"]
	if p == nil || p["status"] != "paused" || p["completedLength"] == "0" || p["completedLength"] == "6291456" {
		t.Fatalf("after pause: %v, want paused mid-download", p)
	}
	if w := steps["ws multicall"]; w == nil || w["numWaiting"] != "1" {
		t.Fatalf("multicall while paused: %v", w)
	}
	c := steps["ws complete"]
	if c == nil || c["status"] != "complete" || c["length"] != "6291456" {
		t.Fatalf("after unpause: %v", c)
	}
	gid := c["gid"].(string)
	var seen []string
	for _, s := range c["seen"].([]any) {
		seen = append(seen, s.(string))
	}
	want := []string{"onDownloadStart " + gid, "onDownloadPause " + gid, "onDownloadStart " + gid, "onDownloadComplete " + gid}
	if strings.Join(seen, ",") != strings.Join(want, ",") {
		t.Fatalf("notifications %v, want %v", seen, want)
	}
}

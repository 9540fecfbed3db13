// The daemon's -l/--log and --log-level: each download's start,
// completion and error in the log, as aria2c's log has them, and only at
// the level asked for.

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestRPCDaemonLog(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1<<20+7))
	root := t.TempDir()
	logs := t.TempDir()
	info, errOnly := filepath.Join(logs, "info.log"), filepath.Join(logs, "error.log")
	for _, tc := range []struct{ file, level string }{{info, "info"}, {errOnly, "error"}} {
		d := startDaemon(t, "k", "-d", root, "-l", tc.file, "--log-level", tc.level)
		var ok, bad string
		d.must(t, &ok, "aria2.addUri", []string{srv.FileURL()}, map[string]string{"out": "ok-" + tc.level + ".bin"})
		d.waitStatus(t, ok, "complete")
		d.must(t, &bad, "aria2.addUri", []string{srv.URL + "/missing"})
		d.waitStatus(t, bad, "error")
		if err := d.stop(t); err != nil {
			t.Fatalf("stopping the daemon: %v", err)
		}
		b, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		log := string(b)
		started := strings.Contains(log, "[INFO] GID#"+ok+" started: "+srv.FileURL())
		complete := strings.Contains(log, "[NOTICE] Download complete: "+filepath.Join(root, "ok-"+tc.level+".bin")+" (GID#"+ok+")")
		failed := strings.Contains(log, "[ERROR] GID#"+bad+" failed (errorCode=3)")
		if want := tc.level == "info"; started != want || complete != want || !failed {
			t.Errorf("--log-level=%s: started %v, complete %v, failed %v in:\n%s", tc.level, started, complete, failed, log)
		}
	}
}

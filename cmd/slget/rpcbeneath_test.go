// A download's file is opened beneath the download root: a folder swapped
// for a symbolic link to elsewhere after addUri and before unpause sends
// nothing outside -d.

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestRPCLinkSwappedBeforeUnpause(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1<<20+9))
	base := t.TempDir()
	root := filepath.Join(base, "downloads")
	outside := filepath.Join(base, "elsewhere")
	for _, d := range []string{filepath.Join(root, "sub"), outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	d := startDaemon(t, "k", "-d", root)
	var gid string
	d.must(t, &gid, "aria2.addUri", []string{srv.FileURL()}, map[string]string{"dir": "sub", "out": "f.bin", "pause": "true"})
	// Checked when added: sub is a folder beneath the root. Now it is a
	// link that leads out.
	if err := os.Remove(filepath.Join(root, "sub")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(root, "sub")); err != nil {
		t.Fatal(err)
	}
	var ok string
	d.must(t, &ok, "aria2.unpause", gid)
	st := d.waitStatus(t, gid, "error")
	if msg := fmt.Sprint(st["errorMessage"]); !strings.Contains(msg, "outside") {
		t.Errorf("errorMessage %q does not say the folder leads outside the root", msg)
	}
	if st["errorCode"] != "16" {
		t.Errorf("errorCode %v, want 16 (a file could not be created)", st["errorCode"])
	}
	left, err := os.ReadDir(outside)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range left {
		t.Errorf("%s was written outside the download root", filepath.Join(outside, e.Name()))
	}
	if n := len(srv.Requests()); n != 0 {
		t.Logf("the origin was asked %d times", n)
	}
}

// The daemon's queue survives a restart: --save-session writes the
// download under way, --input-file puts it back in line with its GID, and
// it resumes from its journal, not from zero.

package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestRPCSessionSurvivesRestart(t *testing.T) { sessionRestart(t, false) }

// With --save-session-interval, the queue survives even a daemon killed
// without a chance to write the session at its end.
func TestRPCSessionSurvivesKill(t *testing.T) { sessionRestart(t, true) }

func sessionRestart(t *testing.T, kill bool) {
	root := t.TempDir()
	session := filepath.Join(t.TempDir(), "daemon.session")
	const size = 16 << 20
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(2<<20))
	args := []string{"-d", root, "-x", "2", "--slice=256k", "--save-session", session, "--save-session-interval", "1"}
	d := startDaemon(t, "tok", args...)
	var gid string
	d.must(t, &gid, "aria2.addUri", []string{srv.FileURL()}, map[string]string{"out": "big.bin", "dir": "keep"})
	deadline := time.Now().Add(60 * time.Second)
	for {
		var st map[string]string
		d.must(t, &st, "aria2.tellStatus", gid, []string{"completedLength", "status"})
		if n, _ := strconv.Atoi(st["completedLength"]); n >= 12<<20 {
			break
		}
		if st["status"] != "active" || time.Now().After(deadline) {
			t.Fatalf("before the restart: %v", st)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if kill {
		for {
			if b, _ := os.ReadFile(session); strings.Contains(string(b), gid) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("--save-session-interval 1 wrote no session with the download")
			}
			time.Sleep(20 * time.Millisecond)
		}
		d.cmd.Process.Kill()
		d.stop(t) // reaps it
	} else {
		// A signal that stops a download is an interruption, as for aria2c.
		var ee *exec.ExitError
		if err := d.stop(t); !errors.As(err, &ee) || ee.ExitCode() != 7 {
			t.Fatalf("the daemon stopped with %v, want exit status 7 (a download unfinished)", err)
		}
		if want := "stopped with 1 download unfinished; their partial files and journals are kept, and " + session + " lists them"; !strings.Contains(d.errText(), want) {
			t.Fatalf("the daemon did not say %q:\n%s", want, d.errText())
		}
	}
	b, err := os.ReadFile(session)
	if err != nil {
		t.Fatalf("no session after the daemon stopped: %v", err)
	}
	for _, want := range []string{srv.FileURL() + "\n", " gid=" + gid + "\n", " dir=" + filepath.Join(root, "keep") + "\n", " out=big.bin\n"} {
		if !strings.Contains(string(b), want) {
			t.Fatalf("session lacks %q:\n%s", want, b)
		}
	}
	mustNotExist(t, filepath.Join(root, "keep", "big.bin"))
	before := srv.BytesServed()

	d2 := startDaemon(t, "tok", append(args, "--input-file", session)...)
	st := d2.waitStatus(t, gid, "complete") // the same GID
	path := filepath.Join(root, "keep", "big.bin")
	if got := fileSHA(t, path); got != srv.Content().SHA256() {
		t.Fatalf("%s: SHA-256 %s, want %s", path, got, srv.Content().SHA256())
	}
	if st["completedLength"] != strconv.Itoa(size) {
		t.Fatalf("tellStatus after the restart: %v", st)
	}
	// At least 12 MiB were done: the second daemon fetched at most about
	// the rest (plus the slices in flight at the stop and the probe).
	if again := srv.BytesServed() - before; again > size/2 {
		t.Fatalf("after the restart the origin served %d bytes of %d: not resumed from the journal", again, size)
	} else {
		t.Logf("first daemon: %d bytes served; after the restart: %d", before, again)
	}
	if err := d2.stop(t); err != nil {
		t.Fatal(err)
	}
	b, _ = os.ReadFile(session)
	if strings.Contains(string(b), gid) {
		t.Fatalf("the session still holds the finished download:\n%s", b)
	}
}

// The README's daemon line names one file for --save-session and
// --input-file: on the first start it does not exist yet, and the daemon
// starts with an empty queue; another missing --input-file is a bad option.
func TestRPCFirstStartWithItsOwnSession(t *testing.T) {
	session := filepath.Join(t.TempDir(), "daemon.session")
	d := startDaemon(t, "", "-d", t.TempDir(), "--save-session", session, "--input-file", session)
	var stat map[string]string
	d.must(t, &stat, "aria2.getGlobalStat")
	if stat["numWaiting"] != "0" || stat["numActive"] != "0" {
		t.Fatalf("first start: %v, want an empty queue", stat)
	}
	missing := filepath.Join(t.TempDir(), "none.session")
	code, out := runBinary(t, "--enable-rpc", "--rpc-listen-port=0", "-d", t.TempDir(), "--save-session", session, "--input-file", missing)
	if code != 28 || !strings.Contains(out, "--input-file "+missing) {
		t.Fatalf("a missing --input-file of another name: exit %d\n%s", code, out)
	}
}

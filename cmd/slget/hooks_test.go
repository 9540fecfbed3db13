// Tests of the event hooks: what each command is given and when it runs,
// on the command line and in the daemon; a failing hook; hooks refused
// over RPC.

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// hookScript writes an executable #!/bin/sh script that appends
// "WORD GID NUM PATH" to log, then runs the shell lines of more.
func hookScript(t *testing.T, dir, word, log, more string) string {
	t.Helper()
	p := filepath.Join(dir, word+".sh")
	writeMode(t, p, "#!/bin/sh\necho \""+word+" $1 $2 $3\" >> '"+log+"'\n"+more, 0o755)
	return p
}

// writeMode writes text to p with mode.
func writeMode(t *testing.T, p, text string, mode os.FileMode) {
	t.Helper()
	if err := os.WriteFile(p, []byte(text), mode); err != nil {
		t.Fatal(err)
	}
}

// hookLines waits until log holds n lines and returns them.
func hookLines(t *testing.T, log string, n int) []string {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		b, _ := os.ReadFile(log)
		lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
		if len(b) > 0 && len(lines) >= n {
			return lines
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s holds %q after 30s, want %d lines", log, b, n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

var hexGID = regexp.MustCompile(`^[0-9a-f]{16}$`)

// TestHooksCommandLine: a plain download runs on-download-start, then
// on-download-complete, which moves the finished file into another
// folder, each with one GID of 16 hex digits, 1 and the path; a download
// that fails runs on-download-error (on-download-stop otherwise).
func TestHooksCommandLine(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1<<20+9))
	dir, scripts, done := t.TempDir(), t.TempDir(), t.TempDir()
	log := filepath.Join(scripts, "log")
	start := hookScript(t, scripts, "start", log, "")
	complete := hookScript(t, scripts, "complete", log, "mv \"$3\" '"+done+"/'\n")
	stop := hookScript(t, scripts, "stop", log, "")
	r := runSlget(t, "--no-conf", "-d", dir, "-o", "f.bin", "--on-download-start", start, "--on-download-complete", complete, "--on-download-stop", stop, srv.FileURL())
	if r.code != 0 {
		t.Fatalf("exit %d", r.code)
	}
	// slget waits for its hooks before it ends.
	lines := hookLines(t, log, 2)
	path := filepath.Join(dir, "f.bin")
	f0, f1 := strings.Fields(lines[0]), strings.Fields(lines[1])
	if len(lines) != 2 || len(f0) != 4 || len(f1) != 4 || f0[0] != "start" || f1[0] != "complete" || !hexGID.MatchString(f0[1]) || f1[1] != f0[1] ||
		f0[2] != "1" || f1[2] != "1" || f0[3] != path || f1[3] != path {
		t.Fatalf("the hooks were given %q; want start and complete with one GID of 16 hex digits, 1 and %s", lines, path)
	}
	if fileSHA(t, filepath.Join(done, "f.bin")) != srv.Content().SHA256() {
		t.Fatal("the moved file's bytes differ from the origin's")
	}

	// A 404: the stop hook, as no on-download-error is given.
	os.Remove(log)
	r = runSlget(t, "--no-conf", "-d", dir, "--on-download-complete", complete, "--on-download-stop", stop, srv.URL+"/missing")
	if r.code != 3 {
		t.Fatalf("exit %d, want 3", r.code)
	}
	lines = hookLines(t, log, 1)
	if f := strings.Fields(lines[0]); len(lines) != 1 || f[0] != "stop" || !hexGID.MatchString(f[1]) || f[2] != "1" {
		t.Fatalf("a failed download's hooks: %q, want stop GID 1", lines)
	}
}

// TestHookFailure: a hook that fails, or cannot be run, is said on stderr
// and does not fail the download.
func TestHookFailure(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(300<<10))
	dir, scripts := t.TempDir(), t.TempDir()
	log := filepath.Join(scripts, "log")
	failing := hookScript(t, scripts, "complete", log, "echo 'cannot upload' >&2\nexit 3\n")
	r := runSlget(t, "--no-conf", "-d", dir, "--on-download-complete", failing, "--on-download-start", filepath.Join(scripts, "absent"), srv.FileURL())
	if r.code != 0 {
		t.Fatalf("exit %d, want 0: a hook's failure is not the download's", r.code)
	}
	if fileSHA(t, filepath.Join(dir, "file.bin")) != srv.Content().SHA256() {
		t.Fatal("the file's bytes differ from the origin's")
	}
	hookLines(t, log, 1)
	for _, want := range []string{"on-download-complete", "cannot upload", "exit status 3", "the download is not affected", filepath.Join(scripts, "absent")} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
		}
	}
}

// TestHooksDaemon: the daemon runs start, pause, start again on unpause,
// and stop on remove, for the GID its clients see.
func TestHooksDaemon(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts the binary")
	}
	slow := fetchtest.NewServer(t, fetchtest.WithSize(16<<20), fetchtest.WithRateLimit(256<<10))
	root, scripts := t.TempDir(), t.TempDir()
	log := filepath.Join(scripts, "log")
	var args []string
	for _, w := range []string{"start", "pause", "stop", "error"} {
		args = append(args, "--on-download-"+w+"="+hookScript(t, scripts, w, log, ""))
	}
	d := startDaemon(t, "k", append(args, "--no-conf", "-d", root)...)
	var gid, ok string
	d.must(t, &gid, "aria2.addUri", []string{slow.FileURL()}, map[string]string{"out": "s.bin"})
	d.waitStatus(t, gid, "active")
	hookLines(t, log, 1)
	d.must(t, &ok, "aria2.pause", gid)
	hookLines(t, log, 2)
	d.must(t, &ok, "aria2.unpause", gid)
	hookLines(t, log, 3)
	d.must(t, &ok, "aria2.remove", gid)
	lines := hookLines(t, log, 4)
	path := filepath.Join(root, "s.bin")
	want := []string{"start " + gid + " 1 " + path, "pause " + gid + " 1 " + path, "start " + gid + " 1 " + path, "stop " + gid + " 1 " + path}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Fatalf("the hooks ran as %q, want %q", lines, want)
	}
}

// TestHooksRefusedOverRPC: a client, even with the secret, cannot set a
// hook: changeGlobalOption, changeOption and addUri refuse them in
// aria2c's words, and the command line's hook is the one that runs.
func TestHooksRefusedOverRPC(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts the binary")
	}
	srv := fetchtest.NewServer(t, fetchtest.WithSize(200<<10))
	root, scripts := t.TempDir(), t.TempDir()
	log := filepath.Join(scripts, "log")
	mine := hookScript(t, scripts, "mine", log, "")
	theirs := hookScript(t, scripts, "theirs", log, "")
	d := startDaemon(t, "k", "--no-conf", "-d", root, "--on-download-complete="+mine, "--pause")
	var gid string
	d.must(t, &gid, "aria2.addUri", []string{srv.FileURL()})
	for _, name := range []string{"on-download-complete", "on-download-start", "on-download-stop", "on-download-error", "on-download-pause", "on-bt-download-complete"} {
		opt := map[string]string{name: theirs}
		for _, a := range []rpcAnswer{
			d.call(t, "aria2.changeGlobalOption", opt),
			d.call(t, "aria2.changeOption", gid, opt),
			d.call(t, "aria2.addUri", []string{srv.FileURL()}, opt),
		} {
			if a.Error == nil || a.Error.Code != 1 || !strings.HasPrefix(a.Error.Message, "We encountered a problem while processing the option '--"+name+"'") {
				t.Fatalf("setting %s over RPC: %s %+v, want refused", name, a.Result, a.Error)
			}
		}
	}
	var ok string
	d.must(t, &ok, "aria2.unpause", gid)
	d.waitStatus(t, gid, "complete")
	lines := hookLines(t, log, 1)
	if len(lines) != 1 || lines[0] != "mine "+gid+" 1 "+filepath.Join(root, "file.bin") {
		t.Fatalf("hooks ran as %q, want only the command line's", lines)
	}
}

// TestHookLeavesAProcess: a hook that starts a process of its own in the
// background (an upload) and ends well has not failed, though that
// process still holds its output; slget does not wait for it.
func TestHookLeavesAProcess(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(100<<10))
	dir, scripts := t.TempDir(), t.TempDir()
	log := filepath.Join(scripts, "log")
	bg := hookScript(t, scripts, "complete", log, "sleep 4 &\nexit 0\n")
	began := time.Now()
	r := runSlget(t, "--no-conf", "-d", dir, "--on-download-complete", bg, srv.FileURL())
	if r.code != 0 || strings.Contains(r.stderr, "on-download-complete "+bg) {
		t.Fatalf("exit %d, stderr %q: want 0 and no failure said", r.code, r.stderr)
	}
	if d := time.Since(began); d > 3500*time.Millisecond {
		t.Fatalf("slget waited %v for the hook's background process", d)
	}
	hookLines(t, log, 1)
}

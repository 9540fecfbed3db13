// Persepolis (Debian's 3.0.1, a desktop download manager built on aria2c)
// driving slget in aria2c's place under Xvfb: a link given on its command
// line is added from its window, completes with the origin's bytes, and
// quitting Persepolis stops slget (aria2.shutdown over XML-RPC). The test
// runs again in a network namespace of its own (Persepolis always asks for
// port 6801 on every interface), as user nobody (Persepolis refuses root).

package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// persepolisWait bounds each wait of the test: CI runs it on a busy
// machine of two cores, and Persepolis's Python and Qt start slowly there.
const persepolisWait = 120 * time.Second

func TestPersepolisDrivesSlget(t *testing.T) {
	if os.Getenv("SLGET_PERSEPOLIS_INNER") != "" {
		persepolisInner(t)
		return
	}
	for _, tool := range []string{"persepolis", "Xvfb", "xdotool", "import", "unshare", "ip", "setpriv", "python3"} {
		requireTool(t, tool)
	}
	if os.Geteuid() != 0 {
		if os.Getenv("CI") != "" {
			t.Fatal("needs root for its network namespace and to run Persepolis as nobody")
		}
		t.Skip("needs root for its network namespace and to run Persepolis as nobody")
	}
	bin := binary(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*persepolisWait)
	defer cancel()
	cmd := exec.CommandContext(ctx, "unshare", "--net", os.Args[0], "-test.run=^TestPersepolisDrivesSlget$", "-test.v")
	cmd.Env = append(os.Environ(), "SLGET_PERSEPOLIS_INNER=1", "SLGET_PERSEPOLIS_BIN="+bin)
	out, err := cmd.CombinedOutput()
	if err != nil || !bytes.Contains(out, []byte("--- PASS: TestPersepolisDrivesSlget")) {
		t.Fatalf("the test in its namespace: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}

// persepolisSession is one Persepolis, run as nobody on an Xvfb display
// with a $HOME of its own and slget as its aria2c.
type persepolisSession struct {
	t       *testing.T
	ctx     context.Context
	display string
	home    string // nobody's, Persepolis's downloads and settings beneath
	run     string // $XDG_RUNTIME_DIR
	shim    string // holds aria2c (a script that execs slget) and slget
	pidFile string // the shim writes its process id here
	logs    lockedBuffer
}

// newPersepolisSession makes the home, the shim and slget's copy: the test
// binary's directory is root's, and nobody must run slget.
func newPersepolisSession(ctx context.Context, t *testing.T, display string) *persepolisSession {
	// Persepolis names its lock file in /tmp after the second element of
	// $HOME's path: a directory of the test's own.
	top, err := os.MkdirTemp("", "slget-persepolis-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		os.RemoveAll(top)
		os.Remove("/tmp/persepolis_exec_" + filepath.Base(top) + ".lock")
	})
	s := &persepolisSession{t: t, ctx: ctx, display: display, home: filepath.Join(top, "home"),
		run: filepath.Join(top, "home", "run"), shim: filepath.Join(top, "bin")}
	for _, dir := range []string{s.home, s.shim, s.run} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.Chmod(top, 0o755)
	os.Chmod(s.run, 0o700)
	if out, err := exec.Command("chown", "-R", "nobody", s.home).CombinedOutput(); err != nil {
		t.Fatalf("chown: %v\n%s", err, out)
	}
	copyFile(t, os.Getenv("SLGET_PERSEPOLIS_BIN"), s.slget(), 0o755)
	s.pidFile = filepath.Join(s.home, "slget.pid")
	script := "#!/bin/sh\necho $$ > " + s.pidFile + "\nexec " + s.slget() + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(s.shim, "aria2c"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return s
}

func (s *persepolisSession) slget() string { return filepath.Join(s.shim, "slget") }

// cmd is persepolis with args, as nobody, in its own process group.
func (s *persepolisSession) cmd(args ...string) *exec.Cmd {
	c := exec.CommandContext(s.ctx, "setpriv", append([]string{"--reuid=nobody", "--regid=nogroup", "--clear-groups", "persepolis"}, args...)...)
	c.Dir = s.home
	c.Env = []string{"HOME=" + s.home, "XDG_RUNTIME_DIR=" + s.run, "DISPLAY=" + s.display,
		"PATH=" + s.shim + ":/usr/bin:/bin", "LANG=C.UTF-8"}
	c.Stdout, c.Stderr = &s.logs, &s.logs
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return c
}

// fail ends the test with a screenshot of the moment and Persepolis's
// output.
func (s *persepolisSession) fail(format string, args ...any) {
	s.t.Helper()
	failed := filepath.Join(s.t.TempDir(), "failed.png")
	if dst := os.Getenv("SLGET_PERSEPOLIS_SCREENSHOT"); dst != "" {
		failed = strings.TrimSuffix(dst, ".png") + "-failed.png"
	}
	shot(s.t, s.display, failed)
	s.t.Fatalf(format+"\nPersepolis's output:\n%s", append(args, s.logs.String())...)
}

// persepolisInner is the test proper, in its own network namespace.
func persepolisInner(t *testing.T) {
	if out, err := exec.Command("ip", "link", "set", "lo", "up").CombinedOutput(); err != nil {
		t.Fatalf("ip link set lo up: %v\n%s", err, out)
	}
	origin := fetchtest.NewServer(t, fetchtest.WithSize(3<<20+7), fetchtest.WithPath("/persepolis.bin"))
	ctx, cancel := context.WithTimeout(context.Background(), 4*persepolisWait)
	defer cancel()
	s := newPersepolisSession(ctx, t, startXvfb(t))
	p := s.cmd()
	if err := p.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- p.Wait() }()
	t.Cleanup(func() {
		syscall.Kill(-p.Process.Pid, syscall.SIGKILL)
		if pid := readPid(s.pidFile); pid > 0 {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	mainWin := waitWindow(t, s.display, "Persepolis Download Manager")
	if mainWin == "" {
		s.fail("no main window in %v", persepolisWait)
	}

	// A link given to a second persepolis, as a browser's extension gives
	// it, reaches the first, which opens its add-link window holding it:
	// press its OK button.
	if err := s.cmd("--link", origin.FileURL()).Run(); err != nil {
		s.fail("persepolis --link: %v", err)
	}
	win := waitWindow(t, s.display, "Enter Your Link")
	if win == "" {
		s.fail("no add-link window in %v", persepolisWait)
	}
	geo := xdo(t, s.display, "getwindowgeometry", "--shell", win)
	w, h := shellInt(geo, "WIDTH"), shellInt(geo, "HEIGHT")
	xdo(t, s.display, "mousemove", "--window", win, strconv.Itoa(w-51), strconv.Itoa(h-24), "click", "1")
	if !pollUntil(func() bool {
		return len(xdoQuiet(s.display, "search", "--onlyvisible", "--name", "^Enter Your Link$")) == 0
	}) {
		s.fail("the add-link window is still open %v after OK was clicked", persepolisWait)
	}

	s.checkComplete(origin)

	// Quit (Ctrl+Q in its main window): Persepolis sends aria2.shutdown.
	// A key sent before the window has the focus (a busy machine) is
	// lost, so it is sent again every 10 s until Persepolis has quit.
	slgetPid := readPid(s.pidFile)
	deadline := time.Now().Add(persepolisWait)
	quit := false
	for !quit && time.Now().Before(deadline) {
		xdoQuiet(s.display, "windowfocus", "--sync", mainWin)
		xdoQuiet(s.display, "key", "ctrl+q")
		select {
		case <-exited:
			quit = true
		case <-time.After(10 * time.Second):
		}
	}
	if !quit {
		s.fail("Persepolis still runs %v after Ctrl+Q", persepolisWait)
	}
	if !pollUntil(func() bool { return !running(slgetPid) }) {
		s.fail("slget (pid %d) still runs %v after Persepolis quit", slgetPid, persepolisWait)
	}
}

// checkComplete waits for the origin's file, whole, in Persepolis's
// download folder, fetched by slget, and for Persepolis to call it
// complete; then it takes the screenshot.
func (s *persepolisSession) checkComplete(origin *fetchtest.Server) {
	want := origin.Content().SHA256()
	downloads := filepath.Join(s.home, "Downloads", "Persepolis")
	var done string
	if !pollUntil(func() bool { done = findComplete(downloads, "persepolis.bin", want); return done != "" }) {
		s.fail("persepolis.bin with SHA-256 %s never appeared under %s", want, downloads)
	}
	s.t.Logf("complete: %s", done)
	if pid := readPid(s.pidFile); pid <= 0 || !bytes.Contains(cmdline(pid), []byte(s.slget())) {
		s.fail("slget did not run in aria2c's place (pid file %s)", s.pidFile)
	}
	var gets int
	for _, r := range origin.Requests() {
		if r.Method == "GET" {
			gets++
		}
	}
	if gets == 0 {
		s.fail("the origin saw no GET")
	}

	// Persepolis itself calls it complete: its list (from tellStatus), and
	// its "Download Completed!" window, titled with the file's name.
	db := filepath.Join(s.home, ".config", "persepolis_download_manager", "persepolis.db")
	var status string
	if !pollUntil(func() bool { status = persepolisStatus(db, "persepolis.bin"); return status == "complete" }) {
		s.fail("Persepolis lists the download as %q, want complete", status)
	}
	if waitWindow(s.t, s.display, "persepolis.bin") == "" {
		s.fail("no \"Download Completed!\" window in %v", persepolisWait)
	}
	png := filepath.Join(s.t.TempDir(), "persepolis.png")
	shot(s.t, s.display, png)
	if dst := os.Getenv("SLGET_PERSEPOLIS_SCREENSHOT"); dst != "" {
		copyFile(s.t, png, dst, 0o644)
	}
}

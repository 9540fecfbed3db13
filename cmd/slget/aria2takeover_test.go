// Switching from aria2c: a real aria2c interrupted by SIGINT, then slget -c
// takes over its file and control file (a real process, so it stays here;
// the takeover of a control file written by the test is tried in the root,
// TestContinueAria2); and what the command says of a damaged control file.

//go:build unix

package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/internal/aria2ctl"
)

// startAria2c starts aria2c downloading url into dir, saving its control
// file every second.
func startAria2c(t *testing.T, ctx context.Context, dir, url string) *exec.Cmd {
	t.Helper()
	aria := requireTool(t, "aria2c")
	cmd := exec.CommandContext(ctx, aria, "--no-conf", "-q", "-x", "4", "-s", "4", "-k", "1M",
		"--auto-save-interval=1", "--max-tries=1", "-d", dir, url)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd
}

// waitDone polls the control file at ctl until aria2c has marked at least
// want bytes done, and returns what it marks done.
func waitDone(t *testing.T, ctl string, want int64, exited <-chan error) *aria2ctl.Control {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		if c, err := aria2ctl.ReadFile(ctl); err == nil && c.DoneBytes() >= want {
			return c
		}
		select {
		case err := <-exited:
			t.Fatalf("aria2c ended (%v) before it had %d bytes done", err, want)
		case <-time.After(50 * time.Millisecond):
		}
	}
	t.Fatalf("aria2c had not %d bytes done in a minute", want)
	return nil
}

// aria2c downloads part of a file from a slow origin and is interrupted
// (SIGINT) once its control file marks 4 MiB done; slget -c then takes
// over its file: it asks the origin only for what aria2c had not finished
// (and a few slices to check), saves under the same name (not NAME.1), and
// removes the control file at the end.
func TestContinueTakesOverAria2c(t *testing.T) {
	const size = 24 << 20
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(1<<20))
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	ctl := path + ".aria2"
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := startAria2c(t, ctx, dir, srv.FileURL())
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	waitDone(t, ctl, 4<<20, exited)
	cmd.Process.Signal(syscall.SIGINT)
	select {
	case err := <-exited:
		t.Logf("aria2c after SIGINT: %v", err)
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatal("aria2c did not end within 30s of SIGINT")
	}
	c, err := aria2ctl.ReadFile(ctl)
	if err != nil {
		t.Fatalf("aria2c's control file after SIGINT: %v", err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	done := c.DoneBytes()
	if done >= size {
		t.Fatalf("aria2c finished %d of %d bytes before SIGINT; make the origin slower", done, size)
	}
	for srv.InFlight() > 0 { // aria2c's answers end as its connections close
		time.Sleep(10 * time.Millisecond)
	}
	ariaSent := srv.BytesServed()
	t.Logf("aria2c: %d of %d pieces of %d bytes done (%d bytes), file.bin %d bytes; the origin sent it %d bytes",
		popcount(c), c.Pieces(), c.PieceLength, done, fi.Size(), ariaSent)

	srv.ResetLog()
	r := runSlget(t, "-c", "-x", "8", "--slice", "256k", "-d", dir, srv.FileURL())
	if r.code != 0 {
		t.Fatalf("slget -c: exit %d", r.code)
	}
	if got := fileSHA(t, path); got != srv.Content().SHA256() {
		t.Fatalf("file.bin has SHA-256 %s, want %s", got, srv.Content().SHA256())
	}
	mustNotExist(t, ctl)
	mustNotExist(t, filepath.Join(dir, "file.1.bin"))
	mustNotExist(t, path+".part")
	mustNotExist(t, journalPath(path))
	if !strings.Contains(r.stderr, "aria2c's unfinished download") {
		t.Errorf("stderr does not say what was taken over: %q", r.stderr)
	}
	var sent int64
	for _, q := range srv.Requests() {
		sent += q.BodyBytes
	}
	t.Logf("slget -c after aria2c: the origin sent %d bytes (%.2fx the file; %d were left to fetch, %d aria2c had done)",
		sent, float64(sent)/size, size-done, done)
	if sent >= size {
		t.Fatalf("the origin sent %d bytes for the takeover, not fewer than the file (%d)", sent, size)
	}
	// What aria2c finished, less what did not fill whole slices, is not
	// asked again: the rest, five slices checked, and the end-game's
	// duplicates at most.
	if limit := size - done + 5*(256<<10) + 8*(256<<10); sent > limit {
		t.Errorf("the origin sent %d bytes, more than the rest and the checks (%d)", sent, limit)
	}
}

// popcount is how many pieces c marks done.
func popcount(c *aria2ctl.Control) int {
	n := 0
	for i := range c.Pieces() {
		if c.Done(i) {
			n++
		}
	}
	return n
}

// A control file that does not parse: slget -c stops with the exit code of
// a file that exists (13) when it may not save beside, and the line names
// the control file; without -c, the download is saved beside with the
// advice that -c continues aria2c's. (That the file and its control file
// are left as they are, and what is saved beside, is tried in the root:
// TestContinueAria2Refused.)
func TestContinueAria2cDamagedControl(t *testing.T) {
	const size = 2 << 20
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	if err := os.WriteFile(path, srv.Content().Bytes(0, size), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path+".aria2", []byte{0, 1, 0, 0, 0, 0, 0, 0, 0}, 0o644); err != nil {
		t.Fatal(err)
	}
	r := runSlget(t, "-c", "--auto-file-renaming=false", "-d", dir, srv.FileURL())
	if r.code != exitFileExists || !strings.Contains(r.stderr, "file.bin.aria2 cannot be read") || !strings.Contains(r.stderr, "aria2c may still finish it") {
		t.Fatalf("exit %d, stderr %q; want %d naming the control file", r.code, r.stderr, exitFileExists)
	}

	// Without -c: saved beside, with the advice.
	b, _ := aria2ctl.New(1<<20, size).MarshalBinary()
	os.WriteFile(path+".aria2", b, 0o644)
	r = runSlget(t, "-d", dir, srv.FileURL())
	if r.code != 0 || !strings.Contains(r.stderr, "unfinished aria2c download") || !strings.Contains(r.stderr, "-c continues it") {
		t.Fatalf("without -c: exit %d, stderr %q", r.code, r.stderr)
	}
	if fileSHA(t, filepath.Join(dir, "file.1.bin")) != srv.Content().SHA256() {
		t.Fatal("without -c: want file.1.bin")
	}
}

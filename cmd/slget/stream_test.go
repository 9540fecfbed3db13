// slget -o -: the file to stdout through the real binary and a real pipe:
// what it prints and its exit codes when the file changes or the reader
// leaves, its memory under a slow reader, and the options it refuses. The
// stream itself (order, window, one version, a reader that leaves, a
// trickling head, no ranges) is tested in the root package
// (TestStreamInOrder, TestStreamWithoutRangesIsOneGET).

package main

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// piped is the binary running with its stdout on a pipe the test reads.
type piped struct {
	cmd    *exec.Cmd
	stdout io.ReadCloser
	stderr bytes.Buffer
	dir    string
	rss    atomic.Int64  // the peak RSS seen so far, in bytes
	exited chan struct{} // closed when the process has ended
}

// startPiped starts slget with args in an empty directory of its own.
func startPiped(t *testing.T, args ...string) *piped {
	t.Helper()
	p := &piped{cmd: exec.Command(binary(t), args...), dir: t.TempDir()}
	p.cmd.Dir = p.dir
	p.cmd.Stderr = &p.stderr
	var err error
	if p.stdout, err = p.cmd.StdoutPipe(); err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p.exited = make(chan struct{})
	go p.watch()
	t.Cleanup(func() { p.cmd.Process.Kill(); p.cmd.Wait() })
	return p
}

// watch reads the process's VmHWM until it ends: the rusage of a child
// started with vfork counts the parent's memory too, and an ended process
// has no VmHWM to read.
func (p *piped) watch() {
	status := fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid)
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		if n := vmHWM(status); n > p.rss.Load() {
			p.rss.Store(n)
		}
		select {
		case <-p.exited:
			return
		case <-tick.C:
		}
	}
}

// wait returns the exit code and the peak RSS in bytes.
func (p *piped) wait(t *testing.T) (int, int64) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		p.cmd.Process.Kill()
		<-done
		t.Fatalf("%v did not end within 2 minutes:\n%s", p.cmd.Args, p.stderr.String())
	}
	close(p.exited)
	rss := p.rss.Load()
	t.Logf("slget %q: exit %d, peak RSS %.1f MiB\nstderr: %s", p.cmd.Args[1:], p.cmd.ProcessState.ExitCode(), float64(rss)/(1<<20), p.stderr.String())
	return p.cmd.ProcessState.ExitCode(), rss
}

// vmHWM is the peak resident set of a process in bytes from its
// /proc/PID/status, or 0 when it cannot be read.
func vmHWM(status string) int64 {
	b, err := os.ReadFile(status)
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// nothingOnDisk fails the test if slget left anything in its directory.
func (p *piped) nothingOnDisk(t *testing.T) {
	t.Helper()
	ents, err := os.ReadDir(p.dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		t.Errorf("-o - left %s on disk", e.Name())
	}
}

// slowReader reads r at about rate bytes per second.
func slowReader(r io.Reader, rate int64) io.Reader {
	return readerFunc(func(p []byte) (int, error) {
		p = p[:min(len(p), 64<<10)]
		n, err := r.Read(p)
		time.Sleep(time.Duration(float64(n) / float64(rate) * float64(time.Second)))
		return n, err
	})
}

type readerFunc func([]byte) (int, error)

func (f readerFunc) Read(p []byte) (int, error) { return f(p) }

// Eight connections into a pipe: the exact bytes, the line that says
// what was streamed, nothing on disk.
func TestStreamToPipe(t *testing.T) {
	const size = 48<<20 + 4321
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	p := startPiped(t, "-x", "8", "--slice", "512k", "--stream-window", "8m", "-o", "-", srv.FileURL())
	h := sha256.New()
	n, err := io.Copy(h, p.stdout)
	if err != nil {
		t.Fatal(err)
	}
	if code, _ := p.wait(t); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if got := hex.EncodeToString(h.Sum(nil)); n != size || got != srv.Content().SHA256() {
		t.Fatalf("%d bytes with SHA-256 %s through the pipe, want %d with %s", n, got, size, srv.Content().SHA256())
	}
	if !strings.Contains(p.stderr.String(), "streamed 48.0 MiB to stdout") {
		t.Errorf("stderr %q does not say what was streamed", p.stderr.String())
	}
	p.nothingOnDisk(t)
}

// The file changes midway: exit 33, a message that says so, nothing on
// disk.
func TestStreamChangeMidwayExit33(t *testing.T) {
	const size = 32 << 20
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithChangeAfter(20), fetchtest.WithRateLimit(16<<20))
	p := startPiped(t, "-x", "8", "--slice", "256k", "--stream-window", "4m", "--retry-wait", "0.01", "-o", "-", srv.FileURL())
	n, err := io.Copy(io.Discard, p.stdout)
	if err != nil {
		t.Fatal(err)
	}
	if code, _ := p.wait(t); code != exitChanged {
		t.Fatalf("exit %d, want %d", code, exitChanged)
	}
	if n == 0 {
		t.Error("nothing went out before the change: the test shows nothing")
	}
	if !strings.Contains(p.stderr.String(), "changed") {
		t.Errorf("stderr %q does not say the file changed", p.stderr.String())
	}
	p.nothingOnDisk(t)
}

// The reader stops after 1000 bytes (| head -c 1000): slget ends quietly
// with exit 35, nothing on disk.
func TestStreamReaderStops(t *testing.T) {
	const size = 256 << 20
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(32<<20))
	p := startPiped(t, "-x", "8", "--slice", "1m", "--stream-window", "16m", "-o", "-", srv.FileURL())
	buf := make([]byte, 1000)
	if _, err := io.ReadFull(p.stdout, buf); err != nil {
		t.Fatal(err)
	}
	p.stdout.Close()
	code, _ := p.wait(t)
	if code != exitPipeClosed {
		t.Fatalf("exit %d, want %d", code, exitPipeClosed)
	}
	if s := p.stderr.String(); s != "" {
		t.Errorf("stderr %q, want nothing: the reader left on purpose", s)
	}
	p.nothingOnDisk(t)
}

// A slow reader: the window fills and holds; memory stays under the window
// plus a read buffer per connection and the program's own, however large
// the file.
func TestStreamSlowReaderMemory(t *testing.T) {
	const size, window = 128 << 20, 8 << 20
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	p := startPiped(t, "-x", "8", "--slice", "1m", "--stream-window", "8m", "--stall-timeout", "1", "-o", "-", srv.FileURL())
	h := sha256.New()
	if _, err := io.Copy(h, slowReader(p.stdout, 64<<20)); err != nil {
		t.Fatal(err)
	}
	code, rss := p.wait(t)
	if code != 0 || hex.EncodeToString(h.Sum(nil)) != srv.Content().SHA256() {
		t.Fatalf("exit %d; wrong bytes or none", code)
	}
	// The program alone (runtime, HTTP, TLS tables) is under 24 MiB: see
	// BENCHMARKS.md.
	const overhead = 8*128<<10 + 24<<20
	if rss > window+overhead {
		t.Errorf("peak RSS %.1f MiB, over the %d MiB window plus %.1f MiB", float64(rss)/(1<<20), window>>20, float64(overhead)/(1<<20))
	}
	if strings.Contains(p.stderr.String(), "stalled") {
		t.Errorf("a connection waiting for the reader was dropped as stalled: %s", p.stderr.String())
	}
	var served int64
	for _, r := range srv.Requests() {
		served += r.BodyBytes
	}
	if served > size+size/16 {
		t.Errorf("%d bytes served for a %d-byte file", served, size)
	}
}

// What would share stdout with the file, or has no file to work on, is a
// bad option.
func TestStreamRefusedOptions(t *testing.T) {
	srv := fetchtest.NewServer(t)
	for _, args := range [][]string{
		{"--json", "-o", "-"},
		{"--progress", "json", "-o", "-"},
		{"-c", "-o", "-"},
		{"--conditional-get", "-o", "-"},
		{"--slice", "1m", "--stream-window", "512k", "-o", "-"},
		{"--stream-window", "lots", "-o", "-"},
	} {
		r := runSlget(t, append(args, srv.FileURL())...)
		if r.code != exitBadOption || r.stdout != "" || !strings.Contains(r.stderr, "-") {
			t.Errorf("slget %q: exit %d, stdout %q; want %d and a message", args, r.code, r.stdout, exitBadOption)
		}
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("%d requests made for refused options", n)
	}
}

// out=- in an -i file is a file named "-", as in aria2: only the command
// line's -o - streams.
func TestStreamOutDashInInputFileIsAFile(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1<<20+3))
	dir := t.TempDir()
	list := filepath.Join(dir, "list")
	if err := os.WriteFile(list, []byte(srv.FileURL()+"\n  out=-\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runSlget(t, "-q", "-d", dir, "-i", list)
	if r.code != 0 || r.stdout != "" {
		t.Fatalf("exit %d, %d bytes on stdout; want 0 and none", r.code, len(r.stdout))
	}
	if got := fileSHA(t, filepath.Join(dir, "-")); got != srv.Content().SHA256() {
		t.Fatalf("the file named - has SHA-256 %s", got)
	}
}

// randomBytes is n random bytes.
func randomBytes(n int) []byte {
	b := make([]byte, n)
	rand.Read(b)
	return b
}

// streamToPipe runs slget with args, which stream a file holding want to
// stdout: the exact bytes come through the pipe (exit 0); then a reader
// that stops after 1000 bytes (| head -c 1000) ends slget with exit 35
// and nothing on stderr. Neither run leaves a file.
func streamToPipe(t *testing.T, want []byte, args ...string) {
	t.Helper()
	sum := sha256.Sum256(want)
	p := startPiped(t, args...)
	h := sha256.New()
	n, err := io.Copy(h, p.stdout)
	if err != nil {
		t.Fatal(err)
	}
	if code, _ := p.wait(t); code != 0 {
		t.Fatalf("exit %d: %s", code, p.stderr.String())
	}
	if got := hex.EncodeToString(h.Sum(nil)); n != int64(len(want)) || got != hex.EncodeToString(sum[:]) {
		t.Fatalf("%d bytes with SHA-256 %s through the pipe, want %d", n, got, len(want))
	}
	p.nothingOnDisk(t)

	p = startPiped(t, args...)
	if _, err := io.ReadFull(p.stdout, make([]byte, 1000)); err != nil {
		t.Fatal(err)
	}
	p.stdout.Close()
	if code, _ := p.wait(t); code != exitPipeClosed {
		t.Fatalf("exit %d, want %d", code, exitPipeClosed)
	}
	if s := p.stderr.String(); s != "" {
		t.Errorf("stderr %q, want nothing: the reader left on purpose", s)
	}
	p.nothingOnDisk(t)
}

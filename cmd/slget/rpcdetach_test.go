// --daemon (-D): the command returns once the daemon listens, and the
// daemon goes on in the background in a session of its own, as aria2c -D.

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestRPCDaemonDetaches(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads the daemon's session from /proc")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	root := t.TempDir()
	cmd := exec.CommandContext(ctx, binary(t), "--enable-rpc", "--rpc-listen-port=0", "--rpc-secret=k", "-d", root, "-D")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("slget --enable-rpc -D: %v\n%s", err, stderr.String())
	}
	m := regexp.MustCompile(`JSON-RPC on (http://[^/\s]+/jsonrpc)`).FindStringSubmatch(stderr.String())
	p := regexp.MustCompile(`in the background as process (\d+)`).FindStringSubmatch(stderr.String())
	if m == nil || p == nil {
		t.Fatalf("the command said:\n%s", stderr.String())
	}
	pid, _ := strconv.Atoi(p[1])
	url := m[1]
	t.Cleanup(func() {
		if proc, err := os.FindProcess(pid); err == nil {
			_ = proc.Kill()
		}
	})
	// It answers after the command returned, and leads a session of its own.
	if a := callURL(t, url, "aria2.getVersion", "token:k"); a.Error != nil {
		t.Fatalf("the detached daemon: %+v", a.Error)
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatal(err)
	}
	fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	if sid := fields[3]; sid != strconv.Itoa(pid) {
		t.Errorf("the daemon's session is %s, want its own (%d)", sid, pid)
	}
	// aria2.shutdown ends it.
	callURL(t, url, "aria2.shutdown", "token:k")
	for {
		if _, err := os.Stat(fmt.Sprintf("/proc/%d", pid)); err != nil {
			break
		}
		if b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); bytes.Contains(b, []byte(") Z ")) {
			break // ended; its parent (init) has yet to reap it
		}
		if ctx.Err() != nil {
			t.Fatal("the daemon did not stop on aria2.shutdown")
		}
		time.Sleep(20 * time.Millisecond)
	}

	// One that cannot listen: the command says why, with its exit code.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	busy := exec.CommandContext(ctx, binary(t), "--enable-rpc", "--rpc-listen-port="+port, "-d", root, "--daemon")
	out, err := busy.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitBadOption || !strings.Contains(string(out), "cannot listen") {
		t.Fatalf("-D on a port in use: %v\n%s", err, out)
	}
}

// Package daemontest holds what the tests' real servers (internal/sshdtest's
// sshd, internal/ftpdtest's vsftpd) share: the binary they need, a free
// loopback port, and the processes a daemon forked for its sessions,
// found in /proc and signalled.
package daemontest

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// Need skips t when bin is missing, unless CI is set: then t fails,
// naming what (the server) and pkg (its Debian package).
func Need(t testing.TB, bin, what, pkg string) {
	t.Helper()
	if _, err := os.Stat(bin); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI needs %s: %v", what, err)
		}
		t.Skipf("no %s here (apt-get install %s)", filepath.Base(bin), pkg)
	}
}

// FreePort is a loopback TCP port free a moment ago.
func FreePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// Signal sends sig ("-STOP", "-KILL") to every process below pid, and
// returns their ids; t fails with none when there is none. Linux only.
func Signal(t testing.TB, pid int, sig, none string) []string {
	t.Helper()
	var pids []string
	for _, p := range Descendants(pid) {
		pids = append(pids, fmt.Sprint(p))
	}
	if len(pids) == 0 {
		t.Fatal(none)
	}
	if out, err := exec.Command("kill", append([]string{sig}, pids...)...).CombinedOutput(); err != nil {
		t.Fatalf("kill %s: %v %s", sig, err, out)
	}
	return pids
}

// Stop kills the daemon p and the sessions it forked, and returns once
// they are all gone (or dead and unreaped, which write nothing). wait
// reaps p. The sessions outlive their daemon's kill, and one still closing
// goes on writing the daemon's log in the test's folder while t.TempDir's
// cleanup removes it ("directory not empty").
func Stop(p *os.Process, wait func()) {
	kids := Descendants(p.Pid)
	p.Kill()
	wait()
	for _, k := range kids {
		if q, err := os.FindProcess(k); err == nil {
			q.Kill()
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for _, k := range kids {
		for !gone(k) && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
	}
}

// gone reports whether process pid has ended: no such process, or a
// zombie its new parent has not reaped yet.
func gone(pid int) bool {
	q, err := os.FindProcess(pid)
	if err != nil || q.Signal(syscall.Signal(0)) != nil {
		return true
	}
	b, err := os.ReadFile(filepath.Join("/proc", fmt.Sprint(pid), "stat"))
	if err != nil {
		return true
	}
	i := bytes.LastIndexByte(b, ')')
	return i >= 0 && i+2 < len(b) && b[i+2] == 'Z'
}

// Continue sends SIGCONT to pids at t's cleanup.
func Continue(t testing.TB, pids []string) {
	t.Cleanup(func() { exec.Command("kill", append([]string{"-CONT"}, pids...)...).Run() })
}

// Descendants are the processes below pid, from /proc.
func Descendants(pid int) []int {
	parent := map[int]int{}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		var p int
		if _, err := fmt.Sscan(e.Name(), &p); err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold blanks, so read after ')'.
		i := bytes.LastIndexByte(b, ')')
		var state string
		var ppid int
		if i < 0 || func() error { _, err := fmt.Sscan(string(b[i+1:]), &state, &ppid); return err }() != nil {
			continue
		}
		parent[p] = ppid
	}
	var out []int
	var walk func(int)
	walk = func(p int) {
		for c, pp := range parent {
			if pp == p {
				out = append(out, c)
				walk(c)
			}
		}
	}
	walk(pid)
	return out
}

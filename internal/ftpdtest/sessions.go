// Faults of the sessions open now: stopped (a server that stalls) or
// killed (a server that drops its connections).

package ftpdtest

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// StopSessions stops (SIGSTOP) every session process vsftpd forked so
// far, while the listener goes on taking new ones: a server whose
// connections stall. They are continued at the test's cleanup, before
// vsftpd is killed. Linux only (it reads /proc).
func (s *Server) StopSessions(t testing.TB) {
	t.Helper()
	pids := s.signal(t, "-STOP")
	t.Cleanup(func() { exec.Command("kill", append([]string{"-CONT"}, pids...)...).Run() })
}

// KillSessions kills every session process vsftpd forked so far: their
// control and data connections drop mid-transfer.
func (s *Server) KillSessions(t testing.TB) { s.signal(t, "-KILL") }

func (s *Server) signal(t testing.TB, sig string) []string {
	t.Helper()
	var pids []string
	for _, p := range descendants(s.cmd.Process.Pid) {
		pids = append(pids, fmt.Sprint(p))
	}
	if len(pids) == 0 {
		t.Fatal("vsftpd has no session")
	}
	if out, err := exec.Command("kill", append([]string{sig}, pids...)...).CombinedOutput(); err != nil {
		t.Fatalf("kill %s: %v %s", sig, err, out)
	}
	return pids
}

// descendants are the processes below pid, from /proc.
func descendants(pid int) []int {
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

// Stop kills vsftpd and its sessions: the server is gone, and its port
// refuses connections.
func (s *Server) Stop(t testing.TB) {
	t.Helper()
	pids := descendants(s.cmd.Process.Pid)
	s.cmd.Process.Kill()
	for _, p := range pids {
		if pr, err := os.FindProcess(p); err == nil {
			pr.Kill()
		}
	}
}

// Faults of the sessions open now: stopped (a server that stalls) or
// killed (a server that drops its connections).

package ftpdtest

import (
	"os"
	"testing"

	"github.com/slget/slget/internal/daemontest"
)

// StopSessions stops (SIGSTOP) every session process vsftpd forked so
// far, while the listener goes on taking new ones: a server whose
// connections stall. They are continued at the test's cleanup, before
// vsftpd is killed. Linux only (it reads /proc).
func (s *Server) StopSessions(t testing.TB) {
	t.Helper()
	daemontest.Continue(t, s.signal(t, "-STOP"))
}

// KillSessions kills every session process vsftpd forked so far: their
// control and data connections drop mid-transfer.
func (s *Server) KillSessions(t testing.TB) { s.signal(t, "-KILL") }

func (s *Server) signal(t testing.TB, sig string) []string {
	t.Helper()
	return daemontest.Signal(t, s.cmd.Process.Pid, sig, "vsftpd has no session")
}

// Stop kills vsftpd and its sessions: the server is gone, and its port
// refuses connections.
func (s *Server) Stop(t testing.TB) {
	t.Helper()
	pids := daemontest.Descendants(s.cmd.Process.Pid)
	s.cmd.Process.Kill()
	for _, p := range pids {
		if pr, err := os.FindProcess(p); err == nil {
			pr.Kill()
		}
	}
}

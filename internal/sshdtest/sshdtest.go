// Package sshdtest runs a real OpenSSH server (sshd -D) on a loopback port
// for tests: its own host key, an authorized user key, a known_hosts file
// and a verbose log to count sessions from.
package sshdtest

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/slget/slget/internal/daemontest"
)

// Server is a running sshd.
type Server struct {
	Dir        string // its files; the tests' files may go here too
	Port       int
	User       string
	UserKey    string // private key file of an authorized key
	KnownHosts string // a known_hosts file naming the host key
	HostKey    ssh.PublicKey
	log        string
	cmd        *exec.Cmd
}

// Start runs sshd for t, stopped at its cleanup. Without sshd the test is
// skipped, unless CI is set: then it fails.
func Start(t testing.TB) *Server {
	t.Helper()
	const bin = "/usr/sbin/sshd"
	daemontest.Need(t, bin, "OpenSSH's server", "openssh-server")
	if os.Geteuid() == 0 {
		os.MkdirAll("/run/sshd", 0o755) // its privilege separation folder
	}
	u, err := user.Current()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	s := &Server{Dir: dir, User: u.Username, log: filepath.Join(dir, "sshd.log")}
	hostPub := writeKey(t, filepath.Join(dir, "host_key"))
	s.HostKey = hostPub
	s.UserKey = filepath.Join(dir, "user_key")
	userPub := writeKey(t, s.UserKey)
	write(t, filepath.Join(dir, "authorized_keys"), ssh.MarshalAuthorizedKey(userPub))
	s.Port = daemontest.FreePort(t)
	s.KnownHosts = filepath.Join(dir, "known_hosts")
	write(t, s.KnownHosts, []byte(fmt.Sprintf("[127.0.0.1]:%d %s", s.Port, ssh.MarshalAuthorizedKey(hostPub))))
	conf := fmt.Sprintf(`Port %d
ListenAddress 127.0.0.1
HostKey %s
AuthorizedKeysFile %s
PidFile %s
UsePAM no
StrictModes no
PermitRootLogin yes
PasswordAuthentication yes
KbdInteractiveAuthentication no
MaxStartups 64
MaxSessions 64
Subsystem sftp internal-sftp
LogLevel VERBOSE
`, s.Port, filepath.Join(dir, "host_key"), filepath.Join(dir, "authorized_keys"), filepath.Join(dir, "sshd.pid"))
	cfg := filepath.Join(dir, "sshd_config")
	write(t, cfg, []byte(conf))
	s.cmd = exec.Command(bin, "-D", "-f", cfg, "-E", s.log)
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { daemontest.Stop(s.cmd.Process, func() { s.cmd.Wait() }) })
	for i := 0; !strings.Contains(s.Log(), "Server listening"); i++ {
		if i > 500 || s.cmd.ProcessState != nil {
			t.Fatalf("sshd did not start: %s", s.Log())
		}
		time.Sleep(10 * time.Millisecond)
	}
	return s
}

// URL is sftp://user@127.0.0.1:port/path (path absolute).
func (s *Server) URL(path string) string {
	return fmt.Sprintf("sftp://%s@127.0.0.1:%d%s", s.User, s.Port, path)
}

// Log is sshd's log so far.
func (s *Server) Log() string {
	b, _ := os.ReadFile(s.log)
	return string(b)
}

// Logins counts the logins sshd accepted (each an SSH connection), and
// SFTP the sftp subsystems it started (each a channel).
func (s *Server) Logins() int {
	l := s.Log()
	return strings.Count(l, "Accepted publickey for ") + strings.Count(l, "Accepted password for ")
}

// SFTP counts the SFTP channels sshd started.
func (s *Server) SFTP() int { return strings.Count(s.Log(), "Starting session: subsystem 'sftp'") }

func writeKey(t testing.TB, path string) ssh.PublicKey {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	blk, err := ssh.MarshalPrivateKey(priv, "")
	if err != nil {
		t.Fatal(err)
	}
	write(t, path, pem.EncodeToMemory(blk))
	p, err := ssh.NewPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// NewKey writes a fresh private key at path, authorized nowhere.
func NewKey(t testing.TB, path string) ssh.PublicKey { return writeKey(t, path) }

func write(t testing.TB, path string, b []byte) {
	t.Helper()
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// StopSessions stops (SIGSTOP) every process sshd forked so far, the
// sessions open now, while the listener goes on taking new ones: a
// server whose sessions stall. The processes are continued at the test's
// cleanup, before sshd is killed. Linux only (it reads /proc).
func (s *Server) StopSessions(t testing.TB) {
	t.Helper()
	daemontest.Continue(t, daemontest.Signal(t, s.cmd.Process.Pid, "-STOP", "sshd has no session to stop"))
}

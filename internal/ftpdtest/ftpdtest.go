// Package ftpdtest runs a real vsftpd on a loopback port for tests: an
// anonymous server of a temporary folder, with a protocol log to count
// logins, RETRs and RESTs from.
package ftpdtest

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/internal/daemontest"
)

// Server is a running vsftpd.
type Server struct {
	Dir      string // the anonymous root: the tests' files go here
	Port     int
	CertFile string // StartTLS's certificate (PEM), its own CA
	log      string
	cmd      *exec.Cmd
}

// Start runs vsftpd for t, stopped at its cleanup. Without vsftpd the test
// is skipped, unless CI is set: then it fails.
func Start(t testing.TB) *Server {
	t.Helper()
	return start(t, func(string) string { return "" })
}

// start runs vsftpd with the lines more(base) adds to its configuration,
// base its temporary folder.
func start(t testing.TB, more func(base string) string) *Server {
	t.Helper()
	const bin = "/usr/sbin/vsftpd"
	daemontest.Need(t, bin, "vsftpd", "vsftpd")
	base := t.TempDir()
	s := &Server{Dir: filepath.Join(base, "root"), log: filepath.Join(base, "vsftpd.log"), Port: daemontest.FreePort(t)}
	empty := filepath.Join(base, "empty")
	for _, d := range []string{s.Dir, empty} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// run_as_launching_user: no chroot and no user switch, so that it runs
	// as whoever runs the tests; anon_root is the folder it serves.
	conf := fmt.Sprintf(`listen=YES
listen_ipv6=NO
listen_address=127.0.0.1
listen_port=%d
background=NO
run_as_launching_user=YES
anonymous_enable=YES
no_anon_password=YES
anon_root=%s
local_enable=NO
write_enable=NO
seccomp_sandbox=NO
secure_chroot_dir=%s
pasv_enable=YES
pasv_address=127.0.0.1
xferlog_enable=YES
xferlog_std_format=NO
log_ftp_protocol=YES
vsftpd_log_file=%s
max_clients=200
max_per_ip=200
idle_session_timeout=60
data_connection_timeout=60
`, s.Port, s.Dir, empty, s.log) + more(base)
	cfg := filepath.Join(base, "vsftpd.conf")
	if err := os.WriteFile(cfg, []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	s.cmd = exec.Command(bin, cfg)
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { s.cmd.Wait(); close(exited) }()
	t.Cleanup(func() { daemontest.Stop(s.cmd.Process, func() { <-exited }) })
	for i := 0; ; i++ {
		if greets(s.Port) {
			return s
		}
		select {
		case <-exited:
			t.Fatalf("vsftpd did not start: %v", s.cmd.ProcessState)
		case <-time.After(10 * time.Millisecond):
		}
		if i > 500 {
			t.Fatal("vsftpd does not answer")
		}
	}
}

// greets reports whether a server on port says 220 (the answer is not a
// login: Logins does not count it).
func greets(port int) bool {
	c, err := net.DialTimeout("tcp", fmt.Sprintf("127.0.0.1:%d", port), time.Second)
	if err != nil {
		return false
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(2 * time.Second))
	l, err := bufio.NewReader(c).ReadString('\n')
	return err == nil && strings.HasPrefix(l, "220")
}

// URL is ftp://127.0.0.1:port/name, name relative to Dir.
func (s *Server) URL(name string) string {
	return fmt.Sprintf("ftp://127.0.0.1:%d/%s", s.Port, name)
}

// Log is vsftpd's log so far.
func (s *Server) Log() string {
	b, _ := os.ReadFile(s.log)
	return string(b)
}

// Logins counts the control connections that logged in.
func (s *Server) Logins() int { return strings.Count(s.Log(), "OK LOGIN:") }

// Commands lists the arguments of every command named name, in order
// (RETR's paths, REST's offsets).
func (s *Server) Commands(name string) []string {
	re := regexp.MustCompile(`FTP command: Client "[^"]*", "` + regexp.QuoteMeta(name) + ` ([^"]*)"`)
	var out []string
	for _, m := range re.FindAllStringSubmatch(s.Log(), -1) {
		out = append(out, m[1])
	}
	return out
}

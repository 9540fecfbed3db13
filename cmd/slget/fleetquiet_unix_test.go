// Quiet when many are down: a fleet file, or a --peer list, of 50 members
// that do not answer (loopback ports bound, not listening) is one summary
// line, from a download as from slget serve; a member back is a line.

//go:build unix

package main

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// deadPeers returns n addresses (http://127.0.0.1:PORT) on which nothing
// listens, each port held by a socket bound to it that does not listen
// (a connection is refused, and no other program can take the port while
// the test runs), and release, which frees the port of addrs[i].
func deadPeers(t *testing.T, n int) (addrs []string, release func(i int)) {
	t.Helper()
	fds := make([]int, n)
	for i := range n {
		fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, 0)
		if err != nil {
			t.Fatal(err)
		}
		syscall.CloseOnExec(fd)
		if err := syscall.Bind(fd, &syscall.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}}); err != nil {
			syscall.Close(fd)
			t.Fatal(err)
		}
		sa, err := syscall.Getsockname(fd)
		if err != nil {
			syscall.Close(fd)
			t.Fatal(err)
		}
		fds[i] = fd
		addrs = append(addrs, fmt.Sprintf("http://127.0.0.1:%d", sa.(*syscall.SockaddrInet4).Port))
	}
	release = func(i int) {
		if fds[i] >= 0 {
			syscall.Close(fds[i])
			fds[i] = -1
		}
	}
	t.Cleanup(func() {
		for i := range fds {
			release(i)
		}
	})
	return addrs, release
}

func writeFleetFile(t *testing.T, addrs []string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "fleet")
	if err := os.WriteFile(p, []byte("# 50 members, none up\n"+strings.Join(addrs, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// mentions counts the lines of out that name an address of addrs.
func mentions(out string, addrs []string) (lines, names int) {
	for _, l := range strings.Split(out, "\n") {
		n := 0
		for _, a := range addrs {
			if strings.Contains(l, a) {
				n++
			}
		}
		if n > 0 {
			lines++
			names += n
		}
	}
	return lines, names
}

func TestManyDeadPeersOneLine(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(2*mib))
	dead, _ := deadPeers(t, 50)
	file := writeFleetFile(t, dead)
	var peerArgs []string
	for _, a := range dead {
		peerArgs = append(peerArgs, "--peer", a)
	}
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"fleet file", []string{"--fleet-file", file}},
		{"peer list", peerArgs},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			r := binRun(t, nil, append(append([]string{"-d", dir, "-o", "f"}, tc.args...), srv.FileURL())...)
			if r.code != 0 || fileSHA(t, filepath.Join(dir, "f")) != srv.Content().SHA256() {
				t.Fatalf("exit %d, want 0 and the file from the origin", r.code)
			}
			lines, names := mentions(r.stderr, dead)
			if lines != 1 || names > 5 || !strings.Contains(r.stderr, "50 of 50 peers do not answer: ") || !strings.Contains(r.stderr, ", … (see slget peers)") {
				t.Errorf("%d lines name %d dead peers; want one summary line naming at most 5:\n%s", lines, names, r.stderr)
			}
		})
	}
}

func TestServeManyDeadPeersOneLine(t *testing.T) {
	dead, release := deadPeers(t, 50)
	p := startServe(t, t.TempDir(), "--allow", "example.com", "--fleet-file", writeFleetFile(t, dead))
	waitLog := func(what string, re *regexp.Regexp) string {
		t.Helper()
		deadline := time.Now().Add(time.Minute)
		for {
			if m := re.FindString(p.stderr.String()); m != "" {
				return m
			}
			if time.Now().After(deadline) {
				t.Fatalf("no line of %s in the serve's log:\n%s", what, p.stderr)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	waitLog("the summary", regexp.MustCompile(`50 of 50 peers do not answer: .*, … \(see slget peers\)`))

	// One member comes back (something answers /healthz on its port).
	back := dead[17]
	release(17)
	ln, err := net.Listen("tcp", strings.TrimPrefix(back, "http://"))
	if err != nil {
		t.Fatalf("the port of %s: %v", back, err)
	}
	hs := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Slget-Id", "back-17")
		fmt.Fprintln(w, "ok slget/test")
	})}
	go hs.Serve(ln)
	defer hs.Close()
	waitLog("the member back", regexp.MustCompile(`peer `+regexp.QuoteMeta(back)+` answers again; 49 of 50 down`))
	// Two checks more: nothing else is said of the 49.
	time.Sleep(2 * fleetReportEvery)
	if lines, names := mentions(p.stderr.String(), dead); lines != 2 || names > 6 {
		t.Errorf("%d lines name %d members; want the summary and the one back:\n%s", lines, names, p.stderr)
	}
}

// Quiet when many are down: a fleet file, or a --peer list, of 50 members
// that do not answer (closed loopback ports) is one summary line, from a
// download as from slget serve; a member that comes back is a line.

package main

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// deadPeers returns n addresses (http://127.0.0.1:PORT) on which nothing
// listens: ports the system gave, closed at once, other than those of
// not.
func deadPeers(t *testing.T, n int, not ...int) []string {
	t.Helper()
	var out []string
	for len(out) < n {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		a := ln.Addr().(*net.TCPAddr)
		if !slices.Contains(not, a.Port) && !slices.Contains(out, "http://"+a.String()) {
			out = append(out, "http://"+a.String())
		}
		ln.Close()
	}
	return out
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
	dead := deadPeers(t, 50)
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
	port := freePort(t)
	dead := deadPeers(t, 50, port) // the serve's own port is no dead member
	p := startServeAt(t, port, t.TempDir(), "--allow", "example.com", "--fleet-file", writeFleetFile(t, dead))
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
	ln, err := net.Listen("tcp", strings.TrimPrefix(back, "http://"))
	if err != nil {
		t.Skipf("the port of %s was taken meanwhile: %v", back, err)
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

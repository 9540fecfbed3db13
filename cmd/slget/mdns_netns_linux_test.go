// Zero configuration across a LAN made of two network namespaces joined by
// a veth pair: a serve on 0.0.0.0 announces its veth address by mDNS, and
// slget peers and slget --peer auto in the other namespace find it. Needs
// root and iproute2; skips without them, and fails without them in CI.

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// lan is two network namespaces, a and b, joined by a veth pair with the
// addresses ipA and ipB; nothing else is in them but loopback.
type lan struct {
	ip       string // the ip command
	a, b     string
	ipA, ipB string
}

// newLAN makes a lan and removes it when the test ends.
func newLAN(t *testing.T) *lan {
	t.Helper()
	skip := func(format string, args ...any) {
		t.Helper()
		if os.Getenv("CI") != "" {
			t.Fatalf(format+" (CI must run this test as root with iproute2; see .ci/run)", args...)
		}
		t.Skipf(format, args...)
	}
	if os.Geteuid() != 0 {
		skip("network namespaces need root")
	}
	l := &lan{ip: requireTool(t, "ip")}
	id := fmt.Sprintf("%d-%d", os.Getpid(), time.Now().UnixNano()%100000)
	l.a, l.b = "slget-t-"+id+"-a", "slget-t-"+id+"-b"
	sub := 1 + os.Getpid()%250
	l.ipA, l.ipB = fmt.Sprintf("10.213.%d.1", sub), fmt.Sprintf("10.213.%d.2", sub)
	for _, ns := range []string{l.a, l.b} {
		if out, err := exec.Command(l.ip, "netns", "add", ns).CombinedOutput(); err != nil {
			skip("ip netns add %s: %v: %s", ns, err, out)
		}
		t.Cleanup(func() {
			if out, err := exec.Command(l.ip, "netns", "del", ns).CombinedOutput(); err != nil {
				t.Errorf("ip netns del %s: %v: %s", ns, err, out)
			}
		})
	}
	for _, args := range [][]string{
		{"-n", l.a, "link", "add", "veth0", "type", "veth", "peer", "name", "veth0", "netns", l.b},
		{"-n", l.a, "addr", "add", l.ipA + "/24", "dev", "veth0"},
		{"-n", l.b, "addr", "add", l.ipB + "/24", "dev", "veth0"},
		{"-n", l.a, "link", "set", "lo", "up"},
		{"-n", l.b, "link", "set", "lo", "up"},
		{"-n", l.a, "link", "set", "veth0", "up"},
		{"-n", l.b, "link", "set", "veth0", "up"},
	} {
		if out, err := exec.Command(l.ip, args...).CombinedOutput(); err != nil {
			t.Fatalf("ip %s: %v: %s", strings.Join(args, " "), err, out)
		}
	}
	return l
}

// command is name with args run in the namespace ns.
func (l *lan) command(ctx context.Context, ns, name string, args ...string) *exec.Cmd {
	return exec.CommandContext(ctx, l.ip, append([]string{"netns", "exec", ns, name}, args...)...)
}

// run runs slget in ns and returns what it did.
func (l *lan) run(t *testing.T, ns string, env []string, args ...string) runResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	cmd := l.command(ctx, ns, binary(t), args...)
	cmd.Env = append(os.Environ(), env...)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	r := runResult{code: cmd.ProcessState.ExitCode(), stdout: out.String(), stderr: errb.String()}
	if err != nil && r.code <= 0 {
		t.Fatalf("slget %q in %s: %v", args, ns, err)
	}
	t.Logf("slget %q in %s: exit %d\nstdout: %s\nstderr: %s", args, ns, r.code, r.stdout, r.stderr)
	return r
}

// start starts name with args in ns and returns the lines of its stdout
// and stderr as they come; it is stopped (its stdin closed, SIGINT, then
// killed) when the test ends.
func (l *lan) start(t *testing.T, ns, name string, args ...string) <-chan string {
	t.Helper()
	cmd := l.command(context.Background(), ns, name, args...)
	pr, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw
	stdin, err := cmd.StdinPipe() // the helper origin stops at its end
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s in %s: %v", name, ns, err)
	}
	lines := make(chan string, 1024)
	done := make(chan struct{})
	go func() {
		defer close(done)
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			t.Logf("%s: %s", filepath.Base(name), sc.Text())
			select {
			case lines <- sc.Text():
			default:
			}
		}
	}()
	t.Cleanup(func() {
		stdin.Close()
		cmd.Process.Signal(os.Interrupt)
		waited := make(chan struct{})
		go func() { cmd.Wait(); close(waited) }()
		select {
		case <-waited:
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			<-waited
		}
		pw.Close()
		<-done
	})
	return lines
}

// waitLine waits for a line of lines that contains s, and returns it.
func waitLine(t *testing.T, lines <-chan string, s string) string {
	t.Helper()
	deadline := time.After(60 * time.Second)
	for {
		select {
		case l := <-lines:
			if strings.Contains(l, s) {
				return l
			}
		case <-deadline:
			t.Fatalf("no line saying %q within a minute", s)
		}
	}
}

// The origin of the namespace test: this test binary, run again in a
// namespace with SLGET_TEST_ORIGIN_HOST set, serves a fetchtest file on
// that address until its stdin ends.
func TestNetnsOriginHelper(t *testing.T) {
	host := os.Getenv("SLGET_TEST_ORIGIN_HOST")
	if host == "" {
		t.Skip("a helper process of TestFleetByMDNSAcrossNamespaces")
	}
	srv, err := fetchtest.Start(fetchtest.WithHost(host), fetchtest.WithSize(6*mib))
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	fmt.Printf("origin %s %s\n", srv.FileURL(), srv.Content().SHA256())
	io.Copy(io.Discard, os.Stdin)
}

func TestFleetByMDNSAcrossNamespaces(t *testing.T) {
	l := newLAN(t)
	bin := binary(t)
	const token = "fleet-secret-7"

	// The origin, in a, on its veth address: b reaches it too.
	origin := l.start(t, l.a, "env", "SLGET_TEST_ORIGIN_HOST="+l.ipA, os.Args[0], "-test.run=^TestNetnsOriginHelper$", "-test.v")
	f := strings.Fields(waitLine(t, origin, "origin http://"))
	url, sum := f[1], f[2]
	originHost := strings.Split(strings.TrimPrefix(url, "http://"), "/")[0]

	// No serve yet: --peer auto finds nothing, says so, and downloads
	// from the origin.
	dir := t.TempDir()
	r := l.run(t, l.b, []string{envPeerToken + "=" + token}, "--peer", "auto", "-d", dir, "-o", "first", "--json", url)
	if r.code != 0 || !strings.Contains(r.stderr, "no slget serve answered") || fileSHA(t, filepath.Join(dir, "first")) != sum {
		t.Fatalf("--peer auto with no serve: exit %d, %q; want 0, the file, and a warning", r.code, r.stderr)
	}
	if got := jsonResult(t, r).BySource; got["origin"] != 6*mib {
		t.Errorf("bytes by source %v, want all from the origin", got)
	}

	// A serve on every address of a, with the token from the environment.
	cache := t.TempDir()
	serve := l.start(t, l.a, "env", envServeToken+"="+token, bin, "serve", "--cache", cache, "--listen", "0.0.0.0:7878", "--allow", originHost)
	waitLine(t, serve, "announcing by mDNS")

	// slget peers in b finds it at its veth address, healthy; never at a
	// wildcard or loopback address.
	want := "http://" + l.ipA + ":7878"
	var found []peerStatus
	for deadline := time.Now().Add(30 * time.Second); ; {
		r := l.run(t, l.b, nil, "peers", "--json", "--timeout", "2s")
		if r.code != 0 {
			t.Fatalf("slget peers: exit %d: %s", r.code, r.stderr)
		}
		found = nil
		if err := json.Unmarshal([]byte(r.stdout), &found); err != nil {
			t.Fatalf("slget peers --json: %v: %q", err, r.stdout)
		}
		if len(found) > 0 || time.Now().After(deadline) {
			break
		}
	}
	if len(found) != 1 || found[0].Addr != want || !found[0].Healthy || found[0].Source != "mdns" || found[0].Version == "" {
		t.Fatalf("slget peers found %+v, want only %s, healthy, by mdns, with a version", found, want)
	}

	// --peer auto through it, the token from the environment: every byte
	// from the peer, and it comes only from there.
	r = l.run(t, l.b, []string{envPeerToken + "=" + token}, "--peer", "auto", "-d", dir, "-o", "second", "--json", url+"?again")
	if r.code != 0 || fileSHA(t, filepath.Join(dir, "second")) != sum {
		t.Fatalf("--peer auto with a serve: exit %d, %q", r.code, r.stderr)
	}
	if got := jsonResult(t, r).BySource; got["peer"] != 6*mib {
		t.Errorf("bytes by source %v, want all from the peer", got)
	}
	if strings.Contains(r.stdout+r.stderr, token) {
		t.Error("the token shows in the client's output")
	}
}

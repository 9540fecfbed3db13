// Package netnstest makes a two-host LAN for tests: two network namespaces
// joined by a veth pair, with nothing else in them but loopback, removed
// when the test ends. Linux only, as root, with iproute2's ip; it never
// imports testing.
package netnstest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// TB is the part of testing.TB that New uses.
type TB interface {
	Helper()
	Cleanup(func())
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
	Skipf(format string, args ...any)
}

// LAN is two namespaces, A and B, joined by a veth pair (veth0 in each),
// with the addresses AddrA and AddrB on a /24 of 10.213.0.0/16.
type LAN struct {
	IP           string // the ip command
	A, B         string
	AddrA, AddrB string
}

// New makes a LAN and removes it when the test ends. Without root, without
// ip, or when the system refuses a namespace, the test is skipped, and
// fails instead when the environment variable CI is set.
func New(t TB) *LAN {
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
	ip := ipCommand()
	if ip == "" {
		skip("ip (iproute2) is not installed")
	}
	l := &LAN{IP: ip}
	now := time.Now().UnixNano()
	id := fmt.Sprintf("%d-%d", os.Getpid(), now%1000000)
	l.A, l.B = "slget-t-"+id+"-a", "slget-t-"+id+"-b"
	sub := 1 + int(now/1000%250)
	l.AddrA, l.AddrB = fmt.Sprintf("10.213.%d.1", sub), fmt.Sprintf("10.213.%d.2", sub)
	for _, ns := range []string{l.A, l.B} {
		if out, err := exec.Command(ip, "netns", "add", ns).CombinedOutput(); err != nil {
			skip("ip netns add %s: %v: %s", ns, err, out)
		}
		t.Cleanup(func() {
			if out, err := exec.Command(ip, "netns", "del", ns).CombinedOutput(); err != nil {
				t.Errorf("ip netns del %s: %v: %s", ns, err, out)
			}
		})
	}
	for _, args := range [][]string{
		{"-n", l.A, "link", "add", "veth0", "type", "veth", "peer", "name", "veth0", "netns", l.B},
		{"-n", l.A, "addr", "add", l.AddrA + "/24", "dev", "veth0"},
		{"-n", l.B, "addr", "add", l.AddrB + "/24", "dev", "veth0"},
		{"-n", l.A, "link", "set", "lo", "up"},
		{"-n", l.B, "link", "set", "lo", "up"},
		{"-n", l.A, "link", "set", "veth0", "up"},
		{"-n", l.B, "link", "set", "veth0", "up"},
	} {
		if out, err := exec.Command(ip, args...).CombinedOutput(); err != nil {
			t.Fatalf("ip %s: %v: %s", strings.Join(args, " "), err, out)
		}
	}
	return l
}

// Command is name with args, to be run in the namespace ns.
func (l *LAN) Command(ctx context.Context, ns, name string, args ...string) *exec.Cmd {
	return exec.CommandContext(ctx, l.IP, append([]string{"netns", "exec", ns, name}, args...)...)
}

func ipCommand() string {
	if p, err := exec.LookPath("ip"); err == nil {
		return p
	}
	for _, dir := range []string{"/usr/sbin", "/sbin", "/usr/bin", "/bin"} {
		if p := filepath.Join(dir, "ip"); isFile(p) {
			return p
		}
	}
	return ""
}

func isFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

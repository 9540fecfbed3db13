// The service under the unit's socket families: slget serve run as the
// unit runs it, behind a seccomp filter that fails socket(2) for a family
// not in the unit's RestrictAddressFamilies= with EAFNOSUPPORT, as systemd
// does; it finds another serve by mDNS across two network namespaces, and
// the unit's old list (without AF_NETLINK) does not. Linux, root and
// iproute2; skipped without them, failed without them in CI.

package main

import (
	"flag"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/slget/slget/internal/netnstest"
)

const (
	// envSeccompFamilies tells TestSeccompExecHelper which socket
	// families to allow (numbers, separated by commas).
	envSeccompFamilies = "SLGET_TEST_SECCOMP_FAMILIES"
	// envSeccompProbe makes TestSeccompProbeHelper run.
	envSeccompProbe = "SLGET_TEST_SECCOMP_PROBE"
)

// families are the socket families a unit may name, by systemd's names.
var families = map[string]int{
	"AF_UNIX": unix.AF_UNIX, "AF_LOCAL": unix.AF_UNIX, "AF_INET": unix.AF_INET, "AF_INET6": unix.AF_INET6,
	"AF_NETLINK": unix.AF_NETLINK, "AF_PACKET": unix.AF_PACKET,
}

// seccompArch is the audit architecture of this build, 0 where the test
// does not know it.
func seccompArch() uint32 {
	switch runtime.GOARCH {
	case "amd64":
		return unix.AUDIT_ARCH_X86_64
	case "arm64":
		return unix.AUDIT_ARCH_AARCH64
	}
	return 0
}

// socketFilter is a classic BPF seccomp program that fails socket(2) with
// EAFNOSUPPORT unless its family (the first argument) is one of allowed,
// and allows every other system call, as systemd's
// RestrictAddressFamilies= does.
func socketFilter(arch uint32, allowed []int) []unix.SockFilter {
	const (
		offNr   = 0  // seccomp_data.nr
		offArch = 4  // seccomp_data.arch
		offArg0 = 16 // seccomp_data.args[0], its low 32 bits (little-endian)
	)
	n := len(allowed)
	allow := uint8(6 + n) // the index of the last instruction
	ld := func(off uint32) unix.SockFilter {
		return unix.SockFilter{Code: unix.BPF_LD | unix.BPF_W | unix.BPF_ABS, K: off}
	}
	jeq := func(k uint32, jt, jf uint8) unix.SockFilter {
		return unix.SockFilter{Code: unix.BPF_JMP | unix.BPF_JEQ | unix.BPF_K, K: k, Jt: jt, Jf: jf}
	}
	prog := []unix.SockFilter{
		ld(offArch),
		jeq(arch, 0, allow-2),
		ld(offNr),
		jeq(unix.SYS_SOCKET, 0, allow-4),
		ld(offArg0),
	}
	for k, f := range allowed {
		prog = append(prog, jeq(uint32(f), uint8(n-k), 0))
	}
	return append(prog,
		unix.SockFilter{Code: unix.BPF_RET | unix.BPF_K, K: unix.SECCOMP_RET_ERRNO | uint32(unix.EAFNOSUPPORT)},
		unix.SockFilter{Code: unix.BPF_RET | unix.BPF_K, K: unix.SECCOMP_RET_ALLOW},
	)
}

// TestSeccompExecHelper, run again with envSeccompFamilies set, installs
// socketFilter on its thread and executes its arguments (after --): the
// filter, with no_new_privs, carries across execve.
func TestSeccompExecHelper(t *testing.T) {
	list := os.Getenv(envSeccompFamilies)
	if list == "" {
		t.Skip("a helper process of TestServiceUnderTheUnitsFamilies")
	}
	argv := flag.Args()
	if len(argv) == 0 {
		t.Fatal("no command to run")
	}
	var allowed []int
	for _, s := range strings.Split(list, ",") {
		f, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("%s=%q: %v", envSeccompFamilies, list, err)
		}
		allowed = append(allowed, f)
	}
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, envSeccompFamilies+"=") {
			env = append(env, kv)
		}
	}
	path, err := exec.LookPath(argv[0])
	if err != nil {
		t.Fatal(err)
	}
	// The filter is the calling thread's: the same thread must exec.
	runtime.LockOSThread()
	filter := socketFilter(seccompArch(), allowed)
	prog := unix.SockFprog{Len: uint16(len(filter)), Filter: &filter[0]}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		t.Fatalf("PR_SET_NO_NEW_PRIVS: %v", err)
	}
	if err := unix.Prctl(unix.PR_SET_SECCOMP, unix.SECCOMP_MODE_FILTER, uintptr(unsafe.Pointer(&prog)), 0, 0); err != nil {
		t.Fatalf("PR_SET_SECCOMP: %v", err)
	}
	runtime.KeepAlive(filter)
	err = syscall.Exec(path, argv, env)
	t.Fatalf("exec %s: %v", path, err)
}

// probeFamilies are the families TestSeccompProbeHelper tries, with the
// socket type and protocol of each.
var probeFamilies = []struct {
	name           string
	family, typ, p int
}{
	{"AF_INET", unix.AF_INET, unix.SOCK_DGRAM, 0},
	{"AF_INET6", unix.AF_INET6, unix.SOCK_DGRAM, 0},
	{"AF_UNIX", unix.AF_UNIX, unix.SOCK_DGRAM, 0},
	{"AF_NETLINK", unix.AF_NETLINK, unix.SOCK_RAW, unix.NETLINK_ROUTE},
	{"AF_PACKET", unix.AF_PACKET, unix.SOCK_DGRAM, 0},
}

// TestSeccompProbeHelper, run with envSeccompProbe set (under the filter
// or not), opens a socket of each family and lists the host's interfaces
// as mDNS does, and prints what each gave: "probe AF_INET ok", "probe
// AF_NETLINK address family not supported by protocol".
func TestSeccompProbeHelper(t *testing.T) {
	if os.Getenv(envSeccompProbe) == "" {
		t.Skip("a helper process of TestServiceUnderTheUnitsFamilies")
	}
	for _, f := range probeFamilies {
		fd, err := unix.Socket(f.family, f.typ|unix.SOCK_CLOEXEC, f.p)
		if err == nil {
			unix.Close(fd)
			fmt.Printf("probe %s ok\n", f.name)
		} else {
			fmt.Printf("probe %s %v\n", f.name, err)
		}
	}
	if _, err := net.Interfaces(); err != nil {
		fmt.Printf("probe interfaces %v\n", err)
	} else {
		fmt.Printf("probe interfaces ok\n")
	}
}

// probe runs TestSeccompProbeHelper, under a filter that allows fams
// when fams is not nil, and returns what it printed, by what it probed.
func probe(t *testing.T, fams []string) map[string]string {
	t.Helper()
	args := []string{"-test.run=^TestSeccompProbeHelper$", "-test.v"}
	var cmd *exec.Cmd
	if fams == nil {
		cmd = exec.Command(os.Args[0], args...)
	} else {
		cmd = exec.Command(os.Args[0], append([]string{"-test.run=^TestSeccompExecHelper$", "--", os.Args[0]}, args...)...)
		cmd.Env = append(cmd.Env, envSeccompFamilies+"="+familyList(t, fams))
	}
	cmd.Env = append(append(cmd.Env, os.Environ()...), envSeccompProbe+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the probe under %q: %v\n%s", fams, err, out)
	}
	got := map[string]string{}
	for _, l := range strings.Split(string(out), "\n") {
		if rest, ok := strings.CutPrefix(l, "probe "); ok {
			k, v, _ := strings.Cut(rest, " ")
			got[k] = v
		}
	}
	t.Logf("under %q: %v", fams, got)
	return got
}

// familyList is fams as envSeccompFamilies wants them.
func familyList(t *testing.T, fams []string) string {
	t.Helper()
	var nums []string
	for _, f := range fams {
		n, ok := families[f]
		if !ok {
			t.Fatalf("the unit names the socket family %s, which this test does not know", f)
		}
		nums = append(nums, strconv.Itoa(n))
	}
	return strings.Join(nums, ",")
}

// withoutNetlink is the unit's list as it was before it allowed netlink.
func withoutNetlink(fams []string) []string {
	return slices.DeleteFunc(slices.Clone(fams), func(f string) bool { return f == "AF_NETLINK" })
}

// The filter does what systemd's does: a family of the list opens, one
// outside it fails with EAFNOSUPPORT (AF_PACKET, which root opens without
// it), and without AF_NETLINK the interfaces cannot be listed.
func TestSeccompFilterRestrictsFamilies(t *testing.T) {
	if seccompArch() == 0 {
		t.Skipf("no seccomp filter for %s in this test", runtime.GOARCH)
	}
	unitFams := unitFamilies(t)
	eaf := unix.EAFNOSUPPORT.Error()
	free := probe(t, nil)
	if os.Geteuid() == 0 && free["AF_PACKET"] != "ok" {
		t.Fatalf("AF_PACKET without the filter: %s, want ok as root", free["AF_PACKET"])
	}
	got := probe(t, unitFams)
	for _, f := range unitFams {
		if got[f] != "ok" {
			t.Errorf("under the unit's families, %s: %q, want ok", f, got[f])
		}
	}
	if got["AF_PACKET"] != eaf || got["interfaces"] != "ok" {
		t.Errorf("under the unit's families: AF_PACKET %q, interfaces %q; want %q and ok", got["AF_PACKET"], got["interfaces"], eaf)
	}
	old := probe(t, withoutNetlink(unitFams))
	if old["AF_NETLINK"] != eaf || old["interfaces"] == "ok" || old["AF_INET"] != "ok" {
		t.Errorf("under the old unit's families: AF_NETLINK %q, interfaces %q, AF_INET %q; want %q, an error, ok", old["AF_NETLINK"], old["interfaces"], old["AF_INET"], eaf)
	}
}

// TestServiceUnderTheUnitsFamilies runs the unit's command line (--peer
// auto, the token from its credential, gossip, the optional settings
// empty) in namespace a behind the unit's families, and a plain serve in
// b: each finds the other by mDNS, and says the fleet is mixed. Behind the
// old unit's families (and without gossip, as the old unit) it cannot.
func TestServiceUnderTheUnitsFamilies(t *testing.T) {
	if seccompArch() == 0 {
		t.Skipf("no seccomp filter for %s in this test", runtime.GOARCH)
	}
	bin := binary(t)
	unitFams := unitFamilies(t)
	for _, tc := range []struct {
		name  string
		fams  []string
		finds bool
	}{
		{"unit", unitFams, true},
		{"old unit", withoutNetlink(unitFams), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := netnstest.New(t)
			const token = "unit-fleet-token-3"
			creds := t.TempDir()
			if err := os.WriteFile(filepath.Join(creds, credentialToken), []byte(token+"\n"), 0o400); err != nil {
				t.Fatal(err)
			}
			env := envFile(t)
			env["SLGET_LISTEN"], env["SLGET_ALLOW"], env["SLGET_PEER"] = "0.0.0.0:7878", "example.com", "auto"
			env["SLGET_MAX_SIZE"], env["SLGET_INACTIVE"] = "", ""
			if !tc.finds {
				// The old unit had no gossip; memberlist, too, lists the
				// interfaces through netlink.
				env["SLGET_GOSSIP_PORT"] = ""
			}
			args := serveArgs(t, env, t.TempDir())
			b := l.Start(t, l.B, []string{"SLGET_SERVE_TOKEN=" + token}, t.Logf, bin,
				"serve", "--cache", t.TempDir(), "--listen", "0.0.0.0:7878", "--allow", "example.com", "--peer", "auto")
			if _, ok := b.WaitLine("announcing by mDNS"); !ok {
				t.Fatal("the plain serve did not announce itself")
			}
			helper := append([]string{"-test.run=^TestSeccompExecHelper$", "--", bin}, args...)
			a := l.Start(t, l.A, []string{envSeccompFamilies + "=" + familyList(t, tc.fams), envCredentials + "=" + creds,
				"SLGET_SERVE_TOKEN=", envPeerToken + "="}, t.Logf, os.Args[0], helper...)
			peerA, peerB := "http://"+l.AddrA+":7878", "http://"+l.AddrB+":7878"
			if line, ok := a.WaitLine(`"msg":"serving"`); !ok || !strings.Contains(line, `"token":true`) {
				t.Fatalf("the serve under the filter did not start with the credential's token: %q", line)
			}
			if tc.finds {
				if line, ok := a.WaitLine(peerB); !ok || !strings.Contains(line, "fleet") {
					t.Fatalf("the serve under the unit's families never found the one at %s (%q)", peerB, line)
				}
				if _, ok := b.WaitLine(peerA); !ok {
					t.Fatalf("the plain serve never found the one under the unit's families at %s", peerA)
				}
				// The unit's serve keeps the fleet by gossip, the plain one
				// by health checks: each says the mixed fleet.
				if _, ok := a.WaitLine("a mixed fleet: member " + peerB + " "); !ok {
					t.Errorf("the unit's serve, in the gossip, did not say that %s is outside it", peerB)
				}
				if _, ok := b.WaitLine("a mixed fleet: member " + peerA + " "); !ok {
					t.Errorf("the plain serve did not say that %s keeps the fleet by gossip", peerA)
				}
				return
			}
			// Both the announcement and the queries fail, each said once,
			// in either order.
			said := map[string]bool{}
			for len(said) < 2 {
				line, ok := a.WaitLineWithin("by mDNS", time.Minute)
				if !ok {
					t.Fatalf("under the old unit, the serve did not say that mDNS cannot list the interfaces (it said %v)", said)
				}
				for _, what := range []string{"cannot announce by mDNS", "cannot ask the LAN for the fleet by mDNS"} {
					if strings.Contains(line, what) && strings.Contains(line, "netlink") {
						said[what] = true
					}
				}
			}
			// The plain serve can be found from a's namespace (slget peers
			// there, unfiltered, finds it), and the serve under the old
			// unit does not find it in three of its queries.
			r := runIn(t, l, l.A, nil, "peers", "--json", "--timeout", "3s")
			if !strings.Contains(r.stdout, peerB) {
				t.Fatalf("slget peers in %s does not find %s either: %q", l.A, peerB, r.stdout)
			}
			if line, ok := a.WaitLineWithin(peerB, 15*time.Second); ok {
				t.Fatalf("under the old unit the serve found %s: %s", peerB, line)
			}
		})
	}
}

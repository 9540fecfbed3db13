// Clients that know only their own host's serve, and that serve killed,
// stopped or restarted in the middle of a wave, or a member joining: the
// origin still sends about one copy (Unix: SIGSTOP).

//go:build unix

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// ownServeArgs is the client of serve s: it knows that serve alone, its
// token in its URL, as the README shows.
func ownServeArgs(s *servedPeer) []string {
	return []string{"--peer", strings.Replace(s.url, "http://", "http://slget:"+fleetToken+"@", 1)}
}

// runOwnServeClients starts one client per serve at once, each knowing
// only its own serve, with extra args.
func runOwnServeClients(t *testing.T, serves []*servedPeer, dir, url string, extra ...string) []fleetRun {
	t.Helper()
	bin := binary(t)
	return atOnce(len(serves), func(i int) *exec.Cmd {
		args := append([]string{"--json", "-d", dir, "-o", fmt.Sprintf("f-%d", i), "-x", "4", "--allow-overwrite"}, sliceArgs...)
		args = append(args, extra...)
		args = append(append(args, ownServeArgs(serves[i])...), url)
		return exec.Command(bin, args...)
	})
}

// sliceArgs make the serves' slices and the clients' small, so that a
// few runs in flight are a small part of the file: what a member that
// dies takes with it unsent (its runs in flight, a slice at most each)
// is then what it is in a fleet that moves files of gigabytes.
var sliceArgs = []string{"--slice", "256k"}

// ownFleet is fleetOf with the serves' slices sliceArgs, and gossip on
// when asked (the --peer list then names the members to join through).
func ownFleet(t *testing.T, n int, origin *fetchtest.Server, gossip ...bool) []*servedPeer {
	t.Helper()
	ports, gossipPorts := freePorts(t, n), freePorts(t, n)
	var list []string
	for i := range ports {
		list = append(list, "--peer", fmt.Sprintf("http://127.0.0.1:%d", ports[i]))
	}
	serves := make([]*servedPeer, n)
	for i := range serves {
		args := append([]string{"--allow", strings.TrimPrefix(origin.URL, "http://"), "--token", fleetToken}, sliceArgs...)
		if len(gossip) > 0 && gossip[0] {
			args = append(args, "--gossip-port", strconv.Itoa(gossipPorts[i]))
		}
		serves[i] = startServeAt(t, ports[i], t.TempDir(), append(args, list...)...)
	}
	for _, s := range serves {
		waitFleet(t, s, n)
	}
	return serves
}

// atMostCopies fails t when the origin sent more than max copies of a
// file of size bytes.
func atMostCopies(t *testing.T, what string, origin *fetchtest.Server, size int64, max float64, slice int64) {
	t.Helper()
	x := float64(origin.BytesServed()) / float64(size)
	t.Logf("%s: the origin sent %.3f copies", what, x)
	if x > max {
		fills, clientGETs := originFills(origin, slice)
		twice := 0
		for k, n := range fills {
			if twice += n - 1; n > 1 {
				t.Logf("slice %d filled %d times", k, n)
			}
		}
		for _, r := range origin.Requests() {
			t.Logf("origin: %s %s %s", r.Method, r.Range, r.Header.Get("Via"))
		}
		t.Errorf("%s: the origin sent %.3f copies of the file, want at most %.2f (clients' own GETs %q, slices filled again %d)", what, x, max, clientGETs, twice)
	}
}

// TestOwnServeKilled: each client knows only its own serve; one serve is
// SIGKILLed midway. Its client learned the fleet from it when it started
// and goes on from the other members, not from the origin; with the
// serves' all-pairs checks, and with gossip.
func TestOwnServeKilled(t *testing.T) {
	for _, gossip := range []bool{false, true} {
		t.Run(map[bool]string{false: "checks", true: "gossip"}[gossip], func(t *testing.T) { ownServeKilled(t, gossip) })
	}
}

func ownServeKilled(t *testing.T, gossip bool) {
	const size = 128<<20 + 99
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(8<<20))
	serves := ownFleet(t, 3, origin, gossip)
	dir := t.TempDir()
	killed := whenServed(origin, size/3, func() { serves[1].cmd.Process.Kill() })
	runs := runOwnServeClients(t, serves, dir, origin.FileURL(), "--stall-timeout", "10")
	<-killed
	checkFleetFiles(t, "own serve killed", runs, dir, origin.Content().SHA256())
	atMostCopies(t, "own serve killed", origin, size, 1.02, 256<<10)
}

// TestOwnServeStopped: the same with the serve SIGSTOPped: it takes
// connections and answers nothing.
func TestOwnServeStopped(t *testing.T) {
	const size = 128<<20 + 7
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(8<<20))
	serves := ownFleet(t, 3, origin)
	dir := t.TempDir()
	stopped := whenServed(origin, size/3, func() { serves[2].cmd.Process.Signal(syscall.SIGSTOP) })
	t.Cleanup(func() { serves[2].cmd.Process.Signal(syscall.SIGCONT) })
	start := time.Now()
	runs := runOwnServeClients(t, serves, dir, origin.FileURL(), "--stall-timeout", "60")
	<-stopped
	checkFleetFiles(t, "own serve stopped", runs, dir, origin.Content().SHA256())
	atMostCopies(t, "own serve stopped", origin, size, 1.02, 256<<10)
	if took := time.Since(start); took > 45*time.Second {
		t.Errorf("the clients took %.0fs with their serve stopped: they waited for their stall timeout (60s)", took.Seconds())
	}
}

// TestOwnServeRestarted: the serve is SIGKILLed midway and started again
// on its cache at once, as systemd restarts it.
func TestOwnServeRestarted(t *testing.T) {
	const size = 128<<20 + 5
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(8<<20))
	serves := ownFleet(t, 3, origin)
	dir := t.TempDir()
	port, _ := strconv.Atoi(serves[0].url[strings.LastIndex(serves[0].url, ":")+1:])
	args := append([]string(nil), serves[0].cmd.Args[6:]...) // after serve --cache DIR --listen ADDR
	first := serves[0]
	restarted := whenServed(origin, size/3, func() {
		first.cmd.Process.Kill()
		<-first.done
		startServeAt(t, port, first.dir, args...)
	})
	runs := runOwnServeClients(t, serves, dir, origin.FileURL(), "--stall-timeout", "10")
	<-restarted
	checkFleetFiles(t, "own serve restarted", runs, dir, origin.Content().SHA256())
	atMostCopies(t, "own serve restarted", origin, size, 1.02, 256<<10)
}

// TestMemberJoinsMidWave: three serves of a fleet file that names a
// fourth; the fourth starts midway, with an empty cache, and takes its
// share of the runs, some of which another member is filling or filled.
// The origin sends none of them again: at most 1.01 copies, in each of
// three waves, whether each client knows its own serve alone or reads the
// fleet file too. Slices of 1 MiB, as the serves' default: a run is 4 MiB.
func TestMemberJoinsMidWave(t *testing.T) {
	for _, c := range []string{"own serve", "fleet file", "gossip"} {
		t.Run(c, func(t *testing.T) { memberJoins(t, c == "fleet file", c == "gossip") })
	}
}

// memberJoins runs TestMemberJoinsMidWave's waves: the clients read the
// fleet file too, or know their own serve alone; the serves gossip, the
// fleet file naming the members to join through, or check the file's.
func memberJoins(t *testing.T, clientsReadTheFile, gossip bool) {
	const size = 32<<20 + 1
	for wave := range 3 {
		origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(2<<20))
		file := filepath.Join(t.TempDir(), "fleet")
		ports := freePorts(t, 4)
		var lines []string
		for _, p := range ports {
			lines = append(lines, "http://127.0.0.1:"+strconv.Itoa(p))
		}
		if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		args := []string{"--allow", strings.TrimPrefix(origin.URL, "http://"), "--fleet-file", file, "--token", fleetToken}
		gossipPorts := freePorts(t, 4)
		argsOf := func(k int) []string {
			if !gossip {
				return args
			}
			return append(slices.Clone(args), "--gossip-port", strconv.Itoa(gossipPorts[k]))
		}
		var serves []*servedPeer
		for k, p := range ports[:3] {
			serves = append(serves, startServeAt(t, p, t.TempDir(), argsOf(k)...))
		}
		for _, s := range serves {
			waitFleet(t, s, 3)
		}
		joined := whenServed(origin, size/4, func() { startServeAt(t, ports[3], t.TempDir(), argsOf(3)...) })
		dir := t.TempDir()
		bin := binary(t)
		runs := atOnce(len(serves), func(i int) *exec.Cmd {
			peers := ownServeArgs(serves[i])
			if clientsReadTheFile {
				peers = []string{"--fleet-file", file, "--peer-token", fleetToken}
			}
			return exec.Command(bin, append([]string{"--json", "-d", dir, "-o", fmt.Sprintf("f-%d", i), "-x", "4", "--stall-timeout", "10"},
				append(peers, origin.FileURL())...)...)
		})
		<-joined
		checkFleetFiles(t, "a member joins", runs, dir, origin.Content().SHA256())
		atMostCopies(t, fmt.Sprintf("a member joins, wave %d", wave), origin, size, 1.01, 1<<20)
		if t.Failed() {
			return
		}
	}
}

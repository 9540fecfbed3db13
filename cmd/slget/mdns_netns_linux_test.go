// Zero configuration across a LAN made of two network namespaces joined by
// a veth pair: a serve on 0.0.0.0 announces its veth address by mDNS, and
// slget peers and slget --peer auto in the other namespace find it. Needs
// root and iproute2; skips without them, and fails without them in CI.

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/internal/netnstest"
)

// runIn runs slget in the namespace ns and returns what it did.
func runIn(t *testing.T, l *netnstest.LAN, ns string, env []string, args ...string) runResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	cmd := l.Command(ctx, ns, binary(t), args...)
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

// startNetnsOrigin starts the origin in a, on its veth address (b reaches
// it too), and returns its file's URL, the file's SHA-256 and its
// host:port.
func startNetnsOrigin(t *testing.T, l *netnstest.LAN) (url, sum, host string) {
	t.Helper()
	origin := l.Start(t, l.A, []string{"SLGET_TEST_ORIGIN_HOST=" + l.AddrA}, t.Logf, os.Args[0], "-test.run=^TestNetnsOriginHelper$")
	line, ok := origin.WaitLine("origin http://")
	if !ok {
		t.Fatal("the origin did not start")
	}
	f := strings.Fields(line)
	url, sum = f[1], f[2]
	return url, sum, strings.Split(strings.TrimPrefix(url, "http://"), "/")[0]
}

func TestFleetByMDNSAcrossNamespaces(t *testing.T) {
	l := netnstest.New(t)
	bin := binary(t)
	const token = "fleet-secret-7"

	url, sum, originHost := startNetnsOrigin(t, l)

	// No serve yet: --peer auto finds nothing, says so, and downloads
	// from the origin.
	dir := t.TempDir()
	r := runIn(t, l, l.B, []string{envPeerToken + "=" + token}, "--peer", "auto", "-d", dir, "-o", "first", "--json", url)
	if r.code != 0 || !strings.Contains(r.stderr, "no slget serve answered") || fileSHA(t, filepath.Join(dir, "first")) != sum {
		t.Fatalf("--peer auto with no serve: exit %d, %q; want 0, the file, and a warning", r.code, r.stderr)
	}
	if got := jsonResult(t, r).BySource; got["origin"] != 6*mib {
		t.Errorf("bytes by source %v, want all from the origin", got)
	}

	// A serve on every address of a, with the token from the environment.
	serve := l.Start(t, l.A, []string{envServeToken + "=" + token}, t.Logf, bin, "serve", "--cache", t.TempDir(), "--listen", "0.0.0.0:7878", "--allow", originHost)
	if _, ok := serve.WaitLine("announcing by mDNS"); !ok {
		t.Fatal("the serve did not announce itself")
	}

	// slget peers in b finds it at its veth address, healthy; never at a
	// wildcard or loopback address.
	want := "http://" + l.AddrA + ":7878"
	var found []peerStatus
	for deadline := time.Now().Add(30 * time.Second); ; {
		r := runIn(t, l, l.B, nil, "peers", "--json", "--timeout", "2s")
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
	// from the peer.
	r = runIn(t, l, l.B, []string{envPeerToken + "=" + token}, "--peer", "auto", "-d", dir, "-o", "second", "--json", url+"?again")
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

// TestFleetOfServesByMDNS: a serve in each namespace, each with --peer
// auto and no list: each finds the other by mDNS, and both rank the same
// two members, healthy, so that each slice has one owner.
func TestFleetOfServesByMDNS(t *testing.T) {
	l := netnstest.New(t)
	bin := binary(t)
	// The two namespaces share this host's name: the serves' mDNS names
	// must differ all the same, or each takes the other for itself.
	a := l.Start(t, l.A, []string{envServeToken + "=fleet-of-two"}, t.Logf, bin, "serve", "--cache", t.TempDir(), "--listen", "0.0.0.0:7878", "--allow", "example.com", "--peer", "auto")
	b := l.Start(t, l.B, []string{envServeToken + "=fleet-of-two"}, t.Logf, bin, "serve", "--cache", t.TempDir(), "--listen", "0.0.0.0:7878", "--allow", "example.com", "--peer", "auto")
	if _, ok := a.WaitLine("http://" + l.AddrB + ":7878"); !ok {
		t.Fatalf("the serve in %s never found the one at %s", l.A, l.AddrB)
	}
	if _, ok := b.WaitLine("http://" + l.AddrA + ":7878"); !ok {
		t.Fatalf("the serve in %s never found the one at %s", l.B, l.AddrA)
	}
	for _, ns := range []struct{ name, addr string }{{l.A, l.AddrA}, {l.B, l.AddrB}} {
		var st struct {
			ID      string `json:"id"`
			Members []struct {
				Addr    string `json:"addr"`
				Healthy bool   `json:"healthy"`
			} `json:"members"`
		}
		for deadline := time.Now().Add(30 * time.Second); ; {
			ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
			out, err := l.Command(ctx, ns.name, "curl", "-sf", "-H", "Authorization: Bearer fleet-of-two", "http://"+ns.addr+":7878/fleet").Output()
			cancel()
			healthy := 0
			if err == nil && json.Unmarshal(out, &st) == nil {
				for _, m := range st.Members {
					if m.Healthy {
						healthy++
					}
				}
			}
			if healthy == 2 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the serve in %s sees %+v (%v), want two healthy members", ns.name, st, err)
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
}

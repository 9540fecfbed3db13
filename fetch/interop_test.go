// Interop with real programs: curl decides the same proxy as ProxyEnv, and
// downloads go through danted, a real SOCKS5 proxy. These tests skip on a
// developer's machine without the program, and fail in CI (CI set).

//go:build unix

package fetch_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
)

// requireTool returns the path of a program the test needs. Missing, it
// skips the test, except in CI, where it fails it.
func requireTool(t *testing.T, name string) string {
	t.Helper()
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	for _, dir := range []string{"/usr/sbin", "/usr/local/sbin", "/sbin"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			return filepath.Join(dir, name)
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("%s is not installed; CI must install it (see .ci/run)", name)
	}
	t.Skipf("%s is not installed", name)
	return ""
}

// answering is an HTTP server that answers every request with its name,
// so that a client's output says which server it reached.
func answering(t *testing.T, name string) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, name)
	}))
	t.Cleanup(srv.Close)
	return srv.Listener.Addr().String()
}

// curl, given http_proxy and no_proxy, goes through the proxy exactly when
// ProxyEnv says so. Only names (pinned to 127.0.0.1 with --resolve, so that
// curl asks no DNS server) and loopback addresses are tried: whatever curl
// decides, it connects only to this machine.
func TestProxyEnvAgreesWithCurl(t *testing.T) {
	curl := requireTool(t, "curl")
	proxy := answering(t, "proxy")
	direct := answering(t, "direct")
	_, port, _ := net.SplitHostPort(direct)
	cases := append([]struct {
		list, host string
		want       bool
	}{
		{"127.0.0.0/8", "127.0.0.1", true},
		{"127.0.0.0/31", "127.0.0.1", true},
		{"127.0.0.2/31", "127.0.0.1", false},
		{"127.0.0.2", "127.0.0.1", false},
		{"127.0.0.1/0", "127.0.0.1", true},
		{"localhost", "127.0.0.1", false},
	}, noProxyCases...)
	tried := 0
	for _, tc := range cases {
		if ip, err := netip.ParseAddr(tc.host); (err == nil && ip.String() != "127.0.0.1") || strings.ContainsAny(tc.host, "[]:") {
			continue // an address curl would connect to: 127.0.0.1 only
		}
		tried++
		env := fetch.ProxyEnvFrom(func(k string) string {
			return map[string]string{"http_proxy": "http://" + proxy, "no_proxy": tc.list}[k]
		})
		want := "proxy"
		if env.ProxyFor("http", tc.host).Value == "" {
			want = "direct"
		}
		host := strings.TrimSuffix(tc.host, ".")
		args := []string{"-sS", "--max-time", "5",
			"--resolve", host + ":" + port + ":127.0.0.1", "--resolve", host + ".:" + port + ":127.0.0.1",
			"http://" + tc.host + ":" + port + "/"}
		cmd := exec.Command(curl, args...)
		cmd.Env = []string{"http_proxy=http://" + proxy, "no_proxy=" + tc.list, "PATH=/usr/bin:/bin"}
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Errorf("curl for host %q, no_proxy %q: %v: %s", tc.host, tc.list, err, stderr.String())
			continue
		}
		if got := string(out); got != want {
			t.Errorf("host %q, no_proxy %q: curl went %s, ProxyEnv says %s", tc.host, tc.list, got, want)
		}
	}
	if tried < 20 {
		t.Errorf("only %d cases tried against curl", tried)
	}
}

// startDanted runs danted on loopback with the given socksmethod line and
// returns its address.
func startDanted(t *testing.T, method string) string {
	t.Helper()
	bin := requireTool(t, "danted")
	dir := t.TempDir()
	port := freePort(t)
	conf := fmt.Sprintf(`logoutput: %s/danted.log
internal: 127.0.0.1 port = %d
external: 127.0.0.1
clientmethod: none
socksmethod: %s
user.privileged: root
user.unprivileged: nobody
client pass { from: 127.0.0.0/8 to: 0.0.0.0/0 }
socks pass { from: 127.0.0.0/8 to: 127.0.0.0/8 }
`, dir, port, method)
	confPath := filepath.Join(dir, "danted.conf")
	if err := os.WriteFile(confPath, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, "-f", confPath, "-p", filepath.Join(dir, "danted.pid"), "-N", "1")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM) }
	cmd.WaitDelay = 5 * time.Second
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		cancel()
		t.Fatalf("starting danted: %v", err)
	}
	t.Cleanup(func() {
		cancel()
		cmd.Wait()
		if t.Failed() {
			log, _ := os.ReadFile(filepath.Join(dir, "danted.log"))
			t.Logf("danted stderr:\n%s\ndanted.log:\n%s", stderr.String(), log)
		}
	})
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", addr, 100*time.Millisecond)
		if err == nil {
			c.Close()
			return addr
		}
		if time.Now().After(deadline) {
			t.Fatalf("danted did not listen on %s: %v\n%s", addr, err, stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// Downloads through danted: socks5:// and socks5h:// (danted resolves
// "localhost" itself), http:// and https://.
func TestDownloadThroughDanted(t *testing.T) {
	proxy := startDanted(t, "none")
	content := fetchtest.Content{Size: 640 * kib, Seed: 21}
	origin := startTLSOrigin(t, content)
	srv := fetchtest.NewServer(t, fetchtest.WithSize(content.Size), fetchtest.WithSeed(content.Seed))
	_, srvPort, _ := net.SplitHostPort(strings.TrimPrefix(srv.URL, "http://"))
	for _, tc := range []struct{ proxy, url string }{
		{"socks5://" + proxy, "https://127.0.0.1:" + origin.port() + "/file.bin"},
		{"socks5h://" + proxy, "http://localhost:" + srvPort + "/file.bin"},
		{"socks5://" + proxy, "http://localhost:" + srvPort + "/file.bin"},
	} {
		c := newProxyClient(t, fetch.ClientOptions{Proxy: tc.proxy, TLSConfig: origin.tlsConfig()})
		fetchThrough(t, c, tc.url, content)
	}
	if n := len(fileGets(srv.Requests(), "/file.bin")); n == 0 {
		t.Error("the origin saw no request through danted")
	}
}

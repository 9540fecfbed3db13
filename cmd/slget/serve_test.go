// Tests of slget serve through the binary: curl and aria2c downloading
// through it as a proxy, the token, one owner per cache, SIGTERM, and the
// operator's cache commands. curl and aria2c tests skip without them,
// except in CI.

package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/localcache"
)

// servedPeer is a running `slget serve`.
type servedPeer struct {
	url    string // http://127.0.0.1:PORT
	dir    string // its cache
	cmd    *exec.Cmd
	stderr *lockedBuffer
	done   chan error
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// noProxyEnv is the environment without proxy settings, so that the tools
// use only the proxy the test names.
func noProxyEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if !strings.Contains(strings.ToLower(k), "proxy") && k != "SLGET_SERVE_TOKEN" {
			env = append(env, kv)
		}
	}
	return env
}

// startServe runs `slget serve` on a free port with the cache in dir and
// args, waits for /healthz, and stops it with SIGTERM when the test ends
// (failing the test unless it exits 0).
func startServe(t testing.TB, dir string, args ...string) *servedPeer {
	t.Helper()
	return startServeAt(t, freePort(t), dir, args...)
}

// startServeAt is startServe on a port chosen beforehand (a fleet's
// members name each other).
func startServeAt(t testing.TB, port int, dir string, args ...string) *servedPeer {
	t.Helper()
	return startServeOn(t, "127.0.0.1", port, dir, args...)
}

// startServeOn is startServeAt listening on host (0.0.0.0 listens on
// every address; the test still reaches it at 127.0.0.1).
func startServeOn(t testing.TB, host string, port int, dir string, args ...string) *servedPeer {
	t.Helper()
	return startServeEnv(t, nil, host, port, dir, args...)
}

// startServeEnv is startServeOn with env added to its environment.
func startServeEnv(t testing.TB, env []string, host string, port int, dir string, args ...string) *servedPeer {
	t.Helper()
	p := &servedPeer{url: fmt.Sprintf("http://127.0.0.1:%d", port), dir: dir, stderr: &lockedBuffer{}, done: make(chan error, 1)}
	all := append([]string{"serve", "--cache", dir, "--listen", net.JoinHostPort(host, fmt.Sprint(port))}, args...)
	p.cmd = exec.Command(binary(t), all...)
	p.cmd.Env = append(noProxyEnv(), env...)
	p.cmd.Stderr = p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.done <- p.cmd.Wait() }()
	deadline := time.Now().Add(10 * time.Second)
	for {
		resp, err := http.Get(p.url + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				break
			}
		}
		select {
		case err := <-p.done:
			t.Fatalf("slget serve exited: %v\n%s", err, p.stderr)
		default:
		}
		if time.Now().After(deadline) {
			p.cmd.Process.Kill()
			t.Fatalf("slget serve did not answer /healthz: %v\n%s", err, p.stderr)
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Cleanup(func() {
		if p.cmd.ProcessState == nil {
			p.stop(t)
		}
		if t.Failed() {
			t.Logf("slget serve's log:\n%s", p.stderr)
		}
	})
	return p
}

// stop sends SIGTERM and waits for a clean exit.
func (p *servedPeer) stop(t testing.TB) {
	t.Helper()
	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-p.done:
		if err != nil {
			t.Errorf("slget serve after SIGTERM: %v", err)
		}
	case <-time.After(20 * time.Second):
		p.cmd.Process.Kill()
		<-p.done
		t.Error("slget serve did not stop within 20s of SIGTERM")
	}
}

// rangeSHA is the SHA-256 of bytes [start, end) of c.
func rangeSHA(c fetchtest.Content, start, end int64) string {
	h := sha256.New()
	io.Copy(h, io.NewSectionReader(c, start, end-start))
	return hex.EncodeToString(h.Sum(nil))
}

// viaPeer says whether every request the origin saw came from the peer.
func viaPeer(t *testing.T, origin *fetchtest.Server) {
	t.Helper()
	for _, r := range origin.Requests() {
		if !strings.Contains(r.Header.Get("Via"), "slget-") {
			t.Errorf("the origin saw a request not from the peer: %s %s (User-Agent %q)", r.Method, r.Range, r.Header.Get("User-Agent"))
		}
	}
}

// TestCurlThroughServe downloads with curl through slget serve, whole and
// with curl's own unaligned and open-ended ranges, cold and warm.
func TestCurlThroughServe(t *testing.T) {
	curl := requireTool(t, "curl")
	const size = 20<<20 + 12345
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size))
	p := startServe(t, t.TempDir(), "--allow", strings.TrimPrefix(origin.URL, "http://"))
	out := t.TempDir()
	for _, tc := range []struct {
		name       string
		rangeArg   string
		start, end int64
	}{
		{"unaligned", "1000-5000000", 1000, 5000001},
		{"whole", "", 0, size},
		{"open-ended", "12345678-", 12345678, size},
		{"suffix", "-777", size - 777, size},
		{"warm unaligned", "1048575-3145728", 1048575, 3145729},
	} {
		path := filepath.Join(out, strings.ReplaceAll(tc.name, " ", "-"))
		args := []string{"-sS", "--fail", "-x", p.url, "--noproxy", "", "-o", path}
		if tc.rangeArg != "" {
			args = append(args, "-r", tc.rangeArg)
		}
		cmd := exec.Command(curl, append(args, origin.FileURL())...)
		cmd.Env = noProxyEnv()
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("curl %s: %v\n%s", tc.name, err, b)
		}
		if got := fileSHA(t, path); got != rangeSHA(origin.Content(), tc.start, tc.end) {
			t.Errorf("curl %s: wrong bytes (SHA-256 %s)", tc.name, got)
		}
	}
	viaPeer(t, origin)
	for _, r := range origin.Requests() {
		if r.Range != "bytes=0-0" && !r.Aligned(1<<20, size) {
			t.Errorf("the origin was asked for %q: not whole slices", r.Range)
		}
	}
}

// TestAria2cThroughServe downloads with aria2c (several connections, its
// own ranges) through slget serve, whose cache has 768 KiB slices so that
// aria2c's ranges are not aligned to them.
func TestAria2cThroughServe(t *testing.T) {
	aria := requireTool(t, "aria2c")
	const size = 24<<20 + 999
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size))
	p := startServe(t, t.TempDir(), "--allow", strings.TrimPrefix(origin.URL, "http://"), "--slice", "768k")
	dir := t.TempDir()
	for _, name := range []string{"cold.bin", "warm.bin"} {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		cmd := exec.CommandContext(ctx, aria, "--all-proxy="+p.url, "-x", "4", "-s", "4", "-k", "1M", "--max-tries=1",
			"--file-allocation=none", "-q", "--allow-overwrite=true", "--auto-file-renaming=false", "-d", dir, "-o", name, origin.FileURL())
		cmd.Env = noProxyEnv()
		b, err := cmd.CombinedOutput()
		cancel()
		if err != nil {
			t.Fatalf("aria2c %s: %v\n%s", name, err, b)
		}
		if got := fileSHA(t, filepath.Join(dir, name)); got != origin.Content().SHA256() {
			t.Errorf("aria2c %s: wrong bytes", name)
		}
	}
	viaPeer(t, origin)
	var fills int64
	for _, r := range origin.Requests() {
		if r.Range != "bytes=0-0" {
			if !r.Aligned(768<<10, size) {
				t.Errorf("the origin was asked for %q: not whole 768k slices", r.Range)
			}
			fills += r.BodyBytes
		}
	}
	if fills > size+4*(768<<10)*8 {
		t.Errorf("the origin sent %d bytes for two downloads of %d: the second was not from the cache", fills, size)
	}
}

func TestServeToken(t *testing.T) {
	curl := requireTool(t, "curl")
	origin := fetchtest.NewServer(t, fetchtest.WithSize(1<<20))
	p := startServe(t, t.TempDir(), "--allow", strings.TrimPrefix(origin.URL, "http://"), "--token", "tok3n")
	run := func(proxy string) string {
		cmd := exec.Command(curl, "-s", "-o", "/dev/null", "-w", "%{http_code}", "-x", proxy, "--noproxy", "", origin.FileURL())
		cmd.Env = noProxyEnv()
		b, _ := cmd.Output()
		return string(b)
	}
	if got := run(p.url); got != "407" {
		t.Errorf("without the token: %s, want 407", got)
	}
	if got := run(strings.Replace(p.url, "http://", "http://me:wrong@", 1)); got != "407" {
		t.Errorf("with a wrong token: %s, want 407", got)
	}
	if got := run(strings.Replace(p.url, "http://", "http://me:tok3n@", 1)); got != "200" {
		t.Errorf("with the token: %s, want 200", got)
	}
}

// TestServeOwnsItsCache: a second slget on the same cache is told who owns
// it and where it serves; the owner's address is published.
func TestServeOwnsItsCache(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(1<<20))
	dir := t.TempDir()
	p := startServe(t, dir, "--allow", strings.TrimPrefix(origin.URL, "http://"))
	if addr, err := localcache.Owner(dir); err != nil || addr != p.url {
		t.Errorf("Owner: %q, %v; want %s", addr, err, p.url)
	}
	r := runSlget(t, "serve", "--cache", dir, "--listen", "127.0.0.1:0", "--allow", "example.com")
	if r.code != exitJournal || !strings.Contains(r.stderr, p.url) || !strings.Contains(r.stderr, "another slget owns the cache") {
		t.Errorf("second serve: exit %d, %q; want %d naming %s", r.code, r.stderr, exitJournal, p.url)
	}
	r = runSlget(t, "cache", "verify", dir)
	if r.code != exitJournal || !strings.Contains(r.stderr, "in use by slget serve at "+p.url) {
		t.Errorf("cache verify while served: exit %d, %q", r.code, r.stderr)
	}
	if r := runSlget(t, "serve", "--cache", t.TempDir()); r.code != exitBadOption || !strings.Contains(r.stderr, "--allow") {
		t.Errorf("serve without --allow: exit %d, %q", r.code, r.stderr)
	}
}

// TestServeSIGTERMThenCacheCommands stops slget serve in the middle of a
// slow fill, then checks the cache with the operator's commands: nothing
// half-written, and ls, verify and purge do what they say.
func TestServeSIGTERMThenCacheCommands(t *testing.T) {
	const size = 8 << 20
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(2<<20))
	dir := t.TempDir()
	p := startServe(t, dir, "--allow", strings.TrimPrefix(origin.URL, "http://"))
	client := &http.Client{Transport: &http.Transport{Proxy: http.ProxyURL(mustURL(t, p.url))}}
	defer client.CloseIdleConnections()
	got := make(chan int64, 1)
	go func() {
		resp, err := client.Get(origin.FileURL())
		if err != nil {
			got <- -1
			return
		}
		n, _ := io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		got <- n
	}()
	time.Sleep(1500 * time.Millisecond) // some slices filled, the rest on the way
	start := time.Now()
	p.stop(t)
	t.Logf("stopped %v after SIGTERM; the client got %d bytes", time.Since(start), <-got)
	if !strings.Contains(p.stderr.String(), "shutting down") {
		t.Errorf("no shutdown in the log:\n%s", p.stderr)
	}
	r := runSlget(t, "cache", "verify", dir)
	if r.code != 0 || !strings.Contains(r.stdout, "0 quarantined") || !strings.Contains(r.stdout, "0 temporary files removed") {
		t.Fatalf("cache verify after SIGTERM: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = runSlget(t, "cache", "ls", dir)
	if r.code != 0 || !strings.Contains(r.stdout, origin.FileURL()) || !strings.Contains(r.stdout, origin.ETag()) {
		t.Fatalf("cache ls: exit %d\n%s", r.code, r.stdout)
	}
	r = runSlget(t, "cache", "purge", dir, origin.FileURL())
	if r.code != 0 || !strings.Contains(r.stdout, "removed") {
		t.Fatalf("cache purge: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r = runSlget(t, "cache", "ls", dir); !strings.Contains(r.stdout, "0 versions") {
		t.Errorf("cache ls after purge:\n%s", r.stdout)
	}
	if r = runSlget(t, "cache", "ls", filepath.Join(dir, "nonesuch")); r.code != exitFileOpen {
		t.Errorf("cache ls of no cache: exit %d", r.code)
	}
}

// TestCacheVerifyQuarantines damages a slice file: verify moves it out and
// says so with exit 32.
func TestCacheVerifyQuarantines(t *testing.T) {
	dir := t.TempDir()
	st, err := localcache.Open(dir, &localcache.Options{SliceSize: 64 << 10})
	if err != nil {
		t.Fatal(err)
	}
	for i := range int64(3) {
		data := bytes.Repeat([]byte{byte(i + 1)}, 64<<10)
		if err := st.Put(localcache.Key{URL: "http://example.com/f", Validator: `"v"`, SliceSize: 64 << 10, Index: i}, localcache.PutMeta{}, data); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	var victim string
	filepath.Walk(filepath.Join(dir, "slices"), func(path string, fi os.FileInfo, err error) error {
		if err == nil && fi.Mode().IsRegular() && victim == "" {
			victim = path
		}
		return nil
	})
	b, _ := os.ReadFile(victim)
	b[len(b)-1] ^= 0xff
	os.WriteFile(victim, b, 0o600)
	r := runSlget(t, "cache", "verify", dir)
	if r.code != exitChecksum || !strings.Contains(r.stdout, "1 quarantined") || !strings.Contains(r.stdout, "quarantined "+victim) {
		t.Errorf("verify of a damaged cache: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r = runSlget(t, "cache", "ls", dir); !strings.Contains(r.stdout, "2 slices") {
		t.Errorf("ls after verify:\n%s", r.stdout)
	}
}

func mustURL(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

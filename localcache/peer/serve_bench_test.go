// Benchmarks of the peer server: cached 1 MiB ranges served by the peer
// against nginx serving the same bytes from disk, under wrk.

//go:build unix

package peer

import (
	"cmp"
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/slget/slget/localcache"
)

// lookTool returns the path of a program, or "" if it is not installed.
func lookTool(name string) string {
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	for _, dir := range []string{"/usr/sbin", "/usr/local/sbin", "/sbin"} {
		if p := filepath.Join(dir, name); fileExists(p) {
			return p
		}
	}
	return ""
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// startNginx runs a private nginx on loopback serving www from disk with
// sendfile, as a plain nginx does, and returns its base URL and the
// process group of its master and workers.
func startNginx(tb testing.TB, bin, www string) (string, int) {
	tb.Helper()
	dir := tb.TempDir()
	for _, d := range []string{"tmp", "logs"} {
		os.MkdirAll(filepath.Join(dir, d), 0o755)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	user := ""
	if os.Geteuid() == 0 {
		user = "user root;"
	}
	conf := fmt.Sprintf(`%s
worker_processes auto;
error_log %[2]s/logs/error.log warn;
pid %[2]s/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path %[2]s/tmp/body;
  proxy_temp_path %[2]s/tmp/proxy;
  fastcgi_temp_path %[2]s/tmp/fastcgi;
  uwsgi_temp_path %[2]s/tmp/uwsgi;
  scgi_temp_path %[2]s/tmp/scgi;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  server {
    listen 127.0.0.1:%[3]d;
    root %[4]s;
    etag on;
  }
}
`, user, dir, port, www)
	confPath := filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(confPath, []byte(conf), 0o644); err != nil {
		tb.Fatal(err)
	}
	cmd := exec.Command(bin, "-p", dir, "-c", confPath, "-g", "daemon off;")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.WaitDelay = 2 * time.Second
	if err := cmd.Start(); err != nil {
		tb.Fatalf("starting nginx: %v", err)
	}
	tb.Cleanup(func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		cmd.Wait()
	})
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	for deadline := time.Now().Add(10 * time.Second); ; {
		c, err := net.DialTimeout("tcp", base[len("http://"):], 100*time.Millisecond)
		if err == nil {
			c.Close()
			return base, cmd.Process.Pid
		}
		if time.Now().After(deadline) {
			log, _ := os.ReadFile(filepath.Join(dir, "logs", "error.log"))
			tb.Fatalf("nginx did not start: %s", log)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// wrkResult is what a wrk run measured.
type wrkResult struct {
	rps, mbps float64
	p50, p99  time.Duration
	errors    string        // wrk's error lines, "" if none
	cpuPerReq time.Duration // CPU time (user and system) of the server per request
}

// wrkScript asks for random whole 1 MiB slices of a file of n slices, at
// target (an absolute URL for a proxy, a path for a server), with a
// Range: the access pattern of slget clients of a peer.
const wrkScript = `
local n = %d
local target = "%s"
math.randomseed(%d)
request = function()
  local k = math.random(0, n - 1)
  return wrk.format("GET", target, {["Range"] = string.format("bytes=%%d-%%d", k * 1048576, (k + 1) * 1048576 - 1)})
end
`

// runWrk runs wrk against addr (host:port) for d with conns connections.
func runWrk(tb testing.TB, bin, addr, target string, slices, conns int, d time.Duration) wrkResult {
	tb.Helper()
	script := filepath.Join(tb.TempDir(), "ranges.lua")
	os.WriteFile(script, []byte(fmt.Sprintf(wrkScript, slices, target, time.Now().UnixNano()%1000)), 0o644)
	ctx, cancel := context.WithTimeout(context.Background(), d+30*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, bin, "-t", "2", "-c", strconv.Itoa(conns), "-d", fmt.Sprintf("%ds", int(d.Seconds())),
		"--latency", "-s", script, "http://"+addr+"/").CombinedOutput()
	if err != nil {
		tb.Fatalf("wrk: %v\n%s", err, out)
	}
	s := string(out)
	var r wrkResult
	if m := regexp.MustCompile(`Requests/sec:\s+([\d.]+)`).FindStringSubmatch(s); m != nil {
		r.rps, _ = strconv.ParseFloat(m[1], 64)
	}
	if m := regexp.MustCompile(`Transfer/sec:\s+([\d.]+)(\w+)`).FindStringSubmatch(s); m != nil {
		v, _ := strconv.ParseFloat(m[1], 64)
		mult := map[string]float64{"B": 1, "KB": 1 << 10, "MB": 1 << 20, "GB": 1 << 30}[m[2]]
		r.mbps = v * mult / 1e6
	}
	lat := func(q string) time.Duration {
		m := regexp.MustCompile(`\s` + q + `%\s+([\d.]+)(us|ms|s)`).FindStringSubmatch(s)
		if m == nil {
			return 0
		}
		v, _ := strconv.ParseFloat(m[1], 64)
		return time.Duration(v * float64(map[string]time.Duration{"us": time.Microsecond, "ms": time.Millisecond, "s": time.Second}[m[2]]))
	}
	r.p50, r.p99 = lat("50"), lat("99")
	for _, line := range strings.Split(s, "\n") {
		if strings.Contains(line, "Non-2xx") || strings.Contains(line, "Socket errors") {
			r.errors += strings.TrimSpace(line) + "; "
		}
	}
	return r
}

// BenchmarkServeVersusNginx serves random cached 1 MiB ranges of a 256 MiB
// file under wrk (8 connections, 2 threads): from nginx reading the file
// from disk (sendfile, page cache), and from the peer, its slices filled
// from that nginx beforehand. The two take turns, SLGET_WRK_ROUNDS rounds
// (default 3) of one wrk run of SLGET_WRK_SECONDS (default 10) each, so
// that a machine busy with something else weighs on both alike. Besides
// wrk's figures, each run reports the server's CPU time per request (user
// and system, of nginx's processes or of this one), which a busy machine
// disturbs less than requests per second.
// Run it alone:
//
//	go test -run '^$' -bench ServeVersusNginx -benchtime 1x -v ./localcache
func BenchmarkServeVersusNginx(b *testing.B) {
	wrk, nginx := lookTool("wrk"), lookTool("nginx")
	if wrk == "" || nginx == "" {
		b.Skip("needs wrk and nginx")
	}
	secs, rounds := 10, 3
	if n, err := strconv.Atoi(os.Getenv("SLGET_WRK_SECONDS")); err == nil && n > 0 {
		secs = n
	}
	if n, err := strconv.Atoi(os.Getenv("SLGET_WRK_ROUNDS")); err == nil && n > 0 {
		rounds = n
	}
	const nslices = 256
	www := b.TempDir()
	f, err := os.Create(filepath.Join(www, "file.bin"))
	if err != nil {
		b.Fatal(err)
	}
	io.CopyN(f, rand.Reader, nslices*mib)
	f.Close()
	base, pgid := startNginx(b, nginx, www)
	nginxAddr := base[len("http://"):]
	p := startPeer(b, Config{Allow: []string{nginxAddr}, ClientRate: -1}, fast(localcache.Options{}))
	// Fill the cache: every slice once, through the peer.
	for k := range nslices {
		req, _ := http.NewRequest(http.MethodGet, base+"/file.bin", nil)
		req.Header.Set("Range", fmt.Sprintf("bytes=%d-%d", k*mib, (k+1)*mib-1))
		resp, err := p.client.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	if got := p.store.Stats().Slices; got != nslices {
		b.Fatalf("%d slices cached, want %d", got, nslices)
	}
	self := func() time.Duration { return selfCPU() }
	group := func() time.Duration { return groupCPU(pgid) }
	sides := []struct {
		name, addr, target string
		cpu                func() time.Duration
	}{
		{"nginx", nginxAddr, "/file.bin", group},
		{"slget", p.addr, base + "/file.bin", self},
	}
	results := map[string][]wrkResult{}
	for round := 1; round <= rounds; round++ {
		for _, side := range sides {
			b.Run(fmt.Sprintf("%s/round%d", side.name, round), func(b *testing.B) {
				var r wrkResult
				for range b.N {
					c0 := side.cpu()
					r = runWrk(b, wrk, side.addr, side.target, nslices, 8, time.Duration(secs)*time.Second)
					if total := r.rps * float64(secs); total > 0 {
						r.cpuPerReq = (side.cpu() - c0) / time.Duration(total)
					}
				}
				if r.errors != "" {
					b.Errorf("wrk saw errors: %s", r.errors)
				}
				b.ReportMetric(r.rps, "req/s")
				b.ReportMetric(r.mbps, "MB/s")
				b.ReportMetric(float64(r.p50.Microseconds())/1000, "p50-ms")
				b.ReportMetric(float64(r.p99.Microseconds())/1000, "p99-ms")
				b.ReportMetric(float64(r.cpuPerReq.Microseconds()), "cpu-us/req")
				results[side.name] = append(results[side.name], r)
			})
		}
	}
	med := func(rs []wrkResult) wrkResult {
		if len(rs) == 0 {
			return wrkResult{}
		}
		s := slices.Clone(rs)
		slices.SortFunc(s, func(a, b wrkResult) int { return cmp.Compare(a.rps, b.rps) })
		return s[len(s)/2]
	}
	n := med(results["nginx"])
	if s := med(results["slget"]); n.rps > 0 {
		b.Logf("%s / nginx (medians of %d rounds): %.2f of nginx's requests/s (%.0f vs %.0f req/s, %.0f vs %.0f MB/s, p99 %v vs %v); CPU per request %v vs %v",
			"slget", rounds, s.rps/n.rps, s.rps, n.rps, s.mbps, n.mbps, s.p99, n.p99, s.cpuPerReq, n.cpuPerReq)
	}
}

// selfCPU is the CPU time this process has used, user and system.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// groupCPU is the CPU time, user and system, of the processes of group
// pgid (nginx's master and workers), from /proc.
func groupCPU(pgid int) time.Duration {
	entries, _ := os.ReadDir("/proc")
	var ticks int64
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// After the command name in parentheses: state ppid pgrp ...
		rest := string(b[strings.LastIndexByte(string(b), ')')+2:])
		f := strings.Fields(rest)
		if len(f) < 13 {
			continue
		}
		if g, _ := strconv.Atoi(f[2]); g != pgid && pid != pgid {
			continue
		}
		ut, _ := strconv.ParseInt(f[11], 10, 64)
		st, _ := strconv.ParseInt(f[12], 10, 64)
		ticks += ut + st
	}
	return time.Duration(ticks) * time.Second / 100 // USER_HZ
}

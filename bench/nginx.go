//go:build unix

// The private nginx origin: its configuration and its process.

package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

// nginxConf is what the origin's configuration depends on.
type nginxConf struct {
	Prefix string // nginx -p: pid, logs and temp paths live here
	Root   string // the served files
	Listen string // host:port
	AsRoot bool   // run workers as root (they would be nobody otherwise)
	// Limits lists per-connection rates in bytes per second; each gets a
	// location /limit/RATE/ (RATE as nginx writes it, e.g. 2m) over Root.
	Limits []int64
	// Conns lists connection limits; each gets a location /conns/N/ over
	// Root that answers 503 to requests beyond N at once (limit_conn).
	Conns []int
	// ConnsRate is the limit_rate of the /conns/N/ locations; 0 is none.
	ConnsRate int64
	// TLSListen, if set, is a second host:port that serves Root over TLS
	// with HTTP/2 (and HTTP/1.1 to clients that offer only it), with
	// Cert and Key.
	TLSListen, Cert, Key string
}

// rateName writes a rate in bytes per second as nginx does: 2m, 512k, 100.
func rateName(r int64) string {
	switch {
	case r%(1<<20) == 0:
		return fmt.Sprintf("%dm", r>>20)
	case r%(1<<10) == 0:
		return fmt.Sprintf("%dk", r>>10)
	}
	return fmt.Sprint(r)
}

// limitPath is the URL path prefix that serves Root at rate r.
func limitPath(r int64) string {
	if r == 0 {
		return "/"
	}
	return "/limit/" + rateName(r) + "/"
}

// connsPath is the URL path prefix that serves Root to at most n
// requests at once.
func connsPath(n int) string { return fmt.Sprintf("/conns/%d/", n) }

// render returns nginx.conf. Every path is absolute so that nothing is
// written outside Prefix; "daemon off" is given on the command line.
func (c nginxConf) render() string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	p("# Written by slget's benchmark harness for one run; do not edit.")
	if c.AsRoot {
		p("user root;")
	}
	p("worker_processes 1;")
	p("pid %s;", filepath.Join(c.Prefix, "nginx.pid"))
	p("lock_file %s;", filepath.Join(c.Prefix, "nginx.lock"))
	p("error_log %s warn;", filepath.Join(c.Prefix, "error.log"))
	p("events {")
	p("    worker_connections 1024;")
	p("}")
	p("http {")
	p("    access_log off;")
	p("    sendfile on;")
	p("    tcp_nopush on;")
	p("    keepalive_requests 100000;")
	p("    keepalive_timeout 60s;")
	p("    default_type application/octet-stream;")
	for _, t := range []string{"client_body", "proxy", "fastcgi", "uwsgi", "scgi"} {
		p("    %s_temp_path %s;", t, filepath.Join(c.Prefix, "temp", t))
	}
	if len(c.Conns) > 0 {
		// By client address: every tool connects from 127.0.0.1 (an empty
		// key, as $server_name is here, would count nothing).
		p("    limit_conn_zone $binary_remote_addr zone=conns:1m;")
		p("    limit_conn_status 503;")
	}
	p("    server {")
	p("        listen %s;", c.Listen)
	p("        root %s;", c.Root)
	p("        location / {")
	p("        }")
	limits := slices.Clone(c.Limits)
	slices.Sort(limits)
	for _, r := range slices.Compact(limits) {
		if r <= 0 {
			continue
		}
		p("        location %s {", limitPath(r))
		p("            alias %s/;", strings.TrimSuffix(c.Root, "/"))
		p("            limit_rate %s;", rateName(r))
		p("        }")
	}
	conns := slices.Clone(c.Conns)
	slices.Sort(conns)
	for _, n := range slices.Compact(conns) {
		p("        location %s {", connsPath(n))
		p("            alias %s/;", strings.TrimSuffix(c.Root, "/"))
		p("            limit_conn conns %d;", n)
		if c.ConnsRate > 0 {
			p("            limit_rate %s;", rateName(c.ConnsRate))
		}
		p("        }")
	}
	p("    }")
	if c.TLSListen != "" {
		p("    server {")
		p("        listen %s ssl http2;", c.TLSListen)
		p("        ssl_certificate %s;", c.Cert)
		p("        ssl_certificate_key %s;", c.Key)
		p("        root %s;", c.Root)
		p("        location / {")
		p("        }")
		p("    }")
	}
	p("}")
	return b.String()
}

// nginx is a running private origin.
type nginx struct {
	cmd  *exec.Cmd
	addr string
	done chan error
}

// freePort asks the kernel for a free loopback port.
func freePort() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// startNginx writes the configuration, starts nginx in the foreground and
// waits until it serves readyPath (a file under Root).
func startNginx(ctx context.Context, bin string, c nginxConf, readyPath string) (*nginx, error) {
	if err := os.MkdirAll(filepath.Join(c.Prefix, "temp"), 0o755); err != nil {
		return nil, err
	}
	conf := filepath.Join(c.Prefix, "nginx.conf")
	if err := os.WriteFile(conf, []byte(c.render()), 0o644); err != nil {
		return nil, err
	}
	logf, err := os.Create(filepath.Join(c.Prefix, "stderr.log"))
	if err != nil {
		return nil, err
	}
	defer logf.Close()
	cmd := exec.Command(bin, "-p", c.Prefix+"/", "-e", filepath.Join(c.Prefix, "error.log"),
		"-c", conf, "-g", "daemon off;")
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	n := &nginx{cmd: cmd, addr: c.Listen, done: make(chan error, 1)}
	go func() { n.done <- cmd.Wait() }()

	url := "http://" + c.Listen + "/" + strings.TrimPrefix(readyPath, "/")
	deadline := time.Now().Add(10 * time.Second)
	for {
		select {
		case err := <-n.done:
			n.done <- err
			log, _ := os.ReadFile(filepath.Join(c.Prefix, "stderr.log"))
			elog, _ := os.ReadFile(filepath.Join(c.Prefix, "error.log"))
			return nil, fmt.Errorf("nginx exited (%v): %s%s", err, log, elog)
		case <-ctx.Done():
			n.stop()
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return n, nil
			}
		}
		if time.Now().After(deadline) {
			n.stop()
			return nil, errors.New("nginx did not answer within 10s")
		}
	}
}

// stop ends nginx (fast shutdown, then kill) and waits for it.
func (n *nginx) stop() {
	syscall.Kill(-n.cmd.Process.Pid, syscall.SIGTERM)
	select {
	case <-n.done:
	case <-time.After(5 * time.Second):
		syscall.Kill(-n.cmd.Process.Pid, syscall.SIGKILL)
		<-n.done
	}
}

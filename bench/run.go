//go:build unix

// Running the tools: a scenario's runs in turn, and one tool once under /usr/bin/time.

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/slget/slget/bench/delayproxy"
)

// timeFormat is what /usr/bin/time writes: wall, user, sys, max RSS (KiB).
const timeFormat = "%e %U %S %M"

// measurement is what one process cost.
type measurement struct {
	wall      float64 // seconds, by the harness's monotonic clock
	user, sys float64 // seconds
	maxRSSKiB int64
}

// tailBuffer keeps the last bytes written to it.
type tailBuffer struct{ b []byte }

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.b = append(t.b, p...)
	if len(t.b) > 2048 {
		t.b = t.b[len(t.b)-2048:]
	}
	return len(p), nil
}

// measure runs argv in dir, with env added to the harness's environment,
// wrapped in timeBin (/usr/bin/time) when it is
// not empty and otherwise measured by the kernel's rusage, killing the
// whole process group after timeout. An error means the run failed; its text
// ends with the tail of the program's output.
func measure(ctx context.Context, timeBin string, argv, env []string, dir string, timeout time.Duration) (measurement, error) {
	var m measurement
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	timeFile := ""
	full := argv
	if timeBin != "" {
		f, err := os.CreateTemp("", "bench-time-")
		if err != nil {
			return m, err
		}
		f.Close()
		timeFile = f.Name()
		defer os.Remove(timeFile)
		full = append([]string{timeBin, "-f", timeFormat, "-o", timeFile}, argv...)
	}
	cmd := exec.CommandContext(ctx, full[0], full[1:]...)
	cmd.Dir = dir
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	var out tailBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	begin := time.Now()
	runErr := cmd.Run()
	m.wall = time.Since(begin).Seconds()

	if timeBin != "" {
		raw, err := os.ReadFile(timeFile)
		if err == nil {
			err = parseTime(raw, &m)
		}
		if err != nil && runErr == nil {
			runErr = fmt.Errorf("reading /usr/bin/time's output: %w", err)
		}
	} else if cmd.ProcessState != nil {
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok && ru != nil {
			m.user = time.Duration(ru.Utime.Nano()).Seconds()
			m.sys = time.Duration(ru.Stime.Nano()).Seconds()
			m.maxRSSKiB = int64(ru.Maxrss) // int32 on 32-bit Linux
		}
	}
	if runErr != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			runErr = fmt.Errorf("timed out after %v", timeout)
		}
		if tail := strings.TrimSpace(out.String()); tail != "" {
			runErr = fmt.Errorf("%w: %s", runErr, lastLine(tail))
		}
		return m, runErr
	}
	return m, nil
}

func (t *tailBuffer) String() string { return string(t.b) }

// lastLine is the last line of s, cut to a length fit for a CSV cell.
func lastLine(s string) string {
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}

// parseTime reads the last line of /usr/bin/time's output (earlier lines say
// how the command exited).
func parseTime(raw []byte, m *measurement) error {
	lines := strings.Split(strings.TrimSpace(string(raw)), "\n")
	f := strings.Fields(lines[len(lines)-1])
	if len(f) != 4 {
		return fmt.Errorf("unexpected %q", bytes.TrimSpace(raw))
	}
	var err error
	var vals [3]float64
	for i := range vals {
		if vals[i], err = strconv.ParseFloat(f[i], 64); err != nil {
			return err
		}
	}
	m.user, m.sys = vals[1], vals[2]
	m.maxRSSKiB, err = strconv.ParseInt(f[3], 10, 64)
	return err
}

// emptyDir removes everything in dir (creating it if needed).
func emptyDir(dir string) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	return os.MkdirAll(dir, 0o755)
}

// findModuleRoot walks up from dir to the directory holding go.mod.
func findModuleRoot(dir string) (string, error) {
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the current directory: run from the slget module")
		}
		dir = parent
	}
}

// origin is where the scenarios' files are served: nginx over plain HTTP
// at addr, and over TLS (HTTP/2 by ALPN) at tlsAddr with the CA ca.
type origin struct{ addr, tlsAddr, ca string }

// runScenario runs every tool of s in turn, o.runs times.
// Its steps (the origin, each tool's runs, the checks of bytes, the rows)
// are one scenario's, in order, sharing its origin and rows.
func runScenario(ctx context.Context, o options, s scenario, tools []*tool, timeBin string, ngx origin, dir, www string,
	src []srcFile, log func(string, ...any)) ([]row, []runResult, error) {
	log("== %s", s.title)
	nginxAddr, scheme, ca := ngx.addr, "http", ""
	if s.https {
		nginxAddr, scheme, ca = ngx.tlsAddr, "https", ngx.ca
	}
	host := nginxAddr
	path := limitPath(0)
	if s.rate > 0 && s.limit == limitNginx && s.conns == 0 {
		path = limitPath(s.rate)
	}
	if s.conns > 0 {
		path = connsPath(s.conns)
	}
	if s.rtt > 0 || (s.rate > 0 && s.limit == limitConn) || s.total > 0 {
		cfg := delayproxy.Config{RTT: s.rtt, TotalRate: s.total}
		if s.limit == limitConn {
			cfg.Rate = s.rate
		}
		p, err := delayproxy.StartConfig("127.0.0.1:0", nginxAddr, cfg)
		if err != nil {
			return nil, nil, err
		}
		defer p.Close()
		host = p.Addr()
	}
	var urls []string
	for _, f := range src {
		urls = append(urls, scheme+"://"+host+path+f.name)
	}
	list := ""
	if s.files > 1 {
		list = filepath.Join(dir, s.key+".list")
		if err := os.WriteFile(list, []byte(strings.Join(urls, "\n")+"\n"), 0o644); err != nil {
			return nil, nil, err
		}
	}
	for _, f := range src {
		if err := warm(filepath.Join(www, filepath.FromSlash(f.name))); err != nil {
			return nil, nil, err
		}
	}

	var taking []*tool
	for _, t := range tools {
		if slices.Contains(s.tools, t.name) {
			taking = append(taking, t)
		}
	}
	out := filepath.Join(dir, "out")
	if s.tmpfs {
		shm, err := os.MkdirTemp("/dev/shm", "slget-bench-")
		if err != nil {
			return nil, nil, fmt.Errorf("%s needs a tmpfs at /dev/shm: %w", s.key, err)
		}
		defer os.RemoveAll(shm)
		out = filepath.Join(shm, "out")
	}
	byTool := map[string][]runResult{}
	var all []runResult
	for r := 1; r <= o.runs; r++ {
		for _, t := range taking {
			if t.bin == "" {
				continue
			}
			if err := ctx.Err(); err != nil {
				return nil, all, err
			}
			if err := emptyDir(out); err != nil {
				return nil, all, err
			}
			syscall.Sync() // no writeback of an earlier run's bytes in this one
			j := job{n: s.n, jobs: s.jobs, urls: urls, list: list, dir: out, name: filepath.Base(src[0].name), ca: ca}
			m, err := measure(ctx, timeBin, t.argv(t.bin, j), nil, out, s.timeout)
			res := runResult{scenario: s.key, tool: t.name, run: r, wall: m.wall, user: m.user, sys: m.sys,
				maxRSSKiB: m.maxRSSKiB, ok: err == nil}
			if err == nil {
				if verr := verify(out, src); verr != nil {
					res.ok, res.note = false, "wrong output: "+verr.Error()
				}
			} else {
				res.note = err.Error()
			}
			status := "ok"
			if !res.ok {
				status = "FAILED: " + res.note
			}
			log("%s run %d/%d %-6s %7.3f s  cpu %6.2f s  rss %6.1f MiB  %s", s.key, r, o.runs, t.name,
				res.wall, res.user+res.sys, float64(res.maxRSSKiB)/1024, status)
			byTool[t.name] = append(byTool[t.name], res)
			all = append(all, res)
		}
	}
	if err := emptyDir(out); err != nil {
		return nil, all, err
	}

	var rows []row
	for _, t := range taking {
		r := summarize(t.name, t.label(s.n, s.jobs), byTool[t.name], s.ideal(t.streams(s.n)))
		if t.bin == "" {
			r.missing = t.why
		}
		rows = append(rows, r)
	}
	return rows, all, nil
}

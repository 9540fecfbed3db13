//go:build unix

// The machine the benchmark runs on: its description, its load, and where its programs are.

package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
)

// machine describes where the benchmark ran.
func machine(ctx context.Context) string {
	cpu := "unknown CPU"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				cpu = strings.TrimSpace(v)
				break
			}
		}
	}
	kernel := version(ctx, "uname", "-r")
	return fmt.Sprintf("Machine: %s, %d CPUs, Linux %s, %s; files and downloads on the same disk, in the page cache.",
		cpu, runtime.NumCPU(), kernel, runtime.Version())
}

// slgetVersion is slget's own --version line, or the commit it was built from.
func slgetVersion(ctx context.Context, bin, root string) string {
	rev := version(ctx, "git", "-C", root, "rev-parse", "--short", "HEAD")
	if out, err := exec.CommandContext(ctx, "git", "-C", root, "status", "--porcelain").Output(); err == nil && len(strings.TrimSpace(string(out))) > 0 {
		rev += " with uncommitted changes"
	}
	cmd := exec.CommandContext(ctx, bin, "--version")
	if out, err := cmd.Output(); err == nil {
		if line := strings.TrimSpace(strings.SplitN(string(out), "\n", 2)[0]); line != "" {
			return line + " (commit " + rev + ")"
		}
	}
	return "built from commit " + rev
}

// loadAvg is the 1, 5 and 15 minute load averages, as /proc/loadavg says.
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// busy reports whether the 1 minute load is above the number of CPUs.
func busy(load string) bool {
	f := strings.Fields(load)
	if len(f) == 0 {
		return false
	}
	v, err := strconv.ParseFloat(f[0], 64)
	return err == nil && v > float64(runtime.NumCPU())
}

// lookPath finds a program in PATH or, failing that, in the sbin folders
// that a user's PATH may lack (Debian's nginx is /usr/sbin/nginx).
func lookPath(name string) (string, error) {
	p, err := exec.LookPath(name)
	if err == nil {
		return p, nil
	}
	for _, d := range []string{"/usr/sbin", "/usr/local/sbin", "/sbin"} {
		if p, err2 := exec.LookPath(filepath.Join(d, name)); err2 == nil {
			return p, nil
		}
	}
	return "", err
}

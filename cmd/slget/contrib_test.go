// Tests of the systemd unit and its example settings in contrib/: systemd
// takes the unit, the unit is hardened, and its command line, with the
// example's settings, is one slget serve runs with.

package main

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/localcache"
)

const (
	unitPath = "../../contrib/systemd/slget-serve.service"
	envPath  = "../../contrib/slget-serve.env"
)

// unitLines are the unit's settings, continuation lines joined.
func unitLines(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(unitPath)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	var cur string
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if cur == "" && (line == "" || strings.HasPrefix(line, "#")) {
			continue
		}
		if more, ok := strings.CutSuffix(line, "\\"); ok {
			cur += more + " "
			continue
		}
		out = append(out, cur+line)
		cur = ""
	}
	return out
}

func envFile(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open(envPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	env := make(map[string]string)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			t.Fatalf("%s: %q is not NAME=value", envPath, line)
		}
		env[k] = v
	}
	return env
}

func TestSystemdUnitHardened(t *testing.T) {
	set := make(map[string]bool)
	for _, l := range unitLines(t) {
		set[l] = true
	}
	for _, want := range []string{
		"DynamicUser=yes", "CacheDirectory=slget", "ProtectSystem=strict", "ProtectHome=yes", "NoNewPrivileges=yes",
		"PrivateTmp=yes", "CapabilityBoundingSet=", "EnvironmentFile=/etc/slget/serve.env", "KillSignal=SIGTERM",
	} {
		if !set[want] {
			t.Errorf("the unit lacks %s", want)
		}
	}
	if env := envFile(t); env["SLGET_SERVE_TOKEN"] == "" {
		t.Error("the example settings give no SLGET_SERVE_TOKEN")
	}
}

// systemd-analyze verify takes the unit, its command pointed at a program
// that exists (the test binary).
func TestSystemdUnitVerifies(t *testing.T) {
	analyze := requireTool(t, "systemd-analyze")
	b, err := os.ReadFile(unitPath)
	if err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	unit := filepath.Join(t.TempDir(), "slget-serve.service")
	if err := os.WriteFile(unit, []byte(strings.ReplaceAll(string(b), "/usr/local/bin/slget", self)), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(analyze, "verify", unit).CombinedOutput()
	if err != nil || len(strings.TrimSpace(string(out))) > 0 {
		t.Errorf("systemd-analyze verify: %v\n%s", err, out)
	}
}

// The unit's ExecStart, with the example's settings (its cache and address
// made the test's own), starts slget serve, which serves and stops on its
// context as on SIGTERM, exit 0.
func TestSystemdCommandLineServes(t *testing.T) {
	var exec string
	for _, l := range unitLines(t) {
		if v, ok := strings.CutPrefix(l, "ExecStart="); ok {
			exec = v
		}
	}
	env := envFile(t)
	expanded := regexp.MustCompile(`\$\{(\w+)\}`).ReplaceAllStringFunc(exec, func(m string) string {
		name := m[2 : len(m)-1]
		v, ok := env[name]
		if !ok {
			t.Errorf("ExecStart names ${%s}, which the example settings do not give", name)
		}
		return v
	})
	args := strings.Fields(expanded)
	if len(args) < 2 || args[0] != "/usr/local/bin/slget" || args[1] != "serve" {
		t.Fatalf("ExecStart %q does not run /usr/local/bin/slget serve", exec)
	}
	dir := filepath.Join(t.TempDir(), "cache")
	args = args[1:]
	for i, a := range args {
		switch {
		case strings.HasPrefix(a, "--cache="):
			args[i] = "--cache=" + dir
		case strings.HasPrefix(a, "--listen="):
			args[i] = "--listen=127.0.0.1:0"
		}
	}
	t.Setenv("SLGET_SERVE_TOKEN", env["SLGET_SERVE_TOKEN"])
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan runResult, 1)
	go func() { done <- slgetCtx(t, ctx, args...) }()
	for {
		if _, err := localcache.Owner(dir); err == nil {
			break
		}
		select {
		case r := <-done:
			t.Fatalf("slget serve %q ended before it served: exit %d, %s", args, r.code, r.stderr)
		case <-time.After(10 * time.Millisecond):
		}
	}
	cancel()
	if r := <-done; r.code != 0 {
		t.Errorf("slget serve: exit %d, %s", r.code, r.stderr)
	}
}

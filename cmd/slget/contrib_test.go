// Tests of the systemd unit and its example settings in contrib/: systemd
// takes the unit, the unit is hardened, and its command line, with the
// example's settings, is one slget serve runs with.

package main

import (
	"bufio"
	"context"
	"fmt"
	"maps"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/urfave/cli/v2"

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
		// The token as a credential, blank when /etc/slget/token is missing.
		"LoadCredential=" + credentialToken + ":/etc/slget/token", "SetCredential=" + credentialToken + `:\n`,
	} {
		if !set[want] {
			t.Errorf("the unit lacks %s", want)
		}
	}
	if got := unitFamilies(t); !slices.Equal(got, []string{"AF_INET", "AF_INET6", "AF_UNIX", "AF_NETLINK"}) {
		t.Errorf("RestrictAddressFamilies=%s, want the internet's, AF_UNIX and AF_NETLINK (mDNS lists the interfaces through it)", got)
	}
	env := envFile(t)
	if env["SLGET_PEER"] != "auto" {
		t.Errorf("the example settings give SLGET_PEER=%q, want auto", env["SLGET_PEER"])
	}
	if _, ok := env["SLGET_SERVE_TOKEN"]; ok {
		t.Error("the example settings hold a token: it belongs in the credential")
	}
}

// unitFamilies is the unit's RestrictAddressFamilies=.
func unitFamilies(t *testing.T) []string {
	t.Helper()
	var fams []string
	for _, l := range unitLines(t) {
		if v, ok := strings.CutPrefix(l, "RestrictAddressFamilies="); ok {
			fams = strings.Fields(v)
		}
	}
	if len(fams) == 0 || strings.HasPrefix(fams[0], "~") {
		t.Fatalf("the unit has no RestrictAddressFamilies= list of families to allow: %q", fams)
	}
	return fams
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

// execStart is the unit's ExecStart with the variables of env expanded as
// systemd expands them: ${NAME} within a word is its exact value (empty
// when unset), the word stays one argument; $NAME as a word of its own is
// its value split at whitespace, zero or more arguments.
func execStart(t *testing.T, env map[string]string) []string {
	t.Helper()
	var line string
	for _, l := range unitLines(t) {
		if v, ok := strings.CutPrefix(l, "ExecStart="); ok {
			line = v
		}
	}
	var args []string
	braced := regexp.MustCompile(`\$\{(\w+)\}`)
	for _, w := range strings.Fields(line) {
		if name, ok := strings.CutPrefix(w, "$"); ok && regexp.MustCompile(`^\w+$`).MatchString(name) {
			args = append(args, strings.Fields(env[name])...)
			continue
		}
		args = append(args, braced.ReplaceAllStringFunc(w, func(m string) string { return env[m[2:len(m)-1]] }))
	}
	if len(args) < 2 || args[0] != "/usr/local/bin/slget" || args[1] != "serve" {
		t.Fatalf("ExecStart %q does not run /usr/local/bin/slget serve", line)
	}
	return args[1:]
}

// serveArgs is the unit's command line with env, its cache made dir.
func serveArgs(t *testing.T, env map[string]string, dir string) []string {
	t.Helper()
	args := execStart(t, env)
	for i, a := range args {
		if strings.HasPrefix(a, "--cache=") {
			args[i] = "--cache=" + dir
		}
	}
	return args
}

// The unit's ExecStart names only variables the example gives, and reads
// the example's lists as lists.
func TestSystemdCommandLineReadsTheExample(t *testing.T) {
	env := envFile(t)
	for _, m := range regexp.MustCompile(`\$\{?(\w+)\}?`).FindAllStringSubmatch(strings.Join(unitLines(t), "\n"), -1) {
		if _, ok := env[m[1]]; !ok && m[1] != "CREDENTIALS_DIRECTORY" {
			t.Errorf("the unit names $%s, which the example settings do not give", m[1])
		}
	}
	// --peer auto needs the token: the unit's credential gives it.
	creds := t.TempDir()
	if err := os.WriteFile(filepath.Join(creds, credentialToken), []byte("example-token\n"), 0o400); err != nil {
		t.Fatal(err)
	}
	t.Setenv(envCredentials, creds)
	t.Setenv("SLGET_SERVE_TOKEN", "")
	t.Setenv(envPeerToken, "")
	o, err := parseServe(serveArgs(t, env, t.TempDir()))
	if err != nil {
		t.Fatal(err)
	}
	if o.cfg.Token != "example-token" || o.peerToken != "example-token" {
		t.Errorf("the credential's token did not become the serve's and the fleet's")
	}
	if want := []string{"deb.debian.org", "mirror.example.com:8080"}; !slices.Equal(o.cfg.Allow, want) {
		t.Errorf("SLGET_ALLOW=%s gives --allow %q, want %q", env["SLGET_ALLOW"], o.cfg.Allow, want)
	}
	if !slices.Equal(o.peers, []string{"auto"}) || o.store.MaxSize != 200<<30 {
		t.Errorf("peers %q, max size %d: want auto and 200g", o.peers, o.store.MaxSize)
	}
	// The unit keeps the fleet by gossip unless told otherwise.
	if o.gossipPort != 7947 || o.cfg.GossipPort != 7947 {
		t.Errorf("SLGET_GOSSIP_PORT=%s gives gossip port %d, want 7947", env["SLGET_GOSSIP_PORT"], o.gossipPort)
	}
	// Every setting but SLGET_ALLOW empty: serve's defaults.
	o, err = parseServe(serveArgs(t, map[string]string{"SLGET_ALLOW": "example.com"}, t.TempDir()))
	if err != nil {
		t.Fatal(err)
	}
	if o.listen != "127.0.0.1:7878" || o.store.MaxSize != 10<<30 || o.store.Inactive != time.Hour || o.peers != nil || o.fleetFile != "" || o.announceIPs != nil || o.gossipPort != 0 {
		t.Errorf("empty settings: listen %q, max size %d, inactive %v, peers %q, fleet file %q, announce %v; want the defaults",
			o.listen, o.store.MaxSize, o.store.Inactive, o.peers, o.fleetFile, o.announceIPs)
		t.Logf("gossip port %d", o.gossipPort)
	}
}

// parseServe reads the options of slget serve args as the command does.
func parseServe(args []string) (serveOptions, error) {
	var o serveOptions
	cmd := serveCommand(&console{})
	cmd.Action = func(c *cli.Context) error {
		var err error
		o, err = readServeOptions(c)
		return err
	}
	app := &cli.App{Commands: []*cli.Command{cmd}, ExitErrHandler: func(*cli.Context, error) {}}
	all, err := normalizeArgs(app, append([]string{"slget"}, args...))
	if err == nil {
		err = app.Run(all)
	}
	if err != nil {
		return o, fmt.Errorf("serve %q: %v", args, err)
	}
	return o, nil
}

// The unit's ExecStart, with the example's settings (its cache and address
// made the test's own), starts slget serve, which serves and stops on its
// context as on SIGTERM, exit 0; so it does with every setting but
// SLGET_ALLOW empty, or left out; and it takes the token from its systemd
// credential, or runs without one when the credential is blank.
func TestSystemdCommandLineServes(t *testing.T) {
	example := envFile(t)
	example["SLGET_LISTEN"] = "127.0.0.1:0"
	example["SLGET_PEER"] = "" // a fleet by mDNS is TestServiceUnderTheUnitsFamilies'
	// The gossip needs the token: the credential's case has it, on a port
	// of its own (the default may be in use on this host).
	example["SLGET_GOSSIP_PORT"] = ""
	withGossip := maps.Clone(example)
	withGossip["SLGET_GOSSIP_PORT"] = fmt.Sprint(freePorts(t, 1)[0])
	// SLGET_LISTEN stays: the default port may be in use on this host
	// (TestSystemdCommandLineReadsTheExample sees that empty it is).
	empty := map[string]string{"SLGET_ALLOW": "example.com", "SLGET_LISTEN": "127.0.0.1:0"}
	unset := maps.Clone(empty)
	for k := range example {
		if _, ok := empty[k]; !ok {
			empty[k] = ""
		}
	}
	for _, tc := range []struct {
		name       string
		env        map[string]string
		credential string // "-": none
		wantToken  bool
	}{
		{"example", example, "-", false},
		{"settings empty", empty, "-", false},
		{"settings unset", unset, "-", false},
		{"credential", withGossip, "cred-token-9\n", true},
		{"credential blank", example, "\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("SLGET_SERVE_TOKEN", "")
			t.Setenv(envPeerToken, "")
			t.Setenv(envCredentials, "")
			if tc.credential != "-" {
				creds := t.TempDir()
				if err := os.WriteFile(filepath.Join(creds, credentialToken), []byte(tc.credential), 0o400); err != nil {
					t.Fatal(err)
				}
				t.Setenv(envCredentials, creds)
			}
			dir := filepath.Join(t.TempDir(), "cache")
			args := serveArgs(t, tc.env, dir)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			done := make(chan runResult, 1)
			go func() { done <- slgetCtx(t, ctx, args...) }()
			var addr string
			for {
				var err error
				if addr, err = localcache.Owner(dir); err == nil {
					break
				}
				select {
				case r := <-done:
					t.Fatalf("slget serve %q ended before it served: exit %d, %s", args, r.code, r.stderr)
				case <-time.After(10 * time.Millisecond):
				}
			}
			if code := statusCode(t, addr, ""); code != map[bool]int{true: 401, false: 200}[tc.wantToken] {
				t.Errorf("/status without a token: %d", code)
			}
			if tc.wantToken {
				if code := statusCode(t, addr, "cred-token-9"); code != 200 {
					t.Errorf("/status with the credential's token: %d", code)
				}
			}
			cancel()
			if r := <-done; r.code != 0 {
				t.Errorf("slget serve: exit %d, %s", r.code, r.stderr)
			}
		})
	}
}

// statusCode is the status of GET /status of the serve at addr, with
// token as Bearer when given.
func statusCode(t *testing.T, addr, token string) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, addr+"/status", nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	hc := &http.Client{Transport: &http.Transport{Proxy: nil}}
	defer hc.CloseIdleConnections()
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

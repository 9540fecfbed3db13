// One flag name per idea: every subcommand that talks to a serve (slget
// peers, slget cache ls) takes the fleet token as downloads do
// (--peer-token, --peer-token-file, SLGET_PEER_TOKEN), the old spellings
// kept; run as the built binary.

package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// binRun runs the built slget with args, env added to an environment
// without proxy settings or tokens, and returns what it did.
func binRun(t *testing.T, env []string, args ...string) runResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary(t), args...)
	for _, kv := range noProxyEnv() {
		if !strings.HasPrefix(kv, envPeerToken+"=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, env...)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	r := runResult{code: cmd.ProcessState.ExitCode(), stdout: out.String(), stderr: errb.String()}
	if err != nil && r.code <= 0 {
		t.Fatalf("slget %q: %v", args, err)
	}
	t.Logf("slget %q (%q): exit %d\nstdout: %s\nstderr: %s", args, env, r.code, r.stdout, r.stderr)
	return r
}

// tokenWays are the ways of giving the token tok to a subcommand: as
// extra arguments or an environment variable.
type tokenWay struct {
	name string
	args []string
	env  []string
}

func tokenWays(t *testing.T, tok string, old ...tokenWay) []tokenWay {
	file := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(file, []byte(tok+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return append([]tokenWay{
		{"--peer-token", []string{"--peer-token", tok}, nil},
		{"--peer-token-file", []string{"--peer-token-file", file}, nil},
		{envPeerToken, nil, []string{envPeerToken + "=" + tok}},
		{"--peer-token over " + envPeerToken, []string{"--peer-token", tok}, []string{envPeerToken + "=wrong-one"}},
	}, old...)
}

func TestCacheListTokenSpellings(t *testing.T) {
	const tok = "ls-secret-1"
	dir := t.TempDir()
	p := startServe(t, dir, "--allow", "example.com", "--token", tok)
	for _, w := range tokenWays(t, tok,
		tokenWay{"--token (old)", []string{"--token", tok}, nil},
		tokenWay{envServeToken + " (old)", nil, []string{envServeToken + "=" + tok}},
	) {
		t.Run(w.name, func(t *testing.T) {
			r := binRun(t, w.env, append(append([]string{"cache", "ls"}, w.args...), dir)...)
			if r.code != 0 || !strings.Contains(r.stdout, "listed by the running slget serve at "+p.url) {
				t.Errorf("exit %d, %q; want 0 and the serve's list", r.code, r.stdout+r.stderr)
			}
			if strings.Contains(r.stdout+r.stderr, tok) {
				t.Error("the token shows in the output")
			}
		})
	}
	r := binRun(t, nil, "cache", "ls", dir)
	if r.code != exitAuth || !strings.Contains(r.stderr, "--peer-token") || !strings.Contains(r.stderr, envPeerToken) {
		t.Errorf("without a token: exit %d, %q; want %d naming --peer-token and %s", r.code, r.stderr, exitAuth, envPeerToken)
	}
	r = binRun(t, []string{envPeerToken + "=wrong-one"}, "cache", "ls", dir)
	if r.code != exitAuth {
		t.Errorf("a wrong token: exit %d, want %d", r.code, exitAuth)
	}
	r = binRun(t, nil, "cache", "ls", "--help")
	for _, want := range []string{"--peer-token TOKEN, --token TOKEN", "--peer-token-file FILE", envPeerToken, envServeToken} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("cache ls --help lacks %q:\n%s", want, r.stdout)
		}
	}
}

func TestPeersTokenSpellings(t *testing.T) {
	const tok = "peers-secret-2"
	p := startServe(t, t.TempDir(), "--allow", "example.com", "--token", tok)
	list := func(t *testing.T, w tokenWay) []peerStatus {
		t.Helper()
		r := binRun(t, w.env, append([]string{"peers", "--json", "--no-mdns", "--peer", p.url}, w.args...)...)
		var got []peerStatus
		if r.code != 0 || json.Unmarshal([]byte(r.stdout), &got) != nil || len(got) != 1 {
			t.Fatalf("exit %d, %q; want 0 and one peer in JSON", r.code, r.stdout+r.stderr)
		}
		if strings.Contains(r.stdout+r.stderr, tok) {
			t.Error("the token shows in the output")
		}
		return got
	}
	for _, w := range tokenWays(t, tok) {
		t.Run(w.name, func(t *testing.T) {
			if got := list(t, w); !got[0].Healthy || got[0].Key != "proven" {
				t.Errorf("%+v: want healthy, the fleet key proven", got[0])
			}
		})
	}
	if got := list(t, tokenWay{args: []string{"--peer-token", "wrong-one"}}); got[0].Key != "unproven" {
		t.Errorf("a wrong token: %+v, want the key unproven", got[0])
	}
	if got := list(t, tokenWay{}); got[0].Key != "" || !got[0].Healthy {
		t.Errorf("no token: %+v, want healthy and nothing said of the key", got[0])
	}
	r := binRun(t, nil, "peers", "--no-mdns", "--peer", p.url, "--peer-token", "wrong-one")
	if r.code != 0 || !strings.Contains(r.stdout, "unproven: ") {
		t.Errorf("the table with a wrong token: exit %d, %q; want it to say the key is unproven", r.code, r.stdout)
	}
	r = binRun(t, nil, "peers", "--no-mdns", "--peer", p.url, "--peer-token", tok)
	if r.code != 0 || !strings.Contains(r.stdout, "healthy, holds the fleet key") {
		t.Errorf("the table with the token: exit %d, %q; want it to say the key is proven", r.code, r.stdout)
	}
	r = binRun(t, nil, "peers", "--help")
	for _, want := range []string{"--peer-token TOKEN", "--peer-token-file FILE", envPeerToken} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("peers --help lacks %q:\n%s", want, r.stdout)
		}
	}
}

// Logins as ssh makes them: ~/.ssh's default key and known_hosts, and a
// real ssh-agent holding the key.

package sftpsrc_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/sftpsrc"
	"github.com/slget/slget/internal/sshdtest"
)

func TestRemoteDefaultKeyAndKnownHosts(t *testing.T) {
	s := sshdtest.Start(t)
	p, _ := writeFile(t, s, "f", 100)
	home := t.TempDir()
	os.Mkdir(filepath.Join(home, ".ssh"), 0o700)
	for from, to := range map[string]string{s.UserKey: "id_ed25519", s.KnownHosts: "known_hosts"} {
		b, _ := os.ReadFile(from)
		os.WriteFile(filepath.Join(home, ".ssh", to), b, 0o600)
	}
	r, err := sftpsrc.Dial(context.Background(), s.URL(p), sftpsrc.Config{Home: home, NoAgent: true})
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
}

func TestRemoteAgent(t *testing.T) {
	s := sshdtest.Start(t)
	p, _ := writeFile(t, s, "f", 100)
	bin, err := exec.LookPath("ssh-agent")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal(err)
		}
		t.Skip("no ssh-agent")
	}
	sock := filepath.Join(t.TempDir(), "agent.sock")
	agent := exec.Command(bin, "-D", "-a", sock)
	if err := agent.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { agent.Process.Kill(); agent.Wait() })
	for i := 0; ; i++ {
		if _, err := os.Stat(sock); err == nil {
			break
		}
		if i > 500 {
			t.Fatal("ssh-agent did not start")
		}
		time.Sleep(10 * time.Millisecond)
	}
	add := exec.Command("ssh-add", s.UserKey)
	add.Env = append(os.Environ(), "SSH_AUTH_SOCK="+sock)
	if out, err := add.CombinedOutput(); err != nil {
		t.Fatalf("ssh-add: %v %s", err, out)
	}
	// No key file at all: only the agent can log in.
	cfg := sftpsrc.Config{AgentSock: sock, KnownHosts: s.KnownHosts, Home: t.TempDir()}
	r, err := sftpsrc.Dial(context.Background(), s.URL(p), cfg)
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	if !strings.Contains(s.Log(), "Accepted publickey") {
		t.Errorf("sshd's log: %s", s.Log())
	}
	cfg.NoAgent = true
	if _, err := sftpsrc.Dial(context.Background(), s.URL(p), cfg); err == nil {
		t.Fatal("logged in without the agent, with no key")
	}
}

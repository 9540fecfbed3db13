// Tests of the SFTP source against a real OpenSSH server.

package sftpsrc_test

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/sftpsrc"
	"github.com/slget/slget/internal/sshdtest"
	"github.com/slget/slget/segment"
)

func keyConfig(s *sshdtest.Server) sftpsrc.Config {
	return sftpsrc.Config{PrivateKeys: []string{s.UserKey}, KnownHosts: s.KnownHosts, NoAgent: true, Home: s.Dir}
}

func writeFile(t *testing.T, s *sshdtest.Server, name string, n int) (string, []byte) {
	t.Helper()
	b := make([]byte, n)
	rand.Read(b)
	p := filepath.Join(s.Dir, name)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p, b
}

// Ranges read at once over four sessions give the file's exact bytes, and
// sshd saw one login and one SFTP channel per session.
func TestRemoteRanges(t *testing.T) {
	s := sshdtest.Start(t)
	p, want := writeFile(t, s, "data.bin", 3<<20+12345)
	ctx := context.Background()
	r, err := sftpsrc.Dial(ctx, s.URL(p), keyConfig(s))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if r.Validator.Size != int64(len(want)) || r.Validator.LastModified == "" {
		t.Fatalf("validator %+v", r.Validator)
	}
	plan, _ := segment.NewPlan(int64(len(want)), 1<<20)
	got := make([]byte, len(want))
	var wg sync.WaitGroup
	errs := make(chan error, plan.N())
	for i := 0; i < plan.N(); i++ {
		wg.Add(1)
		go func(rg segment.Range) {
			defer wg.Done()
			b, err := r.Open(ctx, rg)
			if err != nil {
				errs <- err
				return
			}
			defer b.Close()
			if _, err := io.ReadFull(b, got[rg.Start:rg.End]); err != nil {
				errs <- err
			}
		}(plan.SliceRange(i))
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if sha256.Sum256(got) != sha256.Sum256(want) {
		t.Fatal("bytes differ")
	}
	n := r.Sessions()
	if n < 2 || n > plan.N() {
		t.Fatalf("%d sessions for %d concurrent ranges", n, plan.N())
	}
	waitFor(t, func() bool { return s.Logins() == n && s.SFTP() == n }, func() string {
		return fmt.Sprintf("sshd saw %d logins and %d sftp channels, the client opened %d sessions", s.Logins(), s.SFTP(), n) + "\n" + s.Log()
	})
}

func waitFor(t *testing.T, ok func() bool, why func() string) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatal(why())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// A file changed after the version was pinned: the next range is a
// ChangedError, and so is the check before the rename.
func TestRemoteChanged(t *testing.T) {
	s := sshdtest.Start(t)
	p, _ := writeFile(t, s, "data.bin", 1<<20)
	ctx := context.Background()
	r, err := sftpsrc.Dial(ctx, s.URL(p), keyConfig(s))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(p, later, later); err != nil { // same size, new mtime
		t.Fatal(err)
	}
	var ce *fetch.ChangedError
	if _, err := r.Open(ctx, segment.Range{Start: 0, End: 4096}); !errors.As(err, &ce) {
		t.Fatalf("Open: %v, want a ChangedError", err)
	}
	if err := r.Check(ctx); !errors.As(err, &ce) || !strings.Contains(err.Error(), "modification time") {
		t.Fatalf("Check: %v", err)
	}
}

// An unknown host key and a changed one are refused, with the key's
// SHA256 fingerprint and what to do; a digest that names it lets it in.
func TestRemoteHostKeys(t *testing.T) {
	s := sshdtest.Start(t)
	p, _ := writeFile(t, s, "f", 10)
	fp := ssh.FingerprintSHA256(s.HostKey)
	ctx := context.Background()

	cfg := keyConfig(s)
	cfg.KnownHosts = filepath.Join(s.Dir, "empty_known_hosts")
	os.WriteFile(cfg.KnownHosts, nil, 0o600)
	_, err := sftpsrc.Dial(ctx, s.URL(p), cfg)
	var he *sftpsrc.HostKeyError
	if !errors.As(err, &he) || he.Changed || !strings.Contains(err.Error(), fp) || !strings.Contains(err.Error(), "ssh-keyscan") {
		t.Fatalf("unknown key: %v", err)
	}

	other := sshdtest.NewKey(t, filepath.Join(s.Dir, "other_key"))
	cfg.KnownHosts = filepath.Join(s.Dir, "changed_known_hosts")
	os.WriteFile(cfg.KnownHosts, []byte(fmt.Sprintf("[127.0.0.1]:%d %s", s.Port, ssh.MarshalAuthorizedKey(other))), 0o600)
	_, err = sftpsrc.Dial(ctx, s.URL(p), cfg)
	if !errors.As(err, &he) || !he.Changed || !strings.Contains(err.Error(), fp) || !strings.Contains(err.Error(), "ssh-keygen -R") {
		t.Fatalf("changed key: %v", err)
	}

	sum := sha256.Sum256(s.HostKey.Marshal())
	md, err := sftpsrc.ParseHostKeyMD(fmt.Sprintf("sha-256=%x", sum))
	if err != nil {
		t.Fatal(err)
	}
	cfg.HostKeyMD = &md
	r, err := sftpsrc.Dial(ctx, s.URL(p), cfg)
	if err != nil {
		t.Fatalf("the digest names the key: %v", err)
	}
	r.Close()
	md.Sum[0] ^= 1
	if _, err := sftpsrc.Dial(ctx, s.URL(p), cfg); !errors.As(err, &he) || !he.Digest {
		t.Fatalf("another digest: %v", err)
	}
}

// A missing file, a folder, a key the server does not know and a wrong
// password: typed errors, none worth another try.
func TestRemoteRefusals(t *testing.T) {
	s := sshdtest.Start(t)
	p, _ := writeFile(t, s, "f", 10)
	ctx := context.Background()
	check := func(name, url string, cfg sftpsrc.Config, kind sftpsrc.Kind) {
		t.Helper()
		_, err := sftpsrc.Dial(ctx, url, cfg)
		var e *sftpsrc.Error
		if !errors.As(err, &e) || e.Kind != kind || fetch.Retryable(err) {
			t.Errorf("%s: %v (retryable %v), want kind %d", name, err, fetch.Retryable(err), kind)
		}
		if strings.Contains(fmt.Sprint(err), "s3cret") {
			t.Errorf("%s: the password is in %q", name, err)
		}
	}
	check("missing", s.URL(p+".nope"), keyConfig(s), sftpsrc.NotFound)
	check("folder", s.URL(s.Dir), keyConfig(s), sftpsrc.NotAFile)
	wrongKey := keyConfig(s)
	wrongKey.PrivateKeys = []string{filepath.Join(s.Dir, "stranger")}
	sshdtest.NewKey(t, wrongKey.PrivateKeys[0])
	check("unknown key", s.URL(p), wrongKey, sftpsrc.Refused)
	pass := keyConfig(s)
	pass.PrivateKeys = []string{filepath.Join(s.Dir, "stranger")}
	url := strings.Replace(s.URL(p), "@", ":s3cret@", 1)
	check("wrong password", url, pass, sftpsrc.Refused)
}

// A stalled read ends with its context: the session is closed under it.
func TestRemoteCancelEndsRead(t *testing.T) {
	s := sshdtest.Start(t)
	p, _ := writeFile(t, s, "f", 8<<20)
	r, err := sftpsrc.Dial(context.Background(), s.URL(p), keyConfig(s))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	ctx, cancel := context.WithCancel(context.Background())
	b, err := r.Open(ctx, segment.Range{Start: 0, End: 8 << 20})
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	_, err = io.Copy(io.Discard, b)
	b.Close()
	if err == nil {
		t.Fatal("a read under a cancelled context went on to the end")
	}
}

// sftp:// from the command line against a real sshd: the bytes, and the
// exit codes of a refused login, a changed host key, a missing file and a
// folder.

package main

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/crypto/ssh"

	"github.com/slget/slget/internal/sshdtest"
)

func TestSFTPCommand(t *testing.T) {
	s := sshdtest.Start(t)
	b := make([]byte, 3<<20+5)
	rand.Read(b)
	src := filepath.Join(s.Dir, "data.bin")
	if err := os.WriteFile(src, b, 0o644); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	dir := t.TempDir()
	key := []string{"--private-key", s.UserKey, "--ssh-known-hosts", s.KnownHosts}
	out := filepath.Join(dir, "ok.bin")
	if r := runSlget(t, append(key, "-q", "-x4", "--slice", "256k", "-o", out, s.URL(src))...); r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if fileSHA(t, out) != hex.EncodeToString(sum[:]) {
		t.Fatal("wrong bytes")
	}

	// An -i line takes the scheme too, with its out= option.
	list := filepath.Join(dir, "list")
	os.WriteFile(list, []byte(s.URL(src)+"\n  out=listed.bin\n"), 0o600)
	if r := runSlget(t, append(key, "-q", "-d", dir, "-i", list)...); r.code != 0 || fileSHA(t, filepath.Join(dir, "listed.bin")) != hex.EncodeToString(sum[:]) {
		t.Fatalf("-i: exit %d: %s", r.code, r.stderr)
	}

	stranger := filepath.Join(s.Dir, "stranger")
	sshdtest.NewKey(t, stranger)
	r := runSlget(t, "-q", "--private-key", stranger, "--ssh-known-hosts", s.KnownHosts, "--ftp-passwd", "s3cret", "-o", filepath.Join(dir, "a"), s.URL(src))
	if r.code != exitAuth || strings.Contains(r.stderr, "s3cret") {
		t.Errorf("wrong password: exit %d, %s", r.code, r.stderr)
	}
	r = runSlget(t, "-q", "--private-key", stranger, "--ssh-known-hosts", s.KnownHosts, "-o", filepath.Join(dir, "a"), strings.Replace(s.URL(src), "@", ":s3cret@", 1))
	if r.code != exitAuth || strings.Contains(r.stderr, "s3cret") {
		t.Errorf("wrong password in the URL: exit %d, %s", r.code, r.stderr)
	}

	changed := filepath.Join(dir, "known_hosts")
	other := sshdtest.NewKey(t, filepath.Join(s.Dir, "other"))
	os.WriteFile(changed, []byte(fmt.Sprintf("[127.0.0.1]:%d %s", s.Port, ssh.MarshalAuthorizedKey(other))), 0o600)
	r = runSlget(t, "-q", "--private-key", s.UserKey, "--ssh-known-hosts", changed, "-o", filepath.Join(dir, "a"), s.URL(src))
	if r.code != exitCertificate || !strings.Contains(r.stderr, ssh.FingerprintSHA256(s.HostKey)) || !strings.Contains(r.stderr, "ssh-keygen -R") {
		t.Errorf("changed host key: exit %d, %s", r.code, r.stderr)
	}
	hk := sha256.Sum256(s.HostKey.Marshal())
	r = runSlget(t, "-q", "--private-key", s.UserKey, "--ssh-known-hosts", changed, "--ssh-host-key-md", "sha-256="+hex.EncodeToString(hk[:]), "-o", filepath.Join(dir, "md.bin"), s.URL(src))
	if r.code != 0 {
		t.Errorf("the host key's digest given: exit %d, %s", r.code, r.stderr)
	}

	// An -i entry's own ssh-host-key-md= and ftp-passwd=.
	os.WriteFile(list, []byte(s.URL(src)+"\n  out=entry.bin\n  ssh-host-key-md=sha-256="+hex.EncodeToString(hk[:])+"\n"), 0o600)
	if r = runSlget(t, "-q", "--private-key", s.UserKey, "--ssh-known-hosts", changed, "-d", dir, "-i", list); r.code != 0 {
		t.Errorf("an entry's ssh-host-key-md: exit %d, %s", r.code, r.stderr)
	}
	os.WriteFile(list, []byte(s.URL(src)+"\n  out=a\n  ftp-passwd=s3cret\n"), 0o600)
	if r = runSlget(t, "-q", "--private-key", stranger, "--ssh-known-hosts", s.KnownHosts, "-d", dir, "-i", list); r.code != exitAuth || strings.Contains(r.stderr, "s3cret") {
		t.Errorf("an entry's wrong ftp-passwd: exit %d, %s", r.code, r.stderr)
	}
	if r = runSlget(t, append(key, "-q", "-o", filepath.Join(dir, "a"), s.URL(src+".gone"))...); r.code != exitNotFound {
		t.Errorf("missing file: exit %d, %s", r.code, r.stderr)
	}
	if r = runSlget(t, append(key, "-q", "-o", filepath.Join(dir, "a"), s.URL(s.Dir))...); r.code != exitBadResponse {
		t.Errorf("a folder: exit %d, %s", r.code, r.stderr)
	}
	if exists(filepath.Join(dir, "a")) {
		t.Error("a refused download left a file")
	}
}

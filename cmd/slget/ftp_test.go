// ftp:// from the command line against a real vsftpd: the bytes, a
// checksum, aria2's exit codes of a refused login, a missing file and a
// folder, -i entries, and a download killed midway that continues.

package main

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/internal/ftpdtest"
)

func ftpData(t *testing.T, s *ftpdtest.Server, n int) string {
	t.Helper()
	b := make([]byte, n)
	rand.Read(b)
	if err := os.WriteFile(filepath.Join(s.Dir, "data.bin"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func TestFTPCommand(t *testing.T) {
	s := ftpdtest.Start(t)
	sum := ftpData(t, s, 3<<20+5)
	os.Mkdir(filepath.Join(s.Dir, "folder"), 0o755)
	dir := t.TempDir()
	url := s.URL("data.bin")
	out := filepath.Join(dir, "ok.bin")
	if r := runSlget(t, "-q", "-x4", "--slice", "256k", "--checksum=sha-256="+sum, "-o", out, url); r.code != 0 || fileSHA(t, out) != sum {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	bad := strings.Repeat("0", 64)
	if r := runSlget(t, "-q", "--checksum=sha-256="+bad, "-o", filepath.Join(dir, "sum.bin"), url); r.code != exitChecksum {
		t.Errorf("a checksum that does not match: exit %d, %s", r.code, r.stderr)
	}
	a := filepath.Join(dir, "a")
	for _, args := range [][]string{
		{strings.Replace(url, "://", "://bob:s3cret@", 1)},
		{"--ftp-user", "bob", "--ftp-passwd", "s3cret", url},
	} {
		r := runSlget(t, append([]string{"-q", "-o", a}, args...)...)
		if r.code != exitAuth || strings.Contains(r.stderr, "s3cret") || !strings.Contains(r.stderr, "530") || !strings.Contains(r.stderr, "--ftp-user and --ftp-passwd") {
			t.Errorf("%q: exit %d, %s", args, r.code, r.stderr)
		}
	}
	if r := runSlget(t, "-q", "-o", a, s.URL("gone.bin")); r.code != exitNotFound || !strings.Contains(r.stderr, s.URL("gone.bin")) {
		t.Errorf("missing file: exit %d, %s", r.code, r.stderr)
	}
	if r := runSlget(t, "-q", "-o", a, s.URL("folder")); r.code != exitBadResponse || !strings.Contains(r.stderr, "folder") {
		t.Errorf("a folder: exit %d, %s", r.code, r.stderr)
	}
	// -i entries: out= names the file; an entry's own ftp-user= logs in.
	list := filepath.Join(dir, "list")
	os.WriteFile(list, []byte(url+"\n  out=entry.bin\n"), 0o600)
	if r := runSlget(t, "-q", "-d", dir, "-i", list); r.code != 0 || fileSHA(t, filepath.Join(dir, "entry.bin")) != sum {
		t.Errorf("an -i entry: exit %d, %s", r.code, r.stderr)
	}
	os.WriteFile(list, []byte(url+"\n  out=a\n  ftp-user=bob\n  ftp-passwd=s3cret\n"), 0o600)
	if r := runSlget(t, "-q", "-d", dir, "-i", list); r.code != exitAuth || strings.Contains(r.stderr, "s3cret") {
		t.Errorf("an entry's ftp-user: exit %d, %s", r.code, r.stderr)
	}
	if exists(a) || exists(a+".part") {
		t.Error("a refused download left a file")
	}
}

// A download killed midway (SIGKILL) continues from its journal when run
// again: the second run asks no range from the start.
func TestFTPKilledContinues(t *testing.T) {
	s := ftpdtest.Start(t)
	sum := ftpData(t, s, 8<<20)
	out := filepath.Join(t.TempDir(), "data.bin")
	args := []string{"-q", "-x2", "--slice", "256k", "-o", out, s.URL("data.bin")}
	b := startBinary(t, append([]string{"--max-download-limit=2M"}, args...)...)
	deadline := time.Now().Add(time.Minute)
	for {
		st, err := slget.ReadStatus(out)
		if err == nil && st.SlicesDone >= 4 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no slices done: %+v, %v", st, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	b.cmd.Process.Signal(syscall.SIGKILL)
	b.cmd.Wait()
	retrs, restsBefore := len(s.Commands("RETR")), len(s.Commands("REST"))
	if r := runSlget(t, args...); r.code != 0 || fileSHA(t, out) != sum {
		t.Fatalf("the second run: exit %d, %s", r.code, r.stderr)
	}
	// The second run's RETRs: one at 0 at most, the resume's look at slice
	// 0 (one slice, closed at its end); the others after a REST.
	rests := 0
	for _, a := range s.Commands("REST")[restsBefore:] {
		if n, _ := strconv.Atoi(a); n > 0 {
			rests++
		}
	}
	if n := len(s.Commands("RETR")) - retrs; n == 0 || rests < n-1 {
		t.Errorf("the second run: %d RETRs, %d with a REST past 0; vsftpd's log:\n%s", n, rests, s.Log())
	}
}

// The daemon's addUri takes an ftp:// URI, and its ftp-user= and
// ftp-passwd= options log in (530 here: the server is anonymous only).
func TestFTPAddURI(t *testing.T) {
	s := ftpdtest.Start(t)
	sum := ftpData(t, s, 1<<20+3)
	root := t.TempDir()
	d := startDaemon(t, "k", "-d", root)
	var ok, refused string
	d.must(t, &ok, "aria2.addUri", []string{s.URL("data.bin")}, map[string]string{"out": "ok.bin"})
	d.must(t, &refused, "aria2.addUri", []string{s.URL("data.bin")}, map[string]string{"out": "no.bin", "ftp-user": "bob", "ftp-passwd": "s3cret"})
	d.waitStatus(t, ok, "complete")
	if fileSHA(t, filepath.Join(root, "ok.bin")) != sum {
		t.Fatal("wrong bytes")
	}
	st := d.waitStatus(t, refused, "error")
	if st["errorCode"] != "24" || strings.Contains(d.errText(), "s3cret") {
		t.Errorf("a refused login: %v", st)
	}
}

// An -i line with an https:// URL and an ftp:// mirror, TAB-separated, as
// aria2c's: both carry slices and the file is whole.
func TestFTPMirrorInputLine(t *testing.T) {
	const size = 4<<20 + 7
	origin := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(2<<20))
	s := ftpdtest.Start(t)
	if err := os.WriteFile(filepath.Join(s.Dir, "data.bin"), origin.Content().Bytes(0, size), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	list := filepath.Join(dir, "list")
	os.WriteFile(list, []byte(origin.FileURL()+"\t"+s.URL("data.bin")+"\n  out=m.bin\n"), 0o600)
	if r := runSlget(t, "-q", "-x4", "--slice", "256k", "-d", dir, "-i", list); r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if fileSHA(t, filepath.Join(dir, "m.bin")) != origin.Content().SHA256() || len(s.Commands("RETR")) == 0 || origin.BytesServed() >= size {
		t.Errorf("the ftp:// mirror sent nothing (%d RETRs; the origin sent %d bytes)", len(s.Commands("RETR")), origin.BytesServed())
	}
}

// The server gone midway (vsftpd killed with its sessions): tried again,
// then a network error (exit 6) that names the URL and says what to
// check; the partial download is kept for a later run.
func TestFTPServerGone(t *testing.T) {
	s := ftpdtest.Start(t)
	ftpData(t, s, 8<<20)
	out := filepath.Join(t.TempDir(), "data.bin")
	b := startBinary(t, "-x2", "--slice", "256k", "--max-download-limit=2M", "--max-tries=3", "--retry-wait=0", "-o", out, s.URL("data.bin"))
	deadline := time.Now().Add(time.Minute)
	for {
		if st, err := slget.ReadStatus(out); err == nil && st.SlicesDone >= 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no slices done")
		}
		time.Sleep(20 * time.Millisecond)
	}
	s.Stop(t)
	code, text := b.wait(t)
	if code != exitNetwork || !strings.Contains(text, s.URL("data.bin")) || !exists(out+".part") {
		t.Errorf("exit %d:\n%s", code, text)
	}
	t.Logf("exit %d:\n%s", code, text)
}

// --ftp-ssl-reqd against a vsftpd that takes nothing in clear: the bytes
// with the server's CA given; exit 36 without it; exit 24 without TLS
// (the server refuses a login in clear).
func TestFTPSCommand(t *testing.T) {
	s, _ := ftpdtest.StartTLS(t)
	sum := ftpData(t, s, 2<<20+1)
	dir := t.TempDir()
	out := filepath.Join(dir, "ok.bin")
	if r := runSlget(t, "-q", "-x3", "--slice", "256k", "--ftp-ssl-reqd", "--ca-certificate", s.CertFile, "-o", out, s.URL("data.bin")); r.code != 0 || fileSHA(t, out) != sum {
		t.Fatalf("exit %d: %s\n%s", r.code, r.stderr, s.Log())
	}
	if r := runSlget(t, "-q", "--ftp-ssl-reqd", "-o", filepath.Join(dir, "a"), s.URL("data.bin")); r.code != exitCertificate {
		t.Errorf("an unknown CA: exit %d, %s", r.code, r.stderr)
	}
	if r := runSlget(t, "-q", "-o", filepath.Join(dir, "a"), s.URL("data.bin")); r.code != exitAuth {
		t.Errorf("in clear: exit %d, %s", r.code, r.stderr)
	}
}

// --all-proxy does not reach an ftp:// server: the download goes direct,
// and the command says so once, not in silence (aria2c would use it).
func TestFTPAllProxySaid(t *testing.T) {
	s := ftpdtest.Start(t)
	sum := ftpData(t, s, 300<<10)
	dir := t.TempDir()
	out1, out2 := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	r := runSlget(t, "--all-proxy", "http://127.0.0.1:9", "-o", out1, s.URL("data.bin"))
	if r.code != 0 || fileSHA(t, out1) != sum {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	const said = "--all-proxy is not used for sftp:// and ftp:// URLs"
	if n := strings.Count(r.stderr, said); n != 1 {
		t.Errorf("said %d times, want once:\n%s", n, r.stderr)
	}
	// Without the option, or for http:// alone, nothing is said.
	if r := runSlget(t, "-o", out2, s.URL("data.bin")); r.code != 0 || strings.Contains(r.stderr, said) {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
}

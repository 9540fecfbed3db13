// Exit codes that scripts written for aria2c test for: 16 for a folder that
// refuses a new file, 29 for a server that stays overloaded.

//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

// A folder without write permission: the file cannot be created, 16 (as
// aria2c and the README say), not 15 (an existing file could not be
// opened). Root ignores permissions, so as root the binary runs as nobody.
func TestUnwritableFolderIsCreateError(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(64<<10))
	base, err := os.MkdirTemp("", "slget-ro-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(filepath.Join(base, "ro"), 0o755); os.RemoveAll(base) })
	dir := filepath.Join(base, "ro")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	os.Chmod(base, 0o755)
	os.Chmod(dir, 0o555)
	bin := binary(t)
	cmd := exec.Command(bin, "-d", dir, srv.FileURL())
	if os.Getuid() == 0 {
		os.Chmod(filepath.Dir(bin), 0o755)
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	}
	out, _ := cmd.CombinedOutput()
	code := cmd.ProcessState.ExitCode()
	t.Logf("exit %d\n%s", code, out)
	if code != exitFileCreate || !strings.Contains(string(out), "permission") {
		t.Fatalf("exit %d, want %d saying permission:\n%s", code, exitFileCreate, out)
	}
	mustNotExist(t, filepath.Join(dir, "file.bin.part"))
}

// A server that answers 503 to every try: 29 (server overloaded), as
// aria2c; 429 to every try alike. A 503 that passes is still a download.
func TestOverloadedServerIs29(t *testing.T) {
	for _, status := range []int{503, 429} {
		srv := fetchtest.NewServer(t, fetchtest.WithSize(64<<10), fetchtest.WithStatusFor(status, 1000, ""))
		r := runSlget(t, "--max-tries", "2", "--retry-wait", "0", "-d", t.TempDir(), srv.FileURL())
		if r.code != exitOverloaded || !strings.Contains(r.stderr, srv.FileURL()) {
			t.Errorf("%d every time: exit %d, want %d naming the URL", status, r.code, exitOverloaded)
		}
	}
	srv := fetchtest.NewServer(t, fetchtest.WithSize(64<<10), fetchtest.WithStatusFor(503, 1, "0"))
	dir := t.TempDir()
	mustFetch(t, filepath.Join(dir, "file.bin"), srv.Content().SHA256(), "--max-tries", "3", "--retry-wait", "0", "-d", dir, srv.FileURL())
}

// sftp:// with -o - against a real sshd: the exact bytes on stdout, and a
// reader that leaves early ends slget quietly with exit 35, as for HTTP.

package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/slget/slget/internal/sshdtest"
)

func TestSFTPStreamToPipe(t *testing.T) {
	s := sshdtest.Start(t)
	b := randomBytes(40<<20 + 99)
	src := filepath.Join(s.Dir, "data.bin")
	if err := os.WriteFile(src, b, 0o644); err != nil {
		t.Fatal(err)
	}
	streamToPipe(t, b, "--private-key", s.UserKey, "--ssh-known-hosts", s.KnownHosts, "-x", "4", "--slice", "512k", "--stream-window", "4m", "-o", "-", s.URL(src))
}

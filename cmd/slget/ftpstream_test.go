// ftp:// with -o - against a real vsftpd: the exact bytes on stdout, and a
// reader that leaves early ends slget quietly with exit 35, as for HTTP.

package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/slget/slget/internal/ftpdtest"
)

func TestFTPStreamToPipe(t *testing.T) {
	s := ftpdtest.Start(t)
	b := randomBytes(24<<20 + 99)
	if err := os.WriteFile(filepath.Join(s.Dir, "data.bin"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	streamToPipe(t, b, "-x", "4", "--slice", "512k", "--stream-window", "4m", "-o", "-", s.URL("data.bin"))
}

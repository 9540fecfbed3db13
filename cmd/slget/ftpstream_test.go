// ftp:// with -o - against a real vsftpd: the exact bytes on stdout, and a
// reader that leaves early ends slget quietly with exit 35, as for HTTP.

package main

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/slget/slget/internal/ftpdtest"
)

func TestFTPStreamToPipe(t *testing.T) {
	s := ftpdtest.Start(t)
	const size = 24<<20 + 99
	b := make([]byte, size)
	rand.Read(b)
	if err := os.WriteFile(filepath.Join(s.Dir, "data.bin"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	args := []string{"-x", "4", "--slice", "512k", "--stream-window", "4m", "-o", "-", s.URL("data.bin")}
	p := startPiped(t, args...)
	h := sha256.New()
	n, err := io.Copy(h, p.stdout)
	if err != nil {
		t.Fatal(err)
	}
	if code, _ := p.wait(t); code != 0 {
		t.Fatalf("exit %d: %s", code, p.stderr.String())
	}
	if got := hex.EncodeToString(h.Sum(nil)); n != size || got != hex.EncodeToString(sum[:]) {
		t.Fatalf("%d bytes with SHA-256 %s through the pipe, want %d", n, got, size)
	}
	p.nothingOnDisk(t)

	// The reader stops after 1000 bytes (| head -c 1000).
	p = startPiped(t, args...)
	if _, err := io.ReadFull(p.stdout, make([]byte, 1000)); err != nil {
		t.Fatal(err)
	}
	p.stdout.Close()
	if code, _ := p.wait(t); code != exitPipeClosed {
		t.Fatalf("exit %d, want %d", code, exitPipeClosed)
	}
	if s := p.stderr.String(); s != "" {
		t.Errorf("stderr %q, want nothing: the reader left on purpose", s)
	}
	p.nothingOnDisk(t)
}

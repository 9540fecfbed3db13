// An sftp:// mirror beside an http:// one in an -i TAB line, against a real
// sshd: its copy differs part way, and the download ends exact (exit 0),
// with the mirror named and its password shown nowhere.

package main

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/internal/sshdtest"
)

func TestSFTPMirrorInTabLine(t *testing.T) {
	s := sshdtest.Start(t)
	const size, liesFrom = 8 << 20, 256 << 10 // the second slice on
	// Each run's origin holds its first runs past the lie, so the mirror
	// sends lying slices however slow a busy machine makes its login.
	newOrigin := func() *fetchtest.Server {
		return fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithSeed(1), fetchtest.WithRateLimit(512<<10),
			fetchtest.WithFirstByteDelayAtStart(liesFrom, 6, 4*time.Second))
	}
	origin := newOrigin()
	b := origin.Content().Bytes(0, size)
	for i := liesFrom; i < size; i++ {
		b[i] ^= 0x5a
	}
	src := filepath.Join(s.Dir, "copy.bin")
	if err := os.WriteFile(src, b, 0o644); err != nil {
		t.Fatal(err)
	}
	mirror := strings.Replace(s.URL(src), "@", ":sftp-s3cret@", 1)
	for _, extra := range [][]string{nil, {"--checksum", "sha-256=" + origin.Content().SHA256()}} {
		origin := newOrigin() // the same bytes (the same seed)
		dir := t.TempDir()
		list := filepath.Join(dir, "list")
		os.WriteFile(list, []byte(origin.FileURL()+"\t"+mirror+"\n  out=f.bin\n"), 0o600)
		args := append([]string{"--private-key", s.UserKey, "--ssh-known-hosts", s.KnownHosts, "-x4", "--slice", "256k", "-d", dir, "-i", list}, extra...)
		r := runSlget(t, args...)
		if r.code != 0 {
			t.Fatalf("%v: exit %d: %s", extra, r.code, r.stderr)
		}
		sum := sha256.Sum256(origin.Content().Bytes(0, size))
		if fileSHA(t, filepath.Join(dir, "f.bin")) != hex.EncodeToString(sum[:]) {
			t.Fatalf("%v: wrong bytes", extra)
		}
		if !strings.Contains(r.stderr, "sftp://") || !strings.Contains(r.stderr, "other bytes") || strings.Contains(r.stderr, "sftp-s3cret") {
			t.Errorf("%v: stderr does not name the mirror that sent other bytes, or shows its password:\n%s", extra, r.stderr)
		}
	}
}

// sftp:// mirrors beside an HTTP origin, against a real sshd: a copy that
// differs part way (a mirror caught mid-sync) is caught by probation or
// by the digest, and the file ends exact; the sftp password stays with
// its host.

package slget_test

import (
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/internal/sshdtest"
)

// sftpLiesFrom is where a lying sftp copy's other bytes begin: its second
// slice (of 256 KiB), so every span the mirror is given but the first
// slice's lies, however the origin's runs and the mirror's login race.
const sftpLiesFrom = 256 << 10

// sftpCopy writes origin's file on s, its bytes from sftpLiesFrom on other
// ones when lie, and returns its path.
func sftpCopy(t *testing.T, s *sshdtest.Server, origin *fetchtest.Server, lie bool) string {
	t.Helper()
	c := origin.Content()
	b := c.Bytes(0, c.Size)
	if lie {
		for i := int64(sftpLiesFrom); i < c.Size; i++ {
			b[i] ^= 0x5a
		}
	}
	p := filepath.Join(s.Dir, "copy.bin")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func sha256Of(srv *fetchtest.Server) []byte {
	b, _ := hex.DecodeString(srv.Content().SHA256())
	return b
}

// withPassword is s's URL of p with a password in it, which the key's
// login never needs: it must show in no message nor reach the origin.
func withPassword(s *sshdtest.Server, p string) (url, shown string) {
	u := s.URL(p)
	return strings.Replace(u, "@", ":sftp-s3cret@", 1), strings.Replace(u, "@", ":***@", 1)
}

func TestSFTPMirrorLiesPartWay(t *testing.T) {
	s := sshdtest.Start(t)
	for _, tc := range []struct {
		name     string
		checksum bool
	}{{"probation", false}, {"checksum", true}} {
		t.Run(tc.name, func(t *testing.T) {
			// The origin's first runs past the lie wait, so the mirror
			// sends lying slices however slow a busy machine makes its
			// login.
			origin := fetchtest.NewServer(t, fetchtest.WithSize(probationSize), fetchtest.WithSeed(1), fetchtest.WithRateLimit(512<<10),
				fetchtest.WithFirstByteDelayAtStart(sftpLiesFrom, 6, 4*time.Second))
			mirror, shown := withPassword(s, sftpCopy(t, s, origin, true))
			c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
			dir := t.TempDir()
			req := slget.Request{Path: filepath.Join(dir, "f.bin"), SFTP: sftpOpts(s)}
			if tc.checksum {
				req.Checksum = &slget.Checksum{Algo: "sha-256", Sum: sha256Of(origin)}
			}
			res, w := getFrom(t, c, origin, dir, req, origin.FileURL(), mirror)
			// Its first slices may already lie (how far into the file its
			// first span starts is the scheduler's choice): caught then,
			// its bytes count for nothing, and Dropped says it sent some.
			if st := res.Mirrors[shown]; st.Bytes == 0 && st.Dropped == "" {
				t.Fatalf("the sftp mirror sent nothing (%+v): the test proves nothing\n%s", res.Mirrors, w)
			}
			if !slices.Contains(res.Proof.Blamed, shown) || w.count("mirror "+shown) == 0 {
				t.Errorf("Proof %+v, lines:\n%s\nwant %s named", res.Proof, w, shown)
			}
			if tc.checksum && res.Verified == "" {
				t.Errorf("not verified: %+v", res)
			}
			if w.count("sftp-s3cret") > 0 {
				t.Errorf("the password shows:\n%s", w)
			}
			for _, r := range origin.Requests() {
				if strings.Contains(fmt.Sprint(r), "sftp-s3cret") {
					t.Fatalf("the origin saw the sftp password: %+v", r)
				}
			}
		})
	}
}

// An honest sftp:// copy in a Metalink beside the origin sends its share
// and the file ends exact, proven by the Metalink's hash.
func TestSFTPMirrorInMetalink(t *testing.T) {
	s := sshdtest.Start(t)
	origin := fetchtest.NewServer(t, fetchtest.WithSize(probationSize), fetchtest.WithSeed(1), fetchtest.WithRateLimit(1<<20))
	mirror := s.URL(sftpCopy(t, s, origin, false))
	files, err := slget.ReadMetalink(strings.NewReader(metaHashOnly("f.bin", origin, mirror, origin.FileURL())))
	if err != nil || len(files) != 1 || !slices.Equal(files[0].URLs, []string{origin.FileURL(), mirror}) {
		t.Fatalf("ReadMetalink: %+v, %v", files, err)
	}
	f := files[0]
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
	dir := t.TempDir()
	res, w := getFrom(t, c, origin, dir, slget.Request{Path: filepath.Join(dir, f.Name), Checksum: f.Checksum, SFTP: sftpOpts(s)}, f.URLs...)
	if st := res.Mirrors[mirror]; st.Bytes == 0 || st.Dropped != "" || len(res.Proof.Blamed) != 0 {
		t.Fatalf("mirrors %+v, proof %+v:\n%s", res.Mirrors, res.Proof, w)
	}
	if s.SFTP() < 1 {
		t.Error("sshd started no SFTP channel")
	}
}

// sftp:// and ftp:// mirrors beside an https:// origin: they carry slices
// of the same file, proven by content as any mirror; one with other bytes
// is dropped at its first slice; a server-named one is not dialled.

package slget_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/internal/ftpdtest"
	"github.com/slget/slget/internal/sshdtest"
)

func TestFTPMirrorBesideHTTP(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(mirrorSize), fetchtest.WithSeed(7), fetchtest.WithRateLimit(2<<20))
	s := ftpdtest.Start(t)
	if err := os.WriteFile(filepath.Join(s.Dir, "same.bin"), origin.Content().Bytes(0, mirrorSize), 0o644); err != nil {
		t.Fatal(err)
	}
	other := fetchtest.NewServer(t, fetchtest.WithSize(mirrorSize), fetchtest.WithSeed(8))
	if err := os.WriteFile(filepath.Join(s.Dir, "other.bin"), other.Content().Bytes(0, mirrorSize), 0o644); err != nil {
		t.Fatal(err)
	}
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
	same := s.URL("same.bin")
	res, w := get(t, c, origin, &slget.Request{Mirrors: []string{same}, PerHost: 2})
	if st := res.Mirrors[same]; st.Bytes == 0 || st.Dropped != "" || len(s.Commands("RETR")) == 0 {
		t.Fatalf("the ftp:// mirror: %+v, %d RETRs\n%s", st, len(s.Commands("RETR")), w)
	}
	if origin.BytesServed() >= mirrorSize {
		t.Errorf("the origin sent %d bytes of %d: the mirror should carry some", origin.BytesServed(), mirrorSize)
	}

	liar := s.URL("other.bin")
	res, w = get(t, c, origin, &slget.Request{Mirrors: []string{liar}})
	if res.Mirrors[liar].Dropped == "" || w.count("mirror "+liar+" dropped") != 1 {
		t.Errorf("a mirror with other bytes: %+v\n%s", res.Mirrors[liar], w)
	}

	retrs := len(s.Commands("RETR"))
	res, w = get(t, c, origin, &slget.Request{Mirrors: []string{same}, NamedBy: &slget.Namer{}})
	if len(s.Commands("RETR")) != retrs || w.count("taken from the user only") != 1 {
		t.Errorf("a server-named ftp:// mirror was used: %+v\n%s", res.Mirrors, w)
	}
}

// An sftp:// mirror beside an https:// origin carries slices too.
func TestSFTPMirrorBesideHTTP(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(mirrorSize), fetchtest.WithSeed(7), fetchtest.WithRateLimit(2<<20))
	s := sshdtest.Start(t)
	p := filepath.Join(s.Dir, "same.bin")
	if err := os.WriteFile(p, origin.Content().Bytes(0, mirrorSize), 0o644); err != nil {
		t.Fatal(err)
	}
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
	res, w := get(t, c, origin, &slget.Request{Mirrors: []string{s.URL(p)}, PerHost: 2, SFTP: sftpOpts(s)})
	if st := res.Mirrors[s.URL(p)]; st.Bytes == 0 || st.Dropped != "" || s.SFTP() < 1 {
		t.Fatalf("the sftp:// mirror: %+v, %d SFTP channels\n%s", st, s.SFTP(), w)
	}
}

// A password in one ftp:// mirror's URL goes to that mirror's server only:
// another ftp:// mirror, on another server, logs in as anonymous.
func TestFTPMirrorPasswordStaysWithItsHost(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(mirrorSize), fetchtest.WithSeed(7), fetchtest.WithRateLimit(4<<20))
	withPass := ftpdtest.StartFake(t)
	other := ftpdtest.StartFake(t)
	for _, f := range []*ftpdtest.Fake{withPass, other} {
		if err := os.WriteFile(filepath.Join(f.Dir, "f.bin"), origin.Content().Bytes(0, mirrorSize), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	secret := strings.Replace(withPass.URL("f.bin"), "://", "://bob:s3cret@", 1)
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
	res, _ := get(t, c, origin, &slget.Request{Mirrors: []string{secret, other.URL("f.bin")}})
	if got := withPass.Logins(); len(got) == 0 || got[0] != "bob:s3cret" {
		t.Errorf("the mirror with the password logged in as %q", got)
	}
	for _, l := range other.Logins() {
		if strings.Contains(l, "s3cret") || strings.Contains(l, "bob") {
			t.Errorf("the other mirror was sent %q", l)
		}
	}
	if st := res.Mirrors[other.URL("f.bin")]; st.Bytes == 0 || st.Dropped != "" {
		t.Errorf("the other mirror: %+v", st)
	}
}

// An ftp:// URL in a Metalink the user gives is a mirror beside its
// https:// ones, listed after them whatever its priority. A copy whose
// bytes differ from a quarter of the file on is caught by the Metalink's
// hash, its slices fetched again from the origin: exit 0, the exact file.
func TestFTPMirrorInMetalink(t *testing.T) {
	origin := fetchtest.NewServer(t, fetchtest.WithSize(probationSize), fetchtest.WithSeed(1), fetchtest.WithRateLimit(1<<20))
	s := ftpdtest.Start(t)
	b := origin.Content().Bytes(0, probationSize)
	for i := probationSize / 4; i < probationSize; i++ {
		b[i] ^= 0x5a
	}
	if err := os.WriteFile(filepath.Join(s.Dir, "copy.bin"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	mirror := s.URL("copy.bin")
	files, err := slget.ReadMetalink(strings.NewReader(metaHashOnly("f.bin", origin, mirror, origin.FileURL())))
	if err != nil || len(files) != 1 || !slices.Equal(files[0].URLs, []string{origin.FileURL(), mirror}) {
		t.Fatalf("ReadMetalink: %+v, %v", files, err)
	}
	f := files[0]
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
	dir := t.TempDir()
	res, w := getFrom(t, c, origin, dir, slget.Request{Path: filepath.Join(dir, f.Name), Checksum: f.Checksum}, f.URLs...)
	if len(s.Commands("RETR")) == 0 {
		t.Fatalf("the ftp:// mirror was never asked (%+v): the test proves nothing\n%s", res.Mirrors, w)
	}
	if res.Verified == "" || !slices.Contains(res.Proof.Blamed, mirror) {
		t.Fatalf("verified %q, proof %+v: want the file proven and %s blamed\n%s", res.Verified, res.Proof, mirror, w)
	}
}

// --save-session of downloads from mirrors: a Metalink's file goes back
// as aria2's tab-separated line with its name and hash, and "slget -i
// SESSION" finishes it from the same mirrors.

package main

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

func TestSaveSessionMirrors(t *testing.T) {
	var down atomic.Bool
	down.Store(true)
	fault := fetchtest.WithFault(func(*http.Request, int) fetchtest.Fault {
		if down.Load() {
			return fetchtest.Fault{Status: 404}
		}
		return fetchtest.Fault{}
	})
	a := fetchtest.NewServer(t, fetchtest.WithSize(mirSize), fetchtest.WithSeed(1), fault)
	b := fetchtest.NewServer(t, fetchtest.WithSize(mirSize), fetchtest.WithSeed(1), fault)
	dir := t.TempDir()
	sess := filepath.Join(t.TempDir(), "session.txt")
	ml := writeFile(t, filepath.Join(t.TempDir(), "f.meta4"), metalink4("f.iso", a, a.FileURL(), b.FileURL()))
	r := runSlget(t, "-M", ml, "-d", dir, "--save-session", sess)
	if r.code == 0 {
		t.Fatal("a run whose mirrors all 404 exited 0")
	}
	got, err := os.ReadFile(sess)
	if err != nil {
		t.Fatal(err)
	}
	s := string(got)
	want := a.FileURL() + "\t" + b.FileURL() + "\n checksum=sha-256=" + a.Content().SHA256() + "\n dir=" + dir + "\n out=f.iso\n"
	if s != want {
		t.Fatalf("session:\n%q\nwant\n%q", s, want)
	}

	down.Store(false)
	r = runSlget(t, "-i", sess, "--save-session", sess, "-k", "256k")
	if r.code != 0 || fileSHA(t, filepath.Join(dir, "f.iso")) != a.Content().SHA256() {
		t.Fatalf("slget -i SESSION: exit %d\n%s", r.code, r.stderr)
	}
	if servedGET(a) == 0 || servedGET(b) == 0 {
		t.Errorf("served: %d and %d; both mirrors should carry some", servedGET(a), servedGET(b))
	}
	if got, _ := os.ReadFile(sess); strings.TrimSpace(string(got)) != "" {
		t.Errorf("the session still holds %q", got)
	}
}

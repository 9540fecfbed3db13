// --save-session: the unfinished and failed downloads in -i format, and
// "slget -i SESSION" finishing them.

package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// Three URLs: one finishes, one 404s, one is interrupted. The session has
// the last two (with dir=), not the first; slget -i SESSION finishes the
// interrupted one.
func TestSaveSessionRoundTrip(t *testing.T) {
	ok := fetchtest.NewServer(t, fetchtest.WithSize(64<<10), fetchtest.WithPath("/ok.bin"))
	gone := fetchtest.NewServer(t, fetchtest.WithSize(64<<10), fetchtest.WithPath("/gone.bin"), fetchtest.WithStatusFor(404, 1<<20, ""))
	slow := fetchtest.NewServer(t, fetchtest.WithSize(8<<20), fetchtest.WithPath("/slow.bin"), fetchtest.WithRateLimit(1<<20))
	dir := t.TempDir()
	sess := filepath.Join(t.TempDir(), "session.txt")

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		for ctx.Err() == nil {
			// The session is written every 0.2s while the run goes on.
			if slow.BytesServed() >= 1<<20 && exists(filepath.Join(dir, "ok.bin")) && exists(sess) {
				cancel()
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	}()
	r := slgetCtx(t, ctx, "-x", "2", "--slice", "256k", "-d", dir, "--save-session", sess, "--save-session-interval", "0.2",
		"--header", "X-Token: t1", ok.FileURL(), gone.FileURL(), slow.FileURL())
	if r.code == 0 {
		t.Fatal("the interrupted run exited 0")
	}
	b, err := os.ReadFile(sess)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	t.Logf("session:\n%s", s)
	if strings.Contains(s, ok.FileURL()) || !strings.Contains(s, gone.FileURL()+"\n") || !strings.Contains(s, slow.FileURL()+"\n") {
		t.Fatalf("the session should hold the 404 and the interrupted URL, not the finished one:\n%s", s)
	}
	if !strings.Contains(s, " dir="+dir+"\n") || !strings.Contains(s, " header=X-Token: t1\n") {
		t.Errorf("the session lacks the entries' dir= or header=:\n%s", s)
	}
	if fi, _ := os.Stat(sess); fi.Mode().Perm() != 0o600 {
		t.Errorf("session mode %v, want 0600 (headers may hold credentials)", fi.Mode().Perm())
	}

	// From another folder, without -d: the session says where.
	r = runSlget(t, "-i", sess, "--save-session", sess)
	if r.code != exitNotFound {
		t.Errorf("rerun: exit %d, want %d (the 404 stays)", r.code, exitNotFound)
	}
	if got := fileSHA(t, filepath.Join(dir, "slow.bin")); got != slow.Content().SHA256() {
		t.Fatal("the interrupted download was not finished by slget -i SESSION")
	}
	b, _ = os.ReadFile(sess)
	if strings.Contains(string(b), slow.FileURL()) || !strings.Contains(string(b), gone.FileURL()) {
		t.Errorf("after the rerun the session should hold the 404 only:\n%s", b)
	}
	for _, n := range []string{"slow.1.bin", "ok.1.bin"} {
		mustNotExist(t, filepath.Join(dir, n))
	}
}

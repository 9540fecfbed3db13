// Tests of what a validator cannot prove, through the binary: a file
// replaced under the same ETag between two runs, a journal resumed for
// another file, and -c over a file whose middle is not the server's.

package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
)

// interrupted runs slget with args and stops it (as Ctrl-C does) once the
// origin has sent at least n bytes; it waits for the bytes, not for a time.
func interrupted(t *testing.T, srv *fetchtest.Server, n int64, args ...string) runResult {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		for srv.BytesServed() < n && ctx.Err() == nil {
			time.Sleep(5 * time.Millisecond)
		}
		cancel()
	}()
	r := slgetCtx(t, ctx, args...)
	if r.code != exitUnfinished {
		t.Fatalf("interrupted run: exit %d, want %d\n%s", r.code, exitUnfinished, r.stderr)
	}
	// The origin's answers to the dead process end once their writes fail:
	// what they send until then must not count for the next run.
	settled(srv)
	return r
}

// settled waits (10s at most) until srv answers no request: its counts
// of what it sent are then final.
func settled(srv *fetchtest.Server) {
	for deadline := time.Now().Add(10 * time.Second); srv.InFlight() > 0 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
}

// A file replaced by other bytes of the same size, keeping its ETag and
// Last-Modified (a copy with its mtime), between two runs: the resume
// compares slices it has with the server's and starts over, or stops with
// exit 33 under --no-restart; never a file of two versions.
func TestReusedETagIsCaughtOnResume(t *testing.T) {
	for _, noRestart := range []bool{false, true} {
		name := "starts over"
		if noRestart {
			name = "no-restart"
		}
		t.Run(name, func(t *testing.T) {
			srv := fetchtest.NewServer(t, fetchtest.WithSize(20<<20), fetchtest.WithRateLimit(2<<20))
			dir := t.TempDir()
			args := []string{"-x", "4", "-d", dir, srv.FileURL()}
			if noRestart {
				args = append([]string{"--no-restart"}, args...)
			}
			path := filepath.Join(dir, "file.bin")
			interrupted(t, srv, 8<<20, args...)
			if !exists(journalPath(path)) {
				t.Fatal("the interrupted run kept no journal")
			}
			oldETag := srv.ETag()
			srv.ReplaceKeepingValidator()
			if srv.ETag() != oldETag {
				t.Fatal("the test origin changed its ETag")
			}
			r := runSlget(t, args...)
			if noRestart {
				if r.code != exitChanged || !strings.Contains(r.stderr, "other bytes") {
					t.Fatalf("exit %d, want %d saying the bytes differ: %s", r.code, exitChanged, r.stderr)
				}
				mustNotExist(t, path)
				if !exists(path + ".part") {
					t.Fatal("the partial download was not kept")
				}
				return
			}
			if r.code != 0 {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			if got := fileSHA(t, path); got != srv.Content().SHA256() {
				t.Fatalf("the file is not the new version (a resume over the old one): %s", r.stderr)
			}
			if !strings.Contains(r.stderr, "starting over") {
				t.Errorf("stderr does not say it started over: %s", r.stderr)
			}
		})
	}
}

// The same check, where the file did not change: a resume costs the
// origin the slices it lacks and one finished slice more (slice 0 comes
// with the probe), not a byte of the rest.
func TestResumeCostsOneSlice(t *testing.T) {
	const size, slice = 20 << 20, 1 << 20
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(2<<20))
	dir := t.TempDir()
	args := []string{"-x", "4", "-d", dir, srv.FileURL()}
	interrupted(t, srv, 8<<20, args...)
	path := filepath.Join(dir, "file.bin")
	st := runSlget(t, "status", "--json", path)
	if st.code != 0 {
		t.Fatalf("status: exit %d: %s", st.code, st.stderr)
	}
	var status struct {
		BytesDone int64 `json:"bytes_done"`
	}
	if err := json.Unmarshal([]byte(st.stdout), &status); err != nil {
		t.Fatalf("status --json: %v: %q", err, st.stdout)
	}
	done := status.BytesDone
	srv.ResetLog()
	before := srv.BytesServed()
	mustFetch(t, path, srv.Content().SHA256(), args...)
	sent := srv.BytesServed() - before
	missing := int64(size) - done
	// The probe's slice 0, the slices missing (those in flight at the
	// interruption among them), and one finished slice to compare.
	if sent > missing+2*slice {
		t.Fatalf("the resume cost the origin %d bytes for %d missing: more than one slice besides the probe's", sent, missing)
	}
}

// -c over a file whose first and last whole slices are the server's but
// whose middle is not: it is left alone, and the download saved beside it.
func TestContinueChecksTheMiddle(t *testing.T) {
	const slice = 256 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(4<<20))
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	partial := srv.Content().Bytes(0, 10*slice)
	for i := slice; i < 9*slice; i++ {
		partial[i] ^= 0xff // slices 1 to 8 are another file's
	}
	if err := os.WriteFile(path, partial, 0o644); err != nil {
		t.Fatal(err)
	}
	r := runSlget(t, "-c", "--slice", "256k", "-x", "4", "-d", dir, srv.FileURL())
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	got, err := os.ReadFile(path)
	if err != nil || string(got) != string(partial) {
		t.Fatal("the file -c did not continue was changed")
	}
	if fileSHA(t, filepath.Join(dir, "file.1.bin")) != srv.Content().SHA256() {
		t.Fatalf("the download was not saved beside it: %s", r.stderr)
	}
	if !strings.Contains(r.stderr, "differs from the server's") {
		t.Errorf("stderr does not say why: %s", r.stderr)
	}
}

// A checksum that the origin's own bytes fail: the same command again would
// only check them again, so the message says how to fetch them anew, and
// that works.
func TestChecksumFailureSaysWhatToDo(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(4<<20))
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	wrong := "sha-256=" + strings.Repeat("0", 64)
	r := runSlget(t, "--checksum", wrong, "-d", dir, srv.FileURL())
	if r.code != exitChecksum || !strings.Contains(r.stderr, "--restart discards it") {
		t.Fatalf("exit %d, want %d with a way out: %s", r.code, exitChecksum, r.stderr)
	}
	// One slice: no journal could resume it, so nothing is left.
	one := fetchtest.NewServer(t, fetchtest.WithSize(100<<10))
	r = runSlget(t, "--checksum", wrong, "-o", "one.bin", "-d", dir, one.FileURL())
	if r.code != exitChecksum || strings.Contains(r.stderr, "--restart") {
		t.Fatalf("one slice: exit %d, want %d without advice to restart: %s", r.code, exitChecksum, r.stderr)
	}
	mustNotExist(t, filepath.Join(dir, "one.bin.part"))
	mustFetch(t, path, srv.Content().SHA256(), "--restart", "--checksum", "sha-256="+srv.Content().SHA256(), "-d", dir, srv.FileURL())
}

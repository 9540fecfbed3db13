// The disk: a full file system during the download, and a crash between
// the final rename and the journal's removal.

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/resume"
	"github.com/slget/slget/segment"
)

// inSmallFS runs script with sh in a new mount namespace where $DIR is a
// tmpfs of size bytes (unshare -Urm, or plain mount as root).
func inSmallFS(t *testing.T, size string, script string, env ...string) string {
	t.Helper()
	dir := t.TempDir()
	full := "mount -t tmpfs -o size=" + size + " tmpfs \"$DIR\" || exit 97\ncd \"$DIR\" || exit 98\n" + script
	for _, argv := range [][]string{{"unshare", "-Urm", "sh", "-c", full}, {"unshare", "-m", "sh", "-c", full}} {
		if _, err := exec.LookPath(argv[0]); err != nil {
			break
		}
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Env = append(append(os.Environ(), "DIR="+dir), env...)
		out, err := cmd.CombinedOutput()
		if cmd.ProcessState != nil && cmd.ProcessState.ExitCode() == 98 {
			t.Fatalf("cd into the tmpfs failed: %s", out)
		}
		if err == nil || cmd.ProcessState.ExitCode() != 97 && !strings.Contains(string(out), "unshare") {
			t.Logf("%s\n%s", script, out)
			return string(out)
		}
		t.Logf("%v: %v: %s", argv[:2], err, out)
	}
	if os.Getenv("CI") != "" {
		t.Fatal("cannot mount a small tmpfs here (unshare -Urm and unshare -m both failed)")
	}
	t.Skip("cannot mount a small tmpfs here")
	return ""
}

// A file system that fills up during the download: exit 9 with the
// partial download kept; once there is room again the same command
// finishes with the right bytes.
func TestDiskFullMidDownloadThenResume(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(6<<20), fetchtest.WithRateLimit(2<<20))
	script := `"$SLGET" -q -x 2 --slice 256k "$URL" & pid=$!
sleep 0.8
head -c 5M /dev/zero > filler 2>/dev/null
wait $pid; echo "first=$?"
rm -f filler
"$SLGET" -q -x 2 --slice 256k "$URL"; echo "second=$?"
sha256sum file.bin | cut -c1-64 | sed 's/^/sum=/'
echo "files:" $(ls)`
	out := inSmallFS(t, "8m", script, "SLGET="+binary(t), "URL="+srv.FileURL())
	if !strings.Contains(out, "first=9") || !strings.Contains(out, "free some space") {
		t.Fatalf("the first run did not end with exit 9 (disk full):\n%s", out)
	}
	if !strings.Contains(out, "second=0") || !strings.Contains(out, "sum="+srv.Content().SHA256()) {
		t.Fatalf("the second run did not finish with the right bytes:\n%s", out)
	}
	if !strings.Contains(out, "files: file.bin\n") {
		t.Fatalf("leftovers after the second run:\n%s", out)
	}
}

// A crash after the final rename and before the journal's removal used to
// make the next run download everything again as NAME.1 and leave
// NAME.slget for ever. The complete file is recognised by its journal, its
// size and its slices' checksums, and the journal is cleaned up; a file
// that does not match is not taken for complete.
func TestCrashAfterRenameIsRecognised(t *testing.T) {
	const size, slice = 3<<20 + 100, 256 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	mustFetch(t, path, srv.Content().SHA256(), "--slice", "256k", "-d", dir, srv.FileURL())
	// What the crash leaves: the file under its final name, and its full
	// journal.
	leaveJournal := func() {
		t.Helper()
		plan, _ := segment.NewPlan(size, slice)
		j, err := resume.Create(journalPath(path), resume.Meta{URL: srv.FileURL(), FinalURL: srv.FileURL(), ETag: srv.ETag(),
			LastModified: srv.LastModified().UTC().Format("Mon, 02 Jan 2006 15:04:05 GMT"), Size: size, SliceSize: slice}, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(path)
		var recs []resume.Record
		for i := 0; i < plan.N(); i++ {
			r := plan.SliceRange(i)
			recs = append(recs, resume.Record{Index: i, CRC32C: resume.SliceChecksum(b[r.Start:r.End]), From: segment.FromOrigin})
		}
		if err := j.Commit(recs); err != nil {
			t.Fatal(err)
		}
		j.Close()
	}
	leaveJournal()
	srv.ResetLog()
	r := runSlget(t, "--slice", "256k", "-d", dir, srv.FileURL())
	if r.code != 0 || !strings.Contains(r.stderr, "complete") {
		t.Fatalf("exit %d, %q; want the file found complete", r.code, r.stderr)
	}
	mustNotExist(t, journalPath(path))
	mustNotExist(t, filepath.Join(dir, "file.1.bin"))
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("%d requests, want only the probe", n)
	}
	// The same journal beside a file that is not what it says: not complete.
	leaveJournal()
	f, _ := os.OpenFile(path, os.O_RDWR, 0)
	f.WriteAt([]byte("rot"), 5000)
	f.Close()
	r = runSlget(t, "--slice", "256k", "-d", dir, srv.FileURL())
	if r.code != 0 || !strings.Contains(r.stderr, "file.1.bin") {
		t.Fatalf("exit %d, %q; want the damaged file left alone and the download saved as file.1.bin", r.code, r.stderr)
	}
}

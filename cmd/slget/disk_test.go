// The disk: a full file system during the download, in a mount namespace
// of its own with a small tmpfs, so the command runs as a process there
// (the library cannot mount one for itself). A crash between the final
// rename and the journal's removal is tried in the root package
// (TestCrashAfterRenameIsRecognised).

package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
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

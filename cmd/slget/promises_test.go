// The promises of the download flow where the command adds something of
// its own: two slget processes on one name (the exit code and message of
// the one refused), `slget verify`'s exit code and words, a process killed
// in its first moments, and -o with a trailing slash. The flow itself is
// tested in the root package (TestAHeldNameRefusesASecondDownload,
// TestFileAppearingAtTheName, TestContinueNeverTakesUnprovenFiles,
// TestDamagedSlicesAreFetchedAgainOnResume, TestLongOutputNames,
// TestVerifyFindsADamagedSliceAndTheNextRunMendsIt).

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/resume"
)

// bg runs the binary in the background; wait returns its exit code and
// output.
type bg struct {
	cmd *exec.Cmd
	out bytes.Buffer
}

func startBinary(t *testing.T, args ...string) *bg {
	t.Helper()
	b := &bg{cmd: exec.Command(binary(t), args...)}
	b.cmd.Stdout, b.cmd.Stderr = &b.out, &b.out
	if err := b.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.cmd.Process.Kill(); b.cmd.Wait() })
	return b
}

func (b *bg) wait(t *testing.T) (int, string) {
	t.Helper()
	return b.waitFor(t, 2*time.Minute)
}

// waitFor waits for the binary to end, and fails the test if it runs for
// longer than d.
func (b *bg) waitFor(t *testing.T, d time.Duration) (int, string) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- b.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(d):
		b.cmd.Process.Kill()
		<-done
		t.Fatalf("%v did not end within %s:\n%s", b.cmd.Args, d, b.out.String())
	}
	return b.cmd.ProcessState.ExitCode(), b.out.String()
}

// runBinary runs the binary to its end.
func runBinary(t *testing.T, args ...string) (int, string) {
	t.Helper()
	code, out := startBinary(t, args...).wait(t)
	t.Logf("slget %q: exit %d\n%s", args, code, out)
	return code, out
}

// waitFor polls until cond holds, or fails the test after 10s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A second slget on a name the first holds, asked to restart or to keep
// no journal, exits with the journal code and says why; the first ends
// well.
func TestSecondSlgetOnAHeldName(t *testing.T) {
	for _, tc := range []struct {
		flag, held string
	}{{"--restart", ".slget"}, {"--no-journal", ".part"}} {
		srv := fetchtest.NewServer(t, fetchtest.WithSize(8<<20), fetchtest.WithRateLimit(1<<20))
		dir := t.TempDir()
		path := filepath.Join(dir, "file.bin")
		first := []string{"-q", "-x", "4", "--slice", "256k", "-d", dir, srv.FileURL()}
		if tc.flag == "--no-journal" {
			first = append([]string{tc.flag}, first...)
		}
		a := startBinary(t, first...)
		waitFor(t, "the first download's "+tc.held, func() bool { return exists(path + tc.held) })
		code, out := runBinary(t, tc.flag, "-x", "4", "-d", dir, srv.FileURL())
		firstCode, firstOut := a.wait(t)
		if code != exitJournal || !strings.Contains(out, "another slget is downloading") {
			t.Fatalf("%s: second slget: exit %d, %q; want %d and a clear message (the first: exit %d, %q)", tc.flag, code, out, exitJournal, firstCode, firstOut)
		}
		if firstCode != 0 {
			t.Fatalf("%s: first slget: exit %d\n%s", tc.flag, firstCode, firstOut)
		}
	}
}

// slget verify on a partial download with a damaged slice exits with the
// checksum code, names the mismatch and says the next run fetches it
// again (which Verify and the next Do do: the root's
// TestVerifyFindsADamagedSliceAndTheNextRunMendsIt).
func TestVerifyCommandFindsABadSlice(t *testing.T) {
	const slice = 256 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(8<<20), fetchtest.WithRateLimit(1<<20))
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	interrupt(t, srv, dir, "-x", "4", "--slice", "256k")
	_, done, _, err := resume.Inspect(journalPath(path))
	if err != nil || done.Count() == 0 {
		t.Fatalf("no slices done after the interrupt: %v", err)
	}
	bad := 0
	for !done.Has(bad) {
		bad++
	}
	f, err := os.OpenFile(path+".part", os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteAt([]byte("rot"), int64(bad)*slice+100)
	f.Close()
	r := runSlget(t, "verify", path)
	if r.code != exitChecksum || !strings.Contains(r.stdout, "checksum mismatch") || !strings.Contains(r.stderr, "fetched again") {
		t.Fatalf("verify: exit %d, %q %q", r.code, r.stdout, r.stderr)
	}
}

// A kill in the first moments (after NAME.part, before the journal) used
// to leave a full-size .part without a journal: the same command then
// saved as NAME.1 and left the orphans behind.
func TestEarlyKillStillResumes(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(8<<20), fetchtest.WithRateLimit(2<<20))
	dir := t.TempDir()
	args := []string{"-q", "-x", "4", "--slice", "256k", "-d", dir, srv.FileURL()}
	rng := newRand()
	for i := 0; i < 15; i++ {
		b := startBinary(t, args...)
		time.Sleep(time.Duration(rng.IntN(60)) * time.Millisecond)
		b.cmd.Process.Kill()
		b.cmd.Wait()
	}
	if code, out := runBinary(t, args...); code != 0 {
		t.Fatalf("final run: exit %d\n%s", code, out)
	}
	ents, _ := os.ReadDir(dir)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if len(names) != 1 || names[0] != "file.bin" {
		t.Fatalf("after early kills and a final run the directory holds %v, want just file.bin", names)
	}
	if got := fileSHA(t, filepath.Join(dir, "file.bin")); got != srv.Content().SHA256() {
		t.Fatal("wrong bytes")
	}
}

// -o with a trailing slash names a folder under -d, made as needed: the
// file goes into it under the server's name (a Path that names a folder
// is the library's: the root's TestOutputIntoDirectory).
func TestOutputIntoDirectory(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(100<<10))
	dir := t.TempDir()
	mustFetch(t, filepath.Join(dir, "new", "deeper", "file.bin"), srv.Content().SHA256(), "-d", dir, "-o", "new/deeper/", srv.FileURL())
}

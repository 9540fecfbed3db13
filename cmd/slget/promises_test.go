// The promises of the download flow, each tried the way it was once broken,
// through the real binary: the final name means complete, a second slget
// or another URL never costs a download its data, nothing unproven is
// adopted, no symlink is followed.

package main

import (
	"bytes"
	"context"
	be "encoding/binary"
	"hash/crc32"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
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

// Path 1: --restart while another slget downloads the same file. It used
// to remove the other's journal and .part before taking any lock; the
// first then renamed a half-written file to the final name and exited 0.
func TestRestartWhileAnotherDownloads(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(8<<20), fetchtest.WithRateLimit(1<<20))
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	a := startBinary(t, "-q", "-x", "4", "--slice", "256k", "-d", dir, srv.FileURL())
	waitFor(t, "the first download's journal", func() bool { return exists(path + ".slget") })
	start := time.Now()
	code, out := runBinary(t, "--restart", "-x", "4", "--slice", "256k", "-d", dir, srv.FileURL())
	if code != exitJournal || !strings.Contains(out, "another slget is downloading") {
		t.Fatalf("second slget: exit %d, %q; want %d and a clear message", code, out, exitJournal)
	}
	if el := time.Since(start); el > 3*time.Second {
		t.Errorf("the second slget took %s to give up", el)
	}
	if code, out := a.wait(t); code != 0 {
		t.Fatalf("first slget: exit %d\n%s", code, out)
	}
	if got := fileSHA(t, path); got != srv.Content().SHA256() {
		t.Fatal("the first download ended with wrong bytes")
	}
}

// Path 3: --no-journal used to drop the only lock: two runs on one name
// truncated and renamed each other's .part.
func TestNoJournalStillLocks(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(8<<20), fetchtest.WithRateLimit(1<<20))
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	a := startBinary(t, "-q", "--no-journal", "-x", "4", "--slice", "256k", "-d", dir, srv.FileURL())
	waitFor(t, "the first download's .part", func() bool { return exists(path + ".part") })
	code, out := runBinary(t, "--no-journal", "-x", "4", "-d", dir, srv.FileURL())
	if code != exitJournal || !strings.Contains(out, "another slget is downloading") {
		t.Fatalf("second slget: exit %d, %q; want %d", code, out, exitJournal)
	}
	if code, out := a.wait(t); code != 0 {
		t.Fatalf("first slget: exit %d\n%s", code, out)
	}
	if got := fileSHA(t, path); got != srv.Content().SHA256() {
		t.Fatal("wrong bytes")
	}
}

// Path 2: the same output name from another URL. With nginx's ETag (mtime
// and size) two files of one size written in the same second share an
// ETag; B used to resume on A's slices and exit 0 with bytes of neither.
func TestOtherURLSameNameLeavesPartialAlone(t *testing.T) {
	const size = 8 << 20
	a := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithSeed(1), fetchtest.WithETag(`"5f3c-800000"`), fetchtest.WithRateLimit(1<<20))
	b := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithSeed(2), fetchtest.WithETag(`"5f3c-800000"`))
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	interrupt(t, a, dir, "-x", "4", "--slice", "256k")
	partBefore, _ := os.ReadFile(path + ".part")

	// Without renaming: a clear error naming both URLs; nothing touched.
	code, out := runBinary(t, "--auto-file-renaming=false", "-d", dir, b.FileURL())
	if code != exitFileExists || !strings.Contains(out, a.FileURL()) || !strings.Contains(out, b.FileURL()) {
		t.Fatalf("exit %d, %q; want %d naming both URLs", code, out, exitFileExists)
	}
	if after, _ := os.ReadFile(path + ".part"); !bytes.Equal(after, partBefore) {
		t.Fatal("A's partial download was changed")
	}
	// With renaming (the default): B is saved beside it.
	code, out = runBinary(t, "-d", dir, b.FileURL())
	if code != 0 || !strings.Contains(out, "file.1.bin") {
		t.Fatalf("exit %d, %q; want B saved as file.1.bin", code, out)
	}
	if got := fileSHA(t, filepath.Join(dir, "file.1.bin")); got != b.Content().SHA256() {
		t.Fatal("B's file has wrong bytes")
	}
	// A's partial resumes to A's bytes.
	mustFetch(t, path, a.Content().SHA256(), "-x", "4", "-d", dir, a.FileURL())
}

// Path 4: -c on an unrelated file used to replace it without a word, and
// a full-size file with holes (another downloader's preallocation) was
// adopted whole after one slice matched.
func TestContinueNeverTakesUnprovenFiles(t *testing.T) {
	const size, slice = 4 << 20, 256 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	want := srv.Content().SHA256()
	for _, tc := range []struct {
		name  string
		write func(path string)
	}{
		{"unrelated smaller file", func(p string) {
			os.WriteFile(p, fetchtest.Content{Size: 3 * slice, Seed: 77}.Bytes(0, 3*slice), 0o644)
		}},
		{"full size with holes, right last slice", func(p string) {
			f, _ := os.Create(p)
			f.Truncate(size) // all holes
			f.WriteAt(srv.Content().Bytes(size-slice, slice), size-slice)
			f.Close()
		}},
		{"prefix with a hole", func(p string) {
			f, _ := os.Create(p)
			f.Truncate(10 * slice)
			f.WriteAt(srv.Content().Bytes(9*slice, slice), 9*slice) // only its last whole slice is real
			f.Close()
		}},
		{"full size, right bytes, no --checksum", func(p string) {
			os.WriteFile(p, srv.Content().Bytes(0, size), 0o644)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "file.bin")
			tc.write(path)
			before := fileSHA(t, path)
			code, out := runBinary(t, "-c", "--slice", "256k", "-d", dir, srv.FileURL())
			if code != 0 || !strings.Contains(out, "not continued") || !strings.Contains(out, "file.1.bin") {
				t.Fatalf("exit %d, %q; want it left alone and the download saved as file.1.bin", code, out)
			}
			if fileSHA(t, path) != before {
				t.Fatal("the file that was not adopted was changed")
			}
			if fileSHA(t, filepath.Join(dir, "file.1.bin")) != want {
				t.Fatal("file.1.bin has wrong bytes")
			}
			code, out = runBinary(t, "-c", "--auto-file-renaming=false", "--slice", "256k", "-o", "other.bin", "-d", dir, srv.FileURL())
			_ = out
			if code != 0 {
				t.Fatalf("a fresh name with -c: exit %d", code)
			}
		})
	}
	// A full-size file that --checksum proves is complete already.
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	os.WriteFile(path, srv.Content().Bytes(0, size), 0o644)
	srv.ResetLog()
	code, out := runBinary(t, "-c", "--checksum", "sha-256="+want, "-d", dir, srv.FileURL())
	if code != 0 || !strings.Contains(out, "complete") || exists(filepath.Join(dir, "file.1.bin")) {
		t.Fatalf("exit %d, %q; want the file found complete", code, out)
	}
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("%d requests for a file proven complete, want just the probe", n)
	}
}

// Path 5: slget verify found a bad slice, but the next run trusted the
// journal and exited 0 with it; verify's advice (--restart) threw every
// good slice away. Now verify un-marks it and the next run fetches it
// alone; --check-integrity does the same before resuming.
func TestVerifiedBadSliceIsRefetched(t *testing.T) {
	const slice = 256 << 10
	for _, viaVerify := range []bool{true, false} {
		srv := fetchtest.NewServer(t, fetchtest.WithSize(8<<20), fetchtest.WithRateLimit(1<<20))
		dir := t.TempDir()
		path := filepath.Join(dir, "file.bin")
		interrupt(t, srv, dir, "-x", "4", "--slice", "256k")
		_, done, _, err := resume.Inspect(journalPath(path))
		if err != nil || done.Count() == 0 {
			t.Fatalf("no slices done after the interrupt: %v", err)
		}
		bad := -1
		for i := 0; i < done.Len(); i++ {
			if done.Has(i) {
				bad = i
				break
			}
		}
		f, _ := os.OpenFile(path+".part", os.O_RDWR, 0)
		f.WriteAt([]byte("rot"), int64(bad)*slice+100)
		f.Close()
		args := []string{"-x", "4", "--slice", "256k", "-d", dir, srv.FileURL()}
		if viaVerify {
			r := runSlget(t, "verify", path)
			if r.code != exitChecksum || !strings.Contains(r.stdout, "checksum mismatch") || !strings.Contains(r.stderr, "fetched again") {
				t.Fatalf("verify: exit %d, %q %q", r.code, r.stdout, r.stderr)
			}
		} else {
			args = append([]string{"--check-integrity"}, args...)
		}
		srv.ResetLog()
		mustFetch(t, path, srv.Content().SHA256(), args...)
		refetched := false
		for _, q := range srv.Requests() {
			if q.Start <= int64(bad)*slice && int64(bad)*slice < q.End {
				refetched = true
			}
		}
		if !refetched {
			t.Errorf("verify=%v: the bad slice %d was not fetched again", viaVerify, bad)
		}
	}
}

// Path 6: a stall in the probe's body (slice 0) was never timed out: every
// other slice finished and slget hung for ever.
func TestProbeBodyStallIsReplaced(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(4<<20), fetchtest.WithStall(1, 64<<10))
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	path := filepath.Join(dir, "file.bin")
	r := slgetCtx(t, ctx, "-x", "4", "--slice", "256k", "--stall-timeout", "1", "--retry-wait", "50ms", "-d", dir, srv.FileURL())
	if r.code != 0 {
		t.Fatalf("exit %d (a stalled probe body must be replaced, not waited on for ever)", r.code)
	}
	if got := fileSHA(t, path); got != srv.Content().SHA256() {
		t.Fatal("wrong bytes")
	}
}

// Path 7: an existing NAME was replaced, exit 0, whenever a stray NAME.part
// (a browser's) sat beside it.
func TestStrayPartNeverReplacesFile(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1<<20))
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	os.WriteFile(path, []byte("the user's own file"), 0o644)
	os.WriteFile(path+".part", []byte("a browser's partial download"), 0o644)
	code, out := runBinary(t, "--auto-file-renaming=false", "-d", dir, srv.FileURL())
	if code != exitFileExists {
		t.Fatalf("exit %d, %q; want %d", code, out, exitFileExists)
	}
	code, out = runBinary(t, "-d", dir, srv.FileURL())
	if code != 0 || !strings.Contains(out, "file.1.bin") {
		t.Fatalf("exit %d, %q; want the download saved as file.1.bin", code, out)
	}
	if b, _ := os.ReadFile(path); string(b) != "the user's own file" {
		t.Fatalf("the user's file was replaced: %q", b)
	}
	if b, _ := os.ReadFile(path + ".part"); string(b) != "a browser's partial download" {
		t.Fatalf("the stray .part was changed: %q", b)
	}
	if got := fileSHA(t, filepath.Join(dir, "file.1.bin")); got != srv.Content().SHA256() {
		t.Fatal("wrong bytes")
	}
}

// Path 9: one flipped bit in a slice key of the journal made resume trust
// a slice that was never written: exit 0 with a zero-filled slice.
func TestFlippedJournalBitIsNotTrusted(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(8<<20), fetchtest.WithRateLimit(1<<20))
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	interrupt(t, srv, dir, "-x", "4", "--slice", "256k")
	_, done, recs, err := resume.Inspect(journalPath(path))
	if err != nil {
		t.Fatal(err)
	}
	// Flip a bit of the last done slice's key so that it names a later
	// slice that was never written (keys stay in order, so the file's
	// structure is still sound). A leaf page holds each key beside its
	// value: find the pair (key, CRC-32C, source, check), in every page
	// that still holds a copy.
	j, _ := os.ReadFile(journalPath(path))
	castagnoli := crc32.MakeTable(crc32.Castagnoli)
	last := recs[len(recs)-1]
	flipped := false
	for bit := 0; bit < 8 && !flipped; bit++ {
		to := last.Index | 1<<bit
		if to == last.Index || to >= done.Len() {
			continue
		}
		pair := be.BigEndian.AppendUint64(nil, uint64(last.Index))
		pair = be.BigEndian.AppendUint32(pair, last.CRC32C)
		pair = append(pair, byte(last.From))
		pair = be.BigEndian.AppendUint32(pair, crc32.Checksum(pair, castagnoli))
		for at := bytes.Index(j, pair); at >= 0; at = bytes.Index(j, pair) {
			be.BigEndian.PutUint64(j[at:], uint64(to))
			flipped = true
		}
	}
	if !flipped {
		t.Fatal("no key to flip")
	}
	if err := os.WriteFile(journalPath(path), j, 0o600); err != nil {
		t.Fatal(err)
	}
	r := runSlget(t, "-x", "4", "--slice", "256k", "-d", dir, srv.FileURL())
	if r.code != 0 {
		t.Fatalf("exit %d", r.code)
	}
	if got := fileSHA(t, path); got != srv.Content().SHA256() {
		t.Fatal("a slice the damaged journal claimed was trusted: wrong bytes")
	}
	if !strings.Contains(r.stderr, "damaged") {
		t.Errorf("the damage was not reported: %q", r.stderr)
	}
}

// Path 10: a symlink planted at NAME.part was followed: its target was
// truncated and overwritten, and NAME ended as a link to it.
func TestSymlinkAtPartIsNotFollowed(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1<<20))
	dir := t.TempDir()
	victim := filepath.Join(t.TempDir(), "victim")
	os.WriteFile(victim, []byte("precious"), 0o644)
	path := filepath.Join(dir, "file.bin")
	if err := os.Symlink(victim, path+".part"); err != nil {
		t.Fatal(err)
	}
	code, out := runBinary(t, "-d", dir, srv.FileURL())
	if b, _ := os.ReadFile(victim); string(b) != "precious" {
		t.Fatalf("the link's target was written: %q", b)
	}
	if code != 0 || !strings.Contains(out, "symbolic link") {
		t.Fatalf("exit %d, %q; want the link named and the file saved beside it", code, out)
	}
	if fi, err := os.Lstat(filepath.Join(dir, "file.1.bin")); err != nil || !fi.Mode().IsRegular() {
		t.Fatalf("file.1.bin: %v", err)
	}
	if got := fileSHA(t, filepath.Join(dir, "file.1.bin")); got != srv.Content().SHA256() {
		t.Fatal("wrong bytes")
	}
	if fi, err := os.Lstat(path + ".part"); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatal("the planted link was removed or replaced")
	}
}

// -c used to check only the last whole slice of a prefix: a damaged slice
// 0 was kept, with the probe's own slice 0 in hand, and exit 0.
func TestContinueChecksTheStart(t *testing.T) {
	const slice = 256 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(4<<20))
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	b := srv.Content().Bytes(0, 6*slice)
	b[100] ^= 0xff
	os.WriteFile(path, b, 0o644)
	code, out := runBinary(t, "-c", "--slice", "256k", "-d", dir, srv.FileURL())
	if code != 0 || !strings.Contains(out, "not continued") {
		t.Fatalf("exit %d, %q; want it not continued", code, out)
	}
	if got := fileSHA(t, filepath.Join(dir, "file.1.bin")); got != srv.Content().SHA256() {
		t.Fatal("file.1.bin has wrong bytes")
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

// A partial file damaged between two runs used to be resumed into a wrong
// file with exit 0 unless --check-integrity was given; it is the default.
func TestDamagedPartialIsCaughtOnResume(t *testing.T) {
	const slice = 256 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(8<<20), fetchtest.WithRateLimit(1<<20))
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	interrupt(t, srv, dir, "-x", "4", "--slice", "256k")
	_, done, _, _ := resume.Inspect(journalPath(path))
	f, _ := os.OpenFile(path+".part", os.O_RDWR, 0)
	for i := 0; i < done.Len(); i++ {
		if done.Has(i) {
			f.WriteAt([]byte("rot"), int64(i)*slice+7)
		}
	}
	f.Close()
	r := runSlget(t, "-x", "4", "--slice", "256k", "-d", dir, srv.FileURL())
	if r.code != 0 || !strings.Contains(r.stderr, "fetching them again") && !strings.Contains(r.stderr, "fetching it again") {
		t.Fatalf("exit %d, %q", r.code, r.stderr)
	}
	if got := fileSHA(t, path); got != srv.Content().SHA256() {
		t.Fatal("a damaged slice was resumed into the file")
	}
}

// -o naming a directory saves into it under the server's name.
func TestOutputIntoDirectory(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(100<<10))
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	mustFetch(t, filepath.Join(sub, "file.bin"), srv.Content().SHA256(), "-o", sub, srv.FileURL())
	mustFetch(t, filepath.Join(dir, "new", "deeper", "file.bin"), srv.Content().SHA256(), "-d", dir, "-o", "new/deeper/", srv.FileURL())
	mustFetch(t, filepath.Join(dir, "a", "b", "name.bin"), srv.Content().SHA256(), "-d", dir, "-o", "a/b/name.bin", srv.FileURL())
}

// -c continues the partial download of a mirror that serves the same
// strong ETag and size; without -c it is left alone.
func TestContinueFromAMirror(t *testing.T) {
	a := fetchtest.NewServer(t, fetchtest.WithSize(8<<20), fetchtest.WithETag(`"same"`), fetchtest.WithRateLimit(1<<20))
	b := fetchtest.NewServer(t, fetchtest.WithSize(8<<20), fetchtest.WithETag(`"same"`))
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	interrupt(t, a, dir, "-x", "4", "--slice", "256k")
	r := runSlget(t, "-c", "-x", "4", "--slice", "256k", "-d", dir, b.FileURL())
	if r.code != 0 || !strings.Contains(r.stderr, "same ETag") {
		t.Fatalf("exit %d, %q", r.code, r.stderr)
	}
	if got := fileSHA(t, path); got != b.Content().SHA256() {
		t.Fatal("wrong bytes")
	}
	mustNotExist(t, filepath.Join(dir, "file.1.bin"))
}

// A partial download whose server no longer answers ranges: the rerun
// downloads on one connection from the start, and leaves no journal that
// claims what is not there; with --no-restart it stops and keeps it.
func TestFallbackToOneConnectionLeavesNoJournal(t *testing.T) {
	var noRanges atomic.Bool
	srv := fetchtest.NewServer(t, fetchtest.WithSize(4<<20), fetchtest.WithRateLimit(1<<20),
		fetchtest.WithFault(func(r *http.Request, _ int) fetchtest.Fault {
			if noRanges.Load() && r.Header.Get("Range") != "" {
				return fetchtest.Fault{FullBody: true}
			}
			return fetchtest.Fault{}
		}))
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	interrupt(t, srv, dir, "-x", "4", "--slice", "256k")
	noRanges.Store(true)
	r := runSlget(t, "--no-restart", "-x", "4", "-d", dir, srv.FileURL())
	if r.code != exitNoResume || !exists(journalPath(path)) {
		t.Fatalf("--no-restart: exit %d, journal there %v; want %d and the partial download kept", r.code, exists(journalPath(path)), exitNoResume)
	}
	r = runSlget(t, "-x", "4", "-d", dir, srv.FileURL())
	if r.code != 0 || !strings.Contains(r.stderr, "one connection") {
		t.Fatalf("exit %d, %q", r.code, r.stderr)
	}
	if got := fileSHA(t, path); got != srv.Content().SHA256() {
		t.Fatal("wrong bytes")
	}
	mustNotExist(t, journalPath(path))
	mustNotExist(t, path+".part")
	if st := runSlget(t, "status", path); st.code == 0 {
		t.Errorf("status of a complete file claims a partial download: %q", st.stdout)
	}
}

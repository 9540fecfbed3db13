// Crash-safe resume, proven with the real binary killed with SIGKILL.

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/resume"
	"github.com/slget/slget/segment"
)

// TestKill9Loop kills the real binary at random points many times during a
// download from a rate-limited origin, then lets it finish: the bytes must be
// right, and the origin must not have served much more than the file: at
// most the slices in flight at each kill.
func TestKill9Loop(t *testing.T) {
	if testing.Short() {
		t.Skip("kills a real process 20 times; skipped with -short")
	}
	bin := binary(t)
	const (
		size  = 24 << 20
		slice = 256 << 10
		conns = 4
		kills = 20
	)
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(512<<10))
	dir := t.TempDir()
	args := []string{"-x", "4", "--slice", "256k", "-q", "-d", dir, srv.FileURL()}
	rng := rand.New(rand.NewPCG(1, 2))
	path := filepath.Join(dir, "file.bin")
	killed := 0
	for killed < kills {
		cmd := exec.Command(bin, args...)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(50+rng.IntN(400)) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		err := cmd.Wait()
		if err == nil {
			t.Fatalf("the download finished before kill %d; make the file larger", killed+1)
		}
		if ee, ok := err.(*exec.ExitError); !ok || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
			t.Fatalf("run %d ended with %v, not by SIGKILL: %s", killed+1, err, stderr.String())
		}
		killed++
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, bin, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("final run: %v\n%s", err, out)
	}
	if got := fileSHA(t, path); got != srv.Content().SHA256() {
		t.Fatalf("after %d kills: sha256 %s, want %s", killed, got, srv.Content().SHA256())
	}
	mustNotExist(t, path+".part")
	mustNotExist(t, path+".slget")
	// In flight at a kill: one slice per connection, the probe's slice, and
	// the slices finished since the last group commit (250ms at 2 MiB/s is
	// at most two slices of 256 KiB).
	perKill := int64(conns+1+2) * slice
	served := srv.BytesServed()
	t.Logf("%d kills: origin served %d bytes for a %d-byte file (%.2fx); bound %d", killed, served, size, float64(served)/size, size+int64(killed)*perKill)
	if served > size+int64(killed)*perKill {
		t.Fatalf("origin served %d bytes, more than the file (%d) plus %d kills × %d in flight", served, size, killed, perKill)
	}
	for _, q := range gets(srv.Requests()) {
		if !q.Aligned(slice, size) {
			t.Errorf("request %d asked %q: not slice-aligned", q.N, q.Range)
		}
	}
}

// interrupt starts a download in-process and cancels it once part of the
// file is on disk, as Ctrl-C would.
func interrupt(t *testing.T, srv *fetchtest.Server, dir string, args ...string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	base := srv.BytesServed()
	go func() {
		for ctx.Err() == nil {
			if srv.BytesServed()-base >= 2<<20 {
				cancel()
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	}()
	r := slgetCtx(t, ctx, append(args, "-d", dir, srv.FileURL())...)
	if r.code != exitUnfinished {
		t.Fatalf("interrupted run: exit %d, want %d", r.code, exitUnfinished)
	}
	if !strings.Contains(r.stderr, "resume") {
		t.Errorf("interrupted run does not say how to resume: %q", r.stderr)
	}
}

func TestInterruptThenResume(t *testing.T) {
	const size = 8 << 20
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(1<<20))
	dir := t.TempDir()
	interrupt(t, srv, dir, "-x", "4", "--slice", "256k")
	path := filepath.Join(dir, "file.bin")
	_, doneSet, _, err := resume.Inspect(journalPath(path))
	if err != nil || doneSet.Count() == 0 {
		t.Fatalf("after Ctrl-C the journal shows no slices done (%v)", err)
	}
	before := srv.BytesServed()
	srv.ResetLog()
	mustFetch(t, path, srv.Content().SHA256(), "-x", "4", "--slice", "256k", "-d", dir, srv.FileURL())
	// No slice the journal had as done is asked again (but by the probe,
	// whose body is dropped when slice 0 is done, and the one finished
	// slice the resume compares with the origin's).
	plan, _ := segment.NewPlan(size, 256<<10)
	if err := checkNoRefetch(srv.Requests()[1:], plan, doneSet); err != nil {
		t.Error(err)
	}
	if total := before + srv.BytesServed(); total > size+6*(256<<10) {
		t.Errorf("origin served %d bytes in all for a %d-byte file", total, size)
	}
}

func TestResumeAfterRemoteChanged(t *testing.T) {
	const size = 8 << 20
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(1<<20))
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	interrupt(t, srv, dir, "-x", "4", "--slice", "256k")
	srv.Change() // same size, new ETag, new bytes

	// --no-restart: stop with the changed code, keep the partial download.
	r := runSlget(t, "--no-restart", "-x", "4", "--slice", "256k", "-d", dir, srv.FileURL())
	if r.code != exitChanged || !strings.Contains(r.stderr, "changed") {
		t.Fatalf("--no-restart: exit %d, want %d with a message", r.code, exitChanged)
	}
	mustNotExist(t, path)
	if _, err := os.Stat(path + ".part"); err != nil {
		t.Fatalf("--no-restart removed the partial download: %v", err)
	}

	// Default: start over from zero, with a warning, never a mixed file.
	r = runSlget(t, "-x", "4", "--slice", "256k", "-d", dir, srv.FileURL())
	if r.code != 0 {
		t.Fatalf("exit %d", r.code)
	}
	if !strings.Contains(r.stderr, "changed") || !strings.Contains(r.stderr, "starting over") {
		t.Errorf("no warning about starting over: %q", r.stderr)
	}
	if got := fileSHA(t, path); got != srv.Content().SHA256() {
		t.Fatal("file after a change is not the new version (mixed?)")
	}
}

func TestResumeWithOtherSliceSizeAndSignedURL(t *testing.T) {
	const size = 8 << 20
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(1<<20))
	dir := t.TempDir()
	interrupt(t, srv, dir, "-x", "4", "--slice", "256k")
	srv.ResetLog()
	// A new query string (a re-signed URL) and another --slice: the journal's
	// slice size wins, and the validator says it is the same file.
	r := runSlget(t, "-x", "4", "--slice", "1m", "-o", "file.bin", "-d", dir, srv.FileURL()+"?sig=new")
	if r.code != 0 {
		t.Fatalf("exit %d", r.code)
	}
	if !strings.Contains(r.stderr, "resuming") {
		t.Errorf("did not resume: %q", r.stderr)
	}
	if got := fileSHA(t, filepath.Join(dir, "file.bin")); got != srv.Content().SHA256() {
		t.Fatal("wrong bytes")
	}
	for _, q := range gets(srv.Requests())[1:] {
		if !q.Aligned(256<<10, size) {
			t.Errorf("request %q not aligned to the journal's 256k slices", q.Range)
		}
	}
}

func TestDamagedJournal(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1<<20))
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	os.WriteFile(path+".part", make([]byte, 1<<20), 0o644)
	os.WriteFile(path+".slget", []byte("this is not a journal at all, just some bytes that happen to be here"), 0o644)
	r := runSlget(t, "-d", dir, srv.FileURL())
	if r.code != exitJournal {
		t.Fatalf("exit %d, want %d", r.code, exitJournal)
	}
	if !strings.Contains(r.stderr, path+".slget") || !strings.Contains(r.stderr, "--restart") {
		t.Errorf("message does not name the journal and --restart: %q", r.stderr)
	}
	mustNotExist(t, path)
	mustFetch(t, path, srv.Content().SHA256(), "--restart", "-d", dir, srv.FileURL())
}

func TestSecondSlgetOnSameFileFailsFast(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(4<<20), fetchtest.WithRateLimit(256<<10))
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan runResult, 1)
	go func() { done <- slgetCtx(t, ctx, "-x", "2", "--slice", "256k", "-d", dir, srv.FileURL()) }()
	path := filepath.Join(dir, "file.bin")
	deadline := time.Now().Add(10 * time.Second)
	for !exists(journalPath(path)) && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	start := time.Now()
	r := runSlget(t, "-x", "2", "--slice", "256k", "--auto-file-renaming=false", "-d", dir, srv.FileURL())
	if r.code != exitJournal || !strings.Contains(r.stderr, "another slget is downloading") {
		t.Fatalf("second slget: exit %d, want %d with 'another slget is downloading'", r.code, exitJournal)
	}
	if el := time.Since(start); el > 5*time.Second {
		t.Errorf("second slget took %s to fail", el)
	}
	cancel()
	<-done
}

func TestStatusAndVerify(t *testing.T) {
	const size = 8 << 20
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(1<<20))
	dir := t.TempDir()
	interrupt(t, srv, dir, "-x", "4", "--slice", "256k")
	path := filepath.Join(dir, "file.bin")

	r := runSlget(t, "status", "--json", path)
	if r.code != 0 {
		t.Fatalf("status: exit %d", r.code)
	}
	var st statusJSON
	if err := json.Unmarshal([]byte(r.stdout), &st); err != nil {
		t.Fatalf("status --json: %v", err)
	}
	_, done, recs, err := resume.Inspect(journalPath(path))
	if err != nil {
		t.Fatal(err)
	}
	if st.SlicesDone != done.Count() || st.Slices != 32 || st.Size != size || st.ETag != srv.ETag() || st.BySource["origin"] != st.BytesDone || st.BytesDone == 0 {
		t.Errorf("status %+v, journal has %d slices done", st, done.Count())
	}
	if r := runSlget(t, "status", path+".part"); r.code != 0 || !strings.Contains(r.stdout, "slices of 256k") {
		t.Errorf("status text: exit %d %q", r.code, r.stdout)
	}

	r = runSlget(t, "verify", path)
	if r.code != 0 || !strings.Contains(r.stdout, fmt.Sprintf("%d slices verified, 0 bad", len(recs))) {
		t.Fatalf("verify: exit %d %q", r.code, r.stdout)
	}
	// Damage one byte of a finished slice: verify must find it.
	f, err := os.OpenFile(path+".part", os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	off := int64(recs[len(recs)-1].Index)*(256<<10) + 100
	b := make([]byte, 1)
	f.ReadAt(b, off)
	b[0] ^= 0xff
	f.WriteAt(b, off)
	f.Close()
	r = runSlget(t, "verify", path)
	if r.code != exitChecksum || !strings.Contains(r.stdout, fmt.Sprintf("slice %d", recs[len(recs)-1].Index)) {
		t.Fatalf("verify after damage: exit %d %q", r.code, r.stdout)
	}
	if r := runSlget(t, "status", filepath.Join(dir, "nothing")); r.code == 0 || !strings.Contains(r.stderr, "no partial download") {
		t.Errorf("status of nothing: exit %d %q", r.code, r.stderr)
	}
}

// -c adopts a plain partial file from another tool (curl -o, wget) once its
// last whole slice matches the server's, and asks only for the rest; a file
// of another version is not adopted.
func TestContinueAdoptsForeignPartial(t *testing.T) {
	const size, slice = 4 << 20, 256 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	os.WriteFile(path, srv.Content().Bytes(0, 10*slice+1000), 0o644) // 10 whole slices and a bit
	r := runSlget(t, "-c", "--slice", "256k", "-d", dir, srv.FileURL())
	if r.code != 0 || !strings.Contains(r.stderr, "continuing") {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	if got := fileSHA(t, path); got != srv.Content().SHA256() {
		t.Fatal("wrong bytes")
	}
	// Probe (slice 0), the re-checks of three slices between and of slice
	// 9, then slices 10.. only.
	reqs := gets(srv.Requests())
	if len(reqs) < 6 || reqs[4].Start != 9*slice || reqs[4].End != 10*slice {
		t.Fatalf("want the probe, three re-checks and one of slice 9, got %v", reqs)
	}
	for _, q := range reqs[1:4] {
		if q.Start%slice != 0 || q.End-q.Start != slice || q.Start < slice || q.End > 9*slice {
			t.Errorf("re-check %d (%s) is not one slice between the first and the last", q.N, q.Range)
		}
	}
	for _, q := range reqs[5:] {
		if q.Start < 10*slice {
			t.Errorf("request %d (%s) asks for an adopted slice", q.N, q.Range)
		}
	}

	// Another version on disk: not adopted, downloaded whole.
	other := fetchtest.Content{Size: size, Seed: 99}
	os.WriteFile(path, other.Bytes(0, 10*slice), 0o644)
	srv.ResetLog()
	r = runSlget(t, "-c", "--allow-overwrite", "--slice", "256k", "-d", dir, srv.FileURL())
	if r.code != 0 || !strings.Contains(r.stderr, "not continued") {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	if got := fileSHA(t, path); got != srv.Content().SHA256() {
		t.Fatal("a file of another version was adopted: wrong bytes")
	}
}

// A file of one slice gets no journal: a crash would lose that one slice
// either way, and a long -i list of small files should not pay a journal
// each.
func TestSingleSliceHasNoJournal(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(100<<10), fetchtest.WithStall(1, 10<<10))
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Ctrl-C while it stalls: once the origin has sent the 10 KiB before the
	// stall (a fixed delay could come before the first request, and leave
	// the stall to the next run).
	go func() {
		for srv.BytesServed() < 10<<10 && ctx.Err() == nil {
			time.Sleep(10 * time.Millisecond)
		}
		cancel()
	}()
	r := slgetCtx(t, ctx, "-d", dir, srv.FileURL())
	if r.code != exitUnfinished {
		t.Fatalf("exit %d, want %d", r.code, exitUnfinished)
	}
	path := filepath.Join(dir, "file.bin")
	mustNotExist(t, journalPath(path))
	// Without a journal nothing could resume it: it is not left behind to
	// be mistaken for a partial download.
	mustNotExist(t, path+".part")
	if !strings.Contains(r.stderr, "nothing was kept") {
		t.Errorf("stderr does not say nothing was kept: %q", r.stderr)
	}
	mustFetch(t, path, srv.Content().SHA256(), "-d", dir, srv.FileURL())
}

// --no-journal: no journal beside a multi-slice download, interrupted or
// not; the next run starts over and gets it right.
func TestNoJournal(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(4<<20), fetchtest.WithRateLimit(1<<20))
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	time.AfterFunc(400*time.Millisecond, cancel)
	r := slgetCtx(t, ctx, "--no-journal", "-x", "4", "--slice", "256k", "-d", dir, srv.FileURL())
	if r.code != exitUnfinished {
		t.Fatalf("exit %d, want %d", r.code, exitUnfinished)
	}
	path := filepath.Join(dir, "file.bin")
	mustNotExist(t, journalPath(path))
	r = runSlget(t, "--no-journal", "-x", "8", "--slice", "256k", "-d", dir, srv.FileURL())
	if r.code != 0 {
		t.Fatalf("exit %d", r.code)
	}
	mustNotExist(t, journalPath(path))
	if got := fileSHA(t, path); got != srv.Content().SHA256() {
		t.Fatal("wrong bytes")
	}
}

// slget status reads the journal of a download that is running (and holds
// it locked) from a snapshot, and says that it is running.
func TestStatusWhileDownloading(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(8<<20), fetchtest.WithRateLimit(1<<20))
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan runResult, 1)
	go func() { done <- slgetCtx(t, ctx, "-x", "4", "--slice", "256k", "-d", dir, srv.FileURL()) }()
	for srv.BytesServed() < 2<<20 {
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(400 * time.Millisecond) // a group commit or two
	r := runSlget(t, "status", "--json", filepath.Join(dir, "file.bin"))
	cancel()
	<-done
	if r.code != 0 {
		t.Fatalf("status during a download: exit %d", r.code)
	}
	var st statusJSON
	if err := json.Unmarshal([]byte(r.stdout), &st); err != nil {
		t.Fatal(err)
	}
	if !st.Active || st.SlicesDone == 0 || st.Size != 8<<20 {
		t.Errorf("status %+v: want an active download with slices done", st)
	}
}

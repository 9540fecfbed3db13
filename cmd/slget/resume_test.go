// Crash-safe resume, proven with the real binary killed with SIGKILL; what
// the command adds to a resume (exit codes, messages, status, the flags'
// meaning). The flow itself is tested in the root package
// (TestInterruptThenResume, TestContinueAdoptsForeignPartial).

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

	"github.com/urfave/cli/v2"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/resume"
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
		if !q.EndsAligned(slice, size) { // a resume asks for the rest of a slice begun before the kill
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

// What the command adds to a resume stopped by a change (the library's
// flow is the root package's TestResumeAfterRemoteChanged): exit 33 and a
// line that says so.
func TestNoRestartAfterAChangeIs33(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(8<<20), fetchtest.WithRateLimit(1<<20))
	dir := t.TempDir()
	interrupt(t, srv, dir, "-x", "4", "--slice", "256k")
	srv.Change()
	r := runSlget(t, "--no-restart", "-x", "4", "--slice", "256k", "-d", dir, srv.FileURL())
	if r.code != exitChanged || !strings.Contains(r.stderr, "changed") {
		t.Fatalf("--no-restart: exit %d, want %d with a message", r.code, exitChanged)
	}
}

// What the command adds to a damaged journal (the library's flow is the
// root package's TestDamagedJournal): exit 34, and a message that names
// the journal and --restart.
func TestDamagedJournalIs34(t *testing.T) {
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
}

// slget status --json of a download that runs says that it is active
// (the snapshot it reads is the root package's TestStatusWhileDownloading).
func TestStatusWhileDownloading(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(8<<20), fetchtest.WithRateLimit(1<<20))
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan runResult, 1)
	go func() { done <- slgetCtx(t, ctx, "-x", "4", "--slice", "256k", "-d", dir, srv.FileURL()) }()
	waitFor(t, "a slice in the journal", func() bool {
		st, err := slget.ReadStatus(path)
		return err == nil && st.SlicesDone > 0
	})
	r := runSlget(t, "status", "--json", path)
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

// The flags of a download mean the library's settings: the flows they
// choose are tested in the root package, through Client.Do.
func TestFlagsMakeTheRequest(t *testing.T) {
	const u = "http://127.0.0.1:1/file.bin"
	for _, tc := range []struct {
		words []string
		ok    func(req *slget.Request, c *slget.Client) bool
	}{
		{nil, func(req *slget.Request, c *slget.Client) bool {
			return req.AutoRename && !req.Continue && !req.Restart && !req.NoRestart && !req.NoJournal && c.Slice == 1<<20
		}},
		{[]string{"-c"}, func(req *slget.Request, _ *slget.Client) bool { return req.Continue }},
		{[]string{"--restart"}, func(req *slget.Request, _ *slget.Client) bool { return req.Restart }},
		{[]string{"--no-restart"}, func(req *slget.Request, _ *slget.Client) bool { return req.NoRestart }},
		{[]string{"--no-journal"}, func(req *slget.Request, _ *slget.Client) bool { return req.NoJournal }},
		{[]string{"--allow-overwrite"}, func(req *slget.Request, _ *slget.Client) bool { return req.AllowOverwrite }},
		{[]string{"--auto-file-renaming=false"}, func(req *slget.Request, _ *slget.Client) bool { return !req.AutoRename }},
		{[]string{"--slice", "256k"}, func(_ *slget.Request, c *slget.Client) bool { return c.Slice == 256<<10 }},
		{[]string{"--retry-wait", "0.05", "--retry-max-time", "3"}, func(_ *slget.Request, c *slget.Client) bool {
			return c.Retry == slget.RetryPolicy{Wait: 50 * time.Millisecond, Budget: 3 * time.Second}
		}},
		{[]string{"--lowest-speed-limit", "1k"}, func(_ *slget.Request, c *slget.Client) bool { return c.LowestSpeed == 1<<10 }},
		{[]string{"-o", "f.bin", "-d", "/x"}, func(req *slget.Request, _ *slget.Client) bool { return req.Path == "/x/f.bin" }},
	} {
		parsed(t, tc.words, func(ctx *cli.Context) {
			cfg, err := readConfig(ctx)
			if err != nil {
				t.Fatalf("%q: %v", tc.words, err)
			}
			c := &slget.Client{}
			setClient(c, cfg)
			req := (&app{cfg: cfg}).request(u)
			if !tc.ok(req, c) {
				t.Errorf("%q: request %+v, client slice %d, retry %+v, lowest speed %d", tc.words, req, c.Slice, c.Retry, c.LowestSpeed)
			}
		})
	}
}

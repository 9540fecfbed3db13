// Soak: a 256 MiB download through 100 kill -9s of the real binary, each
// kill's journal checked against the bytes on disk.

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/resume"
	"github.com/slget/slget/segment"
)

// TestSoakKill9 kills the real binary 100 times at random points (in bytes)
// of a 256 MiB download from a rate-limited origin, then lets it finish. After
// every kill, each slice the journal newly calls done holds exactly the
// origin's bytes in NAME.part, and no slice once done is lost; no run asks
// the origin for a slice that was done when it started (but the probe's
// slice 0); the final file has the origin's SHA-256; and the origin served
// at most the file plus, per kill, the slices that were in flight or not
// yet committed.
func TestSoakKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("kills a real process 100 times during a 256 MiB download (about two minutes); skipped with -short")
	}
	bin := binary(t)
	const (
		size  = 256 << 20
		slice = 128 << 10
		conns = 4
		rate  = 2 << 20 // per connection: 8 MiB/s in all
		kills = 100
		// Each run is killed once the origin has sent it a random
		// 0.25 to 3.75 MiB (or after maxLife): 200 MiB in all, give or
		// take 10, less than the file, so every run is killed
		// mid-download, wherever the bytes are, on a fast machine or a
		// slow one.
		minBudget, maxBudget = 256 << 10, 3840 << 10
		maxLife              = 3 * time.Second
	)
	start := time.Now()
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(rate))
	content := srv.Content()
	wantSHA := make(chan string, 1)
	go func() { wantSHA <- content.SHA256() }() // seconds under -race: meanwhile
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	args := func(conns int) []string {
		return []string{"-q", "-x", strconv.Itoa(conns), "--slice", "128k", "-d", dir, srv.FileURL()}
	}
	plan, err := segment.NewPlan(size, slice)
	if err != nil {
		t.Fatal(err)
	}
	rng := newRand()
	seen := segment.NewSet(plan.N()) // slices a journal has called done
	var checked int64                // bytes of them compared with the origin's
	for k := 1; k <= kills; k++ {
		first := len(srv.Requests())
		cmd := exec.Command(bin, args(conns)...)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		budget := srv.BytesServed() + minBudget + rng.Int64N(maxBudget-minBudget)
		for deadline := time.Now().Add(maxLife); srv.BytesServed() < budget && time.Now().Before(deadline); {
			time.Sleep(2 * time.Millisecond)
		}
		cmd.Process.Signal(syscall.SIGKILL)
		err := cmd.Wait()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
			t.Fatalf("run %d ended with %v before it was killed:\n%s", k, err, out.String())
		}
		if err := checkNoRefetch(srv.Requests()[first:], plan, seen); err != nil {
			t.Fatalf("run %d: %v", k, err)
		}
		n, err := checkNewSlices(path, plan, content, seen)
		if err != nil {
			t.Fatalf("after kill %d: %v", k, err)
		}
		checked += n
	}
	killed := time.Since(start)
	// The last run, not killed, finishes with more connections (the
	// journal, not -x, says what is left).
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	first := len(srv.Requests())
	if out, err := exec.CommandContext(ctx, bin, args(16)...).CombinedOutput(); err != nil {
		t.Fatalf("final run: %v\n%s", err, out)
	}
	if err := checkNoRefetch(srv.Requests()[first:], plan, seen); err != nil {
		t.Fatalf("final run: %v", err)
	}
	finished := time.Since(start) - killed
	if got, want := fileSHA(t, path), <-wantSHA; got != want {
		t.Fatalf("after %d kills: SHA-256 %s, want %s", kills, got, want)
	}
	mustNotExist(t, path+".part")
	mustNotExist(t, journalPath(path))
	// In flight at a kill: a slice per connection and the probe's, what
	// finished since the last group commit (250ms at 8 MiB/s is 16
	// slices; twice that, as a commit's fsyncs take their time on a busy
	// disk), and one slice of rounding. What was done is never fetched
	// again (checkNoRefetch): this bound is about the commits' pace.
	perKill := int64(conns+1+2*(conns*rate/4+slice-1)/slice+1) * slice
	served, bound := srv.BytesServed(), size+int64(kills)*perKill
	t.Logf("%d kills in %v, then the last run in %v, %v in all: the journals' slices checked as they appeared (%d MiB, %d of %d slices done at the last kill); origin served %d MiB for a %d MiB file (%.2fx, %.2f MiB lost per kill); bound %d MiB",
		kills, killed.Round(time.Millisecond), finished.Round(time.Millisecond), time.Since(start).Round(time.Millisecond), checked>>20, seen.Count(), plan.N(),
		served>>20, size>>20, float64(served)/size, float64(served-size)/kills/(1<<20), bound>>20)
	if served > bound {
		t.Errorf("origin served %d bytes, more than the file (%d) plus %d kills × %d in flight", served, size, kills, perKill)
	}
	for _, q := range gets(srv.Requests()) {
		if !q.EndsAligned(slice, size) { // a resume asks for the rest of a slice begun before the kill
			t.Errorf("request %d asked %q: not slice-aligned", q.N, q.Range)
		}
	}
}

// checkNoRefetch fails when one of reqs (the requests of one run) asks
// for a slice in done (done when the run started), the probe's slice 0
// excepted: the probe always asks for it and drops the body when it is
// done.
func checkNoRefetch(reqs []fetchtest.Request, plan segment.Plan, done *segment.Set) error {
	// A resume compares one finished slice, chosen at random, with the
	// origin's (the root's contentDiffers): one request of exactly one done slice.
	checks := 1
	for _, q := range reqs {
		if q.Start == 0 && q.End == plan.Slice {
			continue
		}
		if i := plan.Index(q.Start); checks > 0 && i >= 0 && i < plan.N() && done.Has(i) && plan.SliceRange(i) == (segment.Range{Start: q.Start, End: q.End}) {
			checks--
			continue
		}
		for i := plan.Index(q.Start); i >= 0 && i < plan.N() && plan.SliceRange(i).Start < q.End; i++ {
			if done.Has(i) {
				return fmt.Errorf("request %d (%s) asks again for slice %d, done before the run", q.N, q.Range, i)
			}
		}
	}
	return nil
}

// checkNewSlices reads the journal beside path (if there is one yet): every
// slice it has done that seen has not must hold the origin's bytes in the
// .part file, and every slice in seen must still be done. It adds the new
// ones to seen and returns how many bytes it compared.
func checkNewSlices(path string, plan segment.Plan, content fetchtest.Content, seen *segment.Set) (int64, error) {
	_, done, _, err := resume.Inspect(journalPath(path))
	if errors.Is(err, resume.ErrNotExist) {
		if seen.Count() > 0 {
			return 0, errors.New("the journal is gone, with slices done")
		}
		return 0, nil // killed before the journal was made
	}
	if err != nil {
		return 0, err
	}
	if done.Len() != plan.N() {
		return 0, errors.New("the journal's plan has changed")
	}
	f, err := os.Open(path + ".part")
	if err != nil {
		return 0, err
	}
	defer f.Close()
	var n int64
	buf := make([]byte, plan.Slice)
	for i := 0; i < plan.N(); i++ {
		switch {
		case seen.Has(i) && !done.Has(i):
			return n, fmt.Errorf("slice %d was done and is no longer", i)
		case done.Has(i) && !seen.Has(i):
			r := plan.SliceRange(i)
			b := buf[:r.Len()]
			if _, err := f.ReadAt(b, r.Start); err != nil && err != io.EOF {
				return n, err
			}
			if !bytes.Equal(b, content.Bytes(r.Start, r.Len())) {
				return n, fmt.Errorf("the journal has slice %d done, but NAME.part does not hold its bytes", i)
			}
			seen.Add(i)
			n += r.Len()
		}
	}
	return n, nil
}

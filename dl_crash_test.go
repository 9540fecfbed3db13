// Crash injection between the data write and the journal commit.

package slget

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/internal/osfile"
	"github.com/slget/slget/resume"
	"github.com/slget/slget/segment"
)

// crashingFile is the .part file of a machine that loses power at the
// crashAt-th sync: that sync and everything after it fail, as if the process
// had died between writing slices and committing them.
type crashingFile struct {
	*os.File
	mu      sync.Mutex
	syncs   int
	crashAt int
}

var errPowerLost = errors.New("power lost")

func (c *crashingFile) Sync() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.syncs++
	if c.syncs >= c.crashAt {
		return errPowerLost
	}
	return osfile.Datasync(c.File)
}

// countingCommitter counts what reached the journal.
type countingCommitter struct {
	committer
	mu        sync.Mutex
	committed map[int]bool
}

func (c *countingCommitter) Commit(done []fetch.SliceDone) error {
	if err := c.committer.Commit(done); err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, d := range done {
		c.committed[d.Index] = true
	}
	return nil
}

func TestCrashBetweenWriteAndCommit(t *testing.T) {
	const size, slice = 4 << 20, 64 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(2<<20))
	dir := t.TempDir()
	part, jpath := filepath.Join(dir, "f.part"), filepath.Join(dir, "f.slget")
	f, err := os.OpenFile(part, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	f.Truncate(size)
	client, _ := fetch.NewClient(fetch.ClientOptions{Connections: 2})
	p, err := client.Probe(context.Background(), srv.FileURL(), slice)
	if err != nil {
		t.Fatal(err)
	}
	j, err := resume.Create(jpath, resume.Meta{URL: srv.FileURL(), FinalURL: p.FinalURL, ETag: p.Validator.ETag, Size: size, SliceSize: slice}, nil)
	if err != nil {
		t.Fatal(err)
	}
	plan, _ := segment.NewPlan(size, slice)
	cc := &countingCommitter{committer: committer{j}, committed: map[int]bool{}}
	out := &crashingFile{File: f, crashAt: 4}
	d := fetch.NewDownloader(fetch.Config{Connections: 2, Journal: cc, Hash: true, CommitSlices: 3, CommitEvery: 50 * time.Millisecond},
		plan, nil, fetch.NewOrigin(client, p), out)
	err = d.Run(context.Background(), p.Body)
	if !errors.Is(err, errPowerLost) {
		t.Fatalf("Run: %v, want the injected crash", err)
	}
	written := d.Done() // slices whose bytes were written, committed or not
	j.Close()

	_, done, recs, err := resume.Inspect(jpath)
	if err != nil {
		t.Fatal(err)
	}
	if done.Count() != len(cc.committed) || done.Count() == 0 {
		t.Fatalf("journal has %d slices done, %d were committed before the crash", done.Count(), len(cc.committed))
	}
	if written.Count() <= done.Count() {
		t.Fatalf("the crash left no written-but-uncommitted slice (%d written, %d done): it was not between write and commit", written.Count(), done.Count())
	}
	for i := 0; i < plan.N(); i++ {
		if written.Has(i) && !cc.committed[i] && done.Has(i) {
			t.Errorf("slice %d was written but not committed, yet the journal has it done", i)
		}
	}
	// Every slice the journal has done is on disk, byte for byte.
	content := srv.Content()
	for _, r := range recs {
		sr := plan.SliceRange(r.Index)
		b := make([]byte, sr.Len())
		if _, err := f.ReadAt(b, sr.Start); err != nil {
			t.Fatal(err)
		}
		if resume.SliceChecksum(b) != r.CRC32C || string(b) != string(content.Bytes(sr.Start, sr.Len())) {
			t.Errorf("slice %d is done in the journal but its bytes on disk are wrong", r.Index)
		}
	}
	t.Logf("crash at sync %d: %d slices written, %d committed", out.crashAt, written.Count(), done.Count())
}

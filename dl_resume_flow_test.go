// Resume in Client.Do: a stopped download asks the origin only for what
// it lacks, follows its journal's slice size under a re-signed URL, starts
// over (or stops, kept) when the file changed, refuses a damaged journal
// and a name another download holds, and keeps no journal where none
// could help.

package slget_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/resume"
	"github.com/slget/slget/segment"
)

// settled waits (10s at most) until srv answers no request: its counts
// of what it sent are then final, and a stopped download's last answers
// do not count for the next.
func settled(srv *fetchtest.Server) {
	for deadline := time.Now().Add(10 * time.Second); srv.InFlight() > 0 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
}

// refetched returns an error naming the first request of reqs that asks
// for a slice done before the run, but the probe's slice 0 and the one
// finished slice a resume compares with the origin's (contentDiffers).
func refetched(reqs []fetchtest.Request, plan segment.Plan, done *segment.Set) error {
	checks := 1
	for _, q := range reqs {
		if q.Method == http.MethodHead || q.Start == 0 && q.End == plan.Slice {
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

func TestInterruptThenResume(t *testing.T) {
	const size, slice = 8 << 20, 256 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(1<<20))
	c := newClient(t, &slget.Client{Connections: 4, Slice: slice})
	path := filepath.Join(t.TempDir(), "file.bin")
	st := stoppedDownload(t, c, srv, path, 2<<20)
	settled(srv)
	_, done, _, err := resume.Inspect(path + ".slget")
	if err != nil || done.Count() != st.SlicesDone {
		t.Fatalf("the journal after the stop: %v, %d slices done, status says %d", err, done.Count(), st.SlicesDone)
	}
	before := srv.BytesServed()
	srv.ResetLog()
	res, _ := get(t, c, srv, &slget.Request{Path: path})
	if res.Resumed != st.BytesWritten {
		t.Errorf("resumed %d bytes, the journal had %d written", res.Resumed, st.BytesWritten)
	}
	plan, _ := segment.NewPlan(size, slice)
	if err := refetched(srv.Requests()[1:], plan, done); err != nil {
		t.Error(err)
	}
	if total := srv.BytesServed(); total > size+6*slice {
		t.Errorf("origin served %d bytes in all (%d before the resume) for a %d-byte file", total, before, size)
	}
}

// A file changed between two runs: with NoRestart the download stops, its
// partial download kept; by default it starts over, never a mixed file.
func TestResumeAfterRemoteChanged(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(8<<20), fetchtest.WithRateLimit(1<<20))
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
	path := filepath.Join(t.TempDir(), "file.bin")
	stoppedDownload(t, c, srv, path, 2<<20)
	srv.Change() // same size, new ETag, new bytes

	_, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Path: path, NoRestart: true})
	var ke *slget.KeptError
	var ce *slget.ChangedError
	if !errors.As(err, &ke) || !ke.Changed || ke.Path != path+".part" || !errors.As(err, &ce) || !ce.Since {
		t.Fatalf("NoRestart: %v (%T), want a *KeptError of a change since the last run, keeping %s.part", err, err, path)
	}
	if got, want := slget.Remedies(err), []slget.Remedy{slget.RemedyAllowRestart, slget.RemedyRestart}; !slices.Equal(got, want) {
		t.Errorf("remedies %v, want %v", got, want)
	}
	if exists(path) || !exists(path+".part") {
		t.Fatal("NoRestart: want the partial download kept and no file at the name")
	}

	res, w := get(t, c, srv, &slget.Request{Path: path})
	if res.Resumed != 0 || w.count("changed") == 0 || w.count("starting over") != 1 {
		t.Errorf("resumed %d bytes; warnings:\n%s\nwant a start over that says so", res.Resumed, w)
	}
}

// A new query string (a re-signed URL) and another slice size: the
// journal's slice size wins, and the validator says it is the same file.
func TestResumeWithOtherSliceSizeAndSignedURL(t *testing.T) {
	const size, slice = 8 << 20, 256 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(1<<20))
	path := filepath.Join(t.TempDir(), "file.bin")
	stoppedDownload(t, newClient(t, &slget.Client{Connections: 4, Slice: slice}), srv, path, 2<<20)
	settled(srv)
	srv.ResetLog()
	c := newClient(t, &slget.Client{Connections: 4, Slice: 1 << 20})
	w := &warnings{}
	res, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL() + "?sig=new", Path: path, Events: w.event})
	if err != nil {
		t.Fatal(err)
	}
	if res.Resumed == 0 || w.count("resuming") == 0 {
		t.Errorf("did not resume (%d bytes resumed):\n%s", res.Resumed, w)
	}
	if fileSHA256(path) != srv.Content().SHA256() {
		t.Fatal("wrong bytes")
	}
	for _, q := range srv.Requests()[1:] {
		if q.Method != http.MethodHead && !q.EndsAligned(slice, size) {
			t.Errorf("request %q not aligned to the journal's 256k slices (but where a prefix written before the stop ends)", q.Range)
		}
	}
}

// A journal that is not one: an error that names it, nothing at the name;
// Restart then discards it and fetches the file.
func TestDamagedJournal(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1<<20))
	c := newClient(t, &slget.Client{})
	path := filepath.Join(t.TempDir(), "file.bin")
	write(t, path+".part", make([]byte, 1<<20))
	write(t, path+".slget", []byte("this is not a journal at all, just some bytes that happen to be here"))
	_, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Path: path})
	var je *slget.JournalError
	if !errors.As(err, &je) || je.Path != path+".slget" || !errors.Is(err, slget.ErrJournalCorrupt) {
		t.Fatalf("Do: %v (%T), want a *JournalError of a corrupt %s.slget", err, err, path)
	}
	if got := slget.Remedies(err); !slices.Equal(got, []slget.Remedy{slget.RemedyRestart}) {
		t.Errorf("remedies %v, want Restart", got)
	}
	if exists(path) {
		t.Fatal("a file at the name after a damaged journal")
	}
	get(t, c, srv, &slget.Request{Path: path, Restart: true})
}

// Another Client (another program) downloading to the same name: the
// second download fails at once, naming the lock, and touches nothing.
func TestSecondDownloadOfTheSameFileFailsFast(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(4<<20), fetchtest.WithRateLimit(256<<10))
	path := filepath.Join(t.TempDir(), "file.bin")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	first := make(chan error, 1)
	go func() {
		_, err := newClient(t, &slget.Client{Connections: 2, Slice: 256 << 10}).Do(ctx, &slget.Request{URL: srv.FileURL(), Path: path})
		first <- err
	}()
	waitFor(t, "the first download's journal", func() bool { return exists(path + ".slget") })
	start := time.Now()
	_, err := newClient(t, &slget.Client{Connections: 2, Slice: 256 << 10}).Do(t.Context(), &slget.Request{URL: srv.FileURL(), Path: path})
	if !errors.Is(err, slget.ErrLocked) {
		t.Fatalf("second download: %v (%T), want it locked out", err, err)
	}
	if el := time.Since(start); el > 5*time.Second {
		t.Errorf("the second download took %s to fail", el)
	}
	if got := slget.Remedies(err); !slices.Equal(got, []slget.Remedy{slget.RemedyWait, slget.RemedyOtherName}) {
		t.Errorf("remedies %v, want Wait, OtherName", got)
	}
	cancel()
	<-first
}

// ReadStatus of a download that runs (and holds its journal locked) reads
// a snapshot, and says that it is running.
func TestStatusWhileDownloading(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(8<<20), fetchtest.WithRateLimit(1<<20))
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
	path := filepath.Join(t.TempDir(), "file.bin")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	first := make(chan error, 1)
	go func() {
		_, err := c.Do(ctx, &slget.Request{URL: srv.FileURL(), Path: path})
		first <- err
	}()
	var st *slget.Status
	waitFor(t, "a status with slices done", func() bool {
		var err error
		st, err = slget.ReadStatus(path)
		return err == nil && st.SlicesDone > 0
	})
	cancel()
	<-first
	if !st.Active || st.Size != 8<<20 {
		t.Errorf("status %+v: want an active download of 8 MiB", st)
	}
	if after, err := slget.ReadStatus(path); err != nil || after.Active {
		t.Errorf("status once it stopped: %+v, %v; want it not active", after, err)
	}
}

// A file of one slice gets no journal: a stop would lose that one slice
// either way, and a long list of small files should not pay a journal
// each. Without a journal nothing could resume it, so its partial file
// is not left behind to be mistaken for one.
func TestSingleSliceHasNoJournal(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(100<<10), fetchtest.WithStall(1, 10<<10))
	c := newClient(t, &slget.Client{})
	path := filepath.Join(t.TempDir(), "file.bin")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	// Stopped while it stalls: once the origin has sent the 10 KiB before
	// the stall.
	go func() {
		for srv.BytesServed() < 10<<10 && ctx.Err() == nil {
			time.Sleep(5 * time.Millisecond)
		}
		cancel()
	}()
	_, err := c.Do(ctx, &slget.Request{URL: srv.FileURL(), Path: path})
	var ie *slget.InterruptedError
	if !errors.As(err, &ie) || ie.Path != "" || slget.Remedies(err) != nil || !strings.Contains(err.Error(), "nothing was kept") {
		t.Fatalf("Do: %v (%T), want an *InterruptedError that kept nothing, says so and offers nothing", err, err)
	}
	if exists(path+".slget") || exists(path+".part") {
		t.Fatal("a download of one slice left a journal or a partial file")
	}
	get(t, c, srv, &slget.Request{Path: path})
}

// NoJournal: no journal beside a download of many slices, stopped or not;
// the next run starts over and gets it right.
func TestNoJournal(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(4<<20), fetchtest.WithRateLimit(1<<20))
	path := filepath.Join(t.TempDir(), "file.bin")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	go func() {
		for srv.BytesServed() < 1<<20 && ctx.Err() == nil {
			time.Sleep(5 * time.Millisecond)
		}
		cancel()
	}()
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10})
	_, err := c.Do(ctx, &slget.Request{URL: srv.FileURL(), Path: path, NoJournal: true})
	var ie *slget.InterruptedError
	if !errors.As(err, &ie) {
		t.Fatalf("Do: %v (%T), want an *InterruptedError", err, err)
	}
	if exists(path + ".slget") {
		t.Fatal("a journal beside a download without one")
	}
	res, _ := get(t, newClient(t, &slget.Client{Connections: 8, Slice: 256 << 10}), srv, &slget.Request{Path: path, NoJournal: true})
	if res.Resumed != 0 || exists(path+".slget") {
		t.Errorf("resumed %d bytes without a journal, or left one", res.Resumed)
	}
}

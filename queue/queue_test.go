// Tests of the queue against a real origin: downloads complete with the
// origin's bytes, pause keeps the journal and unpause resumes from it.

package queue

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

func newQueue(t *testing.T, dir string, jobs int, events chan<- Event) *Queue {
	t.Helper()
	c := &slget.Client{Connections: 2, Slice: 64 << 10}
	q := New(Config{
		Jobs: jobs,
		Prepare: func(s Spec) (*slget.Client, *slget.Request, func(), error) {
			return c, &slget.Request{URL: s.URIs[0], Path: filepath.Join(dir, s.Options["out"])}, nil, nil
		},
		Notify: func(ev Event) {
			if events != nil {
				events <- ev
			}
		},
	})
	t.Cleanup(q.Close)
	return q
}

func waitState(t *testing.T, q *Queue, gid GID, want State) Info {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		in, err := q.Get(gid)
		if err != nil {
			t.Fatal(err)
		}
		if in.State == want {
			return in
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s is %s (%s), want %s", gid, in.State, in.ErrorMessage, want)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func sha(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func TestQueueCompletesInOrderWithinJobs(t *testing.T) {
	dir := t.TempDir()
	srv := fetchtest.NewServer(t, fetchtest.WithSize(1<<20))
	q := newQueue(t, dir, 1, nil)
	a, _ := q.Add(Spec{URIs: []string{srv.FileURL()}, Options: map[string]string{"out": "a"}}, -1, false)
	b, _ := q.Add(Spec{URIs: []string{srv.FileURL()}, Options: map[string]string{"out": "b"}}, -1, false)
	if in, _ := q.Get(b); in.State != Waiting {
		t.Fatalf("second download is %s with -j 1, want waiting", in.State)
	}
	for _, g := range []GID{a, b} {
		in := waitState(t, q, g, Complete)
		if in.Total != 1<<20 || in.Done != 1<<20 {
			t.Fatalf("%s: total %d done %d, want %d", g, in.Total, in.Done, 1<<20)
		}
		if got := sha(t, in.Path); got != srv.Content().SHA256() {
			t.Fatalf("%s: SHA-256 %s, want %s", in.Path, got, srv.Content().SHA256())
		}
	}
	if s := q.Stats(); s.NumStopped != 2 || s.NumActive != 0 || s.NumWaiting != 0 {
		t.Fatalf("stats %+v, want 2 stopped", s)
	}
}

func TestQueuePauseKeepsJournalAndUnpauseResumes(t *testing.T) {
	dir := t.TempDir()
	const size = 8 << 20
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(4<<20))
	events := make(chan Event, 16)
	q := newQueue(t, dir, 2, events)
	g, _ := q.Add(Spec{URIs: []string{srv.FileURL()}, Options: map[string]string{"out": "f"}}, -1, false)
	deadline := time.Now().Add(30 * time.Second)
	for {
		in, _ := q.Get(g)
		if in.Done >= 4<<20 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no progress: %+v", in)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := q.Pause(g); err != nil {
		t.Fatal(err)
	}
	in := waitState(t, q, g, Paused)
	kept := in.Done
	if kept < 2<<20 {
		t.Fatalf("paused with %d bytes done, want at least 2 MiB", kept)
	}
	if _, err := os.Stat(filepath.Join(dir, "f.slget")); err != nil {
		t.Fatalf("paused download has no journal: %v", err)
	}
	// What a paused download says it has is what its journal holds, and a
	// queue that takes it in again (a session after a restart) says the
	// same before it runs.
	st, err := slget.ReadStatus(filepath.Join(dir, "f"))
	if err != nil || st.BytesWritten != kept || in.Total != size {
		t.Fatalf("paused: Done %d, Total %d; the journal holds %d (%v)", kept, in.Total, st.BytesWritten, err)
	}
	other := newQueue(t, dir, 1, nil)
	g2, _ := other.AddAs(g, Spec{URIs: []string{srv.FileURL()}, Options: map[string]string{"dir": dir, "out": "f"}}, -1, true)
	if in2, _ := other.Get(g2); in2.State != Paused || in2.Done != kept || in2.Total != size {
		t.Fatalf("taken in again paused: %s, Done %d, Total %d; want %d of %d", in2.State, in2.Done, in2.Total, kept, size)
	}
	other.Close()
	served := srv.BytesServed()
	if err := q.Unpause(g); err != nil {
		t.Fatal(err)
	}
	in = waitState(t, q, g, Complete)
	if got := sha(t, in.Path); got != srv.Content().SHA256() {
		t.Fatalf("SHA-256 %s, want %s", got, srv.Content().SHA256())
	}
	// What the pause kept is not fetched again (the margin: the probe's
	// slice, slices in flight, bytes still in the sockets at the pause).
	if again, most := srv.BytesServed()-served, size-kept+1<<20; again > most {
		t.Fatalf("after unpause the origin served %d bytes, want at most %d (a resume from %d)", again, most, kept)
	}
	var kinds []EventKind
	for len(kinds) < 4 {
		select {
		case ev := <-events:
			kinds = append(kinds, ev.Kind)
		case <-time.After(10 * time.Second):
			t.Fatalf("events %v, want start, pause, start, complete", kinds)
		}
	}
	if want := []EventKind{EventStart, EventPause, EventStart, EventComplete}; !equal(kinds, want) {
		t.Fatalf("events %v, want %v", kinds, want)
	}
}

func equal(a, b []EventKind) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestQueueRemoveAndStates(t *testing.T) {
	q := newQueue(t, t.TempDir(), 1, nil)
	g, _ := q.Add(Spec{URIs: []string{"http://127.0.0.1:1/x"}, Options: map[string]string{"out": "x"}}, -1, true)
	if err := q.Unpause(GID(1)); !IsNotFound(err) {
		t.Fatalf("unpause of an unknown GID: %v", err)
	}
	if err := q.Remove(g); err != nil {
		t.Fatal(err)
	}
	// A paused download removed is dropped, as aria2c drops it: no
	// result, and it is not found.
	if in, err := q.Get(g); !IsNotFound(err) {
		t.Fatalf("after removing a paused download: %+v, %v; want not found", in, err)
	}
	if st := q.Stopped(); len(st) != 0 {
		t.Fatalf("stopped after removing a paused download: %+v", st)
	}
	if err := q.Pause(g); err == nil {
		t.Fatal("pausing a removed download succeeded")
	}
}

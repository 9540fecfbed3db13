// A download paused and unpaused three times on a slow link: each pause
// keeps what was written of the slices in flight, completedLength says
// so, and the origin sends the file about once. The pauses come when the
// download has written a quarter, a half and three quarters of the file
// (its own progress, not the origin's bytes, which count the resumes'
// checks too and led the pauses to the download's very end).

package queue

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
)

func TestPauseThreeTimesLosesNothing(t *testing.T) {
	const size, slice = 4 << 20, 256 << 10
	dir := t.TempDir()
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(512<<10))
	q := New(Config{Prepare: Prepare(Base{Client: &slget.Client{Connections: 4, Slice: slice}, Request: slget.Request{Dir: dir}})})
	t.Cleanup(q.Close)
	g, _ := q.Add(Spec{URIs: []string{srv.FileURL()}, Options: map[string]string{"out": "f"}}, -1, false)
	pauses, kept := 0, 0
	for _, at := range []int64{size / 4, size / 2, size * 3 / 4} {
		deadline := time.Now().Add(30 * time.Second)
		for {
			in, _ := q.Get(g)
			if in.Done >= at {
				break
			}
			if in.State == Complete || time.Now().After(deadline) {
				t.Fatalf("%s with %d bytes written, before %d", in.State, in.Done, at)
			}
			time.Sleep(2 * time.Millisecond)
		}
		if err := q.Pause(g); err != nil {
			t.Fatal(err)
		}
		in := waitState(t, q, g, Paused)
		pauses++
		st, err := slget.ReadStatus(filepath.Join(dir, "f"))
		if err != nil {
			t.Fatal(err)
		}
		// aria2c's completedLength is the bytes written: whole slices and
		// the written start of those in flight.
		t.Logf("pause %d: completedLength %d, %d in %d whole slices", pauses, in.Done, st.BytesDone, st.SlicesDone)
		// A pause that lands once every slice is done (the download
		// syncing and renaming) has nothing in flight to keep.
		if in.Done > st.BytesDone {
			kept++
		}
		if in.Done != st.BytesWritten || (in.Done <= st.BytesDone && st.SlicesDone < st.Slices) {
			t.Errorf("pause %d: completedLength %d, want the %d bytes written (%d in whole slices)", pauses, in.Done, st.BytesWritten, st.BytesDone)
		}
		n := 0
		for _, ok := range in.Pieces {
			if ok {
				n++
			}
		}
		if len(in.Pieces) != st.Slices || n != st.SlicesDone || in.PieceLength != slice {
			t.Errorf("pause %d: %d of %d pieces of %d bytes, want the journal's %d of %d of %d", pauses, n, len(in.Pieces), in.PieceLength, st.SlicesDone, st.Slices, slice)
		}
		for srv.InFlight() > 0 {
			time.Sleep(2 * time.Millisecond)
		}
		if err := q.Unpause(g); err != nil {
			t.Fatal(err)
		}
	}
	if kept == 0 {
		t.Errorf("no pause kept a slice in flight: the test proves nothing")
	}
	in := waitState(t, q, g, Complete)
	if got := sha(t, in.Path); got != srv.Content().SHA256() {
		t.Fatalf("SHA-256 %s, want %s", got, srv.Content().SHA256())
	}
	// Each unpause reads slice 0 (the probe) and one finished slice again
	// to compare them with the journal; the rest comes once.
	checks := int64(pauses) * 2 * slice
	served := srv.BytesServed()
	t.Logf("%d pauses: the origin served %d bytes for a file of %d (%d of them the resumes' checks)", pauses, served, size, checks)
	if limit := size + checks + slice/2; served > limit {
		t.Errorf("the origin served %d bytes, more than %d: the slices in flight at each pause were fetched again", served, limit)
	}
}

// A download stopped three times mid-slice on a slow link loses nothing
// on disk: each resume fetches only what is missing (beside its check of
// finished bytes), and a prefix whose bytes changed on disk is not
// trusted.

package slget_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/resume"
)

// stopAt runs a download of srv into path until the origin has served at
// least served bytes in all, then stops it; it returns the status the
// journal then says.
func stopAt(t *testing.T, c *slget.Client, srv *fetchtest.Server, path string, served int64) *slget.Status {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	go func() {
		for srv.BytesServed() < served && ctx.Err() == nil {
			time.Sleep(2 * time.Millisecond)
		}
		cancel()
	}()
	_, err := c.Do(ctx, &slget.Request{URL: srv.FileURL(), Path: path})
	var ie *slget.InterruptedError
	if !errors.As(err, &ie) {
		t.Fatalf("the stopped run: %v, want it interrupted", err)
	}
	for srv.InFlight() > 0 {
		time.Sleep(2 * time.Millisecond) // what the origin wrote before it saw the close counts
	}
	st, err := slget.ReadStatus(path)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func TestPausedThreeTimesFetchesOnlyWhatIsMissing(t *testing.T) {
	const size, slice = 2 << 20, 256 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(512<<10))
	c := newClient(t, &slget.Client{Connections: 4, Slice: slice})
	path := filepath.Join(t.TempDir(), "f.bin")
	stops := 0
	var last *slget.Status
	// Each run is stopped once the origin has served 150 KiB more: what a
	// stopped run's answers still carried counts, so the stops are placed
	// from where the last one left the count.
	for range 2 {
		st := stopAt(t, c, srv, path, srv.BytesServed()+150<<10)
		if st.SlicesDone == st.Slices {
			break
		}
		stops++
		last = st
		t.Logf("stopped at %d bytes served: %d of %d slices done, %d bytes written", srv.BytesServed(), st.SlicesDone, st.Slices, st.BytesWritten)
	}
	if stops < 2 {
		t.Fatalf("only %d stops before the end: the origin is too fast for this test", stops)
	}
	// A checksum, hashed over the file as its slices settle, covers the
	// prefixes written before the stops too.
	sum, err := slget.ParseChecksum("sha-256=" + srv.Content().SHA256())
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Path: path, Checksum: sum, SHA256: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := fileSHA256(res.Path); got != srv.Content().SHA256() || res.SHA256 != got {
		t.Fatalf("SHA-256 %s, want %s", got, srv.Content().SHA256())
	}
	// Resumed counts the begun slices' written starts as well as the done
	// slices: all that the journal recorded but one begun slice at most,
	// which a resume may fetch whole to compare it with the server's.
	if res.Resumed > last.BytesWritten || res.Resumed < last.BytesWritten-slice {
		t.Errorf("resumed %d bytes, want %d (done %d, begun slices' starts %d) less one begun slice's at most",
			res.Resumed, last.BytesWritten, last.BytesDone, last.BytesWritten-last.BytesDone)
	}
	// Each resume reads slice 0 (the probe) and one finished slice again,
	// to compare them with the journal; nothing else may come twice.
	checks := int64(stops) * 2 * slice
	served := srv.BytesServed()
	t.Logf("%d stops: the origin served %d bytes for a file of %d (%d of them the resumes' checks)", stops, served, size, checks)
	if limit := size + checks + slice/2; served > limit {
		t.Errorf("the origin served %d bytes, more than %d: the slices in flight at each stop were fetched again", served, limit)
	}
}

// A prefix whose bytes changed on disk after the stop is not trusted: its
// slice is fetched whole, the file comes out exact, and a warning says so.
func TestChangedPrefixIsNotTrusted(t *testing.T) {
	const size, slice = 2 << 20, 512 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(256<<10))
	c := newClient(t, &slget.Client{Connections: 2, Slice: slice})
	path := filepath.Join(t.TempDir(), "f.bin")
	st := stopAt(t, c, srv, path, 300<<10)
	j, err := resume.Open(st.Journal, nil)
	if err != nil {
		t.Fatal(err)
	}
	ps := j.Prefixes()
	j.Close()
	if len(ps) == 0 {
		t.Fatalf("no prefix recorded of the slices in flight (%d of %d done)", st.SlicesDone, st.Slices)
	}
	f, err := os.OpenFile(path+".part", os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		at := int64(p.Index)*slice + p.Len/2
		var b [1]byte
		if _, err := f.ReadAt(b[:], at); err != nil {
			t.Fatal(err)
		}
		b[0] ^= 0xff
		if _, err := f.WriteAt(b[:], at); err != nil {
			t.Fatal(err)
		}
	}
	f.Close()
	res, w := get(t, c, srv, &slget.Request{Path: path})
	if got := fileSHA256(res.Path); got != srv.Content().SHA256() {
		t.Fatalf("SHA-256 %s, want %s: a changed prefix was trusted", got, srv.Content().SHA256())
	}
	if w.count("no longer match") != 1 {
		t.Errorf("no warning says the prefixes were dropped:\n%s", w)
	}
}

// A file replaced under the same validator while a download is paused
// with slices begun and none finished: one begun slice is fetched whole
// and its start compared with what was written, the change is found, and
// the other begun slices are fetched again whole; never a slice of two
// versions.
func TestReplacedWhilePausedMidSlice(t *testing.T) {
	const size, slice = 2 << 20, 512 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(256<<10))
	c := newClient(t, &slget.Client{Connections: 2, Slice: slice})
	path := filepath.Join(t.TempDir(), "f.bin")
	st := stopAt(t, c, srv, path, 300<<10)
	j, err := resume.Open(st.Journal, nil)
	if err != nil {
		t.Fatal(err)
	}
	ps := j.Prefixes()
	j.Close()
	if len(ps) == 0 {
		t.Fatalf("no prefix recorded (%d slices done): the test needs one", st.SlicesDone)
	}
	srv.ReplaceKeepingValidator()
	res, w := get(t, c, srv, &slget.Request{Path: path})
	if got := fileSHA256(res.Path); got != srv.Content().SHA256() {
		t.Fatalf("SHA-256 %s, want the new version's %s\n%s", got, srv.Content().SHA256(), w)
	}
	if w.count("starting over") != 1 {
		t.Errorf("no line says the file changed:\n%s", w)
	}
}

// A resume checks what it takes, through Client.Do: slices damaged on disk
// between two runs are fetched again, a journal with a flipped bit is not
// trusted, a probe whose body stalls is replaced, and a server that no
// longer answers ranges costs a start over on one connection (or, with
// NoRestart, a kept partial download), never a journal that claims what is
// not there.

package slget_test

import (
	"bytes"
	be "encoding/binary"
	"errors"
	"hash/crc32"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/resume"
)

// doneSlices lists the slices the journal at path marks done.
func doneSlices(t *testing.T, journal string) []int {
	t.Helper()
	_, done, _, err := resume.Inspect(journal)
	if err != nil {
		t.Fatal(err)
	}
	var idx []int
	for i := 0; i < done.Len(); i++ {
		if done.Has(i) {
			idx = append(idx, i)
		}
	}
	return idx
}

// fetchedAgain reports whether a GET since the origin's log was reset
// covered slice i.
func fetchedAgain(srv *fetchtest.Server, i int, slice int64) bool {
	for _, q := range srv.Requests() {
		if q.Method == http.MethodGet && q.Start <= int64(i)*slice && int64(i)*slice < q.End {
			return true
		}
	}
	return false
}

// A partial file damaged between two runs is checked by default: the
// damaged slices are fetched again, the others kept, and the file ends
// with the right bytes.
func TestDamagedSlicesAreFetchedAgainOnResume(t *testing.T) {
	const slice = 64 << 10
	for _, tc := range []struct {
		name string
		pick func(done []int) []int // which done slices to damage
		says string
	}{
		{"one slice", func(done []int) []int { return done[len(done)-1:] }, "does not match its checksum; fetching it again"},
		{"every done slice", func(done []int) []int { return done }, "do not match their checksums; fetching them again"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := fetchtest.NewServer(t, fetchtest.WithSize(2<<20), fetchtest.WithRateLimit(1<<20))
			c := newClient(t, &slget.Client{Connections: 2, Slice: slice})
			path := filepath.Join(t.TempDir(), "f.bin")
			st := stoppedDownload(t, c, srv, path, 6*slice)
			bad := tc.pick(doneSlices(t, st.Journal))
			f, err := os.OpenFile(path+".part", os.O_RDWR, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, i := range bad {
				if _, err := f.WriteAt([]byte("rot"), int64(i)*slice+7); err != nil {
					t.Fatal(err)
				}
			}
			f.Close()
			srv.ResetLog()
			res, w := get(t, c, srv, &slget.Request{Path: path})
			if w.count(tc.says) != 1 {
				t.Errorf("no warning says %q:\n%s", tc.says, w)
			}
			for _, i := range bad {
				if i > 0 && !fetchedAgain(srv, i, slice) { // slice 0 comes with the probe anyway
					t.Errorf("the damaged slice %d was not fetched again", i)
				}
			}
			// The begun slices' written starts, checked apart, are kept.
			if want := st.BytesWritten - int64(len(bad))*slice; res.Resumed != want {
				t.Errorf("resumed %d bytes, want %d (all written before the stop but the damaged slices)", res.Resumed, want)
			}
		})
	}
}

// One flipped bit in a slice key of the journal must not make a resume
// trust a slice that was never written.
func TestFlippedJournalBitIsNotTrusted(t *testing.T) {
	const slice = 64 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(2<<20), fetchtest.WithRateLimit(1<<20))
	c := newClient(t, &slget.Client{Connections: 2, Slice: slice})
	path := filepath.Join(t.TempDir(), "f.bin")
	st := stoppedDownload(t, c, srv, path, 6*slice)
	_, done, recs, err := resume.Inspect(st.Journal)
	if err != nil {
		t.Fatal(err)
	}
	// Flip a bit of the last done slice's key so that it names a later
	// slice that was never written (keys stay in order, so the file's
	// structure is still sound). A leaf page holds each key beside its
	// value: find the pair (key, CRC-32C, source, check), in every page
	// that still holds a copy.
	j, err := os.ReadFile(st.Journal)
	if err != nil {
		t.Fatal(err)
	}
	castagnoli := crc32.MakeTable(crc32.Castagnoli)
	last := recs[len(recs)-1]
	flipped := false
	for bit := 0; bit < 8 && !flipped; bit++ {
		to := last.Index | 1<<bit
		if to == last.Index || to >= done.Len() || done.Has(to) {
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
	if err := os.WriteFile(st.Journal, j, 0o600); err != nil {
		t.Fatal(err)
	}
	_, w := get(t, c, srv, &slget.Request{Path: path}) // the file's bytes, or the test fails
	if w.count("damaged") == 0 {
		t.Errorf("the damage was not reported:\n%s", w)
	}
}

// A stall in the probe's body (slice 0) is under the stall rule as every
// other body: the connection is replaced, not waited on for ever.
func TestProbeBodyStallIsReplaced(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(4<<20), fetchtest.WithStall(1, 64<<10))
	c := newClient(t, &slget.Client{Connections: 4, Slice: 256 << 10, StallTimeout: time.Second})
	start := time.Now()
	get(t, c, srv, nil) // within get's minute, with the file's bytes
	if el := time.Since(start); el > 30*time.Second {
		t.Errorf("a stalled probe body held the download for %s", el)
	}
}

// A partial download whose server no longer answers ranges: with NoRestart
// it stops with a *KeptError and keeps it; without, it starts over on one
// connection and leaves no journal that claims what is not there.
func TestFallbackToOneConnectionLeavesNoJournal(t *testing.T) {
	const slice = 64 << 10
	var noRanges atomic.Bool
	srv := fetchtest.NewServer(t, fetchtest.WithSize(2<<20), fetchtest.WithRateLimit(1<<20),
		fetchtest.WithFault(func(r *http.Request, _ int) fetchtest.Fault {
			if noRanges.Load() && r.Header.Get("Range") != "" {
				return fetchtest.Fault{FullBody: true}
			}
			return fetchtest.Fault{}
		}))
	c := newClient(t, &slget.Client{Connections: 2, Slice: slice})
	path := filepath.Join(t.TempDir(), "f.bin")
	st := stoppedDownload(t, c, srv, path, 6*slice)
	noRanges.Store(true)
	_, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Path: path, NoRestart: true})
	var ke *slget.KeptError
	if !errors.As(err, &ke) || !ke.NoRestart || !errors.Is(err, slget.ErrNoRanges) {
		t.Fatalf("NoRestart: %v (%T), want a *KeptError with NoRestart matching ErrNoRanges", err, err)
	}
	if got := slget.Remedies(err); !slices.Equal(got, []slget.Remedy{slget.RemedyAllowRestart, slget.RemedyRestart}) {
		t.Errorf("Remedies: %v", got)
	}
	if again, err := slget.ReadStatus(path); err != nil || again.SlicesDone != st.SlicesDone {
		t.Fatalf("NoRestart did not keep the partial download: %v", err)
	}
	_, w := get(t, c, srv, &slget.Request{Path: path})
	if w.count("one connection") == 0 {
		t.Errorf("no warning says the download starts over on one connection:\n%s", w)
	}
	if exists(path+".slget") || exists(path+".part") {
		t.Errorf("left a journal or a partial file beside the complete file")
	}
	if _, err := slget.ReadStatus(path); !errors.Is(err, slget.ErrNoPartial) {
		t.Errorf("ReadStatus of the complete file: %v, want ErrNoPartial", err)
	}
}

// Tests of ReadStatus and Verify on a stopped download, in the library:
// what the journal says, a damaged slice found and fetched again, and a
// Verify whose context ends.

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
)

// stoppedDownload downloads srv's file to path until at least bytes have
// been served, then stops it; it returns the status its journal gives.
func stoppedDownload(t *testing.T, c *slget.Client, srv *fetchtest.Server, path string, bytes int64) *slget.Status {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	go func() {
		for srv.BytesServed() < bytes && ctx.Err() == nil {
			time.Sleep(5 * time.Millisecond)
		}
		cancel()
	}()
	_, err := c.Do(ctx, &slget.Request{URL: srv.FileURL(), Path: path})
	var ie *slget.InterruptedError
	if !errors.As(err, &ie) {
		t.Fatalf("the stopped run: %v, want it interrupted", err)
	}
	st, err := slget.ReadStatus(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.SlicesDone < 2 || st.SlicesDone == st.Slices {
		t.Fatalf("%d of %d slices done: want a partial download of at least two", st.SlicesDone, st.Slices)
	}
	return st
}

func TestVerifyFindsADamagedSliceAndTheNextRunMendsIt(t *testing.T) {
	const slice = 64 << 10
	srv := fetchtest.NewServer(t, fetchtest.WithSize(2<<20), fetchtest.WithRateLimit(1<<20))
	path := filepath.Join(t.TempDir(), "f.bin")
	c := newClient(t, &slget.Client{Connections: 1, Slice: slice})
	st := stoppedDownload(t, c, srv, path, 6*slice)
	if st.Path != path || st.URL != srv.FileURL() || st.Size != 2<<20 || st.SliceSize != slice || st.Active {
		t.Errorf("status %+v", st)
	}
	if st.BytesDone != int64(st.SlicesDone)*slice || st.BySource[slget.FromOrigin] != st.BytesDone {
		t.Errorf("%d bytes done in %d slices, %v by source", st.BytesDone, st.SlicesDone, st.BySource)
	}

	// Slice 0 is done with one connection: damage one byte of it.
	part := path + ".part"
	f, err := os.OpenFile(part, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt([]byte{^srv.Content().Bytes(100, 1)[0]}, 100); err != nil {
		t.Fatal(err)
	}
	f.Close()

	canceled, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := slget.Verify(canceled, path); !errors.Is(err, context.Canceled) {
		t.Fatalf("Verify with its context ended: %v, want context.Canceled", err)
	}
	if again, err := slget.ReadStatus(path); err != nil || again.SlicesDone != st.SlicesDone {
		t.Fatalf("after a Verify that was stopped: %v, %d slices done (was %d)", err, again.SlicesDone, st.SlicesDone)
	}

	rep, err := slget.Verify(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Bad) != 1 || rep.Bad[0] != 0 || rep.Checked != st.SlicesDone-1 || rep.Missing != st.Slices-st.SlicesDone || rep.Part != part {
		t.Fatalf("Verify: %+v; want slice 0 bad, %d checked, %d missing", rep, st.SlicesDone-1, st.Slices-st.SlicesDone)
	}

	srv.ResetLog()
	res, err := c.Do(t.Context(), &slget.Request{URL: srv.FileURL(), Path: path})
	if err != nil {
		t.Fatal(err)
	}
	if fileSHA256(path) != srv.Content().SHA256() {
		t.Fatal("wrong bytes after the resume")
	}
	// Every done slice but the damaged one, and the checked start of the
	// slice the stop left begun (one connection: one at most), unless the
	// resume fetched that slice whole to compare it.
	want := int64(st.SlicesDone-1) * slice
	begun := st.BytesWritten - st.BytesDone
	if res.Resumed != want && res.Resumed != want+begun {
		t.Errorf("resumed %d bytes, want %d (every done slice but the damaged one), or %d with the begun slice's start", res.Resumed, want, want+begun)
	}
	if _, err := slget.ReadStatus(path); !errors.Is(err, slget.ErrNoPartial) {
		t.Errorf("ReadStatus of the complete file: %v, want ErrNoPartial", err)
	}
}

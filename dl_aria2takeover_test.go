// Tests of Continue beside aria2c's control file: the slices adopted from
// pieces larger and smaller than a slice, bytes aria2c marked done that
// are not the server's, holes, damaged control files, and a takeover
// interrupted and resumed.

package slget_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/internal/aria2ctl"
	"github.com/slget/slget/resume"
	"github.com/slget/slget/segment"
)

const kib = 1 << 10 // mib is the cache tests'

// aria2Partial is an unfinished aria2c download of content at path: the
// file at full size with only the done pieces written (the rest is a
// hole, as aria2c's reserved space reads), and its control file.
type aria2Partial struct {
	piece int64
	done  []int
	// unwritten are marked done but never written: holes.
	unwritten []int
	// length is the file's length, when shorter than the content
	// (aria2c's --file-allocation=none); 0 for the whole.
	length int64
	// wrong writes other bytes over [wrong, wrong+wrongLen) after the
	// done pieces: a piece marked done that is not the server's.
	wrong, wrongLen int64
}

func (p aria2Partial) write(t *testing.T, path string, content fetchtest.Content) []byte {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	length := content.Size
	if p.length > 0 {
		length = p.length
	}
	if err := f.Truncate(length); err != nil {
		t.Fatal(err)
	}
	c := aria2ctl.New(p.piece, content.Size)
	for _, i := range p.unwritten {
		c.SetDone(i)
	}
	for _, i := range p.done {
		c.SetDone(i)
		start := int64(i) * p.piece
		n := min(p.piece, length-start)
		if _, err := f.WriteAt(content.Bytes(start, n), start); err != nil {
			t.Fatal(err)
		}
	}
	if p.wrongLen > 0 {
		if _, err := f.WriteAt(bytes.Repeat([]byte{0x5a}, int(p.wrongLen)), p.wrong); err != nil {
			t.Fatal(err)
		}
	}
	b, err := c.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path+".aria2", b, 0o644); err != nil {
		t.Fatal(err)
	}
	return b
}

// asked counts the requests after the probe that asked for a byte of
// [start, end), and those that asked for exactly that range.
func asked(reqs []fetchtest.Request, start, end int64) (overlap, exactly int) {
	for _, q := range reqs[1:] {
		if q.Start < end && (q.End > start || q.Open) {
			overlap++
		}
		if q.Start == start && q.End == end {
			exactly++
		}
	}
	return overlap, exactly
}

// -c beside NAME.aria2 adopts every slice wholly inside pieces aria2c
// marked done, checks a few of them with the server, downloads the rest
// into the same file and removes the control file at the end.
func TestContinueAria2(t *testing.T) {
	const size, slice = 6 * mib, 256 * kib
	for _, tc := range []struct {
		name    string
		partial aria2Partial
		adopted []int // slices adopted
	}{
		// Pieces of 1 MiB: 4 slices each.
		{"pieces larger than a slice", aria2Partial{piece: mib, done: []int{0, 1, 3}}, []int{0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15}},
		// Pieces of 192 KiB, across slice boundaries: pieces 0-7 make
		// slices 0-5 whole; piece 20 ([3.75, 3.9375) MiB) is part of
		// slice 15 only; pieces 24 and 25 ([4.5, 4.875) MiB) hold slice
		// 18 whole and half of 19.
		{"pieces smaller than a slice", aria2Partial{piece: 192 * kib, done: []int{0, 1, 2, 3, 4, 5, 6, 7, 20, 24, 25}}, []int{0, 1, 2, 3, 4, 5, 18}},
		// Not slice 0: the probe's slice 0 is used for the transfer.
		{"not from the start", aria2Partial{piece: mib, done: []int{2, 5}}, []int{8, 9, 10, 11, 20, 21, 22, 23}},
		// A piece marked done that was never written (a hole) adopts
		// nothing of it.
		{"done but a hole", aria2Partial{piece: mib, done: []int{0, 1}, unwritten: []int{2}}, []int{0, 1, 2, 3, 4, 5, 6, 7}},
		// --file-allocation=none: the file ends in piece 2, which is
		// done only as far as the file goes (a control file that lies).
		{"file shorter than the total", aria2Partial{piece: mib, done: []int{0, 1, 2}, length: 2*mib + 300*kib}, []int{0, 1, 2, 3, 4, 5, 6, 7, 8}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.partial.unwritten != nil && runtime.GOOS != "linux" {
				t.Skip("holes are told apart from data on Linux only")
			}
			srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
			dir := t.TempDir()
			path := filepath.Join(dir, "file.bin")
			tc.partial.write(t, path, srv.Content())
			var w warnings
			cl := &slget.Client{Connections: 4, Slice: slice}
			res, err := cl.Do(context.Background(), &slget.Request{URL: srv.FileURL(), Path: path, Continue: true, Events: w.event})
			if err != nil {
				t.Fatalf("Do: %v\nwarnings: %s", err, w.String())
			}
			if res.Path != path || fileSHA256(path) != srv.Content().SHA256() {
				t.Fatalf("saved at %s with SHA-256 %s, want %s at %s", res.Path, fileSHA256(res.Path), srv.Content().SHA256(), path)
			}
			if exists(path+".aria2") || exists(filepath.Join(dir, "file.1.bin")) || exists(path+".part") {
				t.Fatal("the control file, a renamed copy or the partial file is left")
			}
			if !strings.Contains(w.String(), "aria2c's unfinished download") {
				t.Errorf("no word of the takeover: %s", w.String())
			}
			if want := int64(len(tc.adopted)) * slice; res.Resumed != want {
				t.Errorf("Resumed %d, want %d", res.Resumed, want)
			}
			reqs := srv.Requests()
			isAdopted := map[int]bool{}
			for _, i := range tc.adopted {
				isAdopted[i] = true
			}
			checks := 0
			for i := int64(0); i < size/slice; i++ {
				overlap, exactly := asked(reqs, i*slice, (i+1)*slice)
				if i == 0 {
					overlap, exactly = overlap+1, exactly+1 // the probe's
				}
				switch {
				case isAdopted[int(i)] && (overlap > exactly || exactly > 1):
					t.Errorf("adopted slice %d asked for by %d requests", i, overlap)
				case isAdopted[int(i)]:
					checks += exactly
				case overlap == 0:
					t.Errorf("slice %d, not adopted, was never asked for", i)
				}
			}
			if want := min(len(tc.adopted), 5); checks != want {
				t.Errorf("%d adopted slices checked with the server, want %d", checks, want)
			}
			served := srv.BytesServed()
			t.Logf("origin sent %d bytes for a %d-byte file, %d adopted", served, size, res.Resumed)
			// The rest, the checks, and what the end-game's duplicates
			// may add.
			if limit := size - res.Resumed + 5*slice + 4*slice; served > limit {
				t.Errorf("origin sent %d bytes, more than the rest, the checks and the end-game (%d)", served, limit)
			}
		})
	}
}

// A piece aria2c marked done whose bytes are not the server's is never
// adopted as the server's: a slice checked refuses the whole file, which
// stays as it is; a slice not checked is caught by the origin's digest at
// the end. Never a file with the wrong bytes under its name.
func TestContinueAria2WrongBytes(t *testing.T) {
	const size, slice = 4 * mib, 256 * kib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithReprDigest())
	for _, tc := range []struct {
		name    string
		wrong   int64
		refused bool // always caught before adoption (a slice always checked)
	}{
		{"first slice", 100, true},
		{"last adopted slice", 3*mib - 100, true},
		{"a slice between", 1*mib + 300*kib, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "file.bin")
			p := aria2Partial{piece: mib, done: []int{0, 1, 2}, wrong: tc.wrong, wrongLen: 10}
			ctl := p.write(t, path, srv.Content())
			before := fileSHA256(path)
			var w warnings
			cl := &slget.Client{Connections: 4, Slice: slice}
			res, err := cl.Do(context.Background(), &slget.Request{URL: srv.FileURL(), Path: path, Continue: true, Events: w.event})
			var xe *slget.ExistsError
			var ce *slget.ChecksumError
			switch {
			case errors.As(err, &xe):
				if xe.Path != path || !strings.Contains(xe.Why, "differs from the server's") || !strings.Contains(xe.Why, "file.bin.aria2") {
					t.Errorf("refusal %q", err)
				}
				if fileSHA256(path) != before {
					t.Fatal("the file not adopted was changed")
				}
				if b, _ := os.ReadFile(path + ".aria2"); !bytes.Equal(b, ctl) {
					t.Fatal("the control file of a file not adopted was changed")
				}
			case errors.As(err, &ce):
				if tc.refused {
					t.Fatalf("a slice always checked was adopted: %v", err)
				}
				if exists(path) {
					t.Fatal("a file that failed its digest has its final name")
				}
			case err == nil:
				t.Fatalf("exit 0 at %s with SHA-256 %s (want %s)", res.Path, fileSHA256(res.Path), srv.Content().SHA256())
			default:
				t.Fatalf("Do: %v", err)
			}
			t.Logf("%v", err)
		})
	}
}

// A control file that does not parse, or is of a file of another size,
// leaves the file and the control file as they are, with a message that
// names the control file and says what to do; without Continue, aria2c's
// unfinished download is left as it is, and saved beside with renaming.
func TestContinueAria2Refused(t *testing.T) {
	const size, slice = 2 * mib, 256 * kib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	good := aria2ctl.New(mib, size)
	good.SetDone(0)
	goodBytes, _ := good.MarshalBinary()
	other := aria2ctl.New(mib, size+1)
	other.SetDone(0)
	otherBytes, _ := other.MarshalBinary()
	for _, tc := range []struct {
		name string
		ctl  []byte
		cont bool
		want string
	}{
		{"cut short", goodBytes[:20], true, "file.bin.aria2 cannot be read (byte 14: the file ends in its total length"},
		{"version 7", append([]byte{0, 7}, goodBytes[2:]...), true, "version 0x0007"},
		{"empty", nil, true, "file.bin.aria2 cannot be read"},
		{"another size", otherBytes, true, "is of a file of 2097153 bytes, not the server's 2097152"},
		{"without continue", goodBytes, false, "is an unfinished aria2c download (its control file file.bin.aria2 is beside it)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "file.bin")
			aria2Partial{piece: mib, done: []int{0}}.write(t, path, srv.Content())
			os.WriteFile(path+".aria2", tc.ctl, 0o644)
			before := fileSHA256(path)
			cl := &slget.Client{Connections: 2, Slice: slice}
			_, err := cl.Do(context.Background(), &slget.Request{URL: srv.FileURL(), Path: path, Continue: tc.cont})
			var xe *slget.ExistsError
			if !errors.As(err, &xe) || xe.Path != path || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Do: %v; want an *ExistsError of %s saying %q", err, path, tc.want)
			}
			if tc.cont && !strings.Contains(err.Error(), "removing file.bin and file.bin.aria2") {
				t.Errorf("%q does not say what to do", err)
			}
			if fileSHA256(path) != before || exists(path+".part") || exists(path+".slget") {
				t.Fatal("the file was changed, or a partial download left beside it")
			}
			if b, _ := os.ReadFile(path + ".aria2"); !bytes.Equal(b, tc.ctl) {
				t.Fatal("the control file was changed")
			}
			// With renaming: saved beside, both left as they are.
			var w warnings
			res, err := cl.Do(context.Background(), &slget.Request{URL: srv.FileURL(), Path: path, Continue: tc.cont, AutoRename: true, Events: w.event})
			if err != nil || res.Path != filepath.Join(dir, "file.1.bin") || fileSHA256(res.Path) != srv.Content().SHA256() {
				t.Fatalf("with renaming: %v, at %s", err, res.Path)
			}
			if fileSHA256(path) != before || !exists(path+".aria2") || !strings.Contains(w.String(), "saving as") {
				t.Fatalf("with renaming: the file or its control file changed, or no warning: %s", w.String())
			}
		})
	}
}

// A takeover interrupted (after the file was taken, before it was
// complete) resumes from slget's own journal, without Continue, and the
// control file of the file taken over goes when it completes.
func TestContinueAria2Interrupted(t *testing.T) {
	const size, slice = 8 * mib, 256 * kib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size), fetchtest.WithRateLimit(2*mib))
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	aria2Partial{piece: mib, done: []int{0, 1}}.write(t, path, srv.Content())
	// The control file is older than anything slget writes.
	old := time.Now().Add(-time.Hour)
	os.Chtimes(path+".aria2", old, old)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cl := &slget.Client{Connections: 2, Slice: slice}
	_, err := cl.Do(ctx, &slget.Request{URL: srv.FileURL(), Path: path, Continue: true, Events: func(e slget.Event) {
		if _, ok := e.(*slget.Started); ok {
			cancel()
		}
	}})
	var ie *slget.InterruptedError
	if !errors.As(err, &ie) {
		t.Fatalf("Do: %v, want interrupted", err)
	}
	if exists(path) || !exists(path+".part") || !exists(path+".aria2") {
		t.Fatal("want the file taken over into file.bin.part, and the control file still there")
	}
	res, err := cl.Do(context.Background(), &slget.Request{URL: srv.FileURL(), Path: path})
	if err != nil || fileSHA256(path) != srv.Content().SHA256() {
		t.Fatalf("resumed: %v, SHA-256 %s", err, fileSHA256(path))
	}
	if res.Resumed < 2*mib {
		t.Errorf("resumed with %d bytes, want at least the 2 MiB adopted", res.Resumed)
	}
	if exists(path + ".aria2") {
		t.Fatal("the control file of the file taken over stays after it completed")
	}
}

// A crash after the final rename of a takeover leaves the complete file,
// its journal and the control file: the next run finds the file complete
// and removes both. A control file newer than the journal (aria2c run
// again since) is not the one taken over, and stays.
func TestContinueAria2CrashAfterRename(t *testing.T) {
	const size, slice = 2 * mib, 256 * kib
	srv := fetchtest.NewServer(t, fetchtest.WithSize(size))
	dir := t.TempDir()
	path := filepath.Join(dir, "file.bin")
	ctl := aria2ctl.New(mib, size)
	ctl.SetDone(0)
	ctlBytes, _ := ctl.MarshalBinary()
	for _, tc := range []struct {
		name    string
		ctlAge  time.Duration // how long before the journal the control file was written
		removed bool
	}{
		{"control file older than the journal", time.Hour, true},
		{"control file newer than the journal", -time.Hour, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := os.WriteFile(path, srv.Content().Bytes(0, size), 0o644); err != nil {
				t.Fatal(err)
			}
			os.WriteFile(path+".aria2", ctlBytes, 0o644)
			when := time.Now().Add(-tc.ctlAge)
			os.Chtimes(path+".aria2", when, when)
			j, err := resume.Create(path+".slget", resume.Meta{URL: srv.FileURL(), FinalURL: srv.FileURL(), ETag: srv.ETag(),
				LastModified: srv.LastModified().UTC().Format(http.TimeFormat), Size: size, SliceSize: slice}, nil)
			if err != nil {
				t.Fatal(err)
			}
			var recs []resume.Record
			for i := int64(0); i < size/slice; i++ {
				recs = append(recs, resume.Record{Index: int(i), CRC32C: resume.SliceChecksum(srv.Content().Bytes(i*slice, slice)), From: segment.FromOrigin})
			}
			if err := j.Commit(recs); err != nil {
				t.Fatal(err)
			}
			j.Close()
			cl := &slget.Client{Connections: 2, Slice: slice}
			res, err := cl.Do(context.Background(), &slget.Request{URL: srv.FileURL(), Path: path})
			if err != nil || !res.AlreadyComplete || res.Path != path {
				t.Fatalf("Do: %v, %+v; want the file found complete", err, res)
			}
			if exists(path+".slget") || exists(path+".aria2") != !tc.removed {
				t.Fatalf("journal left %v, control file left %v; want it removed: %v", exists(path+".slget"), exists(path+".aria2"), tc.removed)
			}
			os.Remove(path + ".aria2")
		})
	}
}

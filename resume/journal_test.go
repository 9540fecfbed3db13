// Tests of the journal's life: create, commit, reopen, lock, remove.

package resume

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/slget/slget/segment"
)

// testMeta is a download of size bytes in slices of slice bytes.
func testMeta(size, slice int64) Meta {
	return Meta{
		URL:          "https://example.com/file.iso",
		FinalURL:     "https://cdn.example.com/file.iso?sig=1",
		ETag:         `"abc123"`,
		LastModified: "Mon, 02 Jan 2006 15:04:05 GMT",
		Size:         size,
		SliceSize:    slice,
		Created:      time.Date(2024, 5, 6, 7, 8, 9, 123456789, time.UTC),
	}
}

// hashOf is the checksum the tests record for slice i.
func hashOf(i int) uint32 { return SliceChecksum([]byte("slice " + strconv.Itoa(i))) }

func rec(i int, from segment.Provenance) Record {
	return Record{Index: i, CRC32C: hashOf(i), From: from}
}

// newJournal creates a journal in a fresh directory; it is closed at the end
// of the test.
func newJournal(t testing.TB, m Meta, opts *Options) *Journal {
	t.Helper()
	j, err := Create(filepath.Join(t.TempDir(), "file.iso.slget"), m, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	return j
}

func mustOpen(t testing.TB, path string, opts *Options) *Journal {
	t.Helper()
	j, err := Open(path, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	return j
}

func TestCreateCommitReopen(t *testing.T) {
	m := testMeta(10<<20+5, 1<<20) // 11 slices, the last of 5 bytes
	m.ETag = ""                    // empty values round-trip too
	j := newJournal(t, m, nil)
	m.Schema = SchemaVersion
	if got := j.Done(); got.Len() != 11 || got.Count() != 0 {
		t.Fatalf("new journal: Done Len %d Count %d, want 11, 0", got.Len(), got.Count())
	}
	recs := []Record{rec(0, segment.FromOrigin), rec(3, segment.FromPeer), rec(10, segment.FromCache), rec(4, segment.FromOrigin)}
	if err := j.Commit(recs); err != nil {
		t.Fatal(err)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}

	j2 := mustOpen(t, j.Path(), nil)
	if got := j2.Meta(); !reflect.DeepEqual(got, m) {
		t.Errorf("Meta after reopen:\n got %+v\nwant %+v", got, m)
	}
	want := []Record{rec(0, segment.FromOrigin), rec(3, segment.FromPeer), rec(4, segment.FromOrigin), rec(10, segment.FromCache)}
	if got := j2.Records(); !reflect.DeepEqual(got, want) {
		t.Errorf("Records = %v, want %v", got, want)
	}
	done := j2.Done()
	for i := range 11 {
		if done.Has(i) != (i == 0 || i == 3 || i == 4 || i == 10) {
			t.Errorf("Done().Has(%d) = %v", i, done.Has(i))
		}
	}
	if r, ok := j2.Record(3); !ok || r != rec(3, segment.FromPeer) {
		t.Errorf("Record(3) = %v, %v", r, ok)
	}
	if _, ok := j2.Record(5); ok {
		t.Error("Record(5) of a slice not done: ok")
	}
	if _, ok := j2.Record(-1); ok {
		t.Error("Record(-1): ok")
	}
	wantCounts := map[segment.Provenance]int64{segment.FromOrigin: 2 << 20, segment.FromPeer: 1 << 20, segment.FromCache: 5}
	if got := j2.Counts(); !reflect.DeepEqual(got, wantCounts) {
		t.Errorf("Counts = %v, want %v", got, wantCounts)
	}

	// Inspect sees the same, and needs the writer gone.
	j2.Close()
	im, iset, irecs, err := Inspect(j.Path())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(im, m) || !reflect.DeepEqual(irecs, want) || iset.Count() != 4 || iset.Len() != 11 {
		t.Errorf("Inspect = %+v, %d/%d, %v", im, iset.Count(), iset.Len(), irecs)
	}
}

func TestMaxSlices(t *testing.T) {
	j := newJournal(t, testMeta(MaxSlices*4096, 4096), &Options{NoSync: true})
	if err := j.Commit([]Record{rec(MaxSlices-1, segment.FromOrigin)}); err != nil {
		t.Fatal(err)
	}
	j.Close()
	if d := mustOpen(t, j.Path(), nil).Done(); d.Len() != MaxSlices || !d.Has(MaxSlices-1) {
		t.Errorf("Done: Len %d, last done %v", d.Len(), d.Has(MaxSlices-1))
	}
}

func TestCreatedDefaultsToNow(t *testing.T) {
	m := testMeta(100, 10)
	m.Created = time.Time{}
	before := time.Now()
	j := newJournal(t, m, nil)
	if c := j.Meta().Created; c.Before(before.Add(-time.Second)) || c.After(time.Now().Add(time.Second)) || c.Location() != time.UTC {
		t.Errorf("Created = %v, want about %v in UTC", c, before)
	}
}

func TestCreateRejectsBadMeta(t *testing.T) {
	dir := t.TempDir()
	for _, m := range []Meta{testMeta(-1, 10), testMeta(100, 0), testMeta(100, -5), testMeta(1<<62, 1), testMeta(MaxSlices*10+1, 10)} {
		p := filepath.Join(dir, "j")
		if j, err := Create(p, m, nil); err == nil {
			j.Close()
			t.Errorf("Create(size %d, slice %d): no error", m.Size, m.SliceSize)
		}
		if _, err := os.Lstat(p); err == nil {
			t.Errorf("Create(size %d, slice %d) left a file", m.Size, m.SliceSize)
		}
	}
}

func TestCreateExisting(t *testing.T) {
	p := filepath.Join(t.TempDir(), "j")
	if err := os.WriteFile(p, []byte("someone else's"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Create(p, testMeta(100, 10), nil)
	if !errors.Is(err, fs.ErrExist) || !errors.Is(err, ErrExist) {
		t.Fatalf("Create over a file: %v, want fs.ErrExist", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "someone else's" {
		t.Errorf("Create changed the existing file: %q", b)
	}
	if !strings.Contains(err.Error(), p) {
		t.Errorf("message %q does not name %s", err, p)
	}
	ents, _ := os.ReadDir(filepath.Dir(p))
	if len(ents) != 1 {
		t.Errorf("Create left files behind: %v", ents)
	}
}

func TestOpenMissing(t *testing.T) {
	p := filepath.Join(t.TempDir(), "j")
	_, err := Open(p, nil)
	if !errors.Is(err, ErrNotExist) || !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("Open of a missing file: %v", err)
	}
	if _, serr := os.Lstat(p); serr == nil {
		t.Error("Open created the file")
	}
	if _, _, _, err := Inspect(p); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Inspect of a missing file: %v", err)
	}
	if want := "journal " + p + " does not exist"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
}

func TestFileMode(t *testing.T) {
	j := newJournal(t, testMeta(100, 10), nil)
	fi, err := os.Stat(j.Path())
	if err != nil {
		t.Fatal(err)
	}
	// 0o644 as asked of the system; the umask may take bits away, never
	// add them, and does not take the owner's.
	if perm := fi.Mode().Perm(); perm&^0o644 != 0 || perm&0o600 != 0o600 {
		t.Errorf("mode %v, want 0644 less the umask", perm)
	}
}

func TestLocked(t *testing.T) {
	j := newJournal(t, testMeta(100, 10), nil)

	for _, timeout := range []time.Duration{0, 300 * time.Millisecond, -1} {
		start := time.Now()
		_, err := Open(j.Path(), &Options{Timeout: timeout})
		took := time.Since(start)
		if !errors.Is(err, ErrLocked) {
			t.Fatalf("second Open (timeout %v): %v, want ErrLocked", timeout, err)
		}
		want := timeout
		if timeout == 0 {
			want = DefaultTimeout
		} else if timeout < 0 {
			want = 0
		}
		if took < want || took > want+500*time.Millisecond {
			t.Errorf("second Open (timeout %v) failed after %v", timeout, took)
		}
		if msg := err.Error(); msg != "another slget is downloading this file (journal "+j.Path()+" is locked)" {
			t.Errorf("message %q", msg)
		}
	}
	if _, _, _, err := Inspect(j.Path()); !errors.Is(err, ErrLocked) {
		t.Errorf("Inspect while open: %v, want ErrLocked", err)
	}

	// Once the first lets go, the next one gets in, and is waited for.
	go func() {
		time.Sleep(50 * time.Millisecond)
		j.Close()
	}()
	j2, err := Open(j.Path(), &Options{Timeout: 5 * time.Second})
	if err != nil {
		t.Fatalf("Open after Close: %v", err)
	}
	j2.Close()
}

func TestInspectShared(t *testing.T) {
	// Readers do not exclude each other: a shared lock held elsewhere
	// lets Inspect in, and keeps a writer out.
	j := newJournal(t, testMeta(100, 10), nil)
	j.Commit([]Record{rec(1, segment.FromOrigin)})
	j.Close()
	f, err := os.Open(j.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := lockFile(f, false, 0); err != nil {
		t.Fatal(err)
	}
	if _, set, _, err := Inspect(j.Path()); err != nil || set.Count() != 1 {
		t.Errorf("Inspect beside a reader: %v", err)
	}
	if haveLock {
		if _, err := Open(j.Path(), nil); !errors.Is(err, ErrLocked) {
			t.Errorf("Open beside a reader: %v, want ErrLocked", err)
		}
	}
}

func TestCommitRejectsBadRecords(t *testing.T) {
	j := newJournal(t, testMeta(100, 10), nil) // slices 0..9
	for _, recs := range [][]Record{
		{rec(0, segment.FromOrigin), rec(10, segment.FromOrigin)},
		{rec(-1, segment.FromOrigin)},
		{rec(2, segment.FromOrigin), rec(3, 0)},
		{rec(2, 4)},
	} {
		if err := j.Commit(recs); !errors.Is(err, ErrRange) {
			t.Errorf("Commit(%v): %v, want ErrRange", recs, err)
		}
	}
	if c := j.Done().Count(); c != 0 {
		t.Errorf("after rejected commits %d slices are done", c)
	}
	j.Close()
	if recs := mustOpen(t, j.Path(), nil).Records(); len(recs) != 0 {
		t.Errorf("rejected commits reached the file: %v", recs)
	}
}

func TestCommitEmpty(t *testing.T) {
	j := newJournal(t, testMeta(0, 10), nil) // no slices at all
	if err := j.Commit(nil); err != nil {
		t.Fatal(err)
	}
	if d := j.Done(); d.Len() != 0 || !d.Full() {
		t.Errorf("empty plan: Len %d Full %v", d.Len(), d.Full())
	}
}

func TestCommitReplaces(t *testing.T) {
	j := newJournal(t, testMeta(25, 10), nil) // 10, 10, 5
	if err := j.Commit([]Record{rec(2, segment.FromPeer), rec(0, segment.FromPeer)}); err != nil {
		t.Fatal(err)
	}
	// Refetched from the origin, say after a checksum mismatch.
	r := rec(2, segment.FromOrigin)
	r.CRC32C ^= 1
	if err := j.Commit([]Record{r}); err != nil {
		t.Fatal(err)
	}
	want := map[segment.Provenance]int64{segment.FromOrigin: 5, segment.FromPeer: 10, segment.FromCache: 0}
	if got := j.Counts(); !reflect.DeepEqual(got, want) {
		t.Errorf("Counts = %v, want %v", got, want)
	}
	if got, _ := j.Record(2); got != r {
		t.Errorf("Record(2) = %v, want %v", got, r)
	}
	j.Close()
	if got := mustOpen(t, j.Path(), nil).Counts(); !reflect.DeepEqual(got, want) {
		t.Errorf("Counts after reopen = %v, want %v", got, want)
	}
}

func TestCountsShortLastSlice(t *testing.T) {
	j := newJournal(t, testMeta(10, 4), nil) // 4, 4, 2
	if err := j.Commit([]Record{rec(0, segment.FromOrigin), rec(1, segment.FromCache), rec(2, segment.FromOrigin)}); err != nil {
		t.Fatal(err)
	}
	want := map[segment.Provenance]int64{segment.FromOrigin: 6, segment.FromCache: 4, segment.FromPeer: 0}
	if got := j.Counts(); !reflect.DeepEqual(got, want) {
		t.Errorf("Counts = %v, want %v", got, want)
	}
	if !j.Done().Full() {
		t.Error("all slices committed but Done is not full")
	}
}

func TestDoneIsACopy(t *testing.T) {
	j := newJournal(t, testMeta(100, 10), nil)
	d := j.Done()
	d.Add(5)
	if j.Done().Has(5) {
		t.Error("changing the result of Done changed the journal")
	}
}

func TestSetFinalURL(t *testing.T) {
	j := newJournal(t, testMeta(100, 10), nil)
	if err := j.SetFinalURL("https://cdn.example.com/file.iso?sig=2"); err != nil {
		t.Fatal(err)
	}
	j.Close()
	if got := mustOpen(t, j.Path(), nil).Meta().FinalURL; got != "https://cdn.example.com/file.iso?sig=2" {
		t.Errorf("FinalURL after reopen = %q", got)
	}
}

func TestClosed(t *testing.T) {
	j := newJournal(t, testMeta(100, 10), nil)
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	if err := j.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if err := j.Commit([]Record{rec(1, segment.FromOrigin)}); !errors.Is(err, ErrClosed) {
		t.Errorf("Commit after Close: %v", err)
	}
	if err := j.SetFinalURL("x"); !errors.Is(err, ErrClosed) {
		t.Errorf("SetFinalURL after Close: %v", err)
	}
	if _, ok := j.Record(1); ok {
		t.Error("Record after Close: ok")
	}
	if j.Records() != nil {
		t.Error("Records after Close: not nil")
	}
	_ = j.Done()
	_ = j.Counts()
	_ = j.Meta()
}

func TestRemove(t *testing.T) {
	j := newJournal(t, testMeta(100, 10), nil)
	j.Close()
	if err := Remove(j.Path()); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(j.Path()); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("after Remove: %v", err)
	}
	if err := Remove(j.Path()); err != nil {
		t.Errorf("Remove of a missing journal: %v", err)
	}
}

func TestStaleTemporaryFiles(t *testing.T) {
	if !haveLock {
		t.Skip("no file locks: temporary files are left alone")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "file.iso.slget")
	stale := p + tmpSuffix + "0123456789abcdef"
	busy := p + tmpSuffix + "fedcba9876543210"
	other := p + tmpSuffix + "not-hex-at-all!!"
	for _, name := range []string{stale, busy, other} {
		if err := os.WriteFile(name, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A Create in progress elsewhere holds its temporary file locked.
	f, err := os.Open(busy)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := lockFile(f, true, 0); err != nil {
		t.Fatal(err)
	}

	j, err := Create(p, testMeta(100, 10), nil)
	if err != nil {
		t.Fatal(err)
	}
	j.Close()
	var names []string
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		names = append(names, e.Name())
	}
	want := []string{filepath.Base(p), filepath.Base(busy), filepath.Base(other)}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("after Create the directory holds %v, want %v", names, want)
	}
}

func TestConcurrentUse(t *testing.T) {
	const n = 400
	j := newJournal(t, testMeta(n*10, 10), &Options{NoSync: true})
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < n; i += 4 * 5 {
				var batch []Record
				for k := i; k < i+4*5 && k < n; k += 4 {
					batch = append(batch, rec(k, segment.Provenance(1+k%3)))
				}
				if err := j.Commit(batch); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for range 50 {
			_ = j.Done().Count()
			_ = j.Counts()
			_ = j.Records()
			_, _ = j.Record(7)
		}
	}()
	wg.Wait()
	if c := j.Done().Count(); c != n {
		t.Errorf("%d slices done, want %d", c, n)
	}
	var sum int64
	for _, v := range j.Counts() {
		sum += v
	}
	if sum != n*10 {
		t.Errorf("Counts add up to %d, want %d", sum, n*10)
	}
}

// The done-set is derived from the slice records at Open; check that it
// agrees with a set built directly, over a plan of many words.
func TestDoneMatchesRecords(t *testing.T) {
	const n = 1000
	j := newJournal(t, testMeta(n*4096, 4096), &Options{NoSync: true})
	want := segment.NewSet(n)
	var batch []Record
	for i := 0; i < n; i += 3 {
		batch = append(batch, rec(i, segment.FromOrigin))
		want.Add(i)
	}
	if err := j.Commit(batch); err != nil {
		t.Fatal(err)
	}
	j.Close()
	got := mustOpen(t, j.Path(), nil).Done()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Done after reopen differs: %d of %d, want %d of %d", got.Count(), got.Len(), want.Count(), want.Len())
	}
}

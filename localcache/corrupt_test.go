// Tests of damage: flipped bytes, cut files, symlinks, lost index records and a lost or broken index.

package localcache

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// The errors of a full disk and of a quota, as the kernel gives them.
const (
	errNoSpace = syscall.ENOSPC
	errQuota   = syscall.EDQUOT
)

// flip inverts the bits of byte off of the file p.
func flip(t *testing.T, p string, off int64) {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	b[off] ^= 0xff
	if err := os.WriteFile(p, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// Every byte of a slice file is covered by a check: flip any one and Get
// refuses the slice, quarantines the file, and misses from then on.
func TestEveryFlippedByteIsCaught(t *testing.T) {
	dir := t.TempDir()
	s := openAt(t, dir, fast(Options{SliceSize: slice4k}))
	for _, c := range []struct {
		name string
		data []byte
		meta PutMeta
	}{
		{"identity", randomBytes(1, 64), PutMeta{ContentType: "application/octet-stream"}},
		{"zstd", textBytes(1, slice4k), PutMeta{ContentType: "text/plain"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			k := key(s, c.name, 0)
			mustPut(t, s, k, c.meta, c.data)
			p := sliceFile(t, s, k)
			fi, err := os.Stat(p)
			if err != nil {
				t.Fatal(err)
			}
			for off := range fi.Size() {
				mustPut(t, s, k, c.meta, c.data)
				flip(t, p, off)
				rc, _, err := s.Get(k)
				if err == nil {
					rc.Close()
					t.Fatalf("byte %d of %d flipped: Get served the slice", off, fi.Size())
				}
				if !errors.Is(err, ErrCorrupt) {
					t.Fatalf("byte %d flipped: %v, want ErrCorrupt", off, err)
				}
				if _, err := os.Lstat(p); !os.IsNotExist(err) {
					t.Fatalf("byte %d flipped: the file is still in place (%v)", off, err)
				}
				if _, _, err := s.Get(k); err != ErrMiss {
					t.Fatalf("byte %d flipped: second Get %v, want ErrMiss", off, err)
				}
			}
			if err := s.Put(k, c.meta, c.data); err != nil {
				t.Fatal(err)
			}
			if got, _ := mustGet(t, s, k); !bytes.Equal(got, c.data) {
				t.Fatal("slice differs after being stored again")
			}
		})
	}
	if n := len(treeFiles(t, dir, quarantineDir)); n < 200 {
		t.Errorf("%d files in quarantine", n)
	}
}

func TestVerifyQuarantines(t *testing.T) {
	dir := t.TempDir()
	s := openAt(t, dir, fast(Options{SliceSize: 64 << 10}))
	for i := range int64(8) {
		m, b := PutMeta{}, randomBytes(uint64(i), 64<<10)
		if i%2 == 1 {
			m, b = PutMeta{ContentType: "application/json"}, textBytes(uint64(i), 64<<10)
		}
		mustPut(t, s, key(s, "v", i), m, b)
	}
	// Damage: a byte of a payload, a byte of a header, a file cut short,
	// a stale temporary file, and a stranger in the tree.
	flip(t, sliceFile(t, s, key(s, "v", 1)), 5000%200+300)
	flip(t, sliceFile(t, s, key(s, "v", 2)), 20)
	p3 := sliceFile(t, s, key(s, "v", 3))
	if err := os.Truncate(p3, 1000); err != nil {
		t.Fatal(err)
	}
	tmp := filepath.Join(filepath.Dir(p3), tmpPrefix+"0123456789abcdef")
	stranger := filepath.Join(filepath.Dir(p3), "README")
	for _, p := range []string{tmp, stranger} {
		if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	rep, err := s.Verify(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if rep.Checked != 8 || rep.OK != 5 || len(rep.Quarantined) != 4 || rep.TempRemoved != 1 {
		t.Errorf("report %+v", rep)
	}
	for _, q := range rep.Quarantined {
		if _, err := os.Lstat(q.Path); !os.IsNotExist(err) {
			t.Errorf("%s (%s) is still in place", q.Path, q.Reason)
		}
	}
	if got := present(t, s, "v", 8); got[1] || got[2] || got[3] || !got[0] || !got[4] {
		t.Errorf("present after Verify: %v", got)
	}
	if st := s.Stats(); st.Slices != 5 {
		t.Errorf("stats after Verify: %+v", st)
	}
	if n := len(treeFiles(t, dir, quarantineDir)); n != 4 {
		t.Errorf("%d files in quarantine, want 4", n)
	}
	// A second Verify finds nothing to do.
	rep, err = s.Verify(context.Background())
	if err != nil || rep.Checked != 5 || rep.OK != 5 || len(rep.Quarantined) != 0 || rep.Adopted != 0 || rep.Missing != 0 {
		t.Errorf("second Verify: %+v, %v", rep, err)
	}
}

// A file the index lost is adopted by Verify; a record whose file is gone
// is a miss, and is removed.
func TestVerifyAdoptsAndForgets(t *testing.T) {
	s := openStore(t, fast(Options{SliceSize: slice4k}))
	for i := range int64(3) {
		mustPut(t, s, key(s, "v", i), PutMeta{}, randomBytes(uint64(i), slice4k))
	}
	// The index loses the record of slice 0, as after a crash between
	// the rename of its file and the commit of its record.
	sl0, _ := s.resolve(key(s, "v", 0))
	var tl tally
	err := s.db.Update(func(tx *bolt.Tx) error {
		_, err := deleteEntry(tx, sl0.hash, &tl)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	s.apply(tl)
	if _, _, err := s.Get(key(s, "v", 0)); err != ErrMiss {
		t.Fatalf("Get of an unindexed slice: %v", err)
	}
	if err := os.Remove(sliceFile(t, s, key(s, "v", 1))); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(sliceFile(t, s, key(s, "v", 2))); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Get(key(s, "v", 1)); err != ErrMiss {
		t.Fatalf("Get of a slice whose file is gone: %v", err)
	}
	rep, err := s.Verify(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if rep.Adopted != 1 || rep.Missing != 1 || rep.Checked != 1 {
		t.Errorf("report %+v, want 1 adopted (slice 0), 1 missing (slice 2)", rep)
	}
	if got := present(t, s, "v", 3); !got[0] || got[1] || got[2] {
		t.Errorf("present: %v", got)
	}
	if st := s.Stats(); st.Slices != 1 || st.StoredBytes != slice4k {
		t.Errorf("stats %+v", st)
	}
}

// No symlink in the slices tree is followed: not in place of a slice file
// (pointing out of the cache or into it), not in place of a folder.
func TestSymlinksNotFollowed(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	s := openAt(t, dir, fast(Options{SliceSize: slice4k}))
	data := randomBytes(1, slice4k)
	k0, k1 := key(s, "v", 0), key(s, "v", 1)
	mustPut(t, s, k0, PutMeta{}, data)
	mustPut(t, s, k1, PutMeta{}, data)

	// A symlink to a valid copy of the file outside the cache, and one to
	// a valid copy inside it.
	for i, target := range []string{filepath.Join(outside, "copy"), filepath.Join(dir, "copy")} {
		k := key(s, "v", int64(i))
		p := sliceFile(t, s, k)
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(target, b, 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
		rc, _, err := s.Get(k)
		if err == nil {
			rc.Close()
			t.Fatalf("Get served slice %d through a symlink to %s", i, target)
		}
		if fi, err := os.Lstat(p); err == nil {
			t.Errorf("symlink still in place: %v", fi.Mode())
		}
		if b2, err := os.ReadFile(target); err != nil || !bytes.Equal(b, b2) {
			t.Errorf("the symlink's target changed: %v", err)
		}
	}

	// A folder of the tree replaced by a symlink to a folder outside.
	k2 := key(s, "w", 0)
	sl, _ := s.resolve(k2)
	dirRel, _ := sl.hash.rel()
	ab := filepath.Join(dir, filepath.FromSlash(dirRel[:len("slices/ab")]))
	os.RemoveAll(ab)
	if err := os.Symlink(outside, ab); err != nil {
		t.Fatal(err)
	}
	mustPut(t, s, k2, PutMeta{}, data)
	if got, _ := mustGet(t, s, k2); !bytes.Equal(got, data) {
		t.Error("slice differs")
	}
	ents, _ := os.ReadDir(outside)
	if len(ents) != 1 || ents[0].Name() != "copy" {
		t.Errorf("Put wrote outside the cache: %v", ents)
	}
	if fi, err := os.Lstat(ab); err != nil || !fi.IsDir() {
		t.Errorf("%s is not a real folder: %v", ab, err)
	}

	// Verify moves a planted symlink away without following it.
	planted := filepath.Join(filepath.Dir(sliceFile(t, s, k2)), strings.Repeat("0", 64))
	if err := os.Symlink(filepath.Join(outside, "copy"), planted); err != nil {
		t.Fatal(err)
	}
	rep, err := s.Verify(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Quarantined) != 1 {
		t.Errorf("Verify quarantined %+v", rep.Quarantined)
	}
	if _, err := os.Stat(filepath.Join(outside, "copy")); err != nil {
		t.Errorf("the symlink's target: %v", err)
	}
}

// Without its index, the cache is rebuilt from the files' headers.
func TestRebuildIndex(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir, fast(Options{SliceSize: 64 << 10}))
	if err != nil {
		t.Fatal(err)
	}
	want := map[Key][]byte{}
	for i := range int64(20) {
		k := key(s, "v", i)
		k.URL = testURL + "?part=" + string(rune('a'+i%3))
		m, b := PutMeta{}, randomBytes(uint64(i), 64<<10)
		if i%2 == 1 {
			m, b = PutMeta{ContentType: "text/plain"}, textBytes(uint64(i), 64<<10)
		}
		mustPut(t, s, k, m, b)
		want[k] = b
	}
	list, _ := s.List()
	stats := s.Stats()
	s.Close()
	// A temporary file left by a crash goes too.
	crumbs := filepath.Join(dir, slicesDir, "00")
	os.MkdirAll(crumbs, 0o700)
	os.WriteFile(filepath.Join(crumbs, "junk"), []byte("x"), 0o600)

	for _, damage := range []string{"removed", "overwritten", "truncated"} {
		t.Run(damage, func(t *testing.T) {
			p := filepath.Join(dir, indexName)
			switch damage {
			case "removed":
				os.Remove(p)
			case "overwritten":
				b, _ := os.ReadFile(p)
				for i := range b {
					b[i] = byte(i * 7)
				}
				os.WriteFile(p, b, 0o600)
			case "truncated":
				os.Truncate(p, 4096*3+100)
			}
			s := openAt(t, dir, fast(Options{}))
			if s.Stats() != stats {
				t.Errorf("stats after rebuild %+v, before %+v", s.Stats(), stats)
			}
			got, _ := s.List()
			if len(got) != len(list) {
				t.Fatalf("List after rebuild: %+v, before %+v", got, list)
			}
			for i := range got {
				list[i].LastAccess = got[i].LastAccess // rebuilt from file times
				if got[i] != list[i] {
					t.Errorf("List[%d] after rebuild %+v, before %+v", i, got[i], list[i])
				}
			}
			for k, b := range want {
				if g, _ := mustGet(t, s, k); !bytes.Equal(g, b) {
					t.Errorf("slice %d differs after rebuild", k.Index)
				}
			}
			s.Close()
		})
	}
	q := treeFiles(t, dir, quarantineDir)
	if len(q) != 3 { // the overwritten and the truncated index, the junk file
		t.Errorf("quarantine holds %v", q)
	}
}

// A full file system fails Put with ErrFull and leaves nothing behind.
func TestFull(t *testing.T) {
	for _, when := range []string{"write", "sync", "create"} {
		t.Run(when, func(t *testing.T) {
			dir := t.TempDir()
			s := openAt(t, dir, &Options{SliceSize: 64 << 10})
			mustPut(t, s, key(s, "v", 0), PutMeta{}, randomBytes(0, 64<<10))
			before := s.Stats()
			s.create = func(name string) (tempFile, error) {
				if when == "create" {
					return nil, &os.PathError{Op: "open", Path: name, Err: errNoSpace}
				}
				f, err := s.createTemp(name)
				return &fullFile{tempFile: f, failSync: when == "sync", left: 10000}, err
			}
			err := s.Put(key(s, "v", 1), PutMeta{}, randomBytes(1, 64<<10))
			if !errors.Is(err, ErrFull) {
				t.Fatalf("Put on a full disk: %v, want ErrFull", err)
			}
			if !strings.Contains(err.Error(), "no space left") {
				t.Errorf("message %q", err)
			}
			if files := treeFiles(t, dir, slicesDir); len(files) != 1 {
				t.Errorf("files after the failed Put: %v", files)
			}
			if s.Stats() != before {
				t.Errorf("stats %+v, before %+v", s.Stats(), before)
			}
			if _, _, err := s.Get(key(s, "v", 1)); err != ErrMiss {
				t.Errorf("Get after the failed Put: %v", err)
			}
		})
	}
}

// fullFile writes left bytes, then fails as a full disk does; or fails
// at Sync (as NFS and some quotas do).
type fullFile struct {
	tempFile
	left     int
	failSync bool
}

func (f *fullFile) Write(p []byte) (int, error) {
	if f.failSync {
		return f.tempFile.Write(p)
	}
	n := min(len(p), f.left)
	n, _ = f.tempFile.Write(p[:n])
	f.left -= n
	if n < len(p) {
		return n, &os.PathError{Op: "write", Path: "slice", Err: errNoSpace}
	}
	return n, nil
}

func (f *fullFile) Sync() error {
	if f.failSync {
		return &os.PathError{Op: "sync", Path: "slice", Err: errQuota}
	}
	return f.tempFile.Sync()
}

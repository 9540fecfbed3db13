// A download's syncs on a disk go through the Client's io_uring: the
// data sync before the rename, the folder's fsync after it, and the
// syncs a journal's slices wait for.

package slget_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/slget/slget"
	"github.com/slget/slget/fetch/fetchtest"
	"github.com/slget/slget/internal/osfile"
	"golang.org/x/sys/unix"
)

// diskFolder is a new folder on a file system that is not held in memory
// (where Syncer makes the plain calls): the test's temporary folder, or
// one beside the package where /tmp is a tmpfs.
func diskFolder(t *testing.T) string {
	t.Helper()
	inMemory := func(dir string) bool {
		var st unix.Statfs_t
		return unix.Statfs(dir, &st) == nil && (uint32(st.Type) == unix.TMPFS_MAGIC || uint32(st.Type) == unix.RAMFS_MAGIC)
	}
	dir := t.TempDir()
	if inMemory(dir) {
		var err error
		if dir, err = os.MkdirTemp(".", "syncring-test-"); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.RemoveAll(dir) })
	}
	if inMemory(dir) {
		t.Fatal("no folder on a disk to test in")
	}
	return dir
}

func TestDownloadSyncsThroughRing(t *testing.T) {
	if err := osfile.RingAvailable(); err != nil {
		t.Skipf("this kernel gives no io_uring (%v): the syncs are the plain system calls", err)
	}
	dir := diskFolder(t)
	c := newClient(t, &slget.Client{Slice: 256 << 10, Connections: 2})

	small := fetchtest.NewServer(t, fetchtest.WithSize(64<<10))
	res, err := c.Do(context.Background(), &slget.Request{URL: small.FileURL(), Path: filepath.Join(dir, "small.bin")})
	if err != nil || fileSHA256(res.Path) != small.Content().SHA256() {
		t.Fatalf("one slice: %v, or the bytes differ", err)
	}
	if got := slget.SyncsThroughRing(c); got != 2 {
		t.Fatalf("one slice: %d syncs through the ring, want 2 (its data, then its folder)", got)
	}

	big := fetchtest.NewServer(t, fetchtest.WithSize(4<<20))
	res, err = c.Do(context.Background(), &slget.Request{URL: big.FileURL(), Path: filepath.Join(dir, "big.bin")})
	if err != nil || fileSHA256(res.Path) != big.Content().SHA256() {
		t.Fatalf("16 slices: %v, or the bytes differ", err)
	}
	if got := slget.SyncsThroughRing(c) - 2; got < 3 {
		t.Fatalf("16 slices: %d syncs through the ring, want at least 3 (the journal's slices, the data, the folder)", got)
	}
}

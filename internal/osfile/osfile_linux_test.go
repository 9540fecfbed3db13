// Tests of the Linux-only parts of the OS layer: holes found from any
// offset.

package osfile

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"
)

// NextHole finds the hole after data, from the start of the file or from
// inside the data, and reserved space that was never written (fallocate)
// where the file system says so.
func TestNextHole(t *testing.T) {
	const M = 1 << 20
	f, err := os.Create(filepath.Join(t.TempDir(), "f"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Truncate(8 * M); err != nil {
		t.Fatal(err)
	}
	data := make([]byte, 2*M)
	for i := range data {
		data[i] = 1
	}
	if _, err := f.WriteAt(data, 2*M); err != nil {
		t.Fatal(err)
	}
	if err := f.Sync(); err != nil {
		t.Fatal(err)
	}
	if h := NextHole(f, 2*M, 8*M); h != 4*M && h != 8*M {
		t.Fatalf("NextHole from the data: %d, want %d (or %d where holes cannot be told)", h, 4*M, 8*M)
	} else if h == 8*M {
		t.Skip("this file system does not tell holes")
	}
	for _, tc := range []struct{ off, size, want int64 }{
		{0, 8 * M, 0},         // in a hole already
		{3 * M, 8 * M, 4 * M}, // inside the data
		{2 * M, 3 * M, 3 * M}, // no hole before size
		{9 * M, 8 * M, 8 * M}, // past the end
		{5 * M, 8 * M, 5 * M}, // in the hole after the data
	} {
		if h := NextHole(f, tc.off, tc.size); h != tc.want {
			t.Errorf("NextHole(%d, %d) = %d, want %d", tc.off, tc.size, h, tc.want)
		}
	}
	if err := unix.Fallocate(int(f.Fd()), 0, 6*M, M); err != nil {
		t.Skipf("fallocate: %v", err)
	}
	if h := NextHole(f, 6*M, 8*M); h != 6*M {
		t.Logf("reserved, unwritten space at 6 MiB reads as data here (NextHole %d)", h)
	}
}

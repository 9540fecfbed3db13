// Test helpers of the package's internal tests.

package slget

import (
	"os"
	"path/filepath"
	"testing"
)

// openPart makes a sparse file of size bytes in a temporary directory.
func openPart(t *testing.T, size int64) *os.File {
	t.Helper()
	f, err := os.OpenFile(filepath.Join(t.TempDir(), "f.part"), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
	return f
}

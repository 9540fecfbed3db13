// Tests of ReplaceFile: the new contents whole, mode 0600, nothing left
// beside them, and the old contents kept when the rename cannot happen.

package osfile_test

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/slget/slget/internal/osfile"
)

func TestReplaceFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "session")
	for _, data := range []string{"first\n", "second, longer\n"} {
		if err := osfile.ReplaceFile(path, []byte(data)); err != nil {
			t.Fatal(err)
		}
		if b, err := os.ReadFile(path); err != nil || string(b) != data {
			t.Fatalf("read back %q, %v; want %q", b, err, data)
		}
	}
	if fi, _ := os.Stat(path); runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode().Perm())
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("%d entries in the folder, want the file alone", len(es))
	}
	// A folder in the way: the rename fails, the temporary file goes.
	busy := filepath.Join(dir, "busy")
	if err := os.MkdirAll(filepath.Join(busy, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := osfile.ReplaceFile(busy, []byte("x")); err == nil {
		t.Error("replaced a folder that is not empty")
	}
	if es, _ := os.ReadDir(dir); len(es) != 2 {
		t.Errorf("%d entries after a failed replace, want 2 (no temporary file left)", len(es))
	}
}

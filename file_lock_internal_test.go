// Tests of the output lock's errors: a partial file that cannot be created
// is a create error, one that is there and cannot be opened an open error.

package slget

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLockPartCreateError: a NAME.part that cannot be created (a name too
// long for the file system, a folder that is not there) is reported as a
// create, which is what the command's exit code 16 rests on; a NAME.part
// that is there but is a folder is not.
func TestLockPartCreateError(t *testing.T) {
	dir := t.TempDir()
	for _, path := range []string{
		filepath.Join(dir, strings.Repeat("n", 300)+".part"),
		filepath.Join(dir, "absent", "f.bin.part"),
	} {
		l, err := lockPart(path)
		var fe *FileError
		if !errors.As(err, &fe) || fe.Op != "create" || !strings.Contains(err.Error(), "cannot create") {
			t.Errorf("%s: %v (%#v), want a FileError with Op create", filepath.Base(path), err, fe)
		}
		if l != nil {
			l.release()
		}
	}
	// An existing file that cannot be opened for writing: a folder.
	taken := filepath.Join(dir, "d.part")
	if err := os.Mkdir(taken, 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := lockPart(taken)
	var fe *FileError
	if errors.As(err, &fe) && fe.Op != "open" {
		t.Errorf("a folder at NAME.part: %v, want an open error (or another kind)", err)
	}
}

// Replacing a small file whole: a temporary file beside it, synced, then
// renamed over it, so that a reader (or a crash) sees the old contents or
// the new, never half of them.

package osfile

import (
	"os"
	"path/filepath"
)

// ReplaceFile writes data to the file at path in place of what it held,
// as its description above says. The file is 0600 (os.CreateTemp's mode):
// what slget writes this way (sessions) may hold credentials. On an error
// the temporary file is removed and path is as it was.
func ReplaceFile(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// macOS and the BSDs, beside what they share with Linux: a full fsync, no
// free-space, name-length or hole check, the hard-link rename, no
// reservation of blocks.

//go:build darwin || freebsd || netbsd || openbsd || dragonfly

package osfile

import (
	"errors"
	"os"
)

// Datasync makes f's data durable: a full fsync (F_FULLFSYNC on macOS).
func Datasync(f *os.File) error { return f.Sync() }

// FirstHole cannot be told here: size, as if there were no hole.
func FirstHole(_ *os.File, size int64) int64 { return size }

// NextHole cannot be told here: size, as if there were no hole.
func NextHole(_ *os.File, _, size int64) int64 { return size }

// RenameNoReplace renames from to to unless to exists (fs.ErrExist): a
// hard link fails if to exists; without hard links it checks, then
// renames.
func RenameNoReplace(from, to string) error { return linkRename(from, to) }

// Preallocate is not done here: the file stays sparse.
func Preallocate(*os.File, int64, int64) error { return errors.ErrUnsupported }

// Volume cannot tell the longest name or the free space here: 0 and -1.
func Volume(string) (nameMax int, free int64) { return 0, -1 }

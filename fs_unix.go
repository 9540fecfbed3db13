// File-system calls of Unix systems: a rename that never replaces.

//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package slget

import (
	"errors"
	"io/fs"
	"os"
)

// linkRename renames from to to unless to exists, where the system has no
// atomic call for it: a hard link fails if to exists. Without hard links
// (some network and FAT file systems) it checks, then renames.
func linkRename(from, to string) error {
	err := os.Link(from, to)
	if err == nil {
		return os.Remove(from)
	}
	if errors.Is(err, fs.ErrExist) {
		return err
	}
	if _, serr := os.Lstat(to); serr == nil {
		return fs.ErrExist
	}
	return os.Rename(from, to)
}

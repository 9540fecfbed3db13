// Where flock(2) is missing, the output lock is this process's alone.

//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package slget

import (
	"io/fs"
	"os"
)

// flock does nothing here: two downloads of one name in two processes are
// not kept apart (see the package caveats).
func flock(*os.File) error { return nil }

func linkRename(from, to string) error {
	if _, err := os.Lstat(to); err == nil {
		return fs.ErrExist
	}
	return os.Rename(from, to)
}

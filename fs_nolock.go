// A rename that never replaces, where there are no hard links to check with.

//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package slget

import (
	"io/fs"
	"os"
)

func linkRename(from, to string) error {
	if _, err := os.Lstat(to); err == nil {
		return fs.ErrExist
	}
	return os.Rename(from, to)
}

// Tests of the errno predicates on Unix: what the flow classifies as a
// full disk, a read-only file system and a refused symbolic link.

//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package osfile

import (
	"fmt"
	"os"
	"syscall"
	"testing"
)

func TestPredicates(t *testing.T) {
	wrap := func(e error) error { return fmt.Errorf("x: %w", &os.PathError{Op: "write", Path: "p", Err: e}) }
	for _, c := range []struct {
		err                    error
		full, readOnly, symErr bool
	}{
		{wrap(syscall.ENOSPC), true, false, false},
		{wrap(syscall.EDQUOT), true, false, false},
		{wrap(syscall.EROFS), false, true, false},
		{wrap(syscall.ELOOP), false, false, true},
		{wrap(ErrSymlink), false, false, true},
		{wrap(syscall.EACCES), false, false, false},
	} {
		if got := IsDiskFull(c.err); got != c.full {
			t.Errorf("IsDiskFull(%v) = %v", c.err, got)
		}
		if got := IsReadOnlyFS(c.err); got != c.readOnly {
			t.Errorf("IsReadOnlyFS(%v) = %v", c.err, got)
		}
		if got := IsSymlinkRefused(c.err); got != c.symErr {
			t.Errorf("IsSymlinkRefused(%v) = %v", c.err, got)
		}
	}
}

// fdatasync on Linux: data and the metadata needed to read it, not times.

package main

import (
	"os"
	"syscall"
)

func datasync(f *os.File) error { return syscall.Fdatasync(int(f.Fd())) }

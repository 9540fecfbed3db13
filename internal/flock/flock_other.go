// Where flock(2) is missing, Lock does nothing.

//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package flock

import "os"

// Supported reports whether Lock really locks here.
const Supported = false

func try(*os.File, bool) error { return nil }

// Unlock does nothing here.
func Unlock(*os.File) error { return nil }

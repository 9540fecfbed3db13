// File-system calls where Linux's are missing: full fsync, no free-space
// or hole check, and a rename that checks by linking.

//go:build !linux

package slget

import "os"

func datasync(f *os.File) error { return f.Sync() }

func freeSpace(string) int64 { return -1 }

func firstHole(_ *os.File, size int64) int64 { return size }

func renameNoReplace(from, to string) error { return linkRename(from, to) }

//go:build !linux

// Elsewhere a full fsync stands in for fdatasync.

package main

import "os"

func datasync(f *os.File) error { return f.Sync() }

// freeSpace cannot be told here.
func freeSpace(string) int64 { return -1 }

//go:build !unix

// detach_other.go: no detaching where there are no sessions (Windows):
// --daemon is refused there.

package main

import "syscall"

func detachedAttr() *syscall.SysProcAttr { return nil }

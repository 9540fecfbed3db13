//go:build !unix

// No detaching where there are no sessions (Windows):
// --daemon is refused there.

package main

import "syscall"

func detachedAttr() *syscall.SysProcAttr { return nil }

//go:build unix

// A session of its own for the daemon --daemon starts.

package main

import "syscall"

func detachedAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }

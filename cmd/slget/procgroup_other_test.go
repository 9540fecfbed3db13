// Where there are no process groups (Windows): the interop tests' servers
// are stopped by killing the one process started.

//go:build !unix

package main

import "os/exec"

// ownGroup does nothing here.
func ownGroup(*exec.Cmd) {}

// stopGroup kills cmd's process.
func stopGroup(cmd *exec.Cmd, _ bool) { cmd.Process.Kill() }

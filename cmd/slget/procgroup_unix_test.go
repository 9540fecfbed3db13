// Process groups for the real servers the interop tests start (nginx,
// squid): stopping the group stops their workers too.

//go:build unix

package main

import (
	"os/exec"
	"syscall"
)

// ownGroup makes cmd, once started, the leader of a process group of its
// own.
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// stopGroup asks cmd's process group to stop (SIGTERM), or kills it.
func stopGroup(cmd *exec.Cmd, kill bool) {
	sig := syscall.SIGTERM
	if kill {
		sig = syscall.SIGKILL
	}
	syscall.Kill(-cmd.Process.Pid, sig)
}

// CPU time of the calling thread, for benchmarks on a busy machine.

//go:build linux

package localcache

import (
	"syscall"
	"time"
)

// threadCPU is the CPU time (user and system) the calling OS thread has
// used; with the goroutine locked to its thread, the difference of two
// readings is the CPU the goroutine spent, whatever else runs on the
// machine.
func threadCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}

// The errors of a full disk, as the kernel gives them.

//go:build unix

package localcache

import "syscall"

const (
	errNoSpace = syscall.ENOSPC
	errQuota   = syscall.EDQUOT
)

// A full disk: ENOSPC and EDQUOT say it all outside Windows.

//go:build !windows

package localcache

func diskFull(err error) bool { return false }

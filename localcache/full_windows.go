// A full disk, as Windows says it.

package localcache

import (
	"errors"
	"syscall"
)

// diskFull says whether err is ERROR_DISK_FULL or ERROR_HANDLE_DISK_FULL,
// which Windows returns where Unix says ENOSPC.
func diskFull(err error) bool {
	return errors.Is(err, syscall.Errno(112)) || errors.Is(err, syscall.Errno(39))
}

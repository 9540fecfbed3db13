// File identity on Linux: device, inode, size and change time.

package localcache

import (
	"os"
	"syscall"
)

func stampOf(fi os.FileInfo) (fileStamp, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fileStamp{}, false
	}
	return fileStamp{dev: uint64(st.Dev), ino: st.Ino, size: st.Size, ctime: st.Ctim.Nano()}, true
}

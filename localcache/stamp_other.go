//go:build !linux

// File identity elsewhere: not known, so every slice sent is read and
// checked first.

package localcache

import "os"

func stampOf(os.FileInfo) (fileStamp, bool) { return fileStamp{}, false }

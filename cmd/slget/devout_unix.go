//go:build unix

// Opening a device or a FIFO for -o without blocking on a FIFO that has no
// reader (Unix).

package main

import (
	"errors"
	"os"
	"syscall"
)

// isNoReader reports a FIFO opened for writing with no reader at the other
// end.
func isNoReader(err error) bool { return errors.Is(err, syscall.ENXIO) }

func openNonBlock(path string) (*os.File, error) {
	fd, err := syscall.Open(path, syscall.O_WRONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	if err := syscall.SetNonblock(fd, false); err != nil {
		syscall.Close(fd)
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	return os.NewFile(uintptr(fd), path), nil
}

// Extended attributes where the system has the xattr calls (Linux, macOS):
// set on an open file, read without following a symbolic link.

//go:build linux || darwin

package osfile

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// SetXattr sets the attribute name of the open file f to value.
func SetXattr(f *os.File, name string, value []byte) error {
	err := unix.Fsetxattr(int(f.Fd()), name, value, 0)
	if errors.Is(err, unix.ENOTSUP) || errors.Is(err, unix.EOPNOTSUPP) {
		return ErrXattrUnsupported
	}
	return err
}

// GetXattr reads the attribute name of the file at path, never through a
// symbolic link; a missing attribute is fs.ErrNotExist.
func GetXattr(path, name string) ([]byte, error) {
	buf := make([]byte, 4096)
	for {
		n, err := unix.Lgetxattr(path, name, buf)
		switch {
		case errors.Is(err, unix.ERANGE) && len(buf) < 1<<16:
			buf = make([]byte, 2*len(buf))
			continue
		case errors.Is(err, errNoAttr):
			return nil, os.ErrNotExist
		case errors.Is(err, unix.ENOTSUP) || errors.Is(err, unix.EOPNOTSUPP):
			return nil, ErrXattrUnsupported
		case err != nil:
			return nil, err
		}
		return buf[:n], nil
	}
}

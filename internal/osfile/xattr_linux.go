// The error of a missing extended attribute on Linux.

package osfile

import "golang.org/x/sys/unix"

const errNoAttr = unix.ENODATA

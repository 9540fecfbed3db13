// The error of a missing extended attribute on macOS.

package osfile

import "golang.org/x/sys/unix"

const errNoAttr = unix.ENOATTR

// Extended attributes of a file, the same on every system: where the
// system or the file system keeps none, they fail with
// ErrXattrUnsupported.

package osfile

import "errors"

// ErrXattrUnsupported is matched by the error of SetXattr and GetXattr
// where the system or the file system keeps no extended attributes.
var ErrXattrUnsupported = errors.New("the file system keeps no extended attributes")

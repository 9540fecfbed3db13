// Extended attributes where slget does not use them (Windows, the BSDs,
// the rest): every call says the file system keeps none.

//go:build !linux && !darwin

package osfile

import "os"

// SetXattr is not supported here.
func SetXattr(*os.File, string, []byte) error { return ErrXattrUnsupported }

// GetXattr is not supported here.
func GetXattr(string, string) ([]byte, error) { return nil, ErrXattrUnsupported }

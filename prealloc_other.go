// Reserving a file's blocks where Linux's fallocate is missing: not done,
// the file stays sparse.

//go:build !linux

package slget

import (
	"errors"
	"os"
)

func preallocate(*os.File, int64, int64) error { return errors.ErrUnsupported }

// Test helpers of the library's tests.

package slget_test

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
)

// fileSHA256 is the hex SHA-256 of the file at path, or "" if it cannot be
// read.
func fileSHA256(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))
}

// exists reports whether something is at path.
func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// Goroutine leaks: after every test of the package, no goroutine of a
// download, a server or a connection may be left running; and the binary
// the tests built is removed.

package main

import (
	"os"
	"path/filepath"
	"testing"

	"go.uber.org/goleak"
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m, goleak.Cleanup(func(code int) {
		if binPath != "" && binErr == nil {
			os.RemoveAll(filepath.Dir(binPath)) // its own slget-bin-* folder
		}
		os.Exit(code)
	}))
}

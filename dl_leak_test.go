// Goroutine leaks: after every test of the package, no goroutine of a
// download, a server or a connection may be left running.

package slget_test

import (
	"testing"

	"go.uber.org/goleak"
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}

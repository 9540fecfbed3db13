// Every test of the package leaves no goroutine behind: connections to
// origins and peers, cache fills and timers included.

package slget_test

import (
	"testing"

	"go.uber.org/goleak"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// Every test of the package leaves no goroutine behind: peers' and the
// origin's connections, decoders and timers included.

package fetch_test

import (
	"testing"

	"go.uber.org/goleak"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// Tests of what the package links in: a program may ship it, so it must
// not link the testing package.

package fetchtest_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

// NewServer's parameter accepts the testing types without naming them.
var (
	_ fetchtest.TB = (*testing.T)(nil)
	_ fetchtest.TB = (*testing.B)(nil)
	_ fetchtest.TB = (*testing.F)(nil)
	_ fetchtest.TB = testing.TB(nil)
)

func TestNoTestingDependency(t *testing.T) {
	// go test puts its own GOROOT/bin first in PATH, so this is the go
	// command that builds the test.
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, "net/http") || !slices.Contains(deps, "github.com/slget/slget/fetch/fetchtest") {
		t.Fatalf("go list -deps printed no package list:\n%s", out)
	}
	for _, d := range deps {
		if d == "testing" || strings.HasPrefix(d, "testing/") {
			t.Errorf("fetchtest depends on %s; a program that ships it would link it in", d)
		}
	}
}

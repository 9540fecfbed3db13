// What a program that downloads links: the library and the slice store,
// never the peer server or its metrics stack.

package slget_test

import (
	"os/exec"
	"strings"
	"testing"
)

func TestLibraryLinksNoServerOrMetrics(t *testing.T) {
	for _, pkg := range []string{".", "./localcache"} {
		out, err := exec.Command("go", "list", "-deps", pkg).CombinedOutput()
		if err != nil {
			t.Fatalf("go list -deps %s: %v\n%s", pkg, err, out)
		}
		for _, p := range strings.Fields(string(out)) {
			if p == "github.com/slget/slget/localcache/peer" || strings.Contains(p, "prometheus") {
				t.Errorf("%s depends on %s", pkg, p)
			}
		}
	}
}

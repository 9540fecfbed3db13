// What a program that downloads links: the library and the slice store,
// never the peer server or its metrics stack; and the HTTP side (fetch),
// which knows nothing of the fleet.

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

// fetch signs and checks a peer's proofs through PeerProof, which the
// library fills with the fleet's: it never imports the fleet itself.
func TestFetchImportsNoFleet(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "./fetch").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps ./fetch: %v\n%s", err, out)
	}
	for _, p := range strings.Fields(string(out)) {
		if p == "github.com/slget/slget/fleet" || strings.HasPrefix(p, "github.com/slget/slget/fleet/") {
			t.Errorf("fetch depends on %s: ownership and keys come in through fetch.PeerProof", p)
		}
	}
}

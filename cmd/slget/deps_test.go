// The command ships no test code: nothing it links pulls the testing
// package into the binary.

package main

import (
	"os/exec"
	"strings"
	"testing"
)

func TestBinaryDoesNotLinkTesting(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, p := range strings.Fields(string(out)) {
		if p == "testing" {
			t.Fatal("cmd/slget depends on the testing package")
		}
	}
}

// The command speaks to the library, not to its parts: of this module it
// imports the root package, the cache's store and peer server, the fleet's
// discovery, the daemon's queue and JSON-RPC face and internal helpers,
// and nothing else: the download flow's decisions stay in the library, and
// the test origin and its faults stay out of the binary (the demo's origin
// is its own).
func TestCommandImportsTheLibraryOnly(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{join .Imports "\n"}}`, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	allowed := map[string]bool{
		"github.com/slget/slget":                 true,
		"github.com/slget/slget/localcache":      true,
		"github.com/slget/slget/localcache/peer": true,
		"github.com/slget/slget/fleet/mdns":      true,
		"github.com/slget/slget/fleet":           true, // serve's members and their health
		"github.com/slget/slget/fleet/gossip":    true, // serve's membership by gossip
		"github.com/slget/slget/queue":           true, // --enable-rpc's downloads, over the library
		"github.com/slget/slget/aria2rpc":        true, // --enable-rpc's face
	}
	for _, p := range strings.Fields(string(out)) {
		if strings.HasPrefix(p, "github.com/slget/slget") && !allowed[p] && !strings.HasPrefix(p, "github.com/slget/slget/internal/") {
			t.Errorf("cmd/slget imports %s", p)
		}
	}
}

// Every start of the command, a download's included, runs the package
// init of all it links: the serve's metrics are written by the peer
// server itself, so no metrics library (prometheus's client sets up a
// default registry, procfs and protobuf at init) is linked.
func TestCommandLinksNoMetricsLibrary(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, p := range strings.Fields(string(out)) {
		if strings.Contains(p, "prometheus") || strings.HasPrefix(p, "google.golang.org/protobuf") {
			t.Errorf("cmd/slget depends on %s", p)
		}
	}
}

// The daemon's two packages know nothing of HTTP ranges or journals: of
// this module they import the library's root, the queue and the parsers of
// option values (internal/optvalue) only.

package aria2rpc

import (
	"os/exec"
	"strings"
	"testing"
)

func TestDaemonImportsNoRangesOrJournals(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}: {{join .Imports " "}}`, ".", "../queue").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	allowed := map[string]bool{"github.com/slget/slget": true, "github.com/slget/slget/queue": true, "github.com/slget/slget/internal/optvalue": true}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, imports, _ := strings.Cut(line, ": ")
		for _, p := range strings.Fields(imports) {
			if strings.HasPrefix(p, "github.com/slget/slget") && !allowed[p] {
				t.Errorf("%s imports %s", pkg, p)
			}
		}
	}
}

// An output name past the file system's limit as the command reports it:
// the exit code of a file that cannot be created, and the advice in terms
// of -o (the flow is tested in the root package, outputnames_test.go).

package main

import (
	"os"
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

// dirNames lists the names in dir.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

func TestOutputNameTooLong(t *testing.T) {
	srv := fetchtest.NewServer(t, fetchtest.WithSize(3<<20))
	r := runSlget(t, "-x", "4", "-d", t.TempDir(), "-o", strings.Repeat("n", 252)+".bin", srv.FileURL())
	if r.code != exitFileCreate {
		t.Fatalf("exit %d, want %d (cannot create)", r.code, exitFileCreate)
	}
	if !strings.Contains(r.stderr, "256 bytes long") || !strings.Contains(r.stderr, "shorter name with -o") {
		t.Errorf("the error does not say what is wrong and what to do: %q", r.stderr)
	}
}

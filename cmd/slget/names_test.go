// An output name past the file system's limit as the command reports it:
// the exit code of a file that cannot be created, and the advice in terms
// of -o (the flow is tested in the root package, TestLongOutputNames).

package main

import (
	"strings"
	"testing"

	"github.com/slget/slget/fetch/fetchtest"
)

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

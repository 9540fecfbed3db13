// The command ships no test code: the demo's origin must not pull the
// testing package into the binary.

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

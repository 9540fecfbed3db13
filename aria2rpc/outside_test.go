// A program outside the module embeds the daemon with queue.Prepare: a
// client's split and header reach the origin, as the package promises to
// every program, not only to the code beside it.

package aria2rpc_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

func TestEmbeddedOutsideTheModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program of its own module; skipped with -short")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join("testdata", "embed", "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	mod := "module example.com/embed\n\ngo 1.26\n\nrequire github.com/slget/slget v0.0.0\n\nreplace github.com/slget/slget => " + strconv.Quote(root) + "\n"
	for name, b := range map[string][]byte{"main.go": src, "go.sum": sum, "go.mod": []byte(mod)} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	// The module's requirements come from the local module cache, as the
	// checkout's own build found them: no network.
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	t.Logf("the program outside the module said:\n%s", out)
	if err != nil {
		t.Fatalf("go run: %v", err)
	}
	// split caps the requests at once (split=4 may not fill all four at
	// every moment); the header goes with every request.
	for _, split := range []int{1, 4} {
		re := regexp.MustCompile(`split=` + strconv.Itoa(split) + `: complete, bytes equal true, most requests at once (\d+), requests by X-Token map\[t-` + strconv.Itoa(split) + `:\d+\]\n`)
		m := re.FindSubmatch(out)
		if m == nil {
			t.Errorf("split=%d: want the download complete, each request with X-Token t-%d", split, split)
			continue
		}
		if most, _ := strconv.Atoi(string(m[1])); most > split || split > 1 && most < 2 {
			t.Errorf("split=%d: %d requests at once", split, most)
		}
	}
}

// The library's messages speak of settings, never of the command's flags:
// a Go program has no --max-redirect to raise. The command adds its flags
// to what it prints.

package slget_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// flagName is a command-line flag inside a message: "--peer-token".
var flagName = regexp.MustCompile(`(^|[\s(])--[a-z][a-z-]+`)

func TestLibraryMessagesNameNoFlag(t *testing.T) {
	// The command, its benchmarks and tools are the command's; the aria2
	// adapter speaks aria2's option names, which its clients send.
	skip := map[string]bool{"cmd": true, "bench": true, "contrib": true, "aria2rpc": true, "testdata": true}
	fset := token.NewFileSet()
	checked := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if skip[d.Name()] || strings.HasPrefix(d.Name(), ".") && path != "." {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		checked++
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err == nil && flagName.MatchString(s) {
				t.Errorf("%s: a message names a flag: %q", fset.Position(lit.Pos()), s)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Fatalf("checked %d files of the library, want the whole of it", checked)
	}
}

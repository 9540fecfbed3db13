// The package doc's map of the root's files: every file it names exists,
// and every file of the root has a role prefix the map explains.

package slget_test

import (
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"strings"
	"testing"
)

func TestDocMapNamesTheRootsFiles(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	doc := f.Doc.Text()
	named := regexp.MustCompile(`\b(?:api|dl|file|src)_[a-z0-9_]+\b`).FindAllString(doc, -1)
	if len(named) < 20 {
		t.Fatalf("the package doc names %d files; its map is gone", len(named))
	}
	for _, n := range named {
		if _, err := os.Stat(n + ".go"); err != nil {
			t.Errorf("the package doc's map names %s, which is not a file of the root: %v", n, err)
		}
	}
	ents, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		n := e.Name()
		if !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") || n == "doc.go" {
			continue
		}
		if !regexp.MustCompile(`^(api|dl|file|src)_`).MatchString(n) {
			t.Errorf("%s has no role prefix (api_, dl_, file_ or src_; see the package doc)", n)
		}
	}
}

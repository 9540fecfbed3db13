// The root's exported API names only its own types and the standard
// library's (and x/ packages'): a program reads one package's docs to use
// it. No exported field, method or function signature, nor the type of an
// exported value, names a type of another package of the module (fetch,
// fleet, metalink, localcache, segment, ...).

package slget_test

import (
	"bufio"
	"bytes"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// internalPackages are the module's packages whose types the root's API
// must not name.
var internalPackages = []string{"fetch", "fleet", "metalink", "localcache", "segment", "resume", "queue", "aria2rpc", "internal"}

func TestAPINamesNoInternalPackage(t *testing.T) {
	pkg := checkRoot(t)
	var leaks []string
	seen := map[types.Type]bool{}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		switch o := obj.(type) {
		case *types.TypeName:
			if a, ok := o.Type().(*types.Alias); ok {
				leakIn(a.Rhs(), name, seen, &leaks)
				continue
			}
			named, ok := o.Type().(*types.Named)
			if !ok {
				continue
			}
			if st, ok := named.Underlying().(*types.Struct); ok {
				for i := range st.NumFields() {
					if f := st.Field(i); f.Exported() {
						leakIn(f.Type(), name+"."+f.Name(), seen, &leaks)
					}
				}
			} else {
				leakIn(named.Underlying(), name, seen, &leaks)
			}
			ms := types.NewMethodSet(types.NewPointer(named))
			for i := range ms.Len() {
				if m := ms.At(i).Obj(); m.Exported() {
					leakIn(m.Type(), name+"."+m.Name(), seen, &leaks)
				}
			}
		default:
			leakIn(obj.Type(), name, seen, &leaks)
		}
	}
	sort.Strings(leaks)
	for _, l := range leaks {
		t.Error(l)
	}
}

// leakIn adds to leaks each type of an internal package that t names,
// through pointers, containers, signatures and unnamed structs.
func leakIn(t types.Type, where string, seen map[types.Type]bool, leaks *[]string) {
	switch t := t.(type) {
	case *types.Alias:
		leakIn(t.Rhs(), where, seen, leaks)
	case *types.Named:
		if p := t.Obj().Pkg(); p != nil && isInternal(p.Path()) {
			*leaks = append(*leaks, where+" names "+t.String())
		}
		for i := range t.TypeArgs().Len() {
			leakIn(t.TypeArgs().At(i), where, seen, leaks)
		}
	case *types.Pointer:
		leakIn(t.Elem(), where, seen, leaks)
	case *types.Slice:
		leakIn(t.Elem(), where, seen, leaks)
	case *types.Array:
		leakIn(t.Elem(), where, seen, leaks)
	case *types.Map:
		leakIn(t.Key(), where, seen, leaks)
		leakIn(t.Elem(), where, seen, leaks)
	case *types.Chan:
		leakIn(t.Elem(), where, seen, leaks)
	case *types.Signature:
		for _, tu := range []*types.Tuple{t.Params(), t.Results()} {
			for i := range tu.Len() {
				leakIn(tu.At(i).Type(), where, seen, leaks)
			}
		}
	case *types.Struct:
		for i := range t.NumFields() {
			leakIn(t.Field(i).Type(), where+"."+t.Field(i).Name(), seen, leaks)
		}
	case *types.Interface:
		for i := range t.NumMethods() {
			if m := t.Method(i); m.Exported() {
				leakIn(m.Type(), where+"."+m.Name(), seen, leaks)
			}
		}
	}
}

func isInternal(path string) bool {
	const module = "github.com/slget/slget/"
	rest, ok := strings.CutPrefix(path, module)
	if !ok {
		return false
	}
	first, _, _ := strings.Cut(rest, "/")
	for _, p := range internalPackages {
		if first == p {
			return true
		}
	}
	return false
}

// checkRoot type-checks the root package's non-test files against the
// export data the go command builds for its imports.
func checkRoot(t *testing.T) *types.Package {
	t.Helper()
	out, err := exec.Command("go", "list", "-export", "-deps", "-f", "{{.ImportPath}} {{.Export}}", ".").Output()
	if err != nil {
		t.Fatalf("go list -export: %v", err)
	}
	exports := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if path, file, ok := strings.Cut(sc.Text(), " "); ok && file != "" {
			exports[path] = file
		}
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) { return os.Open(exports[path]) })
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, n, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: imp, FakeImportC: true}
	pkg, err := conf.Check("github.com/slget/slget", fset, files, nil)
	if err != nil {
		t.Fatalf("type-checking the root: %v", err)
	}
	return pkg
}

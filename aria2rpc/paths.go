// paths.go: a client's dir and out, kept inside the download root.

package aria2rpc

import (
	"fmt"
	"path/filepath"
	"strings"
)

// place resolves the dir option of opts in Root (a relative dir is taken
// in Root; none is Root) and checks that dir and out stay inside it:
// no "..", no absolute path elsewhere.
func (s *Server) place(opts map[string]string) *Error {
	root := filepath.Clean(s.Root)
	dir := root
	if d, ok := opts["dir"]; ok && d != "" {
		if !filepath.IsAbs(d) {
			d = filepath.Join(root, d)
		}
		dir = filepath.Clean(d)
		if !inside(root, dir) {
			return failed(fmt.Sprintf("dir %s is outside the download root %s", opts["dir"], root))
		}
	}
	opts["dir"] = dir
	if out, ok := opts["out"]; ok {
		o := filepath.FromSlash(out)
		if out == "" || filepath.IsAbs(o) || filepath.VolumeName(o) != "" || strings.HasPrefix(out, "/") {
			return failed(fmt.Sprintf("out %s: want a name (or sub/name) inside dir", out))
		}
		if p := filepath.Join(dir, o); !inside(dir, p) || p == dir {
			return failed(fmt.Sprintf("out %s is outside dir %s", out, dir))
		}
	}
	return nil
}

// inside is true when path is root or below it.
func inside(root, path string) bool {
	rel, err := filepath.Rel(root, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// A client's dir and out, kept inside the download root.

package aria2rpc

import (
	"fmt"
	"path/filepath"
	"strings"
)

// place resolves the dir option of opts in Root (a relative dir is taken
// in Root; none is Root) and checks that dir and out stay inside it:
// no "..", no absolute path elsewhere, no symbolic link that leads out.
// (A link made inside the root after the check is the root owner's doing:
// the daemon does not lock folders.)
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
	target := dir
	if out, ok := opts["out"]; ok {
		o := filepath.FromSlash(out)
		if out == "" || filepath.IsAbs(o) || filepath.VolumeName(o) != "" || strings.HasPrefix(out, "/") {
			return failed(fmt.Sprintf("out %s: want a name (or sub/name) inside dir", out))
		}
		target = filepath.Join(dir, o)
		if !inside(dir, target) || target == dir {
			return failed(fmt.Sprintf("out %s is outside dir %s", out, dir))
		}
		target = filepath.Dir(target)
	}
	// A folder on the way that is a symbolic link must not lead out.
	if !inside(resolved(root), resolved(target)) {
		what := "dir " + dir
		if out, ok := opts["out"]; ok {
			what = "out " + out + " in dir " + dir
		}
		return failed(fmt.Sprintf("%s leads outside the download root %s through a symbolic link (to %s)", what, root, resolved(target)))
	}
	return nil
}

// resolved is p with the symbolic links of its longest existing ancestor
// resolved.
func resolved(p string) string {
	rest := ""
	for {
		if r, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Join(r, rest)
		}
		parent := filepath.Dir(p)
		if parent == p {
			return filepath.Join(p, rest)
		}
		rest = filepath.Join(filepath.Base(p), rest)
		p = parent
	}
}

// inside is true when path is root or below it.
func inside(root, path string) bool {
	rel, err := filepath.Rel(root, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

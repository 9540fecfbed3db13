// The names a Metalink gives its files: a file name or a relative path
// beneath the download directory, checked so that none leads out of it.

package metalink

import (
	"errors"
	"fmt"
	"strings"
)

// MaxName is the most bytes of a name, folders included; each folder and
// the file's own name are at most 255 bytes.
const MaxName = 1024

// CheckName refuses a name from a document that could lead out of the
// download directory or that no file system would take as meant. A name
// is a file name or, as RFC 5854 allows, a relative path of folders and a
// file name separated by "/" ("t/README"), saved beneath the download
// directory. Refused: an empty name, an absolute path, a backslash, a
// drive letter ("C:"), an empty, "." or ".." segment, a control
// character, a segment over 255 bytes, a name over MaxName bytes.
func CheckName(name string) error {
	switch {
	case name == "":
		return errors.New("the file has no name")
	case len(name) > MaxName:
		return fmt.Errorf("the name is longer than %d bytes", MaxName)
	case strings.ContainsFunc(name, isControl):
		return fmt.Errorf("the name %q holds a control character", short(name))
	case strings.HasPrefix(name, "/"):
		return fmt.Errorf("the name %q is an absolute path; a name is taken only beneath the download directory", short(name))
	case strings.Contains(name, `\`):
		return fmt.Errorf("the name %q holds a backslash; folders in a Metalink name are separated by /", short(name))
	}
	for seg := range strings.SplitSeq(name, "/") {
		switch {
		case seg == "":
			return fmt.Errorf("the name %q has an empty folder name (// or a / at an end)", short(name))
		case seg == "." || seg == "..":
			return fmt.Errorf("the name %q holds a %q segment; a name is taken only beneath the download directory, with no ../", short(name), seg)
		case len(seg) >= 2 && seg[1] == ':' && (seg[0]|0x20) >= 'a' && (seg[0]|0x20) <= 'z':
			return fmt.Errorf("the name %q starts a segment with a drive letter (%s)", short(name), seg[:2])
		case len(seg) > 255:
			return fmt.Errorf("the name %q has a segment longer than 255 bytes", short(name))
		}
	}
	return nil
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) }

// short quotes at most 64 bytes of s in messages.
func short(s string) string {
	if len(s) > 64 {
		return s[:64] + "…"
	}
	return s
}

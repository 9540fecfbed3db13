// Tests of the side files' names: a long name's are shortened, the same
// for the same name, different for different names, never past the limit.

package slget

import (
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSideStem(t *testing.T) {
	dir := t.TempDir()
	limit := volumeOf(dir).nameMax
	if limit < 64 {
		t.Skipf("a file system with a %d-byte name limit", limit)
	}
	short := filepath.Join(dir, strings.Repeat("a", limit-longestSide))
	if got := sideStem(short); got != short {
		t.Errorf("a name that fits its side files got the stem %q", got)
	}
	for _, name := range []string{
		strings.Repeat("a", limit-longestSide+1),
		strings.Repeat("é", limit/2),
		"x" + strings.Repeat("日本", limit/6),
		strings.Repeat("b", limit),
	} {
		path := filepath.Join(dir, name)
		stem := sideStem(path)
		base := filepath.Base(stem)
		if filepath.Dir(stem) != dir {
			t.Errorf("stem %q is not beside %q", stem, path)
		}
		if n := len(base) + longestSide; n > limit {
			t.Errorf("%d-byte name: the longest side file would have %d bytes, over %d", len(name), n, limit)
		}
		if !utf8.ValidString(base) {
			t.Errorf("%d-byte name: stem %q cuts a character", len(name), base)
		}
		if sideStem(path) != stem {
			t.Errorf("%d-byte name: two stems", len(name))
		}
		other := filepath.Join(dir, name[:len(name)-1]+"z")
		if sideStem(other) == stem {
			t.Errorf("two names share the stem %q", stem)
		}
		if part, journal := partPathOf(path), journalPathOf(path); part != stem+".part" || journal != stem+".slget" {
			t.Errorf("side files %q, %q of stem %q", part, journal, stem)
		}
	}
	// A directory not made yet is judged by its nearest parent.
	if n := volumeOf(filepath.Join(dir, "not", "yet")).nameMax; n != limit {
		t.Errorf("nameMax of a directory to be made: %d, want %d", n, limit)
	}
	if err := checkNameLength(filepath.Join(dir, strings.Repeat("c", limit+1))); err == nil || !strings.Contains(err.Error(), "at most") {
		t.Errorf("a name past the limit: %v", err)
	}
	if err := checkNameLength(filepath.Join(dir, strings.Repeat("c", limit))); err != nil {
		t.Errorf("a name at the limit: %v", err)
	}
}

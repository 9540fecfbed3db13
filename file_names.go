// Side files: the names of a download's partial file and journal beside
// its final name, shortened where the file system's limit on a name could
// not hold them.

package slget

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"unicode/utf8"

	"github.com/slget/slget/internal/osfile"
	"github.com/slget/slget/resume"
)

// Decision: a final name may be as long as its file system allows (255
// bytes on most), but NAME.part, NAME.slget and the journal's temporary
// NAME.slget.tmp-XXXXXXXXXXXXXXXX add up to 27 bytes to it. For a name
// too long to carry them all, every side file takes a shortened stem
// instead: the start of the name, "~" and 8 hex digits of the SHA-256 of
// the whole name, so that one name always gives the same side files (a
// second run resumes, `slget status NAME` finds the journal) and two long
// names that start alike do not share them (and should two ever collide,
// the journal names its URL, which is checked). A final name that is
// itself too long is an error before anything is created: it could never
// be renamed into place.

// longestSide is the most bytes a side file's name adds to its stem.
const longestSide = len(".slget") + resume.TempExtra

// defaultNameMax is the limit on a name where the file system does not
// tell its own: 255 bytes, as on ext4, XFS, Btrfs, tmpfs and APFS.
const defaultNameMax = 255

// sideStem is what the side files of the download saved as path are named
// from: path itself, or a shortened stem beside it when path's name is too
// long to carry the longest side file's suffix.
func sideStem(path string) string { return volumeOf(filepath.Dir(path)).sideStem(path) }

// sideStem is sideStem for a path in vol's file system.
func (vol volume) sideStem(path string) string {
	dir, name := filepath.Split(path)
	limit := vol.nameMax
	if len(name)+longestSide <= limit {
		return path
	}
	sum := sha256.Sum256([]byte(name))
	tag := "~" + hex.EncodeToString(sum[:4])
	keep := max(limit-longestSide-len(tag), 1)
	for keep > 0 && !utf8.RuneStart(name[keep]) {
		keep-- // cut at the start of a character
	}
	return dir + name[:keep] + tag
}

// partPathOf and journalPathOf are the partial file and the journal of the
// download saved as path.
func partPathOf(path string) string    { return sideStem(path) + ".part" }
func journalPathOf(path string) string { return sideStem(path) + ".slget" }

// checkNameLength fails with a *FileError when path's name is longer than
// its file system allows, before anything is created for it.
func checkNameLength(path string) error {
	return volumeOf(filepath.Dir(path)).checkName(path)
}

// checkName is checkNameLength for a path in vol's file system.
func (vol volume) checkName(path string) error {
	if name, limit := filepath.Base(path), vol.nameMax; len(name) > limit {
		return &FileError{Op: "create", Path: path, Err: &nameLengthError{Len: len(name), Max: limit}}
	}
	return nil
}

// nameLengthError is a name longer than its file system's limit.
type nameLengthError struct{ Len, Max int }

func (e *nameLengthError) Error() string {
	return fmt.Sprintf("the name is %d bytes long and its file system allows at most %d", e.Len, e.Max)
}

// Unwrap makes a nameLengthError match syscall.ENAMETOOLONG.
func (e *nameLengthError) Unwrap() error { return syscall.ENAMETOOLONG }

// volume is what a download asks once of the file system that will hold
// its output, with one statfs: the longest name it allows (for the name
// checks and the side files' names) and its free space (for the check
// before writing).
type volume struct {
	nameMax int
	free    int64 // bytes; -1 when it cannot be told
}

// volumeOf asks the file system holding dir, or its nearest existing
// parent (dir may not be made yet).
func volumeOf(dir string) volume {
	dir = filepath.Clean(dir)
	for {
		n, free := osfile.Volume(dir)
		if n > 0 {
			return volume{nameMax: n, free: free}
		}
		parent := filepath.Dir(dir)
		if _, err := os.Stat(dir); parent == dir || !errors.Is(err, fs.ErrNotExist) {
			return volume{nameMax: defaultNameMax, free: free}
		}
		dir = parent
	}
}

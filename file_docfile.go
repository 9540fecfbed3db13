// A file as a document describes it (a Metalink's <file>): its name beneath
// Dir, whose folders are made there without following a symbolic link, and
// its size, which the URL must have.

package slget

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/slget/slget/metalink"
)

// checkSize fails with a *SizeError when the probe's size is not the
// document's.
func (d *download) checkSize() error {
	if d.req.Size <= 0 || d.probe.Validator.Size == d.req.Size {
		return nil
	}
	return &SizeError{URL: d.res.FinalURL, Size: d.probe.Validator.Size, Want: d.req.Size}
}

// sizeWhy is why a mirror of size got is left out, in a mirror's line.
func (d *download) sizeWhy(got int64) string {
	if d.req.Size > 0 {
		return fmt.Sprintf("its file has %d bytes, not %d as the document says", got, d.req.Size)
	}
	return fmt.Sprintf("its file has %d bytes, not %d as %s: another version", got, d.probe.Validator.Size, d.res.FinalURL)
}

// docName is Request.Name checked, with its last segment kept off the side
// files' suffixes (notSideName), and split into its folders ("" for none)
// and the path it is saved as beneath dir.
func (d *download) docName(dir string) (folders, full string, err error) {
	name := d.req.Name
	if err := metalink.CheckName(name); err != nil {
		return "", "", &RequestError{Err: fmt.Errorf("Request.Name %q: %w", name, err)}
	}
	folders, base := path.Split(name)
	folders = strings.TrimSuffix(folders, "/")
	if dir == "" {
		dir = "."
	}
	return folders, filepath.Join(dir, filepath.FromSlash(folders), notSideName(base)), nil
}

// Decision: the folders of a document's name are made through an os.Root
// on Dir (no step of the path can leave Dir, even mid-race), and each is
// refused if it is a symbolic link, even one that stays inside Dir: a link
// planted there says someone wants the bytes elsewhere. The opens and the
// rename that follow go by path, as for any name, so the folders are
// checked again under the lock and before the rename. What this leaves
// open is a folder swapped for a link and back again between two of
// those checks by someone who can write beneath Dir: the daemon's root
// has the same limit (aria2rpc's place), and only opens relative to a
// held folder (openat all the way, the journal's included) would close it.

// docFolders are the folders of Request.Name ("/"-separated), when the
// download is saved under it; "" for none.
func (d *download) docFolders() string {
	if d.req.Path != "" || d.req.Name == "" {
		return ""
	}
	folders, _, err := d.docName(d.req.Dir)
	if err != nil {
		return ""
	}
	return folders
}

// errLinkFolder is a folder of a document's name that is a symbolic link.
var errLinkFolder = errors.New("it is a symbolic link, and slget makes and writes the folders of a name from a document only beneath the download directory, never through a link")

// errNotFolder is a folder of a document's name that is something else.
var errNotFolder = errors.New("it is there and is not a folder")

// makeFolders makes the folders of a document's name (folders, "/"
// separated) beneath dir, one at a time through an os.Root on dir, which
// refuses any step that leaves dir; a folder already there that is a
// symbolic link is refused. dir itself is the user's, and is made as given.
func makeFolders(dir, folders string) error {
	if dir == "" {
		dir = "."
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fileErr("create", dir, err)
	}
	return eachFolder(dir, folders, func(root *os.Root, dir, made string) error {
		err := root.Mkdir(made, 0o755)
		if err != nil && !errors.Is(err, fs.ErrExist) {
			return fileErr("create", filepath.Join(dir, filepath.FromSlash(made)), err)
		}
		return checkFolder(root, dir, made)
	})
}

// eachFolder calls do for each folder of folders beneath dir ("" is "."),
// outermost first, with dir opened as a root: do sees made, the folders
// so far, as a path beneath it.
func eachFolder(dir, folders string, do func(root *os.Root, dir, made string) error) error {
	if dir == "" {
		dir = "."
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return fileErr("open", dir, err)
	}
	defer root.Close()
	made := ""
	for seg := range strings.SplitSeq(folders, "/") {
		made = path.Join(made, seg)
		if err := do(root, dir, made); err != nil {
			return err
		}
	}
	return nil
}

// checkFolder fails when made, beneath root, is a symbolic link or not a
// folder.
func checkFolder(root *os.Root, dir, made string) error {
	fi, err := root.Lstat(made)
	switch {
	case err != nil:
		return fileErr("create", filepath.Join(dir, filepath.FromSlash(made)), err)
	case fi.Mode()&fs.ModeSymlink != 0:
		return fileErr("create", filepath.Join(dir, filepath.FromSlash(made)), errLinkFolder)
	case !fi.IsDir():
		return fileErr("create", filepath.Join(dir, filepath.FromSlash(made)), errNotFolder)
	}
	return nil
}

// foldersStill checks again, under the lock and before the rename, that
// no folder of a document's name has become a symbolic link since it was
// made: what was opened or is renamed by path went through folders, not
// links.
func (d *download) foldersStill() error {
	folders := d.docFolders()
	if folders == "" {
		return nil
	}
	return eachFolder(d.req.Dir, folders, checkFolder)
}

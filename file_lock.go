// The output lock: an exclusive lock on the file at NAME.part, taken before
// anything named NAME, NAME.part or NAME.slget is created, truncated,
// removed or renamed, and held until the download ends.

package slget

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/slget/slget/internal/osfile"
)

// flock takes an exclusive lock on f at once, or fails with ErrLocked
// (flock(2) on Unix, LockFileEx on Windows). Where the system has no lock
// it does nothing: two downloads of one name
// in two processes are then not kept apart (see the package caveats).
func flock(f *os.File) error {
	if err := osfile.Lock(f, true, 0); errors.Is(err, osfile.ErrLocked) {
		return ErrLocked
	} else if err != nil {
		return err
	}
	return nil
}

// partLock holds NAME.part open and locked.
//
// Decision: the lock lives on the partial file itself, not on a lock file
// beside it: there is nothing extra to leave behind, and "the .part this
// process holds" is exactly the file that is renamed at the end. The lock
// belongs to the open file (flock), so a second open of the same file, in
// this process or another, finds it taken. A holder is valid only while the
// path still names the file it locked: after locking, the path is checked
// again, and a waiter that finds the file renamed or replaced under it
// starts over. slget removes or renames NAME.part only while it holds the
// lock.
type partLock struct {
	path    string // NAME.part
	f       *os.File
	created bool // this process created the file: it was not there before
	// sizeAtLock is the file's size as the lock was taken (from the
	// check that path still names it), so that what is there is judged
	// without asking again.
	sizeAtLock int64
	// id is the locked file's identity (device and inode) from the open
	// file's stat as it was locked: an open file keeps both, so checking
	// that path still names it needs only a look at the path.
	id os.FileInfo
	// renamed: the file has its final name; path names nothing of
	// this download's any more, and release leaves it alone.
	renamed bool
}

// lockPart opens or creates path (never through a symlink), locks it and
// checks that path still names the locked file. It fails with an error
// matching ErrLocked when another download holds it.
func lockPart(path string) (*partLock, error) { return lockPartBeneath("", path) }

// lockPartBeneath is lockPart with path opened beneath the folder
// beneath (when not ""), through an os.Root on it: a folder on the way
// that is, or has become since the download was asked for, a symbolic
// link leading out of it makes the open fail, so that nothing is created
// or written outside it.
func lockPartBeneath(beneath, path string) (*partLock, error) {
	open := func(flag int, perm fs.FileMode) (*os.File, error) { return osfile.OpenNoFollow(path, flag, perm) }
	if beneath != "" {
		root, err := os.OpenRoot(beneath)
		if err != nil {
			return nil, fileErr("open", beneath, err)
		}
		defer root.Close()
		absRoot, err1 := filepath.Abs(beneath)
		absPath, err2 := filepath.Abs(path)
		rel, err := filepath.Rel(absRoot, absPath)
		if err1 != nil || err2 != nil {
			err = errors.Join(err1, err2)
		}
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return nil, fileErr("create", path, &OutsideError{Root: beneath})
		}
		open = func(flag int, perm fs.FileMode) (*os.File, error) {
			if _, err := root.Stat(filepath.Dir(rel)); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return nil, &OutsideError{Root: beneath, Err: err}
			}
			// The root follows links that stay beneath it, the last
			// one's too: a .part that is a link is refused, as above.
			if fi, err := root.Lstat(rel); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
				return nil, errPartIsLink
			}
			return root.OpenFile(rel, flag, perm)
		}
	}
	for range 20 {
		f, err := open(os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
		created := err == nil
		// A failure of that open is one to create the file (a folder that
		// refuses new files, a name too long, no folder); only a file
		// that is there and cannot be opened is an open error.
		op := "create"
		if errors.Is(err, fs.ErrExist) {
			op = "open"
			f, err = open(os.O_RDWR, 0)
			if errors.Is(err, fs.ErrNotExist) {
				continue // removed in between: try again
			}
			if osfile.IsReadOnlyFS(err) {
				op = "create" // nothing can be written there, as for a new file
			}
		}
		if err != nil {
			if osfile.IsSymlinkRefused(err) || errors.Is(err, errPartIsLink) {
				return nil, &ExistsError{Path: path, Why: "is a symbolic link, and slget does not write through links", Help: []Remedy{RemedyOtherName}}
			}
			return nil, fileErr(op, path, err)
		}
		fi, err := f.Stat()
		if err != nil {
			f.Close()
			return nil, fileErr("open", path, err)
		}
		if !fi.Mode().IsRegular() {
			f.Close()
			return nil, &ExistsError{Path: path, Why: "is not a regular file", Help: []Remedy{RemedyOtherName}}
		}
		if err := flock(f); err != nil {
			f.Close()
			if errors.Is(err, ErrLocked) {
				return nil, lockedError(path)
			}
			return nil, fileErr("open", path, err)
		}
		now, err := os.Lstat(path)
		if err != nil || !os.SameFile(fi, now) {
			f.Close() // renamed or replaced while we waited: the lock is on a file no longer there
			continue
		}
		return &partLock{path: path, f: f, created: created, sizeAtLock: now.Size(), id: fi}, nil
	}
	return nil, fmt.Errorf("%s keeps changing under slget; is another program writing it?", path)
}

// errPartIsLink is a NAME.part that is a symbolic link, found beneath
// the root.
var errPartIsLink = errors.New("a symbolic link")

func trimPart(p string) string { return p[:len(p)-len(".part")] }

// holds reports whether the lock's path still names the locked file.
func (l *partLock) holds() bool {
	now, err := os.Lstat(l.path)
	return err == nil && os.SameFile(l.id, now)
}

// release unlocks, removing the file first if this process created it and
// wrote nothing to it.
func (l *partLock) release() {
	if l == nil || l.f == nil {
		return
	}
	if l.created && !l.renamed && l.holds() {
		if fi, err := l.f.Stat(); err == nil && fi.Size() == 0 {
			os.Remove(l.path)
		}
	}
	l.close()
}

// remove deletes the locked file and unlocks it: a partial download that
// cannot be resumed.
func (l *partLock) remove() {
	if l.holds() {
		os.Remove(l.path)
	}
	l.close()
}

// close unlocks the file, then closes it. Unlocking first matters: the
// lock belongs to the open file, which lives while any reference to it
// does, and a sync made through the Client's io_uring keeps one a moment
// past its completion. Closed alone, the file could still look locked to
// a rerun that starts at once ("another slget is downloading this file").
func (l *partLock) close() {
	osfile.Unlock(l.f)
	l.f.Close()
	l.f = nil
}

// replace makes path the locked file: it locks the file at from, then
// renames it over the lock's path (adopting another tool's partial file
// under -c). Whoever opens the lock's path afterwards finds the new file
// locked; whoever waited on the old one finds it gone.
func (l *partLock) replace(from string) error {
	f, err := osfile.OpenNoFollow(from, os.O_RDWR, 0)
	if err != nil {
		return fileErr("open", from, err)
	}
	if err := flock(f); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", from, err)
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return fileErr("open", from, err)
	}
	if err := os.Rename(from, l.path); err != nil {
		f.Close()
		return fileErr("create", l.path, err)
	}
	l.close()
	l.f, l.created, l.id = f, false, fi
	return nil
}

// finish renames the locked file to final: only while the lock's path
// still names the file this process holds, never over an existing final
// name unless overwrite, and durably: after the rename it calls synced
// with final, which returns once final's folder is synced.
func (l *partLock) finish(final string, overwrite bool, synced func(final string)) error {
	if !l.holds() {
		return fileErr("io", l.path, fmt.Errorf("it was replaced by another program during the download, so it is not renamed to %s", final))
	}
	var err error
	if overwrite {
		err = os.Rename(l.path, final)
	} else {
		err = osfile.RenameNoReplace(l.path, final)
	}
	if errors.Is(err, fs.ErrExist) {
		return &ExistsError{Path: final, Why: "appeared during the download; the complete file stays in " + l.path}
	}
	if err != nil {
		return fileErr("create", final, err)
	}
	l.renamed = true
	synced(final)
	return nil
}

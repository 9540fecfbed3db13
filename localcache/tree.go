// The directory tree: names, and file operations that stay inside DIR and follow no symlink.

package localcache

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
)

// The cache directory:
//
//	DIR/lock                  flock'ed by the owning Store
//	DIR/owner                 the owner's address (WriteOwner)
//	DIR/index.db              the bbolt index
//	DIR/slices/ab/cd/abcd…    slice files, named by key hash in hex
//	DIR/quarantine/           damaged files and things found in the way
//
// Every operation goes through an os.Root on DIR, which refuses any path
// that leads out of it, symlinks included, even if the tree changes while
// it runs. On top of that nothing here follows a symlink inside DIR:
// temporary files are created with O_EXCL (which never follows), renames
// and removals act on the link itself, each folder of slices/ab/cd is
// checked to be a real folder before a file goes in it, and a slice file
// is read only if what was opened is the regular file found at its name.
const (
	lockName      = "lock"
	ownerName     = "owner"
	fleetIDName   = "fleet.id"
	indexName     = "index.db"
	slicesDir     = "slices"
	quarantineDir = "quarantine"
	tmpPrefix     = ".tmp-"
	dirMode       = 0o700
)

// checkDir refuses a directory that holds files but no cache, before
// anything is created in it.
func (s *Store) checkDir() error {
	d, err := s.root.Open(".")
	if err != nil {
		return err
	}
	names, err := d.Readdirnames(-1)
	d.Close()
	if err != nil {
		return err
	}
	ours := map[string]bool{lockName: true, ownerName: true, fleetIDName: true, indexName: true, slicesDir: true, quarantineDir: true}
	cache := false
	for _, n := range names {
		cache = cache || n == indexName || n == slicesDir
	}
	for _, n := range names {
		if !cache && !ours[n] {
			return ErrNotCache
		}
	}
	return nil
}

// makeDirs makes the top folders: the quarantine first, for a symlink in
// place of slices goes there.
func (s *Store) makeDirs() error {
	for _, d := range []string{quarantineDir, slicesDir} {
		if err := s.ensureDir(d); err != nil {
			return err
		}
	}
	return nil
}

// ensureDir makes the folder rel (slash-separated, under DIR) and each one
// above it exist as real folders. A symlink or file in the way is moved to
// the quarantine folder, never followed.
func (s *Store) ensureDir(rel string) error {
	parts := strings.Split(rel, "/")
	for i := range parts {
		p := strings.Join(parts[:i+1], "/")
		fi, err := s.root.Lstat(p)
		if err == nil && fi.IsDir() {
			continue
		}
		if err == nil {
			if p == quarantineDir {
				return fmt.Errorf("%s is not a folder (%v); move it away", s.path(p), fi.Mode().Type())
			}
			if err := s.quarantine(p, "not a folder"); err != nil {
				return err
			}
		} else if !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		if err := s.root.Mkdir(p, dirMode); err != nil && !errors.Is(err, fs.ErrExist) {
			return err
		}
		if fi, err = s.root.Lstat(p); err != nil {
			return err
		}
		if !fi.IsDir() {
			return fmt.Errorf("%s is not a folder (%v)", s.path(p), fi.Mode().Type())
		}
	}
	return nil
}

// openSlice opens the slice file rel for reading. It returns an error
// matching fs.ErrNotExist if there is none, and one matching ErrCorrupt if
// the name holds anything but a regular file (a symlink, a folder) or was
// swapped while being opened.
func (s *Store) openSlice(rel string) (*os.File, int64, error) {
	// A Put of the same slice renames a new file over the name: that is
	// a replacement between the Lstat and the Open too, and looking again
	// finds the new file both times. Only a name that keeps changing, or
	// holds anything but a regular file, is taken for damage.
	for try := 1; ; try++ {
		li, err := s.root.Lstat(rel)
		if err != nil {
			return nil, 0, err
		}
		if !li.Mode().IsRegular() {
			return nil, 0, detailf(ErrCorrupt, "not a regular file (%v)", li.Mode().Type())
		}
		f, err := s.root.Open(rel)
		if err != nil {
			return nil, 0, err
		}
		fi, err := f.Stat()
		if err != nil {
			f.Close()
			return nil, 0, err
		}
		if os.SameFile(li, fi) {
			return f, fi.Size(), nil
		}
		f.Close()
		if try == 3 {
			return nil, 0, detailf(ErrCorrupt, "replaced while being opened")
		}
	}
}

// readSlice reads the whole slice file rel into a buffer from the pool and
// checks it: header, file size, and the CRC of the stored bytes. The
// caller returns buf to the pool.
func (s *Store) readSlice(rel string) (h header, buf *[]byte, stored []byte, err error) {
	f, size, err := s.openSlice(rel)
	if err != nil {
		return h, nil, nil, err
	}
	defer f.Close()
	if size < headerFixed || size > int64(s.bufCap()) {
		return h, nil, nil, detailf(ErrCorrupt, "file of %d bytes", size)
	}
	buf = s.getBuf()
	b := (*buf)[:size]
	if _, err := io.ReadFull(f, b); err != nil {
		s.putBuf(buf)
		if errors.Is(err, io.ErrUnexpectedEOF) {
			err = detailf(ErrCorrupt, "file shrank while being read")
		}
		return h, nil, nil, err
	}
	h, err = decodeHeader(b)
	if err == nil {
		n := h.length()
		stored = b[n:]
		switch {
		case int64(len(stored)) != h.stored:
			err = detailf(ErrCorrupt, "file holds %d bytes after its header, the header says %d", len(stored), h.stored)
		case crc32c(stored) != h.storedCRC:
			err = detailf(ErrCorrupt, "CRC-32C of the stored bytes does not match")
		}
	}
	if err != nil {
		s.putBuf(buf)
		return header{}, nil, nil, err
	}
	return h, buf, stored, nil
}

// createTemp creates the temporary file name for writing, failing if
// anything (a symlink included) is already there.
func (s *Store) createTemp(name string) (tempFile, error) {
	return s.root.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
}

// tempName is a fresh name for a temporary file in dir.
func tempName(dir string) string {
	var b [8]byte
	rand.Read(b[:])
	return dir + "/" + tmpPrefix + hex.EncodeToString(b[:])
}

// quarantine moves rel into the quarantine folder under a name that keeps
// its base name and says when, and returns the new name. It moves the link
// itself if rel is a symlink.
func (s *Store) quarantine(rel, why string) error {
	base := rel[strings.LastIndexByte(rel, '/')+1:]
	dst := quarantineDir + "/" + base + "." + strconv.FormatInt(s.now().UnixNano(), 10)
	if err := s.root.Rename(rel, dst); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("moving %s (%s) to quarantine: %w", s.path(rel), why, err)
	}
	s.letGo(rel)
	return nil
}

// remove deletes the file rel; a file already gone is not an error.
func (s *Store) remove(rel string) error {
	if err := s.root.Remove(rel); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	s.letGo(rel)
	return nil
}

// bufCap is the capacity of pooled buffers: a whole slice file, whatever
// its header holds.
func (s *Store) bufCap() int { return int(s.slice) + headerMaxLen }

func (s *Store) getBuf() *[]byte {
	if b, ok := s.bufs.Get().(*[]byte); ok {
		return b
	}
	b := make([]byte, s.bufCap())
	return &b
}

func (s *Store) putBuf(b *[]byte) {
	if b != nil && cap(*b) >= s.bufCap() {
		*b = (*b)[:cap(*b)]
		s.bufs.Put(b)
	}
}

// OpenIdentity: a cached slice opened for sending from its file, as nginx
// does, once the file has been checked whole: the peer server hands it to
// the kernel, which copies it from the page cache to the socket (sendfile)
// without a pass through the server's memory.
//
// Decision: a slice is checked against its CRC-32C before its first byte
// goes out, which means reading it whole, a copy that nginx, sending from
// the page cache, does not make. A slice file read whole and checked is
// remembered by its identity on disk (device, inode, size, change time):
// for recheckAfter after that, while the file under its name keeps that
// identity, it is sent without being read again. Slice files are never
// written in place (a slice is written under a temporary name and renamed,
// a new inode), and anything that writes the file changes its change time,
// so a file that changed is read and checked again. What this cannot see
// is rot on the disk itself in that window, once the page cache has let
// the pages go: the same window every cache that serves by sendfile has.
// slget clients check each slice against the CRC-32C of X-Slget-Crc32c,
// which comes from the index, and would drop the peer.

package localcache

import (
	"container/list"
	"errors"
	"io"
	"os"
	"sync"
	"time"
)

const (
	// recheckAfter is how long a slice file checked whole is sent without
	// being read again.
	recheckAfter = 10 * time.Minute
	// maxChecked bounds the files remembered.
	maxChecked = 1 << 16
)

// fileStamp is a file's identity on disk.
type fileStamp struct {
	dev, ino uint64
	size     int64
	ctime    int64 // nanoseconds
}

// CheckedFiles remembers the slice files OpenIdentity checked whole
// lately, holds the most recently sent of them open (see heldFile), and
// holds their folders open, so that opening one again is one openat, not a
// walk from DIR (os.Root checks each step of a path). The caller that
// sends slices (the peer server) keeps one for its life and closes it when
// done; it is safe for concurrent use.
type CheckedFiles struct {
	mu     sync.Mutex
	m      map[hash]checkedFile
	held   map[hash]*heldFile
	order  *list.List // of *heldFile, most recently used first
	stores map[*Store]struct{}
	closed bool

	dmu  sync.RWMutex        // held shared while a folder's descriptor is used
	dirs map[string]*os.File // slices/ab/cd, opened through the store's root
}

// maxDirs bounds the folders held open.
const maxDirs = 1024

type checkedFile struct {
	stamp fileStamp
	at    time.Time
	off   int64 // the first byte after the header
	info  Info
}

// NewCheckedFiles returns an empty CheckedFiles.
func NewCheckedFiles() *CheckedFiles {
	return &CheckedFiles{
		m: make(map[hash]checkedFile), held: make(map[hash]*heldFile), order: list.New(),
		stores: make(map[*Store]struct{}), dirs: make(map[string]*os.File),
	}
}

func (c *CheckedFiles) get(h hash) (checkedFile, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	cf, ok := c.m[h]
	return cf, ok && !c.closed
}

func (c *CheckedFiles) put(h hash, cf checkedFile) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.m) >= maxChecked {
		clear(c.m) // they are checked again as they come
	}
	c.m[h] = cf
}

// open opens name in the folder dir of the store's tree, never following a
// symlink: through the folder held open where the system allows (one
// openat of one path element), else through the store's root.
func (c *CheckedFiles) open(s *Store, dir, name string) (*os.File, error) {
	c.dmu.RLock()
	d, ok := c.dirs[dir]
	if ok {
		defer c.dmu.RUnlock()
		return openIn(d, name)
	}
	c.dmu.RUnlock()
	c.dmu.Lock()
	if _, ok := c.dirs[dir]; !ok {
		if len(c.dirs) >= maxDirs {
			c.closeDirsLocked()
		}
		d, err := s.root.Open(dir)
		if err != nil {
			c.dmu.Unlock()
			return nil, err
		}
		if fi, err := d.Stat(); err != nil || !fi.IsDir() {
			d.Close()
			c.dmu.Unlock()
			return nil, errors.New("not a folder")
		}
		c.dirs[dir] = d
	}
	c.dmu.Unlock()
	return s.root.Open(dir + "/" + name)
}

// Close lets go of the files and folders held open: each held file closes
// as soon as the sends using it are done. From then on nothing is held or
// remembered: OpenIdentity reads and checks every slice it opens.
func (c *CheckedFiles) Close() {
	c.closeHeld()
	c.dmu.Lock()
	defer c.dmu.Unlock()
	c.closeDirsLocked()
}

func (c *CheckedFiles) closeDirsLocked() {
	for k, d := range c.dirs {
		d.Close()
		delete(c.dirs, k)
	}
}

// IdentitySlice is a cached slice stored as it is, ready to send: either
// its file, held open (File), or the slice's bytes, read and checked just
// now (Data). Close gives back what it holds.
type IdentitySlice struct {
	// File, when not nil, holds the slice from byte Offset on, Info.Size
	// bytes. It was checked whole within the last 10 minutes and has not
	// changed since. It is shared with other sends of the slice: read it
	// only at explicit offsets (ReadAt, sendfile with an offset), never
	// through its own offset, and do not close it.
	File   *os.File
	Offset int64
	// Data, when File is nil, is the slice, checked now. It is valid
	// until Close and must not be changed.
	Data []byte
	// Info describes the slice.
	Info Info

	buf     *[]byte
	s       *Store
	held    *heldFile
	checked *CheckedFiles
}

// Close ends the use of File, or gives Data's buffer back to the store.
func (x *IdentitySlice) Close() {
	if x.held != nil {
		x.checked.release(x.held)
		x.held, x.File = nil, nil
	}
	if x.buf != nil {
		x.s.putBuf(x.buf)
		x.buf, x.Data = nil, nil
	}
}

// errNotIdentity: the slice is stored compressed; use Get.
var errNotIdentity = errors.New("localcache: slice stored compressed")

// OpenIdentity opens slice i of vk, stored as it is, for sending: from its
// file, held open or opened again, if it was checked whole within
// recheckAfter and has not changed since; else read whole and checked now
// (as Get checks it), remembered in checked and its file held open. It
// counts as a read for eviction. Any error, ErrMiss and damage included,
// means: use Get, which tells a miss from damage and quarantines a damaged
// file. A slice stored compressed is an error too.
func (s *Store) OpenIdentity(vk Version, i int64, checked *CheckedFiles) (*IdentitySlice, error) {
	if err := s.enter(); err != nil {
		return nil, err
	}
	defer s.leave()
	h := s.hashOf(vk, i)
	now := s.now()
	if e := checked.acquire(h); e != nil {
		if now.Sub(e.c.at) < recheckAfter && sameFile(e.f, e.c.stamp) {
			s.touch(h)
			return &IdentitySlice{File: e.f, Offset: e.c.off, Info: e.c.info, held: e, checked: checked}, nil
		}
		checked.release(e)
		checked.drop(h, e) // changed, gone or due to be read again
	}
	dir, name := h.rel()
	if c, ok := checked.get(h); ok && now.Sub(c.at) < recheckAfter {
		// Whatever the name leads to now, it is the file that was
		// checked if it has that file's identity.
		if f := s.openChecked(checked, dir, name, c); f != nil {
			if e := s.hold(checked, h, f, c); e != nil { // else f is closed
				s.touch(h)
				return &IdentitySlice{File: f, Offset: c.off, Info: c.info, held: e, checked: checked}, nil
			}
		}
	}
	x, err := s.readIdentity(h, checked, now)
	if err != nil {
		return nil, err
	}
	s.touch(h)
	return x, nil
}

// readIdentity reads the file of h whole and checks it (as Get does);
// checked remembers it and holds it open.
func (s *Store) readIdentity(h hash, checked *CheckedFiles, now time.Time) (*IdentitySlice, error) {
	f, size, err := s.openSlice(h.file())
	if err != nil {
		return nil, err
	}
	keep := false // once hold has f
	defer func() {
		if !keep {
			f.Close()
		}
	}()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	stamp, stamped := stampOf(fi)
	if size < headerFixed || size > int64(s.bufCap()) {
		return nil, detailf(ErrCorrupt, "file of %d bytes", size)
	}
	buf := s.getBuf()
	b := (*buf)[:size]
	if _, err := io.ReadFull(f, b); err != nil {
		s.putBuf(buf)
		return nil, err
	}
	hd, err := decodeHeader(b)
	n := hd.length()
	switch {
	case err != nil:
	case hd.hash != h:
		err = detailf(ErrCorrupt, "file holds the slice %s", hd.hash)
	case hd.codec != Identity:
		err = errNotIdentity
	case int64(len(b)-n) != hd.stored:
		err = detailf(ErrCorrupt, "file holds %d bytes after its header, the header says %d", len(b)-n, hd.stored)
	case crc32c(b[n:]) != hd.storedCRC:
		err = detailf(ErrCorrupt, "CRC-32C of the stored bytes does not match")
	}
	if err != nil {
		s.putBuf(buf)
		return nil, err
	}
	info := Info{Size: hd.size, StoredSize: hd.stored, Codec: hd.codec, CRC32C: hd.crc,
		ContentType: hd.contentType, ContentEncoding: hd.contentEncoding, Created: hd.created}
	if stamped {
		cf := checkedFile{stamp: stamp, at: now, off: int64(n), info: info}
		checked.put(h, cf)
		keep = true
		if e := s.hold(checked, h, f, cf); e != nil {
			checked.release(e)
		}
	}
	return &IdentitySlice{Data: b[n:], Info: info, buf: buf, s: s}, nil
}

// hold keeps f, the file of h checked as c says, open in checked, and
// returns it counted in use; nil, with f closed, if checked is closed or
// the store let go of the file while it was being checked (it has no name
// now, or another identity).
func (s *Store) hold(checked *CheckedFiles, h hash, f *os.File, c checkedFile) *heldFile {
	if !checked.attach(s) {
		f.Close()
		return nil
	}
	e := checked.hold(h, f, c)
	if e != nil && !sameFile(f, c.stamp) {
		checked.release(e)
		checked.drop(h, e) // closes f
		return nil
	}
	return e
}

// openChecked opens name in the folder dir and returns it if it is still
// the file c was made of; nil if not, or if anything fails (the caller
// takes the long way).
func (s *Store) openChecked(checked *CheckedFiles, dir, name string, c checkedFile) *os.File {
	f, err := checked.open(s, dir, name)
	if err != nil {
		return nil
	}
	if sameFile(f, c.stamp) {
		return f
	}
	f.Close()
	return nil
}

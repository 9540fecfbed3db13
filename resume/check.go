// Structural check of a bbolt file, done on its bytes before bbolt maps it.
//
// About 440 lines for one concern: the check walks bbolt's pages in one
// pass, and its cases are bbolt's page types.

package resume

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/fnv"
	"io"
	"os"
)

// Why this exists: bbolt trusts its file. Only the two meta pages carry a
// checksum; every other page is read straight from the memory map without
// bounds checks. On a truncated or overwritten file it can fault on an
// address past the end of the file (SIGBUS, which recover does not catch
// unless the goroutine asked for it), index past a page, loop for ever on a
// branch page that points to itself, or panic in a goroutine of its own
// (the freelist rebuild and Tx.Check run one) where no recover of ours can
// reach; its writer asserts (panics) on empty keys, on a page that is both
// in use and free, and on keys out of order across pages. So before bbolt
// opens a journal, checkBolt walks everything bbolt will touch: the meta
// pages, the freelist page, and every page of every bucket, each page at
// most once, with bounds checked in plain Go, and the invariants of bbolt's
// own Tx.Check (each page reached once, none both reached and free, keys
// non-empty, ordered, and within the range their parent gives them). A file
// that passes cannot make bbolt read outside the file or outside a page.
// Open still recovers panics (with SetPanicOnFault) as a last line, but
// nothing is meant to reach it.
//
// The check follows bbolt v1.5's on-disk format: native byte order, a
// 16-byte page header {id u64, flags u16, count u16, overflow u32}, 16-byte
// branch and leaf elements whose key offset is relative to the element, and
// 16-byte bucket headers {root u64, sequence u64} with an inline leaf page
// after the header when root is 0. It is stricter than bbolt in two ways that
// cost nothing for files that slget writes: the page size must be a power
// of two between 1 KiB and 64 KiB, and the freelist must be synced (bbolt
// rebuilds an unsynced freelist in a goroutine that panics on damage).

const (
	boltMagic        = 0xED0CDAED
	boltVersion      = 2
	pageHeaderSize   = 16
	elemSize         = 16 // branch and leaf elements alike
	bucketHeaderSize = 16
	metaSize         = 64 // the meta struct, after the page header
	metaSumOffset    = 56 // the checksum covers the meta bytes before it

	flagBranch   = 0x01
	flagLeaf     = 0x02
	flagMeta     = 0x04
	flagFreelist = 0x10
	flagBucket   = 0x01 // leaf element flag: the value is a bucket

	noFreelist = ^uint64(0)

	minPageSize = 1 << 10
	maxPageSize = 1 << 16

	// maxBucketDepth bounds the nesting of buckets. A journal has two
	// levels (the root bucket and its "meta" and "slices").
	maxBucketDepth = 8
)

var ne = binary.NativeEndian

// boltMeta is the decoded meta page.
type boltMeta struct {
	magic, version, pageSize uint32
	root, freelist, pgid     uint64
	txid, checksum           uint64
	sum                      uint64 // computed
}

func decodeMeta(b []byte) boltMeta {
	// b is at least pageHeaderSize+metaSize bytes; the meta starts after the
	// page header.
	m := b[pageHeaderSize : pageHeaderSize+metaSize]
	h := fnv.New64a()
	h.Write(m[:metaSumOffset])
	return boltMeta{
		magic:    ne.Uint32(m[0:]),
		version:  ne.Uint32(m[4:]),
		pageSize: ne.Uint32(m[8:]),
		root:     ne.Uint64(m[16:]),
		freelist: ne.Uint64(m[32:]),
		pgid:     ne.Uint64(m[40:]),
		txid:     ne.Uint64(m[48:]),
		checksum: ne.Uint64(m[56:]),
		sum:      h.Sum64(),
	}
}

func (m boltMeta) valid() bool {
	return m.magic == boltMagic && m.version == boltVersion && m.checksum == m.sum
}

// checker walks one bbolt file.
type checker struct {
	r        io.ReaderAt
	size     int64
	pageSize int64
	hwm      uint64          // high-water mark: pages [0, hwm) are in use or free
	seen     map[uint64]bool // pages reached from the root or the freelist
	free     map[uint64]bool // pages on the freelist
}

// checkBolt reports, as an ErrCorrupt with particulars, why bbolt should not
// be let near the file r of size bytes; nil means it may open it.
func checkBolt(r io.ReaderAt, size int64) error {
	c := &checker{r: r, size: size, seen: map[uint64]bool{}, free: map[uint64]bool{}}
	if size == 0 {
		return corruptf("the file is empty")
	}
	m, err := c.meta()
	if err != nil {
		return err
	}
	c.hwm = m.pgid
	if c.hwm < 4 { // two meta pages, the freelist and the root bucket
		return corruptf("the meta page counts %d pages", c.hwm)
	}
	if c.hwm > uint64(size/c.pageSize) {
		return corruptf("truncated: %d bytes hold %d of its %d pages", size, size/c.pageSize, c.hwm)
	}
	c.seen[0], c.seen[1] = true, true
	if err := c.freelist(m.freelist); err != nil {
		return err
	}
	if m.root == 0 {
		return corruptf("the root bucket has no page")
	}
	return c.tree(m.root, 0)
}

// meta chooses the page size and the meta page as bbolt's Open does, and
// checks them.
func (c *checker) meta() (boltMeta, error) {
	ps, err := c.choosePageSize()
	if err != nil {
		return boltMeta{}, err
	}
	if ps < minPageSize || ps > maxPageSize || ps&(ps-1) != 0 {
		return boltMeta{}, corruptf("unsupported page size %d", ps)
	}
	c.pageSize = ps
	if c.size < 2*ps {
		return boltMeta{}, corruptf("truncated to %d bytes, shorter than its two meta pages", c.size)
	}
	b0, b1 := make([]byte, pageHeaderSize+metaSize), make([]byte, pageHeaderSize+metaSize)
	if _, err := c.r.ReadAt(b0, 0); err != nil {
		return boltMeta{}, readErr(err)
	}
	if _, err := c.r.ReadAt(b1, ps); err != nil {
		return boltMeta{}, readErr(err)
	}
	m0, m1 := decodeMeta(b0), decodeMeta(b1)
	// As bbolt's DB.meta: the higher transaction if it is valid, else the
	// other one.
	a, b := m0, m1
	if m1.txid > m0.txid {
		a, b = m1, m0
	}
	switch {
	case a.valid():
		return a, nil
	case b.valid():
		return b, nil
	}
	return boltMeta{}, corruptf("not a bbolt file (both meta pages are invalid)")
}

// choosePageSize copies bbolt's getPageSize: the page size of the first meta
// page if it is valid, else that of a valid meta page found at 1 KiB, 2 KiB,
// ... 16 MiB, else the system's page size if either could be read at all.
func (c *checker) choosePageSize() (int64, error) {
	canRead := false
	var buf [0x1000]byte
	if n, err := c.r.ReadAt(buf[:], 0); err == nil && n == len(buf) {
		canRead = true
		if m := decodeMeta(buf[:]); m.valid() {
			return int64(m.pageSize), nil
		}
	}
	for i := 0; i <= 14; i++ {
		buf = [0x1000]byte{}
		pos := int64(1024) << i
		if pos >= c.size-1024 {
			break
		}
		n, err := c.r.ReadAt(buf[:], pos)
		if (err == nil && n == len(buf)) || (errors.Is(err, io.EOF) && int64(n) == c.size-pos) {
			canRead = true
			if m := decodeMeta(buf[:]); m.valid() {
				return int64(m.pageSize), nil
			}
		}
	}
	if canRead {
		return int64(os.Getpagesize()), nil
	}
	return 0, corruptf("not a bbolt file (%d bytes, too short for a meta page)", c.size)
}

// page reads page id with its overflow pages, after checking that it lies
// inside the file and below the high-water mark, and marks it seen.
func (c *checker) page(id uint64, what string) ([]byte, error) {
	if id < 2 || id >= c.hwm {
		return nil, corruptf("%s page %d is outside pages [2, %d)", what, id, c.hwm)
	}
	// One read for the usual page without overflow; the header says
	// whether there is more.
	b := make([]byte, c.pageSize)
	if _, err := c.r.ReadAt(b, int64(id)*c.pageSize); err != nil {
		return nil, readErr(err)
	}
	if got := ne.Uint64(b[0:]); got != id {
		return nil, corruptf("%s page %d says it is page %d", what, id, got)
	}
	overflow := uint64(ne.Uint32(b[12:]))
	if overflow >= c.hwm-id {
		return nil, corruptf("%s page %d runs past the last page", what, id)
	}
	for p := id; p <= id+overflow; p++ {
		if c.seen[p] {
			return nil, corruptf("page %d is used twice", p)
		}
		if c.free[p] {
			return nil, corruptf("page %d is in use and on the freelist", p)
		}
		c.seen[p] = true
	}
	if overflow > 0 {
		b = append(b, make([]byte, int64(overflow)*c.pageSize)...)
		if _, err := c.r.ReadAt(b[c.pageSize:], int64(id+1)*c.pageSize); err != nil {
			return nil, readErr(err)
		}
	}
	return b, nil
}

// freelist checks the freelist page and records the free pages.
func (c *checker) freelist(id uint64) error {
	if id == noFreelist {
		return corruptf("the freelist was not saved")
	}
	b, err := c.page(id, "freelist")
	if err != nil {
		return err
	}
	if flags := ne.Uint16(b[8:]); flags != flagFreelist {
		return corruptf("freelist page %d has type %#x", id, flags)
	}
	idx, count := uint64(0), uint64(ne.Uint16(b[10:]))
	if count == 0xFFFF {
		idx, count = 1, ne.Uint64(b[pageHeaderSize:])
	}
	if room := uint64(len(b)-pageHeaderSize) / 8; count > room || idx+count > room {
		return corruptf("freelist page %d lists %d pages, room for %d", id, count, room)
	}
	for i := idx; i < idx+count; i++ {
		p := ne.Uint64(b[pageHeaderSize+8*i:])
		if p < 2 || p >= c.hwm {
			return corruptf("freelist page %d frees page %d, outside [2, %d)", id, p, c.hwm)
		}
		if c.free[p] {
			return corruptf("freelist page %d frees page %d twice", id, p)
		}
		if c.seen[p] {
			return corruptf("freelist page %d frees page %d, which it is on itself", id, p)
		}
		c.free[p] = true
	}
	return nil
}

// tree walks the pages of the bucket rooted at page root.
func (c *checker) tree(root uint64, depth int) error {
	// Each page comes with the bounds its parent puts on its keys: at
	// least lo, less than hi (nil: no bound), as bbolt's Tx.Check wants.
	// Cursor seeks and the writer rely on them: bbolt asserts that a
	// bucket it opened by name is found again by a seek at commit.
	type item struct {
		id     uint64
		lo, hi []byte
	}
	stack := []item{{id: root}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		b, err := c.page(it.id, "bucket")
		if err != nil {
			return err
		}
		switch flags := ne.Uint16(b[8:]); flags {
		case flagBranch:
			kids, keys, err := branchElems(b, it.id, it.lo, it.hi)
			if err != nil {
				return err
			}
			for i, kid := range kids {
				hi := it.hi
				if i+1 < len(keys) {
					hi = keys[i+1]
				}
				stack = append(stack, item{kid, keys[i], hi})
			}
		case flagLeaf:
			if err := c.leafElems(b, it.id, depth, it.lo, it.hi); err != nil {
				return err
			}
		default:
			return corruptf("bucket page %d has type %#x", it.id, flags)
		}
	}
	return nil
}

// elemOff is the offset of element i in a page.
func elemOff(i int) uint64 { return pageHeaderSize + uint64(i)*elemSize }

// inPage reports whether n bytes at pos from the element at off fit in b.
func inPage(b []byte, off, pos, n uint64) bool {
	end := off + pos + n // each term < 2^34: no overflow
	return end <= uint64(len(b))
}

// keyOrder checks key, the i-th of a page, against the previous key and the
// page's bounds. Keys are never empty: bbolt asserts that.
func keyOrder(key, prev, lo, hi []byte, i int, what string, id uint64) error {
	switch {
	case len(key) == 0:
		return corruptf("%s page %d: key %d is empty", what, id, i)
	case i > 0 && bytes.Compare(prev, key) >= 0:
		return corruptf("%s page %d: keys out of order", what, id)
	case lo != nil && bytes.Compare(key, lo) < 0, hi != nil && bytes.Compare(key, hi) >= 0:
		return corruptf("%s page %d: key %d outside the range of its parent", what, id, i)
	}
	return nil
}

// branchElems checks a branch page and returns its children and their
// keys.
func branchElems(b []byte, id uint64, lo, hi []byte) ([]uint64, [][]byte, error) {
	count := int(ne.Uint16(b[10:]))
	if count == 0 {
		return nil, nil, corruptf("branch page %d is empty", id)
	}
	if elemOff(count) > uint64(len(b)) {
		return nil, nil, corruptf("branch page %d: %d elements overflow the page", id, count)
	}
	kids, keys := make([]uint64, count), make([][]byte, count)
	for i := range count {
		off := elemOff(i)
		pos, ksize := uint64(ne.Uint32(b[off:])), uint64(ne.Uint32(b[off+4:]))
		if !inPage(b, off, pos, ksize) {
			return nil, nil, corruptf("branch page %d: key %d lies outside the page", id, i)
		}
		keys[i] = b[off+pos : off+pos+ksize]
		var prev []byte
		if i > 0 {
			prev = keys[i-1]
		}
		if err := keyOrder(keys[i], prev, lo, hi, i, "branch", id); err != nil {
			return nil, nil, err
		}
		kids[i] = ne.Uint64(b[off+8:])
	}
	return kids, keys, nil
}

// leafElems checks a leaf page (or an inline bucket's page) and the buckets
// it holds.
func (c *checker) leafElems(b []byte, id uint64, depth int, lo, hi []byte) error {
	count := int(ne.Uint16(b[10:]))
	if elemOff(count) > uint64(len(b)) {
		return corruptf("leaf page %d: %d elements overflow the page", id, count)
	}
	var prev []byte
	for i := range count {
		off := elemOff(i)
		flags := ne.Uint32(b[off:])
		pos, ksize, vsize := uint64(ne.Uint32(b[off+4:])), uint64(ne.Uint32(b[off+8:])), uint64(ne.Uint32(b[off+12:]))
		if flags&^flagBucket != 0 {
			return corruptf("leaf page %d: element %d has flags %#x", id, i, flags)
		}
		if !inPage(b, off, pos, ksize+vsize) {
			return corruptf("leaf page %d: element %d lies outside the page", id, i)
		}
		key := b[off+pos : off+pos+ksize]
		if err := keyOrder(key, prev, lo, hi, i, "leaf", id); err != nil {
			return err
		}
		prev = key
		if flags&flagBucket != 0 {
			val := b[off+pos+ksize : off+pos+ksize+vsize]
			if err := c.bucket(val, id, depth+1); err != nil {
				return err
			}
		}
	}
	return nil
}

// bucket checks a bucket header and what it points to: an inline page in the
// value itself, or a tree of pages.
func (c *checker) bucket(v []byte, id uint64, depth int) error {
	if depth > maxBucketDepth {
		return corruptf("buckets nested more than %d deep", maxBucketDepth)
	}
	if len(v) < bucketHeaderSize {
		return corruptf("leaf page %d: bucket header of %d bytes", id, len(v))
	}
	root := ne.Uint64(v)
	if root != 0 {
		return c.tree(root, depth)
	}
	inline := v[bucketHeaderSize:]
	if len(inline) < pageHeaderSize {
		return corruptf("leaf page %d: inline bucket of %d bytes", id, len(inline))
	}
	if flags := ne.Uint16(inline[8:]); flags != flagLeaf {
		return corruptf("leaf page %d: inline bucket page has type %#x", id, flags)
	}
	// bbolt reads the inline page in place, so its elements must fit in
	// the value, not merely in the enclosing page.
	return c.leafElems(inline, id, depth, nil, nil)
}

func readErr(err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return corruptf("truncated")
	}
	return err
}

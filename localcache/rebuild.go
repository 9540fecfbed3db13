// Rebuilding the index from the slice files, whose headers describe them.

package localcache

import (
	"context"
	"errors"
	"io"
	"io/fs"

	"github.com/slget/slget/internal/units"
	"github.com/slget/slget/segment"
	bolt "go.etcd.io/bbolt"
)

// adoptBatch is how many records a rebuild writes per transaction.
const adoptBatch = 1024

// errFound stops a walk early.
var errFound = errors.New("found")

// rebuild makes a new index from the slice files. The slice size is the
// one the files were written with (want must agree), else want, else the
// default. Files that are not good slices of this cache are quarantined,
// temporary files left by a crash removed.
func (s *Store) rebuild(want int64) error {
	var found int64
	err := s.walk(context.Background(), nil, func(rel string, e fs.DirEntry) error {
		if kind, h := classify(rel, e); kind == entrySlice {
			if hd, err := s.readHeader(rel, h); err == nil {
				found = hd.sliceSize
				return errFound
			}
		}
		return nil
	})
	if err != nil && err != errFound {
		return err
	}
	slice := found
	switch {
	case found != 0 && want != 0 && found != want:
		return detailf(ErrSliceSize, "its slice files have slices of %s, %s asked for",
			units.Exact(found), units.Exact(want))
	case found == 0 && want != 0:
		slice = want
	case found == 0:
		slice = segment.DefaultSlice
	}
	s.slice = slice
	if s.db, err = s.openBolt(); err != nil {
		return err
	}
	if err := s.db.Update(func(tx *bolt.Tx) error { return writeMeta(tx, slice) }); err != nil {
		return err
	}
	s.totals = Stats{SliceSize: slice}
	var rep VerifyReport
	adopt := s.adopter(&rep, false, nil)
	if err := s.walk(context.Background(), &rep.Quarantined, adopt); err != nil {
		return err
	}
	return adopt("", nil)
}

// readHeader reads and checks the header of the slice file rel, which must
// be named h: its magic, CRC, key hash and file size, not its content.
func (s *Store) readHeader(rel string, want hash) (header, error) {
	f, size, err := s.openSlice(rel)
	if err != nil {
		return header{}, err
	}
	defer f.Close()
	b := make([]byte, headerFixed, headerMaxLen)
	if _, err := io.ReadFull(f, b); err != nil {
		return header{}, detailf(ErrCorrupt, "header cut short")
	}
	n, err := headerLen(b)
	if err != nil {
		return header{}, err
	}
	b = b[:n]
	if _, err := io.ReadFull(f, b[headerFixed:]); err != nil {
		return header{}, detailf(ErrCorrupt, "header cut short")
	}
	h, err := decodeHeader(b)
	switch {
	case err != nil:
		return header{}, err
	case h.hash != want:
		return header{}, detailf(ErrCorrupt, "file holds the slice %s", h.hash)
	case size != int64(n)+h.stored:
		return header{}, detailf(ErrCorrupt, "file of %d bytes, the header says %d", size, int64(n)+h.stored)
	}
	return h, nil
}

// adopter returns a walk function that indexes each good slice file the
// index does not hold, in batches, quarantines the bad ones, removes
// temporary files no Put is writing, and counts all this in rep. If deep,
// it reads and checks each file whole (Verify), else its header only.
// seen, if not nil, gets the hash of every good file. The last batch is
// written when the function is called with a nil entry.
// It is long because the walk function it returns is one closure over the
// batch it fills and the report it counts in.
func (s *Store) adopter(rep *VerifyReport, deep bool, seen map[hash]bool) func(string, fs.DirEntry) error {
	type adoption struct {
		h hash
		r record
	}
	var batch []adoption
	flush := func() error {
		// A file checked during the walk may have been evicted since:
		// only the files still there, seen under their slot locks, are
		// indexed.
		hs := make([]hash, len(batch))
		for i, a := range batch {
			hs[i] = a.h
		}
		unlock := s.lockSlots(hs)
		defer unlock()
		there := s.present(hs)
		var t tally
		err := s.db.Update(func(tx *bolt.Tx) error {
			t = tally{}
			for _, a := range batch {
				if _, ok := getEntry(tx, a.h); ok || !there[a.h] {
					continue
				}
				if err := putEntry(tx, a.h, a.r, &t); err != nil {
					return err
				}
			}
			return nil
		})
		if err == nil {
			s.apply(t)
			rep.Adopted += int(t.slices)
		}
		batch = batch[:0]
		return err
	}
	check := s.readHeader
	if deep {
		check = s.checkWhole
	}
	return func(rel string, e fs.DirEntry) error {
		if e == nil {
			return flush()
		}
		kind, h := classify(rel, e)
		switch kind {
		case entryTemp:
			if !s.isInFlight(rel) && s.remove(rel) == nil {
				rep.TempRemoved++
			}
			return nil
		case entryOdd:
			s.note(&rep.Quarantined, rel, "not a slice file")
			return nil
		}
		rep.Checked++
		hd, err := check(rel, h)
		if err == nil && hd.sliceSize != s.slice {
			err = detailf(ErrCorrupt, "slices of %s in a cache of %s", units.Exact(hd.sliceSize), units.Exact(s.slice))
		}
		switch {
		case errors.Is(err, fs.ErrNotExist):
			rep.Checked--
			return nil // evicted or purged meanwhile
		case errors.Is(err, ErrCorrupt):
			s.note(&rep.Quarantined, rel, detailOf(err))
			s.dropIndexed(h)
			return nil
		case err != nil:
			return err
		}
		rep.OK++
		if seen != nil {
			seen[h] = true
		}
		access := hd.created.UnixNano()
		if fi, err := e.Info(); err == nil && fi.ModTime().UnixNano() > access {
			access = fi.ModTime().UnixNano()
		}
		batch = append(batch, adoption{h, recordOf(&hd, access)})
		if len(batch) == adoptBatch {
			return flush()
		}
		return nil
	}
}

// dropIndexed removes the record of h, if any.
func (s *Store) dropIndexed(h hash) {
	var t tally
	if s.db.Update(func(tx *bolt.Tx) error {
		t = tally{}
		_, err := deleteEntry(tx, h, &t)
		return err
	}) == nil {
		s.apply(t)
	}
}

// Walking the slices tree: every file in slices/ab/cd, and whatever else is found moved aside.

package localcache

import (
	"context"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"strings"
)

// Quarantined is a file or folder moved to DIR/quarantine.
type Quarantined struct {
	Path   string // where it was
	Reason string // why it was moved
}

// walk calls fn for each entry of each folder slices/ab/cd, in directory
// order, until fn or ctx says stop. Anything at the two folder levels that
// is not a folder named by two hex digits (a symlink, a file, another
// name) is moved to the quarantine folder and noted in q, if q is not nil;
// no symlink is followed.
func (s *Store) walk(ctx context.Context, q *[]Quarantined, fn func(rel string, e fs.DirEntry) error) error {
	return s.walkDir(ctx, slicesDir, 0, q, fn)
}

func (s *Store) walkDir(ctx context.Context, dir string, depth int, q *[]Quarantined, fn func(string, fs.DirEntry) error) error {
	d, err := s.root.Open(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	}
	defer d.Close()
	for {
		ents, rerr := d.ReadDir(256)
		for _, e := range ents {
			if err := ctx.Err(); err != nil {
				return err
			}
			rel := dir + "/" + e.Name()
			if depth == 2 {
				if err := fn(rel, e); err != nil {
					return err
				}
				continue
			}
			if !e.IsDir() || !isHexName(e.Name(), 2) {
				if q != nil {
					s.note(q, rel, "not a folder of the slices tree")
				}
				continue
			}
			if err := s.walkDir(ctx, rel, depth+1, q, fn); err != nil {
				return err
			}
		}
		if rerr == io.EOF {
			return nil
		}
		if rerr != nil {
			return rerr
		}
	}
}

// note quarantines rel and records it in q.
func (s *Store) note(q *[]Quarantined, rel, why string) {
	if err := s.quarantine(rel, why); err != nil {
		why += "; moving it failed: " + err.Error()
	}
	*q = append(*q, Quarantined{Path: s.path(rel), Reason: why})
}

// What an entry of a slices/ab/cd folder is.
const (
	entrySlice = iota // a regular file named by a key hash that belongs in this folder
	entryTemp         // a temporary file of Put
	entryOdd          // anything else
)

// classify says what the entry rel of a slices/ab/cd folder is and, for a
// slice, its hash. Only a regular file can be a slice or a temporary file.
func classify(rel string, e fs.DirEntry) (int, hash) {
	var h hash
	name := e.Name()
	if !e.Type().IsRegular() {
		return entryOdd, h
	}
	if strings.HasPrefix(name, tmpPrefix) {
		return entryTemp, h
	}
	if !isHexName(name, 2*len(h)) {
		return entryOdd, h
	}
	hex.Decode(h[:], []byte(name))
	if dir, _ := h.rel(); rel != dir+"/"+name {
		return entryOdd, h
	}
	return entrySlice, h
}

// isHexName says whether name is n lower-case hex digits.
func isHexName(name string, n int) bool {
	if len(name) != n {
		return false
	}
	for _, c := range []byte(name) {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// inFlight says whether Put is writing the temporary file rel.
func (s *Store) isInFlight(rel string) bool {
	s.tmpMu.Lock()
	defer s.tmpMu.Unlock()
	return s.inFlight[rel]
}

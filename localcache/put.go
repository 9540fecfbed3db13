// Put: a slice into the cache, compressed when it pays, written whole or not at all.

package localcache

import (
	"fmt"

	bolt "go.etcd.io/bbolt"

	"github.com/slget/slget/internal/osfile"
)

// Put stores data as the slice k. data is the slice's plaintext: SliceSize
// bytes, fewer for the last slice of a resource; Put does not keep it.
//
// Text (see PutMeta) of at least MinCompressLen bytes is stored as zstd
// level 3 when that is smaller. The file is written under a temporary name
// in its folder, synced, and renamed into place, and only then indexed: a
// reader never sees part of a slice, and a crash leaves at most a
// temporary file that Verify removes. If the cache would pass
// Options.MaxSize, the least recently used slices are removed first; the
// bytes of Puts running at once count as stored, so that together they
// do not pass it either. A
// slice already cached is not written again, and two Puts of one slice at
// once store it once.
//
// Put returns an error matching ErrFull when the file system is full (no
// partial file is left; pass the bytes through uncached), ErrSliceSize or
// ErrInvalid for a key or data the cache cannot hold.
func (s *Store) Put(k Key, meta PutMeta, data []byte) error {
	if err := s.enter(); err != nil {
		return s.wrap("put", "", err)
	}
	defer s.leave()
	sl, err := s.resolve(k)
	if err != nil {
		return s.wrap("put", redact(k.URL), err)
	}
	return s.wrap("put", sl.url, s.put(sl, meta, data))
}

func (s *Store) put(sl slot, meta PutMeta, data []byte) error {
	switch {
	case len(data) == 0 || int64(len(data)) > s.slice:
		return detailf(ErrInvalid, "%d bytes for slices of %d", len(data), s.slice)
	case len(meta.ContentType) > MaxMetaLen || len(meta.ContentEncoding) > MaxMetaLen:
		return detailf(ErrInvalid, "Content-Type or Content-Encoding longer than %d bytes", MaxMetaLen)
	}
	if have, err := s.indexed(sl.hash); err != nil {
		return err
	} else if have {
		s.touch(sl.hash)
		return nil
	}
	now := s.now()
	h := header{
		codec: Identity, hash: sl.hash, sliceSize: s.slice, index: sl.Index,
		size: int64(len(data)), crc: crc32c(data), created: now,
		url: sl.url, validator: sl.Validator,
		contentType: meta.ContentType, contentEncoding: meta.ContentEncoding,
	}
	n := h.length()
	buf := s.getBuf()
	defer s.putBuf(buf)
	var parts [][]byte
	if compressible(meta) && len(data) >= MinCompressLen {
		// The frame goes after room for the header, which is then
		// written in front of it: one buffer, one write.
		if out, smaller := s.codecs.compress((*buf)[:n], data); smaller {
			h.codec, h.stored, h.storedCRC = Zstd, int64(len(out)-n), crc32c(out[n:])
			h.appendTo(out[:0])
			parts = [][]byte{out}
		}
	}
	if parts == nil {
		h.stored, h.storedCRC = h.size, h.crc
		parts = [][]byte{h.appendTo((*buf)[:0]), data}
	}
	release, err := s.makeRoom(h.stored)
	if err != nil {
		return err
	}
	defer release()
	dir, name := sl.hash.rel()
	tmp, err := s.writeTemp(dir, parts)
	if err != nil {
		return err
	}
	defer s.forgetTemp(tmp)
	// The file goes into place and into the index under the slice's slot
	// lock (see slotSet), and only if no other Put stored it meanwhile.
	mu := s.slotOf(sl.hash)
	mu.Lock()
	defer mu.Unlock()
	if have, err := s.indexed(sl.hash); err != nil || have {
		s.remove(tmp)
		if have {
			s.touch(sl.hash)
		}
		return err
	}
	rel := dir + "/" + name
	if err := s.root.Rename(tmp, rel); err != nil {
		s.remove(tmp)
		return full(err)
	}
	s.letGo(rel) // whatever was under that name before
	var t tally
	rec := recordOf(&h, now.UnixNano())
	if err := s.db.Update(func(tx *bolt.Tx) error {
		t = tally{}
		return putEntry(tx, sl.hash, rec, &t)
	}); err != nil {
		s.remove(rel)
		return err
	}
	s.apply(t)
	return nil
}

// writeTemp writes parts to a new temporary file in the folder dir, synced
// unless the Store was opened without syncs, and returns its path under
// DIR. Verify leaves it alone until forgetTemp. On an error nothing is
// left behind.
func (s *Store) writeTemp(dir string, parts [][]byte) (string, error) {
	if err := s.ensureDir(dir); err != nil {
		return "", full(err)
	}
	tmp := tempName(dir)
	s.tmpMu.Lock()
	s.inFlight[tmp] = true
	s.tmpMu.Unlock()
	f, err := s.create(tmp)
	if err == nil {
		if err = writeAll(f, parts, !s.noSync); err != nil {
			s.remove(tmp)
		}
	}
	if err != nil {
		s.forgetTemp(tmp)
		return "", full(err)
	}
	return tmp, nil
}

// forgetTemp ends writeTemp's claim on tmp.
func (s *Store) forgetTemp(tmp string) {
	s.tmpMu.Lock()
	delete(s.inFlight, tmp)
	s.tmpMu.Unlock()
}

// writeAll writes parts to f, syncs it if asked, and closes it, whatever
// happens.
func writeAll(f tempFile, parts [][]byte, sync bool) error {
	for _, p := range parts {
		if _, err := f.Write(p); err != nil {
			f.Close()
			return err
		}
	}
	if sync {
		if err := f.Sync(); err != nil {
			f.Close()
			return err
		}
	}
	return f.Close()
}

// full marks a file system full or over quota as ErrFull.
func full(err error) error {
	if osfile.IsDiskFull(err) {
		return fmt.Errorf("%w: %w", ErrFull, err)
	}
	return err
}

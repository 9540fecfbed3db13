// Put: a slice into the cache, compressed when it pays, written whole or not at all.

package localcache

import (
	"errors"
	"fmt"
	"syscall"

	bolt "go.etcd.io/bbolt"
)

// Put stores data as the slice k. data is the slice's plaintext: SliceSize
// bytes, fewer for the last slice of a resource; Put does not keep it.
//
// Text (see PutMeta) of at least MinCompressLen bytes is stored as zstd
// level 3 when that is smaller. The file is written under a temporary name
// in its folder, synced, and renamed into place, and only then indexed: a
// reader never sees part of a slice, and a crash leaves at most a
// temporary file that Verify removes. If the cache would pass
// Options.MaxSize, the least recently used slices are removed first. A
// slice already cached is not written again.
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
	var have bool
	if err := s.db.View(func(tx *bolt.Tx) error {
		_, have = getEntry(tx, sl.hash)
		return nil
	}); err != nil {
		return err
	}
	if have {
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
	if err := s.makeRoom(h.stored); err != nil {
		return err
	}
	rel, err := s.writeSlice(sl.hash, parts)
	if err != nil {
		return err
	}
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

// writeSlice writes parts as the file of h through a temporary file in the
// same folder, and returns the file's path under DIR. On any error nothing
// is left behind.
func (s *Store) writeSlice(h hash, parts [][]byte) (string, error) {
	dir, name := h.rel()
	if err := s.ensureDir(dir); err != nil {
		return "", full(err)
	}
	tmp := tempName(dir)
	s.tmpMu.Lock()
	s.inFlight[tmp] = true
	s.tmpMu.Unlock()
	defer func() {
		s.tmpMu.Lock()
		delete(s.inFlight, tmp)
		s.tmpMu.Unlock()
	}()
	f, err := s.create(tmp)
	if err != nil {
		return "", full(err)
	}
	err = writeAll(f, parts, !s.noSync)
	rel := dir + "/" + name
	if err == nil {
		err = s.root.Rename(tmp, rel)
	}
	if err != nil {
		s.remove(tmp)
		return "", full(err)
	}
	return rel, nil
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
	if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) || diskFull(err) {
		return fmt.Errorf("%w: %w", ErrFull, err)
	}
	return err
}

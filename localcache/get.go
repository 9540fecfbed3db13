// Get and OpenRaw: a slice out of the cache, checked before a byte is handed out.

package localcache

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Get returns the plaintext of the slice k and what the cache knows of it.
// The slice file is read whole and checked (header, size, CRC-32C of the
// stored bytes and, after decompression, of the plaintext) before Get
// returns, so the reader never yields a byte that failed a check; Close it
// to give its buffer back.
//
// Get returns ErrMiss (unwrapped) when the cache does not hold the slice,
// an error matching ErrCorrupt when the file was damaged (it has been
// quarantined; treat it as a miss), and ErrSliceSize or ErrInvalid for a
// key the cache cannot hold.
func (s *Store) Get(k Key) (io.ReadCloser, Info, error) {
	return s.get(k, false)
}

// OpenRaw is Get without decompression: the reader yields the stored bytes
// as they are, one zstd frame when Info.Codec is Zstd (with its content
// size and checksum), for a peer that accepts zstd. The stored bytes are
// checked against their CRC-32C first, as Get checks the plaintext.
func (s *Store) OpenRaw(k Key) (io.ReadCloser, Info, error) {
	return s.get(k, true)
}

func (s *Store) get(k Key, raw bool) (io.ReadCloser, Info, error) {
	op := "get"
	if raw {
		op = "open-raw"
	}
	if err := s.enter(); err != nil {
		return nil, Info{}, s.wrap(op, "", err)
	}
	defer s.leave()
	sl, err := s.resolve(k)
	if err != nil {
		return nil, Info{}, s.wrap(op, redact(k.URL), err)
	}
	var rec record
	var ok bool
	if err := s.db.View(func(tx *bolt.Tx) error {
		rec, ok = getEntry(tx, sl.hash)
		return nil
	}); err != nil {
		return nil, Info{}, s.wrap(op, sl.url, err)
	}
	if !ok {
		return nil, Info{}, ErrMiss
	}
	rel := sl.hash.file()
	rc, h, err := s.load(rel, sl.hash, raw)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		s.dropStale(sl.hash, rec)
		return nil, Info{}, ErrMiss
	case errors.Is(err, ErrCorrupt):
		s.discard(rel, sl.hash, err)
		return nil, Info{}, s.wrap(op, s.path(rel), err)
	case err != nil:
		return nil, Info{}, s.wrap(op, s.path(rel), err)
	}
	if h.size != rec.size || h.crc != rec.crc || h.codec != rec.codec || h.stored != rec.stored {
		// The file checked out and the record, which bbolt does not
		// checksum, disagrees with it: the file is right.
		s.reindex(sl.hash, &h)
	}
	s.touch(sl.hash)
	return rc, Info{
		Size: h.size, StoredSize: h.stored, Codec: h.codec, CRC32C: h.crc,
		ContentType: h.contentType, ContentEncoding: h.contentEncoding,
		Created: h.created, LastAccess: time.Unix(0, rec.access),
	}, nil
}

// load reads and checks the slice file rel of hash want, and returns a
// reader of its plaintext (of its stored bytes if raw).
func (s *Store) load(rel string, want hash, raw bool) (io.ReadCloser, header, error) {
	h, buf, stored, err := s.readSlice(rel)
	if err != nil {
		return nil, h, err
	}
	if h.hash != want {
		s.putBuf(buf)
		return nil, h, detailf(ErrCorrupt, "file holds the slice %s", h.hash)
	}
	if raw || h.codec == Identity {
		return &sliceReader{data: stored, bufs: [2]*[]byte{buf}, s: s}, h, nil
	}
	out := s.getBuf()
	plain, err := s.codecs.decompress(*out, stored, h.size)
	s.putBuf(buf)
	if err == nil && crc32c(plain) != h.crc {
		err = detailf(ErrCorrupt, "CRC-32C of the plaintext does not match")
	}
	if err != nil {
		s.putBuf(out)
		return nil, h, err
	}
	return &sliceReader{data: plain, bufs: [2]*[]byte{out}, s: s}, h, nil
}

// dropStale removes the record of a slice whose file is gone, unless the
// slice was stored again since rec was read.
func (s *Store) dropStale(h hash, rec record) {
	var t tally
	err := s.db.Update(func(tx *bolt.Tx) error {
		t = tally{}
		if r, ok := getEntry(tx, h); ok && r.created == rec.created {
			_, err := deleteEntry(tx, h, &t)
			return err
		}
		return nil
	})
	if err == nil {
		s.apply(t)
	}
}

// discard quarantines a damaged slice file and removes its record; it
// counts in Stats.Damaged, apart from evictions.
func (s *Store) discard(rel string, h hash, why error) {
	s.quarantine(rel, why.Error())
	s.dropIndexed(h)
	s.mu.Lock()
	s.totals.Damaged++
	s.mu.Unlock()
}

// reindex rewrites the record of h from its file's header, if h is still
// indexed: a slice evicted since its file was read stays out.
func (s *Store) reindex(h hash, hd *header) {
	var t tally
	if s.db.Update(func(tx *bolt.Tx) error {
		t = tally{}
		if _, ok := getEntry(tx, h); !ok {
			return nil
		}
		return putEntry(tx, h, recordOf(hd, s.now().UnixNano()), &t)
	}) == nil {
		s.apply(t)
	}
}

// sliceReader reads a checked slice out of pooled buffers, which Close
// gives back.
type sliceReader struct {
	data   []byte
	off    int
	bufs   [2]*[]byte
	s      *Store
	closed bool
}

func (r *sliceReader) Read(p []byte) (int, error) {
	if r.closed {
		return 0, os.ErrClosed
	}
	if r.off >= len(r.data) {
		return 0, io.EOF
	}
	n := copy(p, r.data[r.off:])
	r.off += n
	return n, nil
}

// WriteTo writes the rest of the slice to w in one call (io.Copy uses it).
func (r *sliceReader) WriteTo(w io.Writer) (int64, error) {
	if r.closed {
		return 0, os.ErrClosed
	}
	n, err := w.Write(r.data[r.off:])
	r.off += n
	return int64(n), err
}

func (r *sliceReader) Close() error {
	if r.closed {
		return nil
	}
	r.closed = true
	r.data = nil
	for _, b := range r.bufs {
		r.s.putBuf(b)
	}
	return nil
}

// SliceBytes returns the rest of rc, a reader from Get or OpenRaw, without
// a copy: the bytes stay valid until rc is closed and must not be changed.
// The peer server sends them with one write. Any other reader is read to
// its end.
func SliceBytes(rc io.Reader) ([]byte, error) {
	if sr, ok := rc.(*sliceReader); ok {
		return sr.data[sr.off:], nil
	}
	return io.ReadAll(rc)
}

// TakeSliceBytes returns the rest of rc, a reader from Get, without a
// copy, and takes its buffer over: Close no longer gives it back to the
// store's pool, so the bytes stay valid after Close, the caller's for good
// (the peer server keeps hot slices in memory so). They must not be
// changed. ok is false, and nothing is taken, for any other reader.
func TakeSliceBytes(rc io.Reader) (data []byte, ok bool) {
	sr, ok := rc.(*sliceReader)
	if !ok {
		return nil, false
	}
	data = sr.data[sr.off:]
	sr.bufs = [2]*[]byte{} // the caller's now: Close must not pool it
	return data, true
}

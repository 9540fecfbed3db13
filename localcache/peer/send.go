// Sending a slice: from the cache (by sendfile once checked, or from
// memory), from a fill, or as zstd frames; and the writer that drops a
// client that stops reading.

package peer

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/localcache"
)

// writePiece writes the bytes [lo, hi) of slice p, or, in a zstd answer,
// its whole stored frame (or a raw frame of it, for a slice stored as it
// is: the Content-Length counted so). A slice the index listed but the
// store no longer has (evicted, or damaged and quarantined) is filled
// again. When promised, the bytes must match the CRC-32C the headers gave.
func (s *Server) writePiece(ctx context.Context, w *stallWriter, v *version, p piece, lo, hi int64, zstd, promised bool, last int64) error {
	// A slice evicted under a busy cache may be filled and evicted again
	// between two looks: try a few times.
	for try := 1; p.data == nil; try++ {
		if try > 3 {
			return fmt.Errorf("slice %d went from the cache three times while being sent", p.index)
		}
		done, err := s.writeCached(w, v, p, lo, hi, zstd, promised)
		if done || err != nil {
			return err
		}
		want := p.crc
		if p, err = s.slice(ctx, v, p.index, last); err != nil {
			return err
		}
		if promised && p.crc != want {
			return fmt.Errorf("slice %d came back from the origin with another CRC-32C", p.index)
		}
		if zstd {
			p.codec = localcache.Identity // whatever it is stored as now: a raw frame
		}
	}
	if p.waited {
		s.metrics.waits.Inc()
	} else {
		s.metrics.misses.Inc()
	}
	if zstd {
		return s.sendFramed(w, p.data, p.from)
	}
	return s.send(w, p.data[lo:hi], false, p.from)
}

// writeCached writes slice p from the cache. done is false, with no error,
// when the cache turned out not to have it (evicted, or found damaged and
// quarantined): the caller fills it again.
// Its checks (the CRC the headers promised, the stored CRC, zstd or plain)
// all use the one handle of the slice file, opened once; it stays whole so
// that handle's life is in one place.
func (s *Server) writeCached(w *stallWriter, v *version, p piece, lo, hi int64, zstd, promised bool) (done bool, err error) {
	key := v.key(s.sliceSize, p.index)
	check := func(crc uint32) error {
		if promised && crc != p.crc {
			return fmt.Errorf("slice %d in the cache has another CRC-32C than the headers gave", p.index)
		}
		return nil
	}
	hk := flightKey(v, p.index)
	switch {
	case zstd && p.codec == localcache.Zstd:
		rc, info, err := s.store.OpenRaw(key)
		if err != nil {
			return true, fmt.Errorf("slice %d went from the cache after the headers promised its zstd frame: %w", p.index, err)
		}
		defer rc.Close()
		if err := check(info.CRC32C); err != nil || info.Codec != localcache.Zstd || info.StoredSize != p.stored {
			return true, cmp.Or(err, fmt.Errorf("slice %d changed in the cache since the headers went out", p.index))
		}
		data, err := localcache.SliceBytes(rc)
		if err != nil {
			return true, err
		}
		s.countCached(p)
		return true, s.send(w, data, true, fromCache)
	case p.codec == localcache.Identity && !zstd:
		x, err := s.store.OpenIdentity(v.vk, p.index, s.checked)
		if err != nil {
			break // Get tells a miss from damage
		}
		defer x.Close()
		if err := check(x.Info.CRC32C); err != nil {
			return true, err
		}
		s.countCached(p)
		if x.File != nil {
			return true, s.sendFile(w, x.File, x.Offset+lo, hi-lo)
		}
		return true, s.send(w, x.Data[lo:hi], false, fromCache)
	default:
		// Stored compressed, sent as plaintext (or as a raw frame): the
		// decompressed bytes may be in memory.
		if data, crc, ok := s.hot.get(hk); ok {
			if err := check(crc); err != nil {
				return true, err
			}
			s.countCached(p)
			s.store.Touch(v.vk, p.index)
			if zstd {
				return true, s.sendFramed(w, data, fromCache)
			}
			return true, s.send(w, data[lo:hi], false, fromCache)
		}
	}
	rc, info, err := s.store.Get(key)
	switch {
	case err == nil:
	case errors.Is(err, localcache.ErrMiss):
		return false, nil
	case errors.Is(err, localcache.ErrCorrupt):
		s.log.Warn("damaged slice quarantined; filling it again", "url", fetch.Redact(v.url), "slice", p.index, "err", err)
		return false, nil
	default:
		s.log.Warn("cache read failed; filling again", "url", fetch.Redact(v.url), "slice", p.index, "err", err)
		return false, nil
	}
	defer rc.Close()
	if err := check(info.CRC32C); err != nil {
		return true, err
	}
	var data []byte
	if info.Codec == localcache.Zstd {
		data = s.keepHot(hk, rc, info.CRC32C)
	} else if data, err = localcache.SliceBytes(rc); err != nil {
		return true, err
	}
	s.countCached(p)
	if zstd {
		return true, s.sendFramed(w, data, fromCache)
	}
	return true, s.send(w, data[lo:hi], false, fromCache)
}

// countCached counts slice p, sent from the cache: a hit, unless a fill
// of the request's own brought it there (a prefetch), which is a miss.
func (s *Server) countCached(p piece) {
	if p.own {
		s.metrics.misses.Inc()
	} else {
		s.metrics.hits.Inc()
	}
}

// sendFile sends the n bytes of f from off on, by sendfile where the
// connection allows, each piece within the stall time. f is shared with
// other answers: it is read at explicit offsets only.
func (s *Server) sendFile(w *stallWriter, f *os.File, off, n int64) error {
	n, err := w.sendRange(f, off, n)
	s.metrics.sent.WithLabelValues("identity", fromCache.String()).Add(float64(n))
	return err
}

// keepHot returns the plaintext of a slice from Get, and keeps it in the
// hot set: the reader's buffer is taken over, not copied, and not given
// back to the store's pool.
func (s *Server) keepHot(key string, rc io.ReadCloser, crc uint32) []byte {
	if s.hot.max > 0 {
		if data, ok := localcache.TakeSliceBytes(rc); ok {
			s.hot.add(key, data, crc)
			return data
		}
	}
	data, _ := localcache.SliceBytes(rc)
	return data
}

func (s *Server) send(w io.Writer, b []byte, zstd bool, from source) error {
	n, err := w.Write(b)
	codec := "identity"
	if zstd {
		codec = "zstd"
	}
	s.metrics.sent.WithLabelValues(codec, from.String()).Add(float64(n))
	return err
}

// sendFramed sends plaintext as a frame of raw zstd blocks.
func (s *Server) sendFramed(w io.Writer, b []byte, from source) error {
	n, err := writeRawFrame(w, b)
	s.metrics.sent.WithLabelValues("zstd", from.String()).Add(float64(n))
	return err
}

// stallWriter writes in pieces of stallChunk bytes, each within stall: a
// client that stops reading is dropped, not served forever. The kernel
// holds megabytes of a connection's bytes and wakes a writer only once
// about half of them are gone, so a client is dropped when it has taken
// nothing for about stall, and a slow one needs stall to be longer than
// it takes to read a few megabytes.
type stallWriter struct {
	w     io.Writer
	rc    *http.ResponseController
	stall time.Duration
}

const (
	stallChunk    = 256 << 10
	sendfileChunk = 1 << 20
)

func newStallWriter(w http.ResponseWriter, stall time.Duration) *stallWriter {
	return &stallWriter{w: w, rc: http.NewResponseController(w), stall: stall}
}

// sendRange sends the n bytes of f from off on, through the writer's
// ReadFrom where it has one (net/http's, down to the connection's
// ReadFrom: sendfile at the offset, see limitConn), in pieces of
// sendfileChunk bytes, each within stall: fewer, larger system calls than
// writes from memory need (10% less CPU per 1 MiB answer than pieces of
// 256 KiB).
func (sw *stallWriter) sendRange(f *os.File, off, n int64) (int64, error) {
	rf, ok := sw.w.(io.ReaderFrom)
	if !ok {
		return io.Copy(struct{ io.Writer }{sw}, io.NewSectionReader(f, off, n))
	}
	var total int64
	for total < n {
		if err := sw.rc.SetWriteDeadline(time.Now().Add(sw.stall)); err != nil && !errors.Is(err, http.ErrNotSupported) {
			return total, err
		}
		chunk := min(n-total, sendfileChunk)
		k, err := rf.ReadFrom(&fileRange{f: f, off: off + total, n: chunk})
		total += k
		if err != nil {
			return total, err
		}
		if k < chunk {
			return total, io.ErrUnexpectedEOF // the file is shorter than its header said
		}
	}
	return total, nil
}

func (sw *stallWriter) Write(b []byte) (int, error) {
	var n int
	for len(b) > 0 {
		c := b[:min(len(b), stallChunk)]
		if err := sw.rc.SetWriteDeadline(time.Now().Add(sw.stall)); err != nil && !errors.Is(err, http.ErrNotSupported) {
			return n, err
		}
		k, err := sw.w.Write(c)
		n += k
		if err != nil {
			return n, err
		}
		b = b[k:]
	}
	return n, nil
}

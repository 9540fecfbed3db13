// Answers: a proxy request checked, its version resolved, and its range
// served from whole cached slices, as nginx's slice module does.

package peer

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/localcache"
)

// prefetchRuns is how many runs ahead of the slice being sent an answer
// from a cold cache keeps claimed: with the run being sent, four origin
// requests for one answer at a time.
const prefetchRuns = 3

// maxCRCSlices bounds the checksums listed in X-Slget-Crc32c, and so the
// header's length (9 bytes a slice).
const maxCRCSlices = 1024

// serveProxy answers a request in proxy form: GET http://origin/path.
func (s *Server) serveProxy(w http.ResponseWriter, r *http.Request) {
	defer s.traffic.answered(r, w)
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		s.fail(w, http.StatusMethodNotAllowed, "this peer serves GET and HEAD")
		return
	}
	if !s.authorized(r, "Proxy-Authorization") {
		w.Header().Set("Proxy-Authenticate", `Basic realm="slget"`)
		s.fail(w, http.StatusProxyAuthRequired, "this peer needs the fleet's token, in Proxy-Authorization: Bearer TOKEN, or Basic with the token as the password")
		return
	}
	if s.viaLoop(r) {
		s.fail(w, http.StatusLoopDetected, "this peer's own request came back to it: its proxy settings (http_proxy) point at itself")
		return
	}
	t, err := parseTarget(r)
	switch {
	case errors.Is(err, errCredentials):
		s.fail(w, http.StatusForbidden, err.Error())
		return
	case err != nil:
		s.fail(w, http.StatusBadRequest, err.Error())
		return
	}
	if !s.allow.allows(t.hostPort) {
		s.log.Info("refused: origin not allowed", "client", r.RemoteAddr, "origin", t.hostPort)
		s.fail(w, http.StatusForbidden, (&notAllowedError{hostPort: t.hostPort}).Error())
		return
	}
	if hasCredentials(r) {
		s.fail(w, http.StatusForbidden, errCredentials.Error())
		return
	}
	br, hasRange, err := parseRange(r.Header.Get("Range"))
	if err != nil {
		s.fail(w, http.StatusBadRequest, err.Error()+": "+strconv.Quote(truncate(r.Header.Get("Range"), 64)))
		return
	}
	w, endBeats := s.heartbeat(w, r)
	defer endBeats()
	var pins []string
	if l, ok := parseETags(r.Header.Values("If-Match")); ok {
		pins = l.pins()
	}
	if onlyIfCached(r) && !s.versions.knows(t.String(), pins) {
		// Cached bytes only, of a version never seen here: nothing is
		// cached, and the origin is not asked what it has.
		s.fail(w, http.StatusGatewayTimeout, "nothing of this resource is cached here, and the request asked for cached bytes only (only-if-cached)")
		return
	}
	for try := 1; ; try++ {
		v, err := s.resolve(r.Context(), t, pins)
		if err != nil {
			s.failErr(w, err, pins != nil)
			return
		}
		if !v.cacheable {
			s.passThrough(w, r, t)
			return
		}
		err = s.serveVersion(w, r, v, br, hasRange)
		var ce *fetch.ChangedError
		if err == nil {
			return
		}
		if errors.As(err, &ce) && pins == nil && try == 1 {
			// The origin moved on since it was last asked: ask again
			// and serve the new version, whose bytes nothing was sent
			// of yet.
			s.versions.forget(v.url, v)
			continue
		}
		s.failErr(w, err, pins != nil)
		return
	}
}

// serveVersion answers r with the bytes of v: the range asked, else all.
// It returns an error only when it has written nothing, for the caller to
// answer; once the headers are out, a failure cuts the body short (the
// connection closes before Content-Length bytes) and nil is returned.
// Its steps (conditional requests, the range, the headers, the slices sent)
// are one answer's, in HTTP's order, sharing its headers: it stays one
// function so that order reads top to bottom.
func (s *Server) serveVersion(w http.ResponseWriter, r *http.Request, v *version, br byteRange, hasRange bool) error {
	h := w.Header()
	if inm, ok := parseETags(r.Header.Values("If-None-Match")); ok && (inm.matchWeak(v.etag) || inm.matchWeak(zstdETag(v.etag))) {
		setValidators(h, v)
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	if ir := r.Header.Get("If-Range"); hasRange && ir != "" && !ifRangeMatches(ir, v) {
		hasRange = false // another version: the whole of this one
	}
	start, end := int64(0), v.size
	if hasRange {
		var ok bool
		if start, end, ok = br.resolve(v.size); !ok {
			h.Set("Content-Range", "bytes */"+strconv.FormatInt(v.size, 10))
			s.fail(w, http.StatusRequestedRangeNotSatisfiable, fmt.Sprintf("the range %s is not within the %d bytes of the file", truncate(r.Header.Get("Range"), 64), v.size))
			return nil
		}
	}
	head := r.Method == http.MethodHead
	if onlyIfCached(r) && !s.heldWhole(v, start, end, r.Header.Get(fetch.HeaderHeld) != "") {
		s.fail(w, http.StatusGatewayTimeout, "not all of "+fmt.Sprintf("bytes %d-%d", start, end-1)+" is cached here, and the request asked for cached bytes only (only-if-cached)")
		return nil
	}
	var pieces []piece
	if end > start {
		if !head {
			// The headers wait for the first run (its checksums go in
			// them): have the next ones on their way meanwhile.
			s.prefetchAhead(r.Context(), v, start/s.sliceSize, (end-1)/s.sliceSize)
		}
		var err error
		if pieces, err = s.gather(r.Context(), v, start, end, head); err != nil {
			return err
		}
	}
	S := s.sliceSize
	// zstd travels only whole slices, known before the headers (their
	// frames' lengths make the Content-Length), at least one of them
	// stored compressed (else identity is as small); a slice stored as it
	// is goes in a frame of raw blocks. See zstdFormOf for its forms.
	zf := zstdFormOf(r, hasRange)
	zstd := zf != plainForm && end > start &&
		start%S == 0 && (end%S == 0 || end == v.size) && int64(len(pieces)) == (end-1)/S-start/S+1
	length := end - start
	var framed int64
	anyZstd := false
	for _, p := range pieces {
		if p.data == nil && p.codec == localcache.Zstd {
			framed += p.stored
			anyZstd = true
		} else {
			framed += rawFrameLen(p.size)
		}
	}
	zstd = zstd && anyZstd
	setValidators(h, v)
	if zstd {
		length = framed
		setZstdHeaders(h, v, zf, start, end)
	}
	h.Set("Content-Length", strconv.FormatInt(length, 10))
	if len(pieces) > 0 {
		h.Set("X-Slget-From", pieces[0].from.String())
	}
	first, crcs := crc32cHeader(pieces, start, end, S)
	if crcs != "" {
		h.Set("X-Slget-Crc32c", crcs)
	}
	status := http.StatusOK
	if hasRange && !(zstd && zf == slicesForm) {
		status = http.StatusPartialContent
		h.Set("Content-Range", contentRangeOf(start, end, v.size))
	}
	w.WriteHeader(status)
	if head || end == start {
		return nil
	}
	out := newStallWriter(w, s.cfg.WriteStall)
	i0, i1 := start/S, (end-1)/S
	for i := i0; i <= i1; i++ {
		var p piece
		promised := false
		if k := i - i0; k < int64(len(pieces)) {
			p, promised = pieces[k], crcs != "" && i >= first && i*S+p.size <= end
		} else {
			var err error
			if p, err = s.slice(r.Context(), v, i, i1); err != nil {
				s.cut(r, v, i, err)
				return nil
			}
		}
		if p.from == fromOrigin || p.from == fromPeer {
			s.prefetchAhead(r.Context(), v, i, i1)
		}
		lo := max(start, i*S) - i*S
		hi := min(end, i*S+S) - i*S
		if err := s.writePiece(r.Context(), out, v, p, lo, hi, zstd, promised, i1); err != nil {
			s.cut(r, v, i, err)
			return nil
		}
	}
	return nil
}

// prefetchAhead keeps the prefetchRuns runs after the one of slice i, up to
// slice last of an answer, claimed (Config.MaxFills bounds them all), so
// that one long answer from a cold cache is filled over several origin
// connections, not one run after the other.
func (s *Server) prefetchAhead(ctx context.Context, v *version, i, last int64) {
	j := i
	for k := 1; k <= prefetchRuns; k++ {
		if j = s.runEnd(j); j > last {
			return
		}
		s.prefetch(ctx, v, j, last)
	}
}

// cut logs an answer cut short after its headers.
func (s *Server) cut(r *http.Request, v *version, i int64, err error) {
	if r.Context().Err() != nil {
		return // the client left
	}
	s.log.Warn("answer cut short", "client", r.RemoteAddr, "url", fetch.Redact(v.url), "slice", i, "err", err)
}

// gather makes ready, before the headers go out, the slices from the first
// one of [start, end) on: those the index holds (not read yet), and those
// the first fill brings (in memory), up to maxCRCSlices; so that the
// headers can say where the first slice came from and give the CRC-32C of
// every whole slice they cover, and a cold request waits for one fill, not
// for all. A HEAD fills nothing.
func (s *Server) gather(ctx context.Context, v *version, start, end int64, head bool) ([]piece, error) {
	S := s.sliceSize
	i0, i1 := start/S, (end-1)/S
	n := min(i1-i0+1, maxCRCSlices)
	me := askerOf(ctx)
	infos := s.store.StatRun(v.vk, i0, i0+n)
	pieces := make([]piece, 0, n)
	for k, info := range infos {
		p := pieceOf(i0+int64(k), info)
		p.own = me.filled(v, p.index)
		pieces = append(pieces, p)
	}
	filled, most := int64(0), s.runEnd(i0)-i0 // one fill's slices
	for i := i0 + int64(len(infos)); i < i0+n && !head; i++ {
		if filled >= most {
			if more := s.store.StatRun(v.vk, i, i+1); len(more) == 1 {
				p := pieceOf(i, more[0])
				p.own = me.filled(v, i) // prefetchAhead's
				pieces = append(pieces, p)
				continue
			}
			break
		}
		p, err := s.slice(ctx, v, i, i1)
		if err != nil {
			if len(pieces) == 0 {
				return nil, err
			}
			break // the body tries again for this one
		}
		if p.from != fromCache {
			filled++
		}
		pieces = append(pieces, p)
	}
	return pieces, nil
}

// setValidators sets the headers that describe v.
func setValidators(h http.Header, v *version) {
	if v.etag != "" {
		h.Set("ETag", v.etag)
	}
	if v.lastMod != "" {
		h.Set("Last-Modified", v.lastMod)
	}
	if v.ctype != "" {
		h.Set("Content-Type", v.ctype)
	}
	if v.disp != "" {
		h.Set("Content-Disposition", v.disp)
	}
	h.Set("Accept-Ranges", "bytes")
	setVary(h)
}

// ifRangeMatches says whether an If-Range value names v: its strong ETag
// exactly, or its Last-Modified exactly.
func ifRangeMatches(ir string, v *version) bool {
	ir = strings.TrimSpace(ir)
	if strings.HasPrefix(ir, `"`) || strings.HasPrefix(ir, "W/") {
		return ir == v.etag
	}
	return v.lastMod != "" && ir == v.lastMod
}

// failErr answers the error of a probe or a fill, before any byte was
// sent.
func (s *Server) failErr(w http.ResponseWriter, err error, pinned bool) {
	var (
		he *fetch.HTTPError
		ce *fetch.ChangedError
		na *notAllowedError
	)
	msg := err.Error()
	switch {
	case errors.Is(err, errPinned), pinned && errors.As(err, &ce):
		s.fail(w, http.StatusPreconditionFailed, "the version pinned by If-Match is not the one this peer or the origin has")
	case errors.As(err, &na):
		s.fail(w, http.StatusBadGateway, msg)
	case errors.As(err, &he) && he.Status >= 400 && he.Status < 500 && he.Status != http.StatusRequestTimeout && he.Status != http.StatusTooManyRequests:
		s.fail(w, he.Status, "the origin answered: "+msg)
	case errors.Is(err, errStuck), fetch.IsTimeout(err), errors.Is(err, context.DeadlineExceeded):
		s.fail(w, http.StatusGatewayTimeout, "the origin did not answer in time: "+msg)
	case errors.Is(err, errClosing):
		s.fail(w, http.StatusServiceUnavailable, msg)
	case errors.Is(err, context.Canceled):
		// The client left; nobody reads this.
		s.fail(w, http.StatusBadGateway, "canceled")
	default:
		s.fail(w, http.StatusBadGateway, "the origin failed: "+msg)
	}
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

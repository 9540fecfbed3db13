// Handler: how a request is dispatched, and how the file or its fault is
// served.
//
// About 420 lines for one concern: every fault a test may ask for is served
// here, in the order a request meets them.

package fetchtest

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// snapshot is the version of the file one response serves, fixed at its
// arrival.
type snapshot struct {
	content Content
	etag    string
	lastMod time.Time
}

// left counts a handler out of InFlight.
func (s *Server) left() {
	s.mu.Lock()
	s.running--
	s.mu.Unlock()
}

// handle logs the request and dispatches it by path.
func (s *Server) handle(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		w.Header().Set("Connection", "close")
		http.Error(w, "server closed", http.StatusServiceUnavailable)
		return
	}
	s.handlers.Add(1)
	defer s.handlers.Done()
	s.running++
	s.most = max(s.most, s.running)
	defer s.left() // after mu is let go below, as every handler does

	isFile := r.URL.Path == s.cfg.path
	fileN := 0
	overLimit := false
	if isFile {
		overLimit = s.overLimitLocked()
		s.fileN++
		fileN = s.fileN
		if s.cfg.changeAfter > 0 && fileN == s.cfg.changeAfter+1 {
			s.changeLocked()
		}
	}
	v := snapshot{content: s.content, etag: s.etagLocked(), lastMod: s.lastMod}
	s.nextN++
	rec := &Request{
		N:                 s.nextN,
		Conn:              connID(r.Context()),
		Method:            r.Method,
		Path:              r.URL.Path,
		Host:              r.Host,
		Header:            r.Header.Clone(),
		Range:             r.Header.Get("Range"),
		IfRange:           r.Header.Get("If-Range"),
		IfMatch:           r.Header.Get("If-Match"),
		IfUnmodifiedSince: r.Header.Get("If-Unmodified-Since"),
	}
	if rec.Header == nil {
		rec.Header = http.Header{}
	}
	rec.Header.Set("Host", r.Host)
	rec.Start, rec.End, rec.Open = parseRange(rec.Range, v.content.Size)
	s.log = append(s.log, rec)
	s.mu.Unlock()

	rw := &responseWriter{
		rw: w, s: s, rec: rec, file: isFile, ctx: r.Context(),
		head: r.Method == http.MethodHead, content: v.content,
	}
	h, own := s.cfg.handlers[r.URL.Path]
	switch {
	case isFile:
		s.serveFile(rw, r, fileN, v, overLimit)
	case own:
		h.ServeHTTP(rw, r)
	case s.cfg.redirects > 0 && strings.HasPrefix(r.URL.Path, redirectPrefix):
		k, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, redirectPrefix))
		if err != nil || k < 1 || k > s.cfg.redirects {
			s.notFound(rw, r)
			return
		}
		if !s.sleep(r.Context(), s.cfg.latency) {
			return
		}
		next := s.cfg.path
		switch {
		case k < s.cfg.redirects:
			next = redirectPrefix + strconv.Itoa(k+1)
		case s.cfg.loop:
			next = redirectPrefix + "1"
		case s.cfg.redirectTo != "":
			next = s.cfg.redirectTo
		}
		http.Redirect(rw, r, next, http.StatusFound)
	default:
		s.notFound(rw, r)
	}
}

func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	if s.sleep(r.Context(), s.cfg.latency) {
		http.NotFound(w, r)
	}
}

// serveFile sends the file, or the fault the FaultFuncs choose for it
// (503 when the request is over WithConnLimit).
func (s *Server) serveFile(w *responseWriter, r *http.Request, n int, v snapshot, overLimit bool) {
	f := connLimitFault
	if !overLimit {
		f = s.fault(r, n)
	}
	if !s.sleep(r.Context(), s.cfg.latency+f.Delay) {
		return
	}
	h := w.Header()
	if f.EarlyHints > 0 {
		h.Set("Link", earlyHintsLink)
		for range f.EarlyHints {
			w.WriteHeader(http.StatusEarlyHints)
		}
		h.Del("Link")
	}
	padHeader(h, f.HeaderBytes)
	if answerInstead(w, r, f, v) {
		return
	}
	w.setFault(f, s.cfg.fill)
	if f.OtherValidator {
		v.etag = otherETag(v.etag)
		if !v.lastMod.IsZero() {
			v.lastMod = v.lastMod.Add(-time.Hour)
		}
	}
	s.fileHeaders(h, v)
	if f.IgnorePreconditions {
		r = withoutPreconditions(r)
	}

	switch {
	case s.cfg.noLength:
		w.WriteHeader(http.StatusOK)
		w.Flush() // commits the headers without a Content-Length: chunked
		if r.Method != http.MethodHead {
			_, _ = w.ReadFrom(s.body(v, f))
		}
		w.finish()
		return
	case s.cfg.noRanges || f.FullBody:
		r = withoutRange(r)
		w.noAcceptRanges = s.cfg.noRanges
	case f.ShiftRange != 0:
		start, end, open := parseRange(r.Header.Get("Range"), v.content.Size)
		if start >= 0 && start+f.ShiftRange >= 0 {
			spec := fmt.Sprintf("bytes=%d-", start+f.ShiftRange)
			if !open {
				spec += strconv.FormatInt(end-1+f.ShiftRange, 10)
			}
			r = r.Clone(r.Context())
			r.Header.Set("Range", spec)
		}
	}
	// ServeContent implements Range, If-Range, 416, conditional requests and
	// HEAD; it keeps the ETag and Last-Modified set above.
	http.ServeContent(w, r, "", v.lastMod, s.body(v, f))
	w.finish()
}

// body is what an answer of the version v reads its bytes from: v's
// content, or with WithInPlaceChanges the server's content at each read.
func (s *Server) body(v snapshot, f Fault) *io.SectionReader {
	if f.OtherBytes {
		return io.NewSectionReader(otherFrom{v.content, 0}, 0, v.content.Size)
	}
	if s.cfg.otherFrom > 0 {
		return io.NewSectionReader(otherFrom{v.content, s.cfg.otherFrom - 1}, 0, v.content.Size)
	}
	if s.cfg.damage > 0 {
		return io.NewSectionReader(damaged{v.content, s.cfg.damage - 1}, 0, v.content.Size)
	}
	if !s.cfg.inPlace {
		return v.content.section()
	}
	return io.NewSectionReader(liveContent{s}, 0, v.content.Size)
}

// liveContent reads the server's content as it is at each read: a file
// rewritten in place under the answers that send it.
type liveContent struct{ s *Server }

func (l liveContent) ReadAt(p []byte, off int64) (int, error) {
	l.s.mu.Lock()
	c := l.s.content
	l.s.mu.Unlock()
	return c.ReadAt(p, off)
}

// answerInstead sends the answer of a Location, Status or Unsatisfiable
// fault in place of the file, and reports whether it did.
func answerInstead(w *responseWriter, r *http.Request, f Fault, v snapshot) bool {
	h := w.Header()
	switch {
	case f.Location != "":
		code := f.Status
		if code < 300 || code > 399 {
			code = http.StatusFound
		}
		http.Redirect(w, r, f.Location, code)
	case f.Status != 0:
		switch {
		case f.RetryAfterDate != 0:
			h.Set("Retry-After", retryDate(time.Now(), f.RetryAfterDate))
		case f.RetryAfter != "":
			h.Set("Retry-After", f.RetryAfter)
		}
		http.Error(w, http.StatusText(f.Status), f.Status)
	case f.Unsatisfiable:
		h.Set("Content-Range", fmt.Sprintf("bytes */%d", v.content.Size))
		http.Error(w, "fetchtest: range not satisfiable", http.StatusRequestedRangeNotSatisfiable)
	default:
		return false
	}
	return true
}

// fileHeaders sets the headers that describe the file version v.
func (s *Server) fileHeaders(h http.Header, v snapshot) {
	if v.etag != "" {
		h.Set("ETag", v.etag)
	}
	if !v.lastMod.IsZero() {
		h.Set("Last-Modified", v.lastMod.UTC().Format(http.TimeFormat))
	}
	if s.cfg.contentType != "" {
		h.Set("Content-Type", s.cfg.contentType)
	} else {
		h["Content-Type"] = nil // present but empty: suppresses sniffing
	}
	if s.cfg.disposition != "" {
		h.Set("Content-Disposition", s.cfg.disposition)
	}
	if s.cfg.cacheControl != "" {
		h.Set("Cache-Control", s.cfg.cacheControl)
	}
	for _, kv := range s.cfg.extra {
		h.Add(kv[0], kv[1])
	}
	switch s.cfg.digest {
	case reprDigest:
		h.Set("Repr-Digest", "sha-256=:"+s.digestOf(v.content)+":")
	case wrongDigest:
		h.Set("Repr-Digest", "sha-256=:"+s.digestOf(Content{Seed: v.content.Seed + 1, Size: v.content.Size})+":")
	case oldDigest:
		h.Set("Digest", "SHA-256="+s.digestOf(v.content))
	}
}

// digestOf is the base64 SHA-256 of c, computed once per content.
func (s *Server) digestOf(c Content) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d, ok := s.digests[c]; ok {
		return d
	}
	sum, _ := hex.DecodeString(c.SHA256())
	d := base64.StdEncoding.EncodeToString(sum)
	if s.digests == nil {
		s.digests = map[Content]string{}
	}
	s.digests[c] = d
	return d
}

// fault asks the FaultFuncs in order; the first non-zero Fault wins.
func (s *Server) fault(r *http.Request, n int) Fault {
	for _, ff := range s.cfg.faults {
		if f := ff(r, n); f != (Fault{}) {
			return f
		}
	}
	return Fault{}
}

// sleep waits for d; it returns false if the request or the server ended
// first.
func (s *Server) sleep(ctx context.Context, d time.Duration) bool {
	return sleepUnless(ctx, s.done, d)
}

// sleepUnless waits for d; it returns false if ctx ends or stop closes
// first.
func sleepUnless(ctx context.Context, stop <-chan struct{}, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
	case <-stop:
	}
	return false
}

// earlyHintsLink is the Link header of every 103 Early Hints response.
const earlyHintsLink = "</style.css>; rel=preload; as=style"

// padHeader adds X-Fetchtest-Pad-N fields of up to 1000 bytes to h until
// they add at least n bytes, counting "Name: value\r\n".
func padHeader(h http.Header, n int) {
	if n <= 0 {
		return
	}
	fill := strings.Repeat("x", 1000)
	for i := 0; n > 0; i++ {
		name := "X-Fetchtest-Pad-" + strconv.Itoa(i)
		value := fill[:min(len(fill), max(n-len(name)-4, 1))]
		h[name] = []string{value}
		n -= len(name) + len(value) + 4
	}
}

// retryDate is the Retry-After HTTP date d after now, rounded up to the
// second.
func retryDate(now time.Time, d time.Duration) string {
	t := now.Add(d)
	if t2 := t.Truncate(time.Second); !t2.Equal(t) {
		t = t2.Add(time.Second)
	}
	return t.UTC().Format(http.TimeFormat)
}

// otherETag is the ETag of Fault.OtherValidator: etag with "-edge" before
// its closing quote; "" stays "".
func otherETag(etag string) string {
	switch {
	case etag == "":
		return ""
	case len(etag) >= 2 && strings.HasSuffix(etag, `"`):
		return etag[:len(etag)-1] + `-edge"`
	default:
		return etag + "-edge"
	}
}

// withoutPreconditions returns r without its conditional headers.
func withoutPreconditions(r *http.Request) *http.Request {
	r = r.Clone(r.Context())
	for _, k := range []string{"If-Match", "If-None-Match", "If-Modified-Since", "If-Unmodified-Since", "If-Range"} {
		r.Header.Del(k)
	}
	return r
}

// withoutRange returns r without its Range and If-Range headers.
func withoutRange(r *http.Request) *http.Request {
	if r.Header.Get("Range") == "" && r.Header.Get("If-Range") == "" {
		return r
	}
	r = r.Clone(r.Context())
	r.Header.Del("Range")
	r.Header.Del("If-Range")
	return r
}

// parseRange parses a single-range "bytes=" header into a half-open range
// as asked. It returns -1, -1, false for no range, several ranges, another
// unit or a malformed value.
func parseRange(h string, size int64) (start, end int64, open bool) {
	spec, ok := strings.CutPrefix(strings.TrimSpace(h), "bytes=")
	if !ok || strings.Contains(spec, ",") {
		return -1, -1, false
	}
	first, last, ok := strings.Cut(spec, "-")
	if !ok {
		return -1, -1, false
	}
	first, last = strings.TrimSpace(first), strings.TrimSpace(last)
	if first == "" { // suffix: the last N bytes
		n, err := strconv.ParseInt(last, 10, 64)
		if err != nil || n <= 0 {
			return -1, -1, false
		}
		return max(size-n, 0), size, false
	}
	a, err := strconv.ParseInt(first, 10, 64)
	if err != nil || a < 0 {
		return -1, -1, false
	}
	if last == "" {
		return a, -1, true
	}
	b, err := strconv.ParseInt(last, 10, 64)
	if err != nil || b < a {
		return -1, -1, false
	}
	// The end is exclusive: a last byte of MaxInt64 (no file has it) ends
	// at MaxInt64, not past it.
	return a, min(b, math.MaxInt64-1) + 1, false
}

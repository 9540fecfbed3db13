// Handler: how a request is dispatched, and how the file or its fault is
// served.

package fetchtest

import (
	"context"
	"fmt"
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

	isFile := r.URL.Path == s.cfg.path
	fileN := 0
	if isFile {
		s.fileN++
		fileN = s.fileN
		if s.cfg.changeAfter > 0 && fileN == s.cfg.changeAfter+1 {
			s.changeLocked()
		}
	}
	v := snapshot{content: s.content, etag: s.etagLocked(), lastMod: s.lastMod}
	s.nextN++
	rec := &Request{
		N:       s.nextN,
		Conn:    connID(r.Context()),
		Method:  r.Method,
		Path:    r.URL.Path,
		Range:   r.Header.Get("Range"),
		IfRange: r.Header.Get("If-Range"),
		Header:  r.Header.Clone(),
	}
	rec.Start, rec.End, rec.Open = parseRange(rec.Range, v.content.Size)
	s.log = append(s.log, rec)
	s.mu.Unlock()

	rw := &responseWriter{rw: w, s: s, rec: rec, file: isFile, ctx: r.Context()}
	switch {
	case isFile:
		s.serveFile(rw, r, fileN, v)
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
		if k < s.cfg.redirects {
			next = redirectPrefix + strconv.Itoa(k+1)
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

// serveFile sends the file, or the fault the FaultFuncs choose for it.
func (s *Server) serveFile(w *responseWriter, r *http.Request, n int, v snapshot) {
	f := s.fault(r, n)
	if !s.sleep(r.Context(), s.cfg.latency+f.Delay) {
		return
	}
	if f.Status != 0 {
		if f.RetryAfter != "" {
			w.Header().Set("Retry-After", f.RetryAfter)
		}
		http.Error(w, http.StatusText(f.Status), f.Status)
		return
	}
	switch {
	case f.CutAfter != 0:
		w.limit, w.cut = max(f.CutAfter, 0), true
	case f.StallAfter != 0:
		w.limit, w.stall = max(f.StallAfter, 0), true
	}

	h := w.Header()
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

	switch {
	case s.cfg.noLength:
		w.WriteHeader(http.StatusOK)
		w.Flush() // commits the headers without a Content-Length: chunked
		if r.Method != http.MethodHead {
			_, _ = w.ReadFrom(v.content.section())
		}
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
	http.ServeContent(w, r, "", v.lastMod, v.content.section())
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
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
	case <-s.done:
	}
	return false
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
	return a, b + 1, false
}

// Body faults: how Multipart, GzipBody, ContentEncoding and LengthDelta
// change the headers of a 2xx file response and frame its body.

package fetchtest

import (
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
)

// multipartBoundary is the boundary of every Multipart body; a fixed one
// keeps responses reproducible.
const multipartBoundary = "fetchtest-3d6b6a416f9b"

// gzipLevel is the compression level of GzipBody: fast, and the output of
// compress/gzip is the same for the same input and level, so its length can
// be computed before the body is sent.
const gzipLevel = gzip.BestSpeed

// shape is called by WriteHeader for a 2xx file response: it arms the
// plain and body stages the response's Fault asks for, and rewrites the
// headers http.ServeContent set (Content-Length, Content-Range,
// Content-Type, Content-Encoding) to match.
func (w *responseWriter) shape(code int) {
	f := w.f
	if f.FirstByteDelay <= 0 && w.fill <= 0 && !f.Multipart && !f.GzipBody &&
		f.ContentEncoding == "" && f.LengthDelta == 0 {
		return
	}
	w.shaping = true
	h := w.Header()
	start, end := int64(0), w.content.Size // the plain bytes sent
	cr := h.Get("Content-Range")
	if code == http.StatusPartialContent {
		if a, b, ok := parseContentRange(cr); ok {
			start, end = a, b
		}
	}
	w.off = start
	length := int64(-1) // -1: no Content-Length, a chunked body
	if v, err := strconv.ParseInt(h.Get("Content-Length"), 10, 64); err == nil && v >= 0 {
		length = v
	}

	if f.Multipart && code == http.StatusPartialContent && cr != "" {
		var b strings.Builder
		fmt.Fprintf(&b, "--%s\r\n", multipartBoundary)
		if ct := h.Get("Content-Type"); ct != "" {
			fmt.Fprintf(&b, "Content-Type: %s\r\n", ct)
		}
		fmt.Fprintf(&b, "Content-Range: %s\r\n\r\n", cr)
		w.partHead = b.String()
		w.partTail = "\r\n--" + multipartBoundary + "--\r\n"
		h.Del("Content-Range")
		h.Set("Content-Type", "multipart/byteranges; boundary="+multipartBoundary)
		if length >= 0 {
			length += int64(len(w.partHead) + len(w.partTail))
		}
	}
	if f.GzipBody {
		h.Set("Content-Encoding", "gzip")
		if length >= 0 {
			length = w.gzipLength(start, end)
		}
		if !w.head {
			w.gz, _ = gzip.NewWriterLevel(wireWriter{w}, gzipLevel) // the level is valid
		}
	}
	if f.ContentEncoding != "" {
		h.Set("Content-Encoding", f.ContentEncoding)
	}
	if f.LengthDelta != 0 && length >= 0 {
		declared := max(length+f.LengthDelta, 0)
		if declared < length {
			w.short, w.lengthLimit = true, declared
		}
		length = declared
	}
	if length >= 0 {
		h.Set("Content-Length", strconv.FormatInt(length, 10))
	}
}

// gzipLength is the length of the gzip stream the body stage sends for
// the plain bytes [start, end) (with the multipart framing, if any).
func (w *responseWriter) gzipLength(start, end int64) int64 {
	var n countWriter
	zw, _ := gzip.NewWriterLevel(&n, gzipLevel)
	_, _ = io.WriteString(zw, w.partHead)
	_, _ = io.Copy(zw, io.NewSectionReader(w.content, start, end-start))
	_, _ = io.WriteString(zw, w.partTail)
	_ = zw.Close()
	return int64(n)
}

// countWriter counts the bytes written to it.
type countWriter int64

func (c *countWriter) Write(p []byte) (int, error) {
	*c += countWriter(len(p))
	return len(p), nil
}

// parseContentRange parses "bytes a-b/size" (as http.ServeContent writes
// it) into the half-open [a, b+1).
func parseContentRange(h string) (start, end int64, ok bool) {
	spec, ok := strings.CutPrefix(h, "bytes ")
	if !ok {
		return 0, 0, false
	}
	spec, _, ok = strings.Cut(spec, "/")
	if !ok {
		return 0, 0, false
	}
	first, last, ok := strings.Cut(spec, "-")
	if !ok {
		return 0, 0, false
	}
	a, err1 := strconv.ParseInt(first, 10, 64)
	b, err2 := strconv.ParseInt(last, 10, 64)
	if err1 != nil || err2 != nil || a < 0 || b < a {
		return 0, 0, false
	}
	return a, b + 1, true
}

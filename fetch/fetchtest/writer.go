// Response writer: records what is sent and applies the body faults.

package fetchtest

import (
	"compress/gzip"
	"context"
	"errors"
	"io"
	"net/http"
	"time"
)

// copyBufSize is the size of the buffers that copy Content to a response;
// large writes keep loopback throughput high.
const copyBufSize = 256 << 10

var (
	errCut     = errors.New("fetchtest: connection cut by fault")
	errStalled = errors.New("fetchtest: response stalled by fault")
	errLength  = errors.New("fetchtest: body cut at a short Content-Length by fault")
	errGone    = errors.New("fetchtest: client or server gone")
)

// responseWriter records what is sent in the log and applies the body
// faults. It is used by one handler goroutine only.
//
// A body passes three stages. Write takes the plain bytes (from
// http.ServeContent) and holds them for FirstByteDelay and the fill; body
// frames them (Multipart) and compresses them (GzipBody); wire paces them
// (TrickleRate) and ends them (CutAfter, StallAfter, a short
// Content-Length) on their way to the connection.
type responseWriter struct {
	rw      http.ResponseWriter
	s       *Server
	rec     *Request
	file    bool
	ctx     context.Context
	head    bool    // HEAD request: no body is written
	content Content // version served: gzip lengths are computed from it

	noAcceptRanges bool
	wroteHeader    bool
	ok             bool // 2xx status: body counts in BytesServed

	f    Fault // body faults of this response; zero for non-file responses
	fill int64 // WithFill rate; 0 means none

	// Plain stage, set by shape for a 2xx file response.
	shaping   bool         // plain and body stages are in use
	off       int64        // file offset of the next plain byte
	firstDone bool         // FirstByteDelay has passed
	gz        *gzip.Writer // nil unless GzipBody
	partHead  string       // Multipart: written before the first byte
	partTail  string       // Multipart: written after the last byte
	headSent  bool

	// Wire stage.
	cut, stall   bool  // a fault ends the body after limit bytes
	limit        int64 // body bytes allowed before the fault
	short        bool  // a short Content-Length ends the body at lengthLimit
	lengthLimit  int64
	trickleStart time.Time
	trickled     int64 // bytes sent since trickleStart
	written      int64 // body bytes written to the connection
	stopped      bool  // a fault or error ended the body; nothing more is written
}

// setFault arms the body faults of f; fill is the server's WithFill rate.
func (w *responseWriter) setFault(f Fault, fill int64) {
	w.f, w.fill = f, fill
	switch {
	case f.CutAfter != 0:
		w.limit, w.cut = max(f.CutAfter, 0), true
	case f.StallAfter != 0:
		w.limit, w.stall = max(f.StallAfter, 0), true
	}
}

func (w *responseWriter) Header() http.Header { return w.rw.Header() }

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *responseWriter) Unwrap() http.ResponseWriter { return w.rw }

func (w *responseWriter) WriteHeader(code int) {
	if w.wroteHeader || code < 200 {
		w.rw.WriteHeader(code)
		return
	}
	w.wroteHeader = true
	w.ok = code < 300
	if w.noAcceptRanges {
		w.Header().Del("Accept-Ranges")
	}
	if w.file && w.ok {
		w.shape(code)
	}
	w.s.mu.Lock()
	w.rec.Status = code
	w.rec.ContentRange = w.Header().Get("Content-Range")
	w.rec.ETag = w.Header().Get("ETag")
	w.s.mu.Unlock()
	w.rw.WriteHeader(code)
	if w.shaping && (w.f.FirstByteDelay > 0 || w.fill > 0) || w.f.TrickleRate > 0 {
		w.Flush() // the headers go out before the held or paced body
	}
}

// Write is the plain stage: it holds p for FirstByteDelay and the fill,
// then passes it on.
func (w *responseWriter) Write(p []byte) (int, error) {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
	if !w.shaping {
		return w.wire(p)
	}
	if !w.firstDone && len(p) > 0 {
		w.firstDone = true
		if !w.s.sleep(w.ctx, w.f.FirstByteDelay) {
			return 0, w.fail(errGone)
		}
	}
	total := 0
	for len(p) > 0 {
		k := len(p)
		if w.fill > 0 {
			k = min(k, int(min(max(w.fill/20, 1), copyBufSize)))
			due := w.s.started.Add(byteTime(w.off+int64(k), w.fill))
			if d := time.Until(due); d > 0 {
				if !w.s.sleep(w.ctx, d) {
					return total, w.fail(errGone)
				}
			}
		}
		n, err := w.body(p[:k])
		total += n
		w.off += int64(n)
		if err != nil {
			return total, err
		}
		if w.fill > 0 {
			w.Flush()
		}
		p = p[k:]
	}
	return total, nil
}

// byteTime is how long n bytes take at rate bytes per second.
func byteTime(n, rate int64) time.Duration {
	return time.Duration(float64(n) / float64(rate) * float64(time.Second))
}

// body is the body stage: the Multipart part header before the first
// bytes, then gzip when asked.
func (w *responseWriter) body(p []byte) (int, error) {
	if w.partHead != "" && !w.headSent {
		w.headSent = true
		if _, err := w.encoded([]byte(w.partHead)); err != nil {
			return 0, err
		}
	}
	return w.encoded(p)
}

func (w *responseWriter) encoded(p []byte) (int, error) {
	if w.gz != nil {
		return w.gz.Write(p)
	}
	return w.wire(p)
}

// wireWriter is the io.Writer the gzip stage writes to.
type wireWriter struct{ w *responseWriter }

func (ww wireWriter) Write(p []byte) (int, error) { return ww.w.wire(p) }

// wire is the wire stage: trickle, then cut, stall or a short
// Content-Length, then the connection.
func (w *responseWriter) wire(p []byte) (int, error) {
	total := 0
	for len(p) > 0 {
		if w.stopped {
			return total, errCut
		}
		k := len(p)
		if w.cut || w.stall {
			if w.written >= w.limit {
				return total, w.fault()
			}
			k = min(k, int(min(w.limit-w.written, int64(k))))
		}
		if w.short {
			if w.written >= w.lengthLimit {
				return total, w.fail(errLength)
			}
			k = min(k, int(min(w.lengthLimit-w.written, int64(k))))
		}
		paced := false
		if rate := w.f.TrickleRate; rate > 0 {
			if w.written < w.f.TrickleAfter {
				k = min(k, int(min(w.f.TrickleAfter-w.written, int64(k))))
			} else {
				if w.trickleStart.IsZero() {
					w.Flush() // the bytes before the trickle go out at once
					w.trickleStart = time.Now()
				}
				k = min(k, int(min(max(rate/10, 1), 64<<10)))
				due := w.trickleStart.Add(byteTime(w.trickled, rate))
				if d := time.Until(due); d > 0 && !w.s.sleep(w.ctx, d) {
					return total, w.fail(errGone)
				}
				w.trickled += int64(k)
				paced = true
			}
		}
		n, err := w.write(p[:k])
		total += n
		if err != nil {
			return total, w.fail(err)
		}
		if paced {
			w.Flush()
		}
		p = p[k:]
	}
	return total, nil
}

// fault ends the body for CutAfter (the connection is closed) or
// StallAfter (nothing more is sent until the client or the server goes).
func (w *responseWriter) fault() error {
	w.stopped = true
	w.Flush()
	if w.cut {
		if hj, ok := w.rw.(http.Hijacker); ok {
			if c, _, err := hj.Hijack(); err == nil {
				_ = c.Close()
			}
		}
		return errCut
	}
	select {
	case <-w.ctx.Done():
	case <-w.s.done:
	}
	return errStalled
}

// fail records that the body ended early with err and returns err.
func (w *responseWriter) fail(err error) error {
	w.stopped = true
	return err
}

// write passes p on and counts what was written.
func (w *responseWriter) write(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	n, err := w.rw.Write(p)
	w.written += int64(n)
	w.s.mu.Lock()
	w.rec.BodyBytes += int64(n)
	if w.file && w.ok {
		w.s.served += int64(n)
	}
	w.s.mu.Unlock()
	return n, err
}

// finish ends a file response the handler has written: it closes the gzip
// stream and the multipart body, then sends TrailingGarbage. It does
// nothing after a fault or an error ended the body.
func (w *responseWriter) finish() {
	if w.stopped || !w.wroteHeader {
		return
	}
	if w.shaping && !w.head {
		if w.partHead != "" {
			if _, err := w.body(nil); err != nil { // the part header of an empty body
				return
			}
			if _, err := w.encoded([]byte(w.partTail)); err != nil {
				return
			}
		}
		if w.gz != nil {
			if err := w.gz.Close(); err != nil {
				return
			}
		}
	}
	if w.f.TrailingGarbage != "" {
		w.garbage()
	}
}

// garbage writes TrailingGarbage after the response and keeps the
// connection open until the client closes it or the server is closed.
func (w *responseWriter) garbage() {
	w.Flush()
	hj, ok := w.rw.(http.Hijacker)
	if !ok {
		return
	}
	c, _, err := hj.Hijack()
	if err != nil {
		return
	}
	defer c.Close()
	if _, err := io.WriteString(c, w.f.TrailingGarbage); err != nil {
		return
	}
	stop := context.AfterFunc(w.s.ctx, func() { _ = c.Close() })
	defer stop()
	_, _ = io.Copy(io.Discard, c) // whatever the client sends is not answered
}

// ReadFrom copies src through a large pooled buffer; io.Copy and
// http.ServeContent use it.
func (w *responseWriter) ReadFrom(src io.Reader) (int64, error) {
	bp := w.s.bufs.Get().(*[]byte)
	defer w.s.bufs.Put(bp)
	buf := *bp
	var total int64
	for {
		nr, rerr := src.Read(buf)
		if nr > 0 {
			nw, werr := w.Write(buf[:nr])
			total += int64(nw)
			if werr != nil {
				return total, werr
			}
		}
		if rerr == io.EOF {
			return total, nil
		}
		if rerr != nil {
			return total, rerr
		}
	}
}

// Flush sends buffered data to the client.
func (w *responseWriter) Flush() {
	if f, ok := w.rw.(http.Flusher); ok {
		f.Flush()
	}
}

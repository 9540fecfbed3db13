// Response writer: records what is sent and applies the body faults.

package fetchtest

import (
	"context"
	"errors"
	"io"
	"net/http"
)

// copyBufSize is the size of the buffers that copy Content to a response;
// large writes keep loopback throughput high.
const copyBufSize = 256 << 10

var (
	errCut     = errors.New("fetchtest: connection cut by fault")
	errStalled = errors.New("fetchtest: response stalled by fault")
)

// responseWriter records what is sent in the log and applies CutAfter and
// StallAfter. It is used by one handler goroutine only.
type responseWriter struct {
	rw   http.ResponseWriter
	s    *Server
	rec  *Request
	file bool
	ctx  context.Context

	noAcceptRanges bool
	wroteHeader    bool
	ok             bool // 2xx status: body counts in BytesServed

	cut, stall bool  // a fault ends the body after limit bytes
	limit      int64 // body bytes allowed before the fault
	written    int64
	stopped    bool // the fault happened; nothing more is written
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
	w.s.mu.Lock()
	w.rec.Status = code
	w.rec.ContentRange = w.Header().Get("Content-Range")
	w.s.mu.Unlock()
	w.rw.WriteHeader(code)
}

func (w *responseWriter) Write(p []byte) (int, error) {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
	if w.stopped {
		return 0, errCut
	}
	if !w.cut && !w.stall || int64(len(p)) <= w.limit-w.written {
		return w.write(p)
	}
	n, err := w.write(p[:w.limit-w.written])
	if err != nil {
		return n, err
	}
	w.stopped = true
	w.Flush()
	if w.cut {
		if hj, ok := w.rw.(http.Hijacker); ok {
			if c, _, err := hj.Hijack(); err == nil {
				_ = c.Close()
			}
		}
		return n, errCut
	}
	select {
	case <-w.ctx.Done():
	case <-w.s.done:
	}
	return n, errStalled
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

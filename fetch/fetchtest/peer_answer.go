// The answers of the fake peer: checks of the proxy request, the range,
// the checksums of whole slices, zstd, and the faults that pace, cut or
// falsify the body.

package fetchtest

import (
	"cmp"
	"fmt"
	"hash/crc32"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/klauspost/compress/zstd"
)

func (p *Peer) fail(w http.ResponseWriter, code int) (int, string, string) {
	http.Error(w, http.StatusText(code), code)
	return code, "", ""
}

// answer serves one request; it returns what it sent, for the log.
// It has a case per fault a test may ask of a peer, in the order a serve
// checks a request, and is as long as that list.
func (p *Peer) answer(w http.ResponseWriter, r *http.Request, f PeerFault, note func(status int, enc, sums string)) (status int, enc, sums string) {
	if r.RequestURI == "/healthz" && r.Method == http.MethodGet && p.cfg.key != nil {
		// As a serve's: it names its run, for a client to sign for.
		w.Header().Set("X-Slget-Instance", p.Run())
		w.Write([]byte("ok\n"))
		return http.StatusOK, "", ""
	}
	if !strings.HasPrefix(r.RequestURI, "http://") && !strings.HasPrefix(r.RequestURI, "https://") {
		return p.fail(w, http.StatusBadRequest) // not a proxy request
	}
	if !p.processing(w, r, f) {
		return 0, "", ""
	}
	switch {
	case r.Method != http.MethodGet:
		return p.fail(w, http.StatusMethodNotAllowed)
	case r.URL.Host != p.host || r.URL.Path != p.path:
		return p.fail(w, http.StatusBadGateway)
	case f.Status != 0:
		return p.fail(w, f.Status)
	}
	if im := r.Header.Get("If-Match"); im != "" && im != "*" && im != p.etag {
		return p.fail(w, http.StatusPreconditionFailed)
	}
	size := p.content.Size
	start, end, ok := parseOneRange(r.Header.Get("Range"), size)
	if !ok {
		w.Header().Set("Content-Range", fmt.Sprintf("bytes */%d", size))
		return p.fail(w, http.StatusRequestedRangeNotSatisfiable)
	}
	slice := int64(1 << 20)
	if v, err := strconv.ParseInt(r.Header.Get("X-Slget-Slice"), 10, 64); err == nil && v > 0 {
		slice = v
	}
	body := p.content.Bytes(start, end-start)
	first := (start + slice - 1) / slice
	if f.Corrupt {
		if s := first * slice; s < end {
			for i := s; i < min(s+slice, end); i++ {
				body[i-start] ^= 0xff
			}
		}
	}
	var crcs []string
	table := crc32.MakeTable(crc32.Castagnoli)
	if f.Corrupt { // the checksums of the right bytes
		right := p.content.Bytes(start, end-start)
		crcs = wholeSliceSums(right, start, end, size, slice, table)
	}
	if f.Lie {
		for i := range body {
			body[i] ^= 0x5a
		}
	}
	if !f.Corrupt {
		crcs = wholeSliceSums(body, start, end, size, slice, table)
	}
	listed := len(crcs)
	switch {
	case f.NoSums || f.EmptySums:
		listed = 0
	case f.Sums > 0:
		listed = min(listed, f.Sums)
	}
	if f.FlipUnlisted {
		// The listed slices are the first whole ones, [lo, hi): every
		// other byte is unvouched.
		lo, hi := first*slice, min(first*slice+int64(listed)*slice, end)
		for i := start; i < end; i++ {
			if i < lo || i >= hi {
				body[i-start] ^= 0xff
			}
		}
	}
	h := w.Header()
	switch {
	case f.EmptySums:
		sums = strconv.FormatInt(first, 10) + ":"
		h.Set("X-Slget-Crc32c", sums)
	case !f.NoSums && listed > 0:
		sums = strconv.FormatInt(first, 10) + ":" + strings.Join(crcs[:listed], ",")
		h.Set("X-Slget-Crc32c", sums)
	}
	h.Set("ETag", p.etag)
	if p.lastMod != "" {
		h.Set("Last-Modified", p.lastMod)
	}
	h.Set("Accept-Ranges", "bytes")
	h.Set("X-Slget-From", "cache")
	h.Set("Content-Type", "application/octet-stream")
	status = http.StatusOK
	plainRange := fmt.Sprintf("bytes %d-%d/%d", start, end-1, size)
	ranged := r.Header.Get("Range") != ""
	if p.cfg.zstd && strings.Contains(r.Header.Get("Accept"), SlicesType) {
		// The zstd answer to a range: a 200 of SlicesType, the plain
		// range in X-Slget-Range, the zstd representation's ETag.
		body = zstdFrames(body, start, slice)
		enc = "zstd"
		switch {
		case f.ZstdAs206:
			h.Set("Content-Encoding", "zstd")
		default:
			h.Set("Content-Type", SlicesType)
			h.Set("Cache-Control", "no-store")
			h.Set("X-Slget-Range", cmp.Or(f.ZstdRange, plainRange))
			h.Set("ETag", cmp.Or(f.ZstdETag, zstdTag(p.etag)))
			ranged = false
		}
	}
	h.Set("Vary", "Accept, Accept-Encoding")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if ranged {
		status = http.StatusPartialContent
		h.Set("Content-Range", plainRange)
	}
	// Logged before the body goes out: a client that has read all of it
	// finds the answer in the log.
	note(status, enc, sums)
	w.WriteHeader(status)
	p.send(w, r, body, f)
	return status, enc, sums
}

// send writes body as f paces and cuts it.
func (p *Peer) send(w http.ResponseWriter, r *http.Request, body []byte, f PeerFault) {
	fl, _ := w.(http.Flusher)
	flush := func() {
		if fl != nil {
			fl.Flush()
		}
	}
	limit := int64(len(body))
	if f.CutAfter > 0 {
		limit = min(limit, f.CutAfter)
	}
	if f.StallAfter != 0 {
		limit = min(limit, max(f.StallAfter, 0))
	}
	fast := limit
	if f.TrickleRate > 0 {
		fast = min(limit, f.TrickleAfter)
	}
	w.Write(body[:fast])
	flush()
	for off := fast; off < limit; {
		n := max(f.TrickleRate/10, 1)
		n = min(n, limit-off)
		if !p.sleep(r, 100*time.Millisecond) {
			return
		}
		if _, err := w.Write(body[off : off+n]); err != nil {
			return
		}
		flush()
		off += n
	}
	switch {
	case f.CutAfter > 0 && limit < int64(len(body)):
		panic(http.ErrAbortHandler) // the server drops the connection
	case f.StallAfter != 0:
		p.sleep(r, time.Hour)
	}
}

// sleep waits d, or until the client or the Peer goes; it reports whether
// the whole d passed.
func (p *Peer) sleep(r *http.Request, d time.Duration) bool {
	return sleepUnless(r.Context(), p.ctx.Done(), d)
}

// processing holds the headers back for f.Delay, sending 102s every
// f.Processing meanwhile (see PeerFault); false when the request or the
// Peer ended first.
func (p *Peer) processing(w http.ResponseWriter, r *http.Request, f PeerFault) bool {
	if f.Processing <= 0 {
		return p.sleep(r, f.Delay)
	}
	var until <-chan time.Time // nil: for ever
	if f.Delay > 0 {
		t := time.NewTimer(f.Delay)
		defer t.Stop()
		until = t.C
	}
	tick := time.NewTicker(f.Processing)
	defer tick.Stop()
	for n := 1; ; n++ {
		select {
		case <-until:
			w.Header().Del("X-Slget-Progress")
			return true
		case <-r.Context().Done():
			return false
		case <-p.ctx.Done():
			return false
		case <-tick.C:
			if f.FakeProgress {
				w.Header().Set("X-Slget-Progress", strconv.Itoa(n))
			}
			w.WriteHeader(http.StatusProcessing)
		}
	}
}

// parseOneRange parses "" (the whole file), "bytes=A-B" or "bytes=A-" into
// [start, end).
func parseOneRange(h string, size int64) (start, end int64, ok bool) {
	if h == "" {
		return 0, size, true
	}
	spec, found := strings.CutPrefix(h, "bytes=")
	a, b, dash := strings.Cut(spec, "-")
	if !found || !dash || strings.Contains(spec, ",") {
		return 0, 0, false
	}
	s, err := strconv.ParseInt(a, 10, 64)
	if err != nil || s < 0 || s >= size {
		return 0, 0, false
	}
	e := size - 1
	if b != "" {
		if e, err = strconv.ParseInt(b, 10, 64); err != nil || e < s {
			return 0, 0, false
		}
	}
	return s, min(e+1, size), true
}

// wholeSliceSums is the CRC-32C, in hex, of each whole slice of [start,
// end), whose bytes b holds: the last slice of the file is whole when it
// ends at size.
func wholeSliceSums(b []byte, start, end, size, slice int64, table *crc32.Table) []string {
	var out []string
	for k := (start + slice - 1) / slice; k*slice < end; k++ {
		s, e := k*slice, min((k+1)*slice, size)
		if e > end {
			break
		}
		out = append(out, fmt.Sprintf("%08x", crc32.Checksum(b[s-start:e-start], table)))
	}
	return out
}

// zstdFrames compresses b, which starts at offset start, as one zstd frame
// per slice, as a peer sends the slices it stores compressed.
func zstdFrames(b []byte, start, slice int64) []byte {
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1))
	if err != nil {
		return b
	}
	defer enc.Close()
	var out []byte
	for off := start; off < start+int64(len(b)); {
		e := min((off/slice+1)*slice, start+int64(len(b)))
		out = enc.EncodeAll(b[off-start:e-start], out)
		off = e
	}
	return out
}

// zstdTag is the ETag of the zstd answers of the version of etag: "-zstd"
// inside its quotes.
func zstdTag(etag string) string {
	if !strings.HasSuffix(etag, `"`) || len(etag) < 2 {
		return etag
	}
	return etag[:len(etag)-1] + `-zstd"`
}

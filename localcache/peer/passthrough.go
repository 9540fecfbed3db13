// Pass-through: a resource the peer cannot cache (no strong ETag, no
// ranges) is fetched for the requester as a plain proxy would, uncached.

package peer

import (
	"io"
	"net/http"

	"github.com/slget/slget/fetch"
	slgetversion "github.com/slget/slget/internal/version"
)

// passHeaders are the request headers passed to the origin, and passBack
// the response headers passed back: the end-to-end ones that say what the
// bytes are. Credentials never reach this point (hasCredentials).
var (
	passHeaders = []string{"Range", "If-Match", "If-None-Match", "If-Range", "If-Modified-Since", "If-Unmodified-Since"}
	passBack    = []string{"Content-Type", "Content-Length", "Content-Range", "Content-Encoding", "Content-Disposition",
		"ETag", "Last-Modified", "Accept-Ranges", "Cache-Control", "Expires"}
)

// passThrough answers r with the origin's own answer, uncached.
func (s *Server) passThrough(w http.ResponseWriter, r *http.Request, t target) {
	req, err := http.NewRequestWithContext(r.Context(), r.Method, t.String(), nil)
	if err != nil {
		s.fail(w, http.StatusBadRequest, err.Error())
		return
	}
	for _, k := range passHeaders {
		for _, v := range r.Header.Values(k) {
			req.Header.Add(k, v)
		}
	}
	req.Header.Set("User-Agent", "slget/"+slgetversion.Version)
	req.Header.Set("Accept-Encoding", "identity")
	req.Header.Set("Via", "1.1 "+s.viaToken)
	resp, err := s.client.HTTP.Do(req)
	if err != nil {
		s.failErr(w, err, false)
		return
	}
	defer resp.Body.Close()
	h := w.Header()
	for _, k := range passBack {
		for _, v := range resp.Header.Values(k) {
			h.Add(k, v)
		}
	}
	h.Set("X-Slget-From", fromPass.String())
	w.WriteHeader(resp.StatusCode)
	if r.Method == http.MethodHead {
		return
	}
	out := newStallWriter(w, s.cfg.WriteStall)
	n, err := io.Copy(out, resp.Body)
	s.metrics.originBytes.Add(float64(n))
	s.metrics.sent.WithLabelValues("identity", fromPass.String()).Add(float64(n))
	if err != nil && r.Context().Err() == nil {
		s.log.Warn("pass-through cut short", "client", r.RemoteAddr, "url", fetch.Redact(t.String()), "err", err)
	}
}

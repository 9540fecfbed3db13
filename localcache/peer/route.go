// Routing: each request to the proxy, the server's own pages or a refusal;
// answers of failure; the record of what was answered.

package peer

import (
	"cmp"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/slget/slget/fetch"
	"github.com/slget/slget/fleet"
	slgetversion "github.com/slget/slget/internal/version"
)

// ServeHTTP answers one request: a proxy GET or HEAD of an origin URL, GET
// /metrics, GET /status, GET /healthz; CONNECT is refused.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := s.now()
	r = r.WithContext(withAsker(r.Context(), r.Header.Get(fetch.HeaderRelay) != ""))
	rw := &recorder{ResponseWriter: w, key: s.key, run: s.instance, now: s.now}
	defer func() {
		s.metrics.requests.WithLabelValues(statusText(rw.status)).Inc()
		if rw.status == http.StatusBadGateway && r.Context().Err() == nil {
			s.log.Warn("answered 502", "client", r.RemoteAddr, "url", redactedTarget(r), "reason", cmp.Or(rw.reason, "the origin's own 502, passed on"))
		}
		if s.log.Enabled(r.Context(), slog.LevelDebug) {
			s.log.Debug("request", "client", r.RemoteAddr, "method", r.Method, "url", redactedTarget(r),
				"range", r.Header.Get("Range"), "status", rw.status, "bytes", rw.bytes, "from", rw.Header().Get("X-Slget-From"),
				"took", s.now().Sub(start).Round(time.Microsecond))
		}
	}()
	if !s.limits.allow(clientIP(r)) {
		rw.Header().Set("Retry-After", "1")
		s.fail(rw, http.StatusTooManyRequests, "too many requests from this address; slow down")
		return
	}
	pr := s.checkMAC(rw, r)
	if pr == nil {
		return
	}
	r = pr
	switch {
	case r.Method == http.MethodConnect:
		rw.Header().Set("Allow", "GET, HEAD")
		s.fail(rw, http.StatusMethodNotAllowed, "this peer caches slices and cannot see inside a CONNECT tunnel: "+
			"send GET https://host/path to it instead (a client that tunnels https:// through a proxy can use it for http:// origins only)")
	case r.URL == nil || !r.URL.IsAbs():
		s.serveLocal(rw, r)
	default:
		s.serveProxy(rw, r)
	}
}

// serveLocal answers the requests for the server itself. The answer to a
// proven request is kept until it is whole, so that its MAC covers its
// body.
func (s *Server) serveLocal(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		s.fail(w, http.StatusMethodNotAllowed, "only GET and HEAD")
		return
	}
	if proven(r) {
		page := newPageBuffer()
		s.servePage(page, r)
		page.send(w, r.Method == http.MethodHead)
		return
	}
	s.servePage(w, r)
}

// servePage answers GET or HEAD of one of the server's own pages.
func (s *Server) servePage(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Path {
	case "/":
		if s.pageAllowed(w, r, "the fleet's page needs") {
			s.serveFleetPage(w, r)
		}
	case "/healthz":
		s.heard(r)
		w.Header().Set(fleet.HeaderID, s.cfg.ID)
		w.Header().Set(fleet.HeaderInstance, s.instance)
		if s.cfg.GossipPort != 0 {
			w.Header().Set(fleet.HeaderGossip, strconv.Itoa(s.cfg.GossipPort))
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(w, "ok slget/"+slgetversion.Version+"\n")
	case "/fleet":
		if s.pageAllowed(w, r, "the fleet's state needs") {
			s.serveFleet(w)
		}
	case "/metrics":
		if s.pageAllowed(w, r, "the metrics need") {
			s.metricsH.ServeHTTP(w, r)
		}
	case "/status":
		if s.pageAllowed(w, r, "the status needs") {
			s.serveStatus(w)
		}
	default:
		s.fail(w, http.StatusBadRequest, "this is a slget peer cache, a forward proxy: "+errNotProxy.Error()+
			" (curl -x http://THIS-HOST URL); its own pages are /, /fleet, /metrics, /status and /healthz")
	}
}

// pageAllowed reports whether r may see one of the server's own pages: it
// carries the fleet key's MAC or the token in Authorization, or the server
// has none. Else it
// answers 401, the message starting with what ("the metrics need").
func (s *Server) pageAllowed(w http.ResponseWriter, r *http.Request, what string) bool {
	if s.authorized(r, "Authorization") {
		return true
	}
	w.Header().Set("WWW-Authenticate", `Basic realm="slget"`)
	s.fail(w, http.StatusUnauthorized, what+" the token (Authorization: Bearer TOKEN)")
	return false
}

// fail answers with status and a one-line message for people.
func (s *Server) fail(w http.ResponseWriter, status int, msg string) {
	h := w.Header()
	h.Del("Content-Length")
	h.Del("Content-Encoding")
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	if rec, ok := w.(*recorder); ok {
		rec.reason = msg
	}
	w.WriteHeader(status)
	fmt.Fprintf(w, "slget peer: %s\n", msg)
}

// recorder notes the status and body bytes of an answer, for logs and
// metrics.
type recorder struct {
	http.ResponseWriter
	status int
	bytes  int64
	reason string // the message of fail, for the log of a 502

	key    *fleet.Key // the server's; nil: answers go unsigned
	run    string     // the server's fleet.HeaderInstance, in every signed answer
	nonce  string     // of a proven request: its answer is signed
	signed bool
	now    func() time.Time
}

func (r *recorder) WriteHeader(code int) {
	if r.status == 0 && code >= 200 { // a 102 is not the answer
		r.status = code
		r.sign(code)
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
		r.sign(r.status)
	}
	n, err := r.ResponseWriter.Write(b)
	r.bytes += int64(n)
	return n, err
}

// ReadFrom passes a file on to net/http's ReadFrom, which sends it with
// sendfile.
func (r *recorder) ReadFrom(src io.Reader) (int64, error) {
	if r.status == 0 {
		r.status = http.StatusOK
		r.sign(r.status)
	}
	var n int64
	var err error
	if rf, ok := r.ResponseWriter.(io.ReaderFrom); ok {
		n, err = rf.ReadFrom(src)
	} else {
		n, err = io.Copy(struct{ io.Writer }{r.ResponseWriter}, src)
	}
	r.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the connection's deadlines.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// redactedTarget is the request's URL for logs, without secrets.
func redactedTarget(r *http.Request) string {
	if r.URL == nil {
		return ""
	}
	u := *r.URL
	u.User = nil
	return fetch.Redact(u.String())
}

// viaLoop reports whether a request came from this server itself: its own
// fill, sent back to it by a proxy setting that points at it.
func (s *Server) viaLoop(r *http.Request) bool {
	for _, v := range r.Header.Values("Via") {
		if strings.Contains(v, s.viaToken) {
			return true
		}
	}
	return false
}

// The Server and its HTTP face: POST on /jsonrpc and /rpc,
// the body bound, the Origin check, CORS for the allowed origins.

package aria2rpc

import (
	"crypto/subtle"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"github.com/slget/slget/queue"
)

// DefaultMaxRequestSize is aria2's --rpc-max-request-size: 2 MiB.
const DefaultMaxRequestSize = 2 << 20

// DefaultMaxSocketBacklog is what waits for a WebSocket's reader before
// the socket is closed: 16 MiB.
const DefaultMaxSocketBacklog = 16 << 20

// Server answers aria2's JSON-RPC and XML-RPC for a Queue. Set its
// fields before the first request.
type Server struct {
	Queue *queue.Queue
	// Root is the download root (absolute): a client's dir is taken in
	// it, and neither dir nor out may leave it.
	Root string
	// Secret, if not "", is required as each call's "token:SECRET".
	Secret string
	// AllowOriginAll answers web pages of any origin (CORS); otherwise a
	// request whose Origin is not the server's own is refused.
	AllowOriginAll bool
	// AnyHost answers requests whatever Host they name (the daemon listens
	// on every interface). Otherwise, with AllowOriginAll unset, a request
	// must name the loopback in its Host: a page of another site whose name
	// was made to lead to 127.0.0.1 (DNS rebinding) names its own, and
	// needs send no Origin to a GET it thinks is its own site's.
	AnyHost bool
	// MaxRequestSize bounds a request's body; zero means
	// DefaultMaxRequestSize.
	MaxRequestSize int64
	// MaxSocketBacklog bounds, in bytes, the answers and notifications
	// that wait for one WebSocket's reader; past it the socket is closed,
	// so a client that never reads cannot make the daemon hold its
	// answers. Zero means DefaultMaxSocketBacklog.
	MaxSocketBacklog int64
	// Version is what getVersion says.
	Version string
	// PieceLength is the slice size, tellStatus's pieceLength.
	PieceLength int64
	// Options are the global options, in aria2's names, as strings:
	// getGlobalOption's answer, and each download's defaults.
	Options func() map[string]string
	// ChangeOptions, if set, applies changeGlobalOption.
	ChangeOptions func(map[string]string) error
	// Check, if set, checks a download's options before it is added (the
	// error is the client's answer).
	Check func(queue.Spec) error
	// SaveSession, if set, writes the session file now.
	SaveSession func() error
	// Shutdown, if set, is called once the answer to shutdown (force for
	// forceShutdown) is sent.
	Shutdown func(force bool)
	// PauseAdded puts each download added paused, unless its own pause
	// option says "false" (aria2's --pause).
	PauseAdded bool

	sessionOnce sync.Once
	sessionID   string
	sockets     sockets
}

// ServeHTTP answers JSON-RPC on /jsonrpc and XML-RPC on /rpc, each under
// the same origin rules.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	xmlRPC := r.URL.Path == "/rpc"
	if r.URL.Path != "/jsonrpc" && !xmlRPC {
		http.NotFound(w, r)
		return
	}
	from, ok := s.access(r)
	if !ok {
		http.Error(w, "this origin may not call the daemon (see --rpc-secret and --rpc-allow-origin-all)", http.StatusForbidden)
		return
	}
	h := w.Header()
	h.Set("Cache-Control", "no-cache")
	cors := s.AllowOriginAll || r.Header.Get("Origin") != ""
	if cors {
		h.Set("Access-Control-Allow-Origin", "*")
	}
	switch r.Method {
	case http.MethodOptions:
		if cors {
			h.Set("Access-Control-Allow-Methods", "POST, GET, OPTIONS")
			h.Set("Access-Control-Allow-Headers", "Content-Type")
			h.Set("Access-Control-Max-Age", "1728000")
			if r.Header.Get("Access-Control-Request-Private-Network") == "true" {
				// A public page asking the loopback (Chromium's Private
				// Network Access): the token is the proof here too.
				h.Set("Access-Control-Allow-Private-Network", "true")
			}
		}
		return
	case http.MethodPost:
		if xmlRPC {
			s.serveXML(w, r)
			return
		}
		s.servePost(w, r)
	case http.MethodGet:
		if xmlRPC { // XML-RPC is POST only, as aria2's
			w.Header().Set("Allow", "POST, OPTIONS")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		if isWebSocket(r) {
			s.serveWebSocket(w, r, from)
			return
		}
		s.serveGet(w, r, from)
	default:
		w.Header().Set("Allow", "POST, GET, OPTIONS")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	}
}

func (s *Server) maxSize() int64 {
	if s.MaxRequestSize > 0 {
		return s.MaxRequestSize
	}
	return DefaultMaxRequestSize
}

// readBody reads a POST's body of at most MaxRequestSize; false when it
// is over (answered 413 here) or could not be read.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.maxSize()))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		http.Error(w, "request body over --rpc-max-request-size", http.StatusRequestEntityTooLarge)
		return nil, false
	}
	return body, err == nil
}

func (s *Server) servePost(w http.ResponseWriter, r *http.Request) {
	body, ok := s.readBody(w, r)
	if !ok {
		return
	}
	out, status, after := s.handle(body)
	writeJSON(w, status, out, "")
	if after != nil {
		after()
	}
}

// writeJSON sends an answer with the HTTP status aria2 gives it (see
// handle), wrapped in a JSONP callback when one is given.
func writeJSON(w http.ResponseWriter, status int, out []byte, callback string) {
	if callback != "" {
		w.Header().Set("Content-Type", "text/javascript")
		out = append(append([]byte(callback+"("), out...), ')')
	} else {
		w.Header().Set("Content-Type", "application/json-rpc")
	}
	w.WriteHeader(status)
	_, _ = w.Write(out)
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
}

// Handle answers a request body (one call or a batch) and returns what
// to do once the answer is sent (nil for nothing): the shutdown a call
// asked for.
func (s *Server) Handle(body []byte) (answer []byte, after func()) {
	answer, _, after = s.handle(body)
	return answer, after
}

// handle is Handle with the HTTP status aria2c sends the answer with: 500
// for a body that is not JSON and for params that are not an array, 400
// for one call that failed otherwise (JSONP included), 200 for a success
// and for any batch.
func (s *Server) handle(body []byte) (answer []byte, status int, after func()) {
	calls, batch, perr := parseBody(body)
	if perr != nil {
		status = http.StatusBadRequest
		if perr == errParse {
			status = http.StatusInternalServerError
		}
		return mustJSON(response{ID: json.RawMessage("null"), JSONRPC: "2.0", Error: perr}), status, nil
	}
	var outs []response
	for _, c := range calls {
		res, err, a := s.dispatch(c)
		outs = append(outs, answerOf(c.ID, res, err))
		if a != nil {
			after = a
		}
	}
	if batch {
		if outs == nil {
			outs = []response{}
		}
		return mustJSON(outs), http.StatusOK, after
	}
	switch e := outs[0].Error; {
	case e == nil:
		status = http.StatusOK
	case e.Code == codeParams:
		status = http.StatusInternalServerError
	default:
		status = http.StatusBadRequest
	}
	return mustJSON(outs[0]), status, after
}

func answerOf(id json.RawMessage, res any, err *Error) response {
	if err != nil {
		return response{ID: id, JSONRPC: "2.0", Error: err}
	}
	return response{ID: id, JSONRPC: "2.0", Result: res}
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil { // only values of this package, which always encode
		panic(err)
	}
	return b
}

// tokenOK compares a call's token with the secret in constant time.
func (s *Server) tokenOK(token string) bool {
	return subtle.ConstantTimeCompare([]byte(token), []byte(s.Secret)) == 1
}

// origin is who may be calling, as access judged it.
type origin int

const (
	// fromPage is a request answered as it is: a program's, a loopback
	// page's, or any with AllowOriginAll.
	fromPage origin = iota
	// fromForeign is a page of another origin (or a file:// page, whose
	// Origin is "null"), answered only because a secret is set: each of
	// its calls must carry the token (invoke checks it for every aria2
	// method), it is never answered in JSONP, and a WebSocket of it hears
	// notifications only once one of its calls carried the token.
	fromForeign
)

// access says whether r may be answered, and how. With AllowOriginAll,
// any request; otherwise one that originOK allows; otherwise, with a
// secret set, a foreign page whose calls must carry the token: the token
// is the proof, from any origin, as in aria2c.
func (s *Server) access(r *http.Request) (origin, bool) {
	if s.AllowOriginAll || s.originOK(r) {
		return fromPage, true
	}
	return fromForeign, s.Secret != ""
}

// originOK is true for a request not from a web page, or for any page
// with AllowOriginAll. A web page's request is otherwise answered only
// when both the page and the daemon it asked are on the loopback (a front
// end served on this machine): the daemon serves no pages of its own, so a
// page of any other origin is another site's, and one whose name leads to
// the loopback (DNS rebinding) names a Host that is not. A page is known
// by its Origin, or, for what a page loads without one (a <script> tag
// reaching JSONP, a GET it takes for its own site's), by Sec-Fetch-Site
// and its Referer; a browser that sends no Sec-Fetch-Site is known by its
// Referer alone. Without AnyHost, every request must name the loopback
// in its Host.
func (s *Server) originOK(r *http.Request) bool {
	if s.AllowOriginAll {
		return true
	}
	if !s.AnyHost && !bothLoopback(hostOnly(r.Host), r.Host) {
		return false // a name rebound to the loopback
	}
	from := r.Header.Get("Origin")
	if from == "" {
		switch r.Header.Get("Sec-Fetch-Site") {
		case "none":
			return true // typed in the address bar, or a bookmark
		case "":
			// A program, or a browser too old to say: a page it loads
			// from names itself in the Referer.
			from = r.Header.Get("Referer")
			if from == "" {
				return true
			}
		case "same-origin":
			// The daemon serves no pages: a page of its own origin is one
			// whose name was rebound to it, unless that name is the
			// loopback.
			from = "http://" + r.Host // a name, not the loopback, unless the Host is
		default:
			from = r.Header.Get("Referer")
		}
	}
	u, err := url.Parse(from)
	if err != nil {
		return false
	}
	return bothLoopback(u.Hostname(), r.Host)
}

// hostOnly is the host of HOST[:PORT].
func hostOnly(hostport string) string {
	h, _, err := net.SplitHostPort(hostport)
	if err != nil {
		return hostport
	}
	return h
}

// bothLoopback is true when host and reqHost (HOST[:PORT]) both name the
// loopback.
func bothLoopback(host, reqHost string) bool {
	h := hostOnly(reqHost)
	isLoop := func(s string) bool {
		ip := net.ParseIP(strings.Trim(s, "[]"))
		return s == "localhost" || (ip != nil && ip.IsLoopback())
	}
	return isLoop(host) && isLoop(h)
}

// JSON-RPC over HTTP GET as aria2 offers it: method, id and
// base64 params in the query, answered in a JSONP callback when asked.

package aria2rpc

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
)

// serveGet answers /jsonrpc?method=M&id=ID&params=BASE64[&jsoncallback=F].
// Without a method, params is a whole body (a batch).
// A JSONP answer is script the asking page runs: it is given only to a
// request that showed it is not another site's (see originOK), never to
// a foreign page on the strength of a token in its URL.
func (s *Server) serveGet(w http.ResponseWriter, r *http.Request, from origin) {
	q := r.URL.Query()
	callback := q.Get("jsoncallback")
	if callback != "" && from == fromForeign {
		http.Error(w, "JSONP is answered to pages on the loopback only: use POST or a WebSocket", http.StatusForbidden)
		return
	}
	if callback != "" && !jsIdentifier(callback) {
		http.Error(w, "jsoncallback must be a JavaScript name", http.StatusBadRequest)
		return
	}
	if int64(len(r.URL.RawQuery)) > s.maxSize() {
		http.Error(w, "request over --rpc-max-request-size", http.StatusRequestEntityTooLarge)
		return
	}
	params, err := decodeBase64(q.Get("params"))
	var body []byte
	switch {
	case err != nil:
		body = []byte("{") // answered as aria2 answers a body that is not JSON
	case q.Has("method"):
		id := json.RawMessage("null")
		if v := q.Get("id"); v != "" {
			id = mustJSON(v)
		}
		req := map[string]any{"jsonrpc": "2.0", "id": id, "method": q.Get("method")}
		if len(params) > 0 {
			req["params"] = json.RawMessage(params)
		}
		if len(params) > 0 && !json.Valid(params) {
			body = []byte("{")
		} else {
			body = mustJSON(req)
		}
	default:
		body = params
	}
	out, status, after := s.handle(body)
	writeJSON(w, status, out, callback)
	if after != nil {
		after()
	}
}

// decodeBase64 takes standard or URL-safe base64, padded or not.
func decodeBase64(s string) ([]byte, error) {
	s = strings.TrimRight(s, "=")
	if strings.ContainsAny(s, "-_") {
		return base64.RawURLEncoding.DecodeString(s)
	}
	return base64.RawStdEncoding.DecodeString(s)
}

// jsIdentifier is true for a JavaScript name a JSONP callback may be (so
// the callback cannot carry script of its own).
func jsIdentifier(s string) bool {
	if len(s) > 128 {
		return false
	}
	for i, c := range s {
		switch {
		case c == '_' || c == '$' || c == '.' && i > 0:
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		case c >= '0' && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

// XML-RPC on /rpc as aria2c answers it. A call is read into
// the positional parameters a JSON-RPC call carries and goes through the
// same methods, token check and multicall; only the framing differs.

package aria2rpc

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
)

// serveXML answers a POST on /rpc: HTTP 200 and text/xml for every
// answer, a fault included (as aria2c), 400 with no body for a body that
// is not XML, 413 for one over MaxRequestSize.
func (s *Server) serveXML(w http.ResponseWriter, r *http.Request) {
	body, ok := s.readBody(w, r)
	if !ok {
		return
	}
	answer, after, err := s.HandleXML(body)
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "text/xml")
	_, _ = w.Write(answer)
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
	if after != nil {
		after()
	}
}

// HandleXML answers an XML-RPC request body with a methodResponse, and
// returns what to do once the answer is sent (nil for nothing). A body
// that is not well-formed XML, or nests deeper than the daemon reads, is
// an *XMLError, and has no answer.
func (s *Server) HandleXML(body []byte) (answer []byte, after func(), err error) {
	c, err := parseXMLCall(body)
	if err != nil {
		return nil, nil, err
	}
	documentsInBase64(c.Method, c.Params)
	if c.Method == "system.multicall" && len(c.Params) > 0 {
		if calls, ok := c.Params[0].([]any); ok {
			for _, e := range calls {
				if m, ok := e.(map[string]any); ok {
					name, _ := m["methodName"].(string)
					params, _ := m["params"].([]any)
					documentsInBase64(name, params)
				}
			}
		}
	}
	params := make([]json.RawMessage, 0, len(c.Params))
	for _, p := range c.Params {
		params = append(params, mustJSON(jsonValue(p)))
	}
	var res any
	var merr *Error
	if c.Method == "system.multicall" {
		res, merr, after = s.multicall(args(params))
	} else {
		res, merr, after = s.invoke(c.Method, params)
	}
	return xmlAnswer(res, merr), after, nil
}

// documentsInBase64 puts the document that addMetalink and addTorrent
// take (their first parameter after the token) in base64, the form
// JSON-RPC carries it in: over XML-RPC, aria2 takes it as given, raw in a
// <string> or decoded from a <base64>.
func documentsInBase64(method string, params []any) {
	if method != "aria2.addMetalink" && method != "aria2.addTorrent" {
		return
	}
	i := 0
	if len(params) > 0 {
		if t, ok := params[0].(string); ok && strings.HasPrefix(t, "token:") {
			i = 1
		}
	}
	if i >= len(params) {
		return
	}
	switch d := params[i].(type) {
	case []byte:
		params[i] = base64.StdEncoding.EncodeToString(d)
	case string:
		params[i] = base64.StdEncoding.EncodeToString([]byte(d))
	}
}

// jsonValue is an XML-RPC value as JSON holds it: decoded base64 becomes
// the string it is, as aria2 takes it.
func jsonValue(v any) any {
	switch x := v.(type) {
	case []byte:
		return string(x)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = jsonValue(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = jsonValue(e)
		}
		return out
	}
	return v
}
